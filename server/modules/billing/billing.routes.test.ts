import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  BillingState,
  CheckoutStart,
  CheckoutView,
  PaymentPage,
  PriceCatalogue,
  UpgradeQuote,
} from '#contracts/billing-rules.ts'
import { createManualClock } from '#server/clock.ts'
import { isKnownErrorCode } from '#server/http/error-handler.ts'
import {
  createReaderClients,
  dataOf,
  expectFailure,
  type ReaderClient,
} from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const day = 24 * 60 * 60 * 1000
const clock = createManualClock('2026-11-02T09:00:00Z')
const readers = createReaderClients({ ipPrefix: '10.61', phonePrefix: '5161' })
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      SESSION_IDLE_DAYS: '365',
      SESSION_ABSOLUTE_DAYS: '365',
      BILLING_TAX_NOTE_EN: 'Prices include tax where it applies.',
    },
    { clock, smsSender: readers.smsSender },
  )
  readers.bind(runtime)
})
afterAll(() => runtime.close())

async function stateOf(client: ReaderClient): Promise<BillingState> {
  return dataOf<BillingState>(await readers.get(client, '/billing/state'))
}

async function diagnosesPerMonth(client: ReaderClient): Promise<number | null> {
  return dataOf<{ monthlyLimit: number | null }>(
    await readers.get(client, '/member/quota', { kind: 'diagnosis' }),
  ).monthlyLimit
}

async function buy(
  client: ReaderClient,
  plan: { tier: 'base' | 'plus' | 'premium'; period: 'month' | 'quarter' | 'year' },
  outcome: 'paid' | 'failed' = 'paid',
): Promise<CheckoutView> {
  const start = dataOf<CheckoutStart>(await readers.send(client, 'POST', '/billing/checkout', plan))
  return dataOf<CheckoutView>(
    await readers.send(client, 'POST', '/billing/demo/complete', { checkoutId: start.checkoutId, outcome }),
  )
}

async function paymentsOf(client: ReaderClient): Promise<PaymentPage> {
  return dataOf<PaymentPage>(await readers.get(client, '/billing/payments'))
}

async function historyOf(client: ReaderClient) {
  const memberId = (
    await runtime.services.accounts.identifyReader({
      token: client.token,
      deviceId: client.device,
      ip: client.ip,
    })
  ).reader.memberId
  return runtime.services.subscriptions.listMemberChanges(memberId ?? '')
}

describe('the price catalogue', () => {
  it('shows each region its own currency, with per-month amounts, savings and the DEMO label', async () => {
    const visitor = await readers.newVisitor('en')
    const en = dataOf<PriceCatalogue>(await readers.get(visitor, '/billing/prices'))
    expect(en).toMatchObject({ currency: 'USD', provider: 'demo', isDemo: true, checkoutOpen: true })
    expect(en.taxNote).toBe('Prices include tax where it applies.')
    expect(en.prices).toHaveLength(9)
    expect(en.prices.map((p) => `${p.tier}/${p.period}`)).toEqual([
      'base/month',
      'base/quarter',
      'base/year',
      'plus/month',
      'plus/quarter',
      'plus/year',
      'premium/month',
      'premium/quarter',
      'premium/year',
    ])
    expect(en.prices[0]).toEqual({
      tier: 'base',
      period: 'month',
      currency: 'USD',
      amountMinor: 1999,
      perMonthMinor: 1999,
      savingPercent: 0,
      isDefault: true,
    })
    // A year is ten months: 19990 against 12 × 1999 = 23988 saves 16.67%.
    expect(en.prices[2]).toMatchObject({ amountMinor: 19_990, perMonthMinor: 1666, savingPercent: 16 })

    const hant = dataOf<PriceCatalogue>(
      await readers.get(await readers.newVisitor('hant'), '/billing/prices'),
    )
    expect(hant.currency).toBe('TWD')
    expect(hant.taxNote).toBeNull()
    for (const [region, currency] of [
      ['hk', 'HKD'],
      ['jp', 'JPY'],
      ['kr', 'KRW'],
    ] as const) {
      const response = await runtime.app.inject({
        method: 'GET',
        url: '/api/portal/billing/prices',
        headers: { host: `${region}.localhost:3000` },
      })
      expect(dataOf<PriceCatalogue>(response).currency).toBe(currency)
    }
  })

  it('takes an operator price, which is no longer a default', async () => {
    await runtime.services.billing.setPrice({
      tier: 'base',
      period: 'month',
      currency: 'KRW',
      amountMinor: 27_000,
    })
    const response = await runtime.app.inject({
      method: 'GET',
      url: '/api/portal/billing/prices',
      headers: { host: 'kr.localhost:3000' },
    })
    expect(dataOf<PriceCatalogue>(response).prices[0]).toMatchObject({
      amountMinor: 27_000,
      isDefault: false,
    })
  })
})

describe('what visitors may do', () => {
  it('answers 401 to every call that needs a login', async () => {
    const visitor = await readers.newVisitor()
    expectFailure(await readers.get(visitor, '/billing/state'), 401, 'UNAUTHENTICATED')
    expectFailure(await readers.get(visitor, '/billing/payments'), 401, 'UNAUTHENTICATED')
    expectFailure(
      await readers.get(visitor, '/billing/upgrade-quote', { tier: 'premium' }),
      401,
      'UNAUTHENTICATED',
    )
    expectFailure(
      await readers.send(visitor, 'POST', '/billing/checkout', { tier: 'plus', period: 'month' }),
      401,
      'UNAUTHENTICATED',
    )
    expectFailure(await readers.send(visitor, 'POST', '/billing/refund'), 401, 'UNAUTHENTICATED')
    expectFailure(await readers.send(visitor, 'POST', '/billing/cancel-renewal'), 401, 'UNAUTHENTICATED')
  })

  it('refuses a checkout started from another site', async () => {
    const member = await readers.newMember()
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/billing/checkout',
      headers: readers.headersOf(member, {
        origin: 'https://evil.example',
        'content-type': 'application/json',
      }),
      payload: JSON.stringify({ tier: 'plus', period: 'month' }),
      remoteAddress: member.ip,
    })
    expectFailure(response, 403, 'CROSS_SITE_REQUEST')
  })
})

describe('checkout with the demo provider', () => {
  it('starts at the demo page, pays, and puts the plan and its allowance in force at once', async () => {
    const member = await readers.newMember()
    expect(await diagnosesPerMonth(member)).toBe(10)
    const start = dataOf<CheckoutStart>(
      await readers.send(member, 'POST', '/billing/checkout', {
        tier: 'plus',
        period: 'quarter',
        returnPath: '/subscribe?from=plans',
      }),
    )
    expect(start).toMatchObject({
      provider: 'demo',
      isDemo: true,
      redirectUrl: `/checkout/demo/${start.checkoutId}`,
    })
    const open = dataOf<CheckoutView>(await readers.get(member, `/billing/checkout/${start.checkoutId}`))
    expect(open).toMatchObject({
      status: 'open',
      isDemo: true,
      tier: 'plus',
      period: 'quarter',
      currency: 'USD',
      amountMinor: 10_699,
      renewsOn: '2027-02-02T09:00:00.000Z',
      returnUrl: `/subscribe?from=plans&checkout=${start.checkoutId}`,
    })
    const paid = dataOf<CheckoutView>(
      await readers.send(member, 'POST', '/billing/demo/complete', {
        checkoutId: start.checkoutId,
        outcome: 'paid',
      }),
    )
    expect(paid.status).toBe('paid')
    expect(await diagnosesPerMonth(member)).toBe(30)

    const state = await stateOf(member)
    expect(state.subscriptionState).toBe('upgrade')
    expect(state.subscription).toMatchObject({
      tier: 'plus',
      period: 'quarter',
      source: 'billing',
      provider: 'demo',
      isDemo: true,
      startedAt: '2026-11-02T09:00:00.000Z',
      currentPeriodEndsAt: '2027-02-02T09:00:00.000Z',
      renewsOn: '2027-02-02T09:00:00.000Z',
      endsOn: null,
      priceMinor: 10_699,
      currency: 'USD',
      scheduledDowngrade: null,
    })
    expect(state.actions.upgrade).toEqual({ allowed: true, reason: null, tiers: ['premium'] })
    expect(state.actions.refund).toMatchObject({
      allowed: true,
      amountMinor: 10_699,
      currency: 'USD',
      deadline: '2026-11-09T09:00:00.000Z',
    })
    expect(state.actions.portal).toEqual({ allowed: false, reason: 'BILLING_PORTAL_UNAVAILABLE' })

    const payments = await paymentsOf(member)
    expect(payments.total).toBe(1)
    expect(payments.rows[0]).toMatchObject({
      kind: 'checkout',
      status: 'paid',
      tier: 'plus',
      period: 'quarter',
      amountMinor: 10_699,
      currency: 'USD',
      isDemo: true,
      receiptUrl: null,
      refundedMinor: 0,
    })
    expect((await historyOf(member)).map((c) => [c.actor, c.kind])).toEqual([['provider', 'checkout']])
  })

  it('a second click on pay answers the same, and records one payment', async () => {
    const member = await readers.newMember()
    const start = dataOf<CheckoutStart>(
      await readers.send(member, 'POST', '/billing/checkout', { tier: 'base', period: 'month' }),
    )
    const [first, second] = await Promise.all([
      readers.send(member, 'POST', '/billing/demo/complete', {
        checkoutId: start.checkoutId,
        outcome: 'paid',
      }),
      readers.send(member, 'POST', '/billing/demo/complete', {
        checkoutId: start.checkoutId,
        outcome: 'paid',
      }),
    ])
    expect(dataOf<CheckoutView>(first).status).toBe('paid')
    expect(dataOf<CheckoutView>(second).status).toBe('paid')
    expect((await paymentsOf(member)).total).toBe(1)
    expectFailure(
      await readers.send(member, 'POST', '/billing/demo/complete', {
        checkoutId: start.checkoutId,
        outcome: 'failed',
      }),
      409,
      'BILLING_CHECKOUT_FINISHED',
    )
  })

  it('a failed payment changes nothing', async () => {
    const member = await readers.newMember()
    const failed = await buy(member, { tier: 'premium', period: 'year' }, 'failed')
    expect(failed.status).toBe('failed')
    expect(await diagnosesPerMonth(member)).toBe(10)
    expect((await stateOf(member)).subscriptionState).toBe('not_subscribed')
    expect((await paymentsOf(member)).total).toBe(0)
    expect(await historyOf(member)).toEqual([])
  })

  it("keeps each reader's checkouts their own, and refuses unknown plans and foreign return paths", async () => {
    const owner = await readers.newMember()
    const other = await readers.newMember()
    const start = dataOf<CheckoutStart>(
      await readers.send(owner, 'POST', '/billing/checkout', { tier: 'base', period: 'month' }),
    )
    expectFailure(
      await readers.get(other, `/billing/checkout/${start.checkoutId}`),
      404,
      'BILLING_CHECKOUT_NOT_FOUND',
    )
    expectFailure(
      await readers.send(other, 'POST', '/billing/demo/complete', {
        checkoutId: start.checkoutId,
        outcome: 'paid',
      }),
      404,
      'BILLING_CHECKOUT_NOT_FOUND',
    )
    expectFailure(
      await readers.send(owner, 'POST', '/billing/checkout', { tier: 'gold', period: 'month' }),
      400,
      'VALIDATION_FAILED',
    )
    expectFailure(
      await readers.send(owner, 'POST', '/billing/checkout', {
        tier: 'base',
        period: 'month',
        returnPath: '//evil.example/x',
      }),
      400,
      'VALIDATION_FAILED',
    )
  })

  it('refuses a second checkout while a paid plan is in force', async () => {
    const member = await readers.newMember()
    await buy(member, { tier: 'plus', period: 'month' })
    expectFailure(
      await readers.send(member, 'POST', '/billing/checkout', { tier: 'plus', period: 'month' }),
      409,
      'BILLING_ALREADY_SUBSCRIBED',
    )
    expectFailure(
      await readers.send(member, 'POST', '/billing/checkout', { tier: 'premium', period: 'month' }),
      409,
      'BILLING_HAS_SUBSCRIPTION',
    )
  })

  it('charges the hant site in TWD', async () => {
    const member = await readers.newMember(undefined, 'hant')
    const view = await buy(member, { tier: 'base', period: 'month' })
    expect(view).toMatchObject({ currency: 'TWD', amountMinor: 64_000 })
  })
})

describe('upgrading', () => {
  it('quotes and charges the prorated difference to the cent, and raises the allowance at once', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'base', period: 'month' }) // US$19.99 until 2 Dec
    clock.set('2026-11-12T09:00:00Z') // 20 of 30 days left
    const quote = dataOf<UpgradeQuote>(
      await readers.get(member, '/billing/upgrade-quote', { tier: 'premium' }),
    )
    // (7999 − 1999) × 20/30 = 4000 cents exactly.
    expect(quote).toEqual({
      fromTier: 'base',
      toTier: 'premium',
      period: 'month',
      currency: 'USD',
      newPriceMinor: 7999,
      prorationMinor: 4000,
      remainingSeconds: 20 * 86_400,
      periodSeconds: 30 * 86_400,
      renewsOn: '2026-12-02T09:00:00.000Z',
      isDemo: true,
      quotedAt: '2026-11-12T09:00:00.000Z',
    })
    clock.advance(1000) // one second later: 6000 × 1727999 / 2592000 = 3999.9977 → 4000
    const state = dataOf<BillingState>(
      await readers.send(member, 'POST', '/billing/upgrade', { tier: 'premium' }),
    )
    expect(state.subscription).toMatchObject({
      tier: 'premium',
      priceMinor: 7999,
      renewsOn: '2026-12-02T09:00:00.000Z',
    })
    expect(state.subscriptionState).toBe('subscribed')
    expect(await diagnosesPerMonth(member)).toBe(60)
    const upgrade = (await paymentsOf(member)).rows[0]
    expect(upgrade).toMatchObject({ kind: 'upgrade', tier: 'premium', amountMinor: 4000, currency: 'USD' })
    expect((await historyOf(member)).map((c) => [c.actor, c.kind, c.before?.tier, c.after?.tier])).toEqual([
      ['provider', 'checkout', undefined, 'base'],
      ['reader', 'upgrade', 'base', 'premium'],
    ])
    expectFailure(
      await readers.send(member, 'POST', '/billing/upgrade', { tier: 'plus' }),
      409,
      'BILLING_NOT_AN_UPGRADE',
    )
  })

  it('charges the confirmed quote for 15 minutes, and works it out again after that', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'base', period: 'month' })
    clock.set('2026-11-12T09:00:00Z')
    const quote = dataOf<UpgradeQuote>(await readers.get(member, '/billing/upgrade-quote', { tier: 'plus' }))
    clock.advance(14 * 60_000) // the reader reads the dialog for 14 minutes: 14 minutes of the period less to pay
    await readers.send(member, 'POST', '/billing/upgrade', { tier: 'plus', quotedAt: quote.quotedAt })
    expect((await paymentsOf(member)).rows[0]).toMatchObject({
      kind: 'upgrade',
      amountMinor: quote.prorationMinor,
    })

    const late = await readers.newMember()
    clock.set('2026-11-02T09:00:00Z')
    await buy(late, { tier: 'base', period: 'month' })
    clock.set('2026-11-12T09:00:00Z')
    const old = dataOf<UpgradeQuote>(await readers.get(late, '/billing/upgrade-quote', { tier: 'premium' }))
    clock.advance(16 * 60 * 60_000) // 16 hours later the old quote no longer holds
    await readers.send(late, 'POST', '/billing/upgrade', { tier: 'premium', quotedAt: old.quotedAt })
    const charged = (await paymentsOf(late)).rows[0]?.amountMinor ?? 0
    expect(charged).toBeLessThan(old.prorationMinor)
  })

  it('prorates in yen without decimals on the jp site', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const client = await readers.newMember()
    const member = { ...client, region: undefined }
    const jp = (path: string, method: 'GET' | 'POST', body?: unknown) =>
      runtime.app.inject({
        method,
        url: `/api/portal${path}`,
        headers: {
          host: 'jp.localhost:3000',
          cookie: `tw_device=${member.device}`,
          'x-token': member.token ?? '',
          origin: 'http://jp.localhost:3000',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        remoteAddress: member.ip,
        ...(body ? { payload: JSON.stringify(body) } : {}),
      })
    const start = dataOf<CheckoutStart>(
      await jp('/billing/checkout', 'POST', { tier: 'plus', period: 'month' }),
    )
    dataOf(await jp('/billing/demo/complete', 'POST', { checkoutId: start.checkoutId, outcome: 'paid' }))
    clock.set(new Date(new Date('2026-12-02T09:00:00Z').getTime() - 1_000_000 * 1000))
    const quote = dataOf<UpgradeQuote>(await jp('/billing/upgrade-quote?tier=premium', 'GET'))
    // (11980 − 5980) × 1,000,000 / 2,592,000 = 2314.81 → ¥2,315
    expect(quote).toMatchObject({ currency: 'JPY', prorationMinor: 2315 })
  })

  it('prorates, charges and refunds whole NT dollars on the hant site', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember(undefined, 'hant')
    await buy(member, { tier: 'base', period: 'quarter' }) // NT$1,728 until 2 Feb
    clock.set('2026-11-05T09:00:00Z') // 89 of 92 days left, inside the 7-day refund
    const quote = dataOf<UpgradeQuote>(
      await readers.get(member, '/billing/upgrade-quote', { tier: 'premium' }),
    )
    // (691,200 − 172,800) cents × 89 ÷ 92 = 501,495.65 cents: NT$5,015, never NT$5,014.96.
    expect(quote).toMatchObject({ currency: 'TWD', prorationMinor: 501_500 })
    await readers.send(member, 'POST', '/billing/upgrade', { tier: 'premium', quotedAt: quote.quotedAt })
    const state = await stateOf(member)
    expect(state.actions.refund).toMatchObject({
      allowed: true,
      currency: 'TWD',
      amountMinor: 172_800 + 501_500,
    })
    await readers.send(member, 'POST', '/billing/refund')
    const rows = (await paymentsOf(member)).rows
    expect(rows.map((row) => [row.amountMinor, row.refundedMinor])).toEqual([
      [501_500, 501_500],
      [172_800, 172_800],
    ])
  })
})

describe('downgrading and renewal', () => {
  it('keeps the tier until the renewal date, then renews into the lower one at its price', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'premium', period: 'month' })
    const scheduled = dataOf<BillingState>(
      await readers.send(member, 'POST', '/billing/downgrade', { tier: 'base' }),
    )
    expect(scheduled.subscription).toMatchObject({
      tier: 'premium',
      scheduledDowngrade: { tier: 'base', effectiveAt: '2026-12-02T09:00:00.000Z' },
    })
    expect(await diagnosesPerMonth(member)).toBe(60)
    expectFailure(
      await readers.send(member, 'POST', '/billing/downgrade', { tier: 'premium' }),
      409,
      'BILLING_NOT_A_DOWNGRADE',
    )

    clock.set('2026-12-02T08:55:00Z') // within the renewal lead
    expect(await runtime.services.billing.renewDueSubscriptions()).toMatchObject({
      renewed: expect.any(Number),
    })
    clock.set('2026-12-02T09:00:01Z')
    const renewed = await stateOf(member)
    expect(renewed.subscription).toMatchObject({
      tier: 'base',
      startedAt: '2026-11-02T09:00:00.000Z',
      currentPeriodEndsAt: '2027-01-02T09:00:00.000Z',
      priceMinor: 1999,
      scheduledDowngrade: null,
    })
    expect(await diagnosesPerMonth(member)).toBe(20)
    const payments = await paymentsOf(member)
    expect(payments.rows.map((p) => [p.kind, p.tier, p.amountMinor])).toEqual([
      ['renewal', 'base', 1999],
      ['checkout', 'premium', 7999],
    ])
    // The job running again (another process, a restart) renews nothing twice.
    await runtime.services.billing.renewDueSubscriptions()
    expect((await paymentsOf(member)).total).toBe(2)
    expect((await historyOf(member)).map((c) => c.kind)).toEqual([
      'checkout',
      'downgrade_scheduled',
      'renewal',
    ])
  })

  it('drops a scheduled downgrade on request', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'plus', period: 'year' })
    await readers.send(member, 'POST', '/billing/downgrade', { tier: 'base' })
    const kept = dataOf<BillingState>(await readers.send(member, 'DELETE', '/billing/downgrade'))
    expect(kept.subscription?.scheduledDowngrade).toBeNull()
    expectFailure(
      await readers.send(member, 'DELETE', '/billing/downgrade'),
      409,
      'BILLING_NO_SCHEDULED_DOWNGRADE',
    )
  })
})

describe('cancelling renewal', () => {
  it('keeps the plan to the end of the paid period, then ends it', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'plus', period: 'month' })
    const cancelled = dataOf<BillingState>(await readers.send(member, 'POST', '/billing/cancel-renewal'))
    expect(cancelled.subscription).toMatchObject({ renewsOn: null, endsOn: '2026-12-02T09:00:00.000Z' })
    expect(cancelled.actions.upgrade).toMatchObject({ allowed: false, reason: 'BILLING_RENEWAL_CANCELLED' })
    expectFailure(
      await readers.send(member, 'POST', '/billing/cancel-renewal'),
      409,
      'BILLING_RENEWAL_ALREADY_CANCELLED',
    )
    expect(await diagnosesPerMonth(member)).toBe(30)

    clock.set('2026-12-02T08:59:59Z')
    await runtime.services.billing.renewDueSubscriptions()
    expect(await diagnosesPerMonth(member)).toBe(30)
    clock.set('2026-12-02T09:00:00Z')
    await runtime.services.billing.renewDueSubscriptions()
    expect(await diagnosesPerMonth(member)).toBe(10)
    expect((await stateOf(member)).subscriptionState).toBe('not_subscribed')
    expect((await paymentsOf(member)).total).toBe(1)
    expect((await historyOf(member)).map((c) => [c.actor, c.kind])).toEqual([
      ['provider', 'checkout'],
      ['reader', 'cancel_renewal'],
      ['system', 'ended'],
    ])
  })

  it('resumes renewal', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'base', period: 'month' })
    await readers.send(member, 'POST', '/billing/cancel-renewal')
    const resumed = dataOf<BillingState>(await readers.send(member, 'POST', '/billing/resume-renewal'))
    expect(resumed.subscription).toMatchObject({ renewsOn: '2026-12-02T09:00:00.000Z', endsOn: null })
    expectFailure(
      await readers.send(member, 'POST', '/billing/resume-renewal'),
      409,
      'BILLING_RENEWAL_NOT_CANCELLED',
    )
  })
})

describe('the 7-day no-reason refund', () => {
  it('refunds every payment of the first subscription in full and ends access at once', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'plus', period: 'month' })
    clock.advance(2 * day)
    await readers.send(member, 'POST', '/billing/upgrade', { tier: 'premium' })
    clock.set('2026-11-09T08:59:59Z') // the last second of 7 × 24 h
    const state = await stateOf(member)
    expect(state.actions.refund).toMatchObject({ allowed: true, currency: 'USD' })
    const paid = (await paymentsOf(member)).rows
    expect(state.actions.refund.amountMinor).toBe(paid.reduce((sum, p) => sum + p.amountMinor, 0))

    const refunded = dataOf<BillingState>(await readers.send(member, 'POST', '/billing/refund'))
    expect(refunded.subscription).toBeNull()
    expect(refunded.subscriptionState).toBe('not_subscribed')
    expect(refunded.actions.refund).toMatchObject({ allowed: false, reason: 'BILLING_REFUND_ALREADY_DONE' })
    expect(await diagnosesPerMonth(member)).toBe(10)
    const rows = (await paymentsOf(member)).rows
    expect(rows.every((p) => p.status === 'refunded' && p.refundedMinor === p.amountMinor)).toBe(true)
    expect((await historyOf(member)).map((c) => c.kind)).toEqual(['checkout', 'upgrade', 'refund'])
    expect((await historyOf(member)).at(-1)?.after?.status).toBe('refunded')
    expectFailure(await readers.send(member, 'POST', '/billing/refund'), 409, 'BILLING_REFUND_ALREADY_DONE')
  })

  it('is refused after 7 × 24 h', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'base', period: 'month' })
    clock.set('2026-11-09T09:00:01Z')
    expect((await stateOf(member)).actions.refund).toMatchObject({
      allowed: false,
      reason: 'BILLING_REFUND_WINDOW_PASSED',
    })
    expectFailure(await readers.send(member, 'POST', '/billing/refund'), 409, 'BILLING_REFUND_WINDOW_PASSED')
    expect(await diagnosesPerMonth(member)).toBe(20)
  })

  it('is only for the first subscription', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'base', period: 'month' })
    await readers.send(member, 'POST', '/billing/cancel-renewal')
    clock.set('2026-12-02T09:00:00Z')
    await runtime.services.billing.renewDueSubscriptions()
    await buy(member, { tier: 'plus', period: 'month' })
    clock.advance(day)
    expectFailure(
      await readers.send(member, 'POST', '/billing/refund'),
      409,
      'BILLING_REFUND_NOT_FIRST_SUBSCRIPTION',
    )
    expect(await diagnosesPerMonth(member)).toBe(30)
  })

  it('refunds once when two clicks arrive together', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    await buy(member, { tier: 'premium', period: 'quarter' })
    const answers = await Promise.all([
      readers.send(member, 'POST', '/billing/refund'),
      readers.send(member, 'POST', '/billing/refund'),
      readers.send(member, 'POST', '/billing/refund'),
    ])
    const statuses = answers.map((a) => a.statusCode).sort()
    expect(statuses).toEqual([200, 409, 409])
    for (const refused of answers.filter((a) => a.statusCode === 409))
      expect(['BILLING_REFUND_IN_PROGRESS', 'BILLING_REFUND_ALREADY_DONE']).toContain(
        refused.headers['x-error-code'],
      )
    const history = await historyOf(member)
    expect(history.filter((c) => c.kind === 'refund')).toHaveLength(1)
    const rows = (await paymentsOf(member)).rows
    expect(rows).toHaveLength(1)
    expect(rows[0]?.refundedMinor).toBe(rows[0]?.amountMinor)
  })
})

describe("operators' grants", () => {
  it('are recorded as the operator’s, cannot be refunded or changed here, and a purchase replaces them', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember('plus')
    const history = await historyOf(member)
    expect(history.map((c) => [c.actor, c.kind, c.after?.tier])).toEqual([
      ['operator', 'operator_grant', 'plus'],
    ])
    const state = await stateOf(member)
    expect(state.subscription).toMatchObject({
      tier: 'plus',
      source: 'operator',
      renewsOn: null,
      endsOn: '2026-12-02T09:00:00.000Z',
    })
    expect(state.actions.subscribe.allowed).toBe(true)
    expectFailure(
      await readers.send(member, 'POST', '/billing/upgrade', { tier: 'premium' }),
      409,
      'BILLING_OPERATOR_GRANT',
    )
    expectFailure(
      await readers.send(member, 'POST', '/billing/cancel-renewal'),
      409,
      'BILLING_OPERATOR_GRANT',
    )
    expectFailure(await readers.send(member, 'POST', '/billing/refund'), 409, 'BILLING_NO_SUBSCRIPTION')

    await buy(member, { tier: 'premium', period: 'month' })
    expect(await diagnosesPerMonth(member)).toBe(60)
    expect((await historyOf(member)).map((c) => [c.actor, c.kind])).toEqual([
      ['operator', 'operator_grant'],
      ['provider', 'ended'],
      ['provider', 'checkout'],
    ])
  })

  it('ending a plan by operator is recorded too', async () => {
    const member = await readers.newMember('base')
    const identity = await runtime.services.accounts.identifyReader({
      token: member.token,
      deviceId: member.device,
      ip: member.ip,
    })
    await runtime.services.subscriptions.endSubscription(identity.reader.memberId ?? '')
    expect((await historyOf(member)).map((c) => [c.actor, c.kind])).toEqual([
      ['operator', 'operator_grant'],
      ['operator', 'operator_end'],
    ])
    expect(await diagnosesPerMonth(member)).toBe(10)
  })
})

describe('the demo provider elsewhere', () => {
  it('has no webhook and no portal', async () => {
    const member = await readers.newMember()
    expectFailure(
      await readers.send(member, 'POST', '/billing/portal', {}),
      409,
      'BILLING_PORTAL_UNAVAILABLE',
    )
    const webhook = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/billing/webhooks/stripe',
      headers: {
        host: 'en.localhost:3000',
        'content-type': 'application/json',
        'stripe-signature': 't=1,v1=00',
      },
      payload: '{}',
    })
    expect(webhook.statusCode).toBe(404)
  })
})

describe("the account page's calls (accounts)", () => {
  function patchName(client: ReaderClient, displayName: unknown) {
    return runtime.app.inject({
      method: 'PATCH',
      url: '/api/portal/member/displayName',
      headers: readers.sameSiteHeadersOf(client, { 'content-type': 'application/json' }),
      remoteAddress: client.ip,
      payload: JSON.stringify({ displayName }),
    })
  }

  it('sets and clears the display name, refreshing the userInfo cookie', async () => {
    const member = await readers.newMember()
    const set = await patchName(member, '  Ada Lovelace ')
    expect(dataOf<{ displayName: string | null }>(set).displayName).toBe('Ada Lovelace')
    const cookie = set.cookies.find((c) => c.name === 'userInfo')
    expect(decodeURIComponent(cookie?.value ?? '')).toContain('Ada Lovelace')
    expect(
      dataOf<{ displayName: string | null }>(await readers.get(member, '/home/memberInfo')).displayName,
    ).toBe('Ada Lovelace')
    expect(dataOf<{ displayName: string | null }>(await patchName(member, null)).displayName).toBeNull()
    await patchName(member, 'Ada')
    // The site's API client drops null values from bodies: an empty or blank name clears it too.
    expect(dataOf<{ displayName: string | null }>(await patchName(member, '   ')).displayName).toBeNull()
    // A field's code is the page's to translate: once errors.json has it, the API names it (else VALIDATION_FAILED).
    const code = isKnownErrorCode('DISPLAY_NAME_INVALID') ? 'DISPLAY_NAME_INVALID' : 'VALIDATION_FAILED'
    for (const wrong of ['x'.repeat(41)]) {
      const refused = await patchName(member, wrong)
      expect(refused.statusCode).toBe(400)
      expect(refused.headers['x-error-code']).toBe(code)
      expect(refused.json().fields).toEqual([{ field: 'displayName', code }])
    }
    expectFailure(await patchName(await readers.newVisitor(), 'Ada'), 401, 'UNAUTHENTICATED')
  })

  it('logs out of every device', async () => {
    const member = await readers.newMember()
    const identity = await runtime.services.accounts.identifyReader({
      token: member.token,
      deviceId: member.device,
      ip: member.ip,
    })
    // The same member on a second device.
    const second = await runtime.services.accounts.continueSession(identity.reader.memberId ?? '', {
      endsBy: new Date(clock.now().getTime() + 30 * day),
    })
    const otherDevice = { ...(await readers.newVisitor()), token: second?.token ?? '' }
    expect((await readers.get(otherDevice, '/home/memberInfo')).statusCode).toBe(200)

    const logout = await readers.send(member, 'POST', '/member/logoutAll')
    expect(dataOf<{ loggedOut: true; sessionsEnded: number }>(logout)).toEqual({
      loggedOut: true,
      sessionsEnded: 2,
    })
    expect(logout.cookies.find((c) => c.name === 'access_token')?.value).toBe('')
    expectFailure(await readers.get(member, '/home/memberInfo'), 401, 'UNAUTHENTICATED')
    expectFailure(await readers.get(otherDevice, '/home/memberInfo'), 401, 'UNAUTHENTICATED')
    expectFailure(
      await readers.send(await readers.newVisitor(), 'POST', '/member/logoutAll'),
      401,
      'UNAUTHENTICATED',
    )
  })

  it('deletes the account: personal data gone, payment records and history kept without the member', async () => {
    clock.set('2026-11-02T09:00:00Z')
    const member = await readers.newMember()
    const identity = await runtime.services.accounts.identifyReader({
      token: member.token,
      deviceId: member.device,
      ip: member.ip,
    })
    const memberId = identity.reader.memberId ?? ''
    const phone = identity.member?.phone ?? ''
    await buy(member, { tier: 'plus', period: 'month' })
    const paymentId = (await paymentsOf(member)).rows[0]?.id
    const history = await historyOf(member)

    expect(dataOf<{ deleted: true }>(await readers.send(member, 'DELETE', '/member/account'))).toEqual({
      deleted: true,
    })
    expectFailure(await readers.get(member, '/billing/state'), 401, 'UNAUTHENTICATED')
    expect(await runtime.services.accounts.findMember(phone)).toBeUndefined()

    const { billingPayments } = await import('./billing.sql.ts')
    const { subscriptionChanges } = await import('#server/modules/subscriptions/subscriptions.sql.ts')
    const { eq } = await import('drizzle-orm')
    const kept = await runtime.database.db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.id, paymentId ?? ''))
    expect(kept).toHaveLength(1)
    expect(kept[0]).toMatchObject({ memberId: null, amountMinor: 3999, currency: 'USD', tier: 'plus' })
    const changes = await runtime.database.db
      .select()
      .from(subscriptionChanges)
      .where(eq(subscriptionChanges.id, history[0]?.id ?? ''))
    expect(changes[0]).toMatchObject({ memberId: null, kind: 'checkout' })
    expect(await runtime.services.subscriptions.findActiveSubscription(memberId)).toBeNull()
  })
})
