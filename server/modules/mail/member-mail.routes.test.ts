/**
 * Transactional mail to members (issue 26), read back from the outbox as the console shows it: the receipt after a
 * checkout, the refund's confirmation, the reminder 7 days before a renewal, a renewal that could not be charged and
 * an expert's answer — only to a verified address, in the member's language, once each, without unsubscribe headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CheckoutStart, CheckoutView } from '#contracts/billing-rules.ts'
import { createManualClock } from '#server/clock.ts'
import { createReaderClients, dataOf, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { memberWithVerifiedEmail } from './testing/member-email.ts'
import { linkIn, mailTo } from './testing/outbox-reading.ts'

const day = 24 * 60 * 60 * 1000
const clock = createManualClock('2026-11-02T09:00:00Z')
const readers = createReaderClients({ ipPrefix: '10.72', phonePrefix: '5172' })
let runtime: TestRuntime
let addressSeed = 0

beforeAll(async () => {
  runtime = await createTestRuntime(
    { SESSION_IDLE_DAYS: '365', SESSION_ABSOLUTE_DAYS: '365' },
    { clock, smsSender: readers.smsSender },
  )
  readers.bind(runtime)
})
afterAll(() => runtime.close())

async function memberIdOf(client: ReaderClient): Promise<string> {
  const identity = await runtime.services.accounts.identifyReader({
    token: client.token,
    deviceId: client.device,
    ip: client.ip,
  })
  return identity.reader.memberId ?? ''
}

/** A member with a verified address (given on their own site), and the address. */
async function memberWithEmail(
  region: 'en' | 'hant' = 'en',
  tier?: 'premium',
): Promise<{ member: ReaderClient; address: string }> {
  addressSeed += 1
  const address = `member.${addressSeed}@example.com`
  return { member: await memberWithVerifiedEmail(runtime, readers, address, { region, tier }), address }
}

async function buy(
  client: ReaderClient,
  plan: { tier: 'base' | 'plus' | 'premium'; period: 'month' | 'quarter' | 'year' },
): Promise<CheckoutView> {
  const start = dataOf<CheckoutStart>(await readers.send(client, 'POST', '/billing/checkout', plan))
  const complete = () =>
    readers.send(client, 'POST', '/billing/demo/complete', { checkoutId: start.checkoutId, outcome: 'paid' })
  const paid = dataOf<CheckoutView>(await complete())
  // A double click completes nothing twice, and receipts nothing twice.
  expect((await complete()).statusCode).toBe(200)
  return paid
}

/** The messages after the address's verification (sent at the same instant, so not told apart by time). */
async function mailAfterVerification(address: string) {
  return (await mailTo(runtime, address)).filter((mail) => !mail.text.includes('/mail/verify?token='))
}

/** What a transactional message must be: no list, no unsubscribe, a link to the member's own site. */
function expectTransactional(mail: { headers: Record<string, string>; text: string; html: string }) {
  expect(mail.headers['List-Unsubscribe']).toBeUndefined()
  expect(mail.headers['List-Unsubscribe-Post']).toBeUndefined()
  expect(mail.text).not.toContain('/mail/unsubscribe')
  expect(mail.html).not.toContain('/mail/unsubscribe')
}

describe('the payment receipt', () => {
  it('is mailed once after a checkout, with the amount, plan, period, date and payment id', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member, address } = await memberWithEmail('en')
    await buy(member, { tier: 'plus', period: 'quarter' })
    const mails = await mailAfterVerification(address)
    expect(mails).toHaveLength(1)
    const receipt = mails[0]!
    expect(receipt.subject).toBe('Your Tickerwise receipt: $106.99 for Plus')
    expectTransactional(receipt)
    expect(receipt.text).toContain('We received your payment of $106.99 for the Plus plan.')
    expect(receipt.text).toContain(
      'Amount: $106.99\nPlan: Plus\nBilling period: Quarterly\nDate: November 2, 2026',
    )
    expect(receipt.text).toMatch(/Payment ID: demo_pay_[\w-]+/)
    expect(receipt.html).toContain('<td style="padding:4px 0;font-weight:bold">$106.99</td>')
    // The link leads to the account page on the member's site, where the payment is listed.
    expect(linkIn(receipt.text, '/member/account')).toBe('http://en.localhost:3000/member/account')
  })

  it('is written in Traditional Chinese for a member who gave the address on the Chinese site', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member, address } = await memberWithEmail('hant')
    await buy(member, { tier: 'base', period: 'month' })
    const [receipt] = await mailAfterVerification(address)
    expect(receipt?.subject).toMatch(/^您的 Tickerwise 收據：基礎版 NT\$[\d,]+$/)
    expect(receipt?.text).toContain('方案: 基礎版')
    expect(receipt?.text).toContain('計費週期: 按月')
    expect(receipt?.text).toContain('日期: 2026年11月2日')
    expect(linkIn(receipt?.text ?? '', '/member/account')).toBe('http://hant.localhost:3000/member/account')
  })

  it('is not mailed to a member without a verified address', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    const unverified = 'not.yet@example.com'
    await runtime.app.inject({
      method: 'PUT',
      url: '/api/portal/member/email',
      headers: readers.sameSiteHeadersOf(member, { 'content-type': 'application/json' }),
      remoteAddress: member.ip,
      payload: JSON.stringify({ email: unverified }),
    })
    await buy(member, { tier: 'base', period: 'month' })
    const mails = await mailTo(runtime, unverified)
    expect(mails.map((mail) => mail.subject)).toEqual(['Confirm your email address for Tickerwise'])
  })
})

describe('the refund confirmation', () => {
  it('is mailed once when the 7-day refund goes through', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member, address } = await memberWithEmail('en')
    await buy(member, { tier: 'base', period: 'month' })
    clock.advance(2 * day)
    dataOf(await readers.send(member, 'POST', '/billing/refund'))
    const mails = (await mailAfterVerification(address)).filter((mail) => !mail.subject.includes('receipt'))
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Tickerwise refund is on its way'])
    expectTransactional(mails[0]!)
    expect(mails[0]?.text).toContain('We refunded $19.99 for the Base plan, and the plan has ended.')
    expect(mails[0]?.text).toContain('Refunded on: November 4, 2026')
  })
})

describe('the renewal reminder', () => {
  it('is mailed once, 7 days before the plan renews, however often the daily job runs', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member, address } = await memberWithEmail('hant')
    await buy(member, { tier: 'plus', period: 'month' })
    clock.set('2026-11-24T09:00:00Z') // 8 days before it renews on December 2
    await runtime.services.billing.remindRenewals()
    expect(await mailTo(runtime, address)).toHaveLength(2)
    clock.set('2026-11-25T10:00:00Z')
    await runtime.services.billing.remindRenewals()
    clock.set('2026-11-26T10:00:00Z')
    await runtime.services.billing.remindRenewals()
    const reminders = (await mailAfterVerification(address)).filter((mail) => !mail.subject.includes('收據'))
    expect(reminders).toHaveLength(1)
    expect(reminders[0]?.subject).toBe('您的 Tickerwise 進階版方案將於 2026年12月2日 續訂')
    expectTransactional(reminders[0]!)
    expect(linkIn(reminders[0]?.text ?? '', '/member/account')).toBe(
      'http://hant.localhost:3000/member/account',
    )
  })

  it('is not mailed for a plan whose renewal was cancelled', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member, address } = await memberWithEmail('en')
    await buy(member, { tier: 'plus', period: 'month' })
    dataOf(await readers.send(member, 'POST', '/billing/cancel-renewal'))
    clock.set('2026-11-26T10:00:00Z')
    await runtime.services.billing.remindRenewals()
    expect((await mailTo(runtime, address)).map((mail) => mail.subject)).not.toContain(
      expect.stringContaining('renews on'),
    )
  })
})

describe('a failing payment', () => {
  it('is mailed once when the provider says a renewal could not be charged', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member, address } = await memberWithEmail('en')
    await buy(member, { tier: 'premium', period: 'month' })
    const memberId = await memberIdOf(member)
    const subscription = await runtime.services.subscriptions.findSubscriptionInForce(memberId)
    clock.set('2026-12-02T09:30:00Z')
    for (const eventId of ['evt_past_due_1', 'evt_past_due_2'])
      await runtime.services.billing.processPaymentEvent({
        type: 'subscription.updated',
        eventId,
        occurredAt: clock.now(),
        providerSubscriptionId: subscription?.providerSubscriptionId ?? '',
        checkoutId: null,
        providerCustomerId: null,
        status: 'past_due',
        cancelAtPeriodEnd: false,
        periodStart: new Date('2026-12-02T09:00:00Z'),
        periodEnd: new Date('2027-01-02T09:00:00Z'),
        stripePriceId: null,
      })
    const failing = (await mailAfterVerification(address)).filter((mail) => !mail.subject.includes('receipt'))
    expect(failing.map((mail) => mail.subject)).toEqual(['We could not charge your card for Tickerwise'])
    expect(failing[0]?.text).toContain('The renewal of your Premium plan could not be charged.')
    expectTransactional(failing[0]!)
  })
})

describe('the expert answer', () => {
  it('is mailed once when an analyst answers, with a link to the expert page', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const { member, address } = await memberWithEmail('en', 'premium')
    const analyst = await readers.newMember()
    const asked = dataOf<{ question: { id: string } }>(
      await readers.send(member, 'POST', '/member/expert/questions', {
        market: 'us',
        code: 'AAPL',
        question: 'Is the margin of safety still there after the last quarter?',
      }),
    )
    await runtime.services.expert.answerQuestion(asked.question.id, 'Yes, by about 15 %.', {
      memberId: await memberIdOf(analyst),
      phone: analyst.phone ?? '',
      isAdmin: true,
    })
    const [answer, ...more] = await mailAfterVerification(address)
    expect(more).toHaveLength(0)
    expect(answer?.subject).toMatch(/^Your expert answer about .*AAPL.* is ready$/)
    expectTransactional(answer!)
    expect(linkIn(answer?.text ?? '', '/member/expert')).toBe('http://en.localhost:3000/member/expert')
    // The answer itself stays on the site, behind the login.
    expect(answer?.text).not.toContain('15 %')
  })
})
