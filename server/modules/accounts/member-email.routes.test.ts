/**
 * A member's email address on the account page (issue 26): added, verified by the button of the link's page,
 * changed, removed, within send limits; read back from the outbox as the console shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MemberEmailView } from '#contracts/member-email.ts'
import { createManualClock } from '#server/clock.ts'
import { pressVerify as pressVerifyOn, putMemberEmail } from '#server/modules/mail/testing/member-email.ts'
import { linkIn, mailTo } from '#server/modules/mail/testing/outbox-reading.ts'
import {
  createReaderClients,
  dataOf,
  expectFailure,
  type ReaderClient,
} from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clock = createManualClock('2026-11-29T09:00:00Z')
const readers = createReaderClients({ ipPrefix: '10.71', phonePrefix: '5171' })
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime(
    { SESSION_IDLE_DAYS: '365', SESSION_ABSOLUTE_DAYS: '365' },
    { clock, smsSender: readers.smsSender },
  )
  readers.bind(runtime)
})
afterAll(() => runtime.close())

const putEmail = (client: ReaderClient, email: string) => putMemberEmail(runtime, readers, client, email)
/** The verification page's button: posts the link's token, from whichever browser opened the mail. */
const pressVerify = (link: string, region: 'en' | 'hant' = 'en') => pressVerifyOn(runtime, link, region)

async function emailOf(client: ReaderClient): Promise<MemberEmailView> {
  return dataOf<MemberEmailView>(await readers.get(client, '/member/email'))
}

async function memberIdOf(client: ReaderClient): Promise<string> {
  const identity = await runtime.services.accounts.identifyReader({
    token: client.token,
    deviceId: client.device,
    ip: client.ip,
  })
  return identity.reader.memberId ?? ''
}

describe('adding and verifying an email address', () => {
  it('mails a verification link whose page button, not the link, verifies the address', async () => {
    const member = await readers.newMember()
    const added = dataOf<MemberEmailView>(await putEmail(member, '  Member.One@Example.com '))
    expect(added).toMatchObject({ address: 'member.one@example.com', isVerified: false })

    const [verification, ...more] = await mailTo(runtime, 'member.one@example.com')
    expect(more).toHaveLength(0)
    expect(verification?.subject).toBe('Confirm your email address for Tickerwise')
    // Transactional: no unsubscribe header, and both parts carry the same link.
    expect(verification?.headers['List-Unsubscribe']).toBeUndefined()
    const link = linkIn(verification?.text ?? '', '/mail/verify')
    expect(link).toMatch(/^http:\/\/en\.localhost:3000\/mail\/verify\?token=[\w.-]+$/)
    expect(verification?.html).toContain(link.replace(/&/g, '&#38;'))

    // Following the link (a mail scanner does) changes nothing; only the page's button does.
    expect((await emailOf(member)).isVerified).toBe(false)
    expect(await runtime.services.accounts.verifiedEmailOf(await memberIdOf(member))).toBeUndefined()
    expect(dataOf(await pressVerify(link))).toEqual({ verified: true })
    expect(await emailOf(member)).toEqual({
      address: 'member.one@example.com',
      isVerified: true,
      requestedAt: null,
    })
    // Pressing it again is harmless.
    expect((await pressVerify(link)).statusCode).toBe(200)
    expect(await runtime.services.accounts.verifiedEmailOf(await memberIdOf(member))).toEqual({
      address: 'member.one@example.com',
      locale: 'en',
      region: 'en',
    })
  })

  it('writes the mail in the language of the site the address was given on, with links to that site', async () => {
    const member = await readers.newMember(undefined, 'hant')
    dataOf(await putEmail(member, 'zh.reader@example.com'))
    const [verification] = await mailTo(runtime, 'zh.reader@example.com')
    expect(verification?.subject).toBe('請確認您在 Tickerwise 的電郵地址')
    expect(verification?.text).toContain('確認我的電郵地址: http://hant.localhost:3000/mail/verify?token=')
    expect(verification?.html).toContain('<html lang="zh-Hant">')
    expect(dataOf(await pressVerify(linkIn(verification?.text ?? '', '/mail/verify'), 'hant'))).toEqual({
      verified: true,
    })
    expect(await runtime.services.accounts.verifiedEmailOf(await memberIdOf(member))).toMatchObject({
      locale: 'zh-Hant',
      region: 'hant',
    })
  })

  it('refuses a wrong token, a link of an address changed since, and a link older than 48 hours', async () => {
    const member = await readers.newMember()
    dataOf(await putEmail(member, 'first@example.com'))
    const firstLink = linkIn((await mailTo(runtime, 'first@example.com'))[0]?.text ?? '', '/mail/verify')
    expectFailure(await pressVerify(`${firstLink}x`), 400, 'MAIL_LINK_INVALID')

    clock.advance(61_000)
    const changed = dataOf<MemberEmailView>(await putEmail(member, 'second@example.com'))
    expect(changed).toMatchObject({ address: 'second@example.com', isVerified: false })
    const invalid = await pressVerify(firstLink)
    expectFailure(invalid, 400, 'MAIL_LINK_INVALID')
    expect(invalid.json().message).toBe('This link is not valid. Please use the latest email we sent you.')
    expect((await emailOf(member)).isVerified).toBe(false)

    const secondLink = linkIn((await mailTo(runtime, 'second@example.com'))[0]?.text ?? '', '/mail/verify')
    clock.advance(48 * 60 * 60_000 + 1000)
    expectFailure(await pressVerify(secondLink), 400, 'MAIL_LINK_INVALID')
    expect((await emailOf(member)).isVerified).toBe(false)
  })

  it('asks for a valid address in the reader’s language', async () => {
    const member = await readers.newMember()
    const empty = await putEmail(member, '  ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toBe('The email cannot be empty')
    const wrong = await putEmail(member, 'member@')
    expect(wrong.json()).toMatchObject({ fields: [{ field: 'email', code: 'EMAIL_INVALID' }] })
    const visitor = await readers.newVisitor()
    expectFailure(await putEmail(visitor, 'visitor@example.com'), 401, 'UNAUTHENTICATED')
  })
})

describe('limits on verification mails', () => {
  it('sends one a minute to a member, and says how long to wait', async () => {
    const member = await readers.newMember()
    dataOf(await putEmail(member, 'limits.one@example.com'))
    const again = await readers.send(member, 'POST', '/member/email/resend', {})
    expectFailure(again, 429, 'ACCOUNT_EMAIL_SEND_LIMITED')
    expect(again.json().message).toBe('Too many verification emails were sent. Please try again in 1 minute.')
    expect(again.headers['retry-after']).toBe('60')
    clock.advance(61_000)
    expect(
      dataOf<MemberEmailView>(await readers.send(member, 'POST', '/member/email/resend', {})),
    ).toMatchObject({
      address: 'limits.one@example.com',
      isVerified: false,
    })
    expect(await mailTo(runtime, 'limits.one@example.com')).toHaveLength(2)
  })

  it('sends at most 5 a day to a member and 3 a day to an address, whoever asks', async () => {
    const member = await readers.newMember()
    for (const n of [1, 2, 3, 4, 5]) {
      dataOf(await putEmail(member, `daily.${n}@example.com`))
      clock.advance(61_000)
    }
    const sixth = await putEmail(member, 'daily.6@example.com')
    expectFailure(sixth, 429, 'ACCOUNT_EMAIL_SEND_LIMITED')
    // The first of the five was sent about 5 minutes ago: the day's window opens again in 24 hours less that.
    expect(sixth.json().message).toBe(
      'Too many verification emails were sent. Please try again in 1435 minutes.',
    )

    const target = 'someone.else@example.com'
    for (const _ of [1, 2, 3]) {
      const other = await readers.newMember()
      dataOf(await putEmail(other, target))
    }
    const fourth = await readers.newMember('base', 'hant')
    const refused = await putEmail(fourth, target)
    expectFailure(refused, 429, 'ACCOUNT_EMAIL_SEND_LIMITED')
    expect(refused.json().message).toMatch(/^驗證電郵發送次數過多，請於 \d+ 分鐘後再試。$/)
    expect(await mailTo(runtime, target)).toHaveLength(3)
  })

  it('does not send again for an address already verified', async () => {
    const member = await readers.newMember()
    dataOf(await putEmail(member, 'kept@example.com'))
    const [mail] = await mailTo(runtime, 'kept@example.com')
    dataOf(await pressVerify(linkIn(mail?.text ?? '', '/mail/verify')))
    clock.advance(61_000)
    expect(dataOf<MemberEmailView>(await putEmail(member, 'KEPT@example.com'))).toMatchObject({
      isVerified: true,
    })
    expect(await mailTo(runtime, 'kept@example.com')).toHaveLength(1)
    expectFailure(
      await readers.send(member, 'POST', '/member/email/resend', {}),
      409,
      'ACCOUNT_EMAIL_NOTHING_TO_VERIFY',
    )
  })
})

describe('removing the address', () => {
  it('removes it from the account, and deleting the account deletes it', async () => {
    const member = await readers.newMember()
    dataOf(await putEmail(member, 'leaving@example.com'))
    const link = linkIn((await mailTo(runtime, 'leaving@example.com'))[0]?.text ?? '', '/mail/verify')
    dataOf(await pressVerify(link))
    const memberId = await memberIdOf(member)
    expect(dataOf(await readers.send(member, 'DELETE', '/member/email'))).toEqual({
      address: null,
      isVerified: false,
      requestedAt: null,
    })
    expect(await runtime.services.accounts.verifiedEmailOf(memberId)).toBeUndefined()
    // The old link no longer verifies anything.
    expectFailure(await pressVerify(link), 400, 'MAIL_LINK_INVALID')

    clock.advance(61_000)
    dataOf(await putEmail(member, 'leaving@example.com'))
    dataOf(
      await pressVerify(
        linkIn((await mailTo(runtime, 'leaving@example.com'))[1]?.text ?? '', '/mail/verify'),
      ),
    )
    expect(await runtime.services.accounts.verifiedEmailOf(memberId)).toBeDefined()
    dataOf(await readers.send(member, 'DELETE', '/member/account'))
    expect(await runtime.services.accounts.verifiedEmailOf(memberId)).toBeUndefined()
  })
})
