/**
 * Mail through a real SMTP server on 127.0.0.1 (smtp-server), read back with mailparser: the footer's double
 * opt-in from sign-up to unsubscribe, retries with backoff, bounces, and sending from two workers at once.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createMailService, mailMaxAttempts, retryDelayMs } from './mail.service.ts'
import { type LocalSmtpServer, startLocalSmtpServer } from './testing/local-smtp-server.ts'

let smtp: LocalSmtpServer
let runtime: TestRuntime
const clock = createManualClock('2026-11-29T09:00:00Z')

beforeAll(async () => {
  smtp = await startLocalSmtpServer({ credentials: { user: 'tickerwise', pass: 's3cret' } })
  runtime = await createTestRuntime(
    { MAIL_PROVIDER: 'smtp', SMTP_URL: smtp.url, MAIL_FROM: 'Tickerwise <news@tickerwise.test>' },
    { clock },
  )
})
afterAll(async () => {
  await runtime.close()
  await smtp.close()
})
beforeEach(() => {
  smtp.received.length = 0
})

function signUp(email: string, region: 'en' | 'hant' = 'en', ip = '10.1.0.1') {
  return runtime.app.inject({
    method: 'POST',
    url: '/api/portal/home/subEmail',
    headers: { ...regionalHeaders(region), 'content-type': 'application/json' },
    remoteAddress: ip,
    payload: { email, source: 'footer' },
  })
}

function tokenOf(text: string, path: string): string {
  const token = text.match(new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([\\w.-]+)`))?.[1]
  if (!token) throw new Error(`no ${path} link in the message`)
  return token
}

/** A header as it arrived (mailparser folds the List-* headers into one object; the raw lines keep them). */
function header(mail: { headerLines: readonly { key: string; line: string }[] }, name: string): string {
  const line = mail.headerLines.find((entry) => entry.key === name)?.line ?? ''
  return line
    .slice(line.indexOf(':') + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim()
}

describe('the footer sign-up over SMTP', () => {
  it('sends a confirmation first, then a welcome with one-click unsubscribe, and stops after an unsubscribe', async () => {
    expect((await signUp('Reader.One@Example.com')).json().data).toEqual({
      subscribed: true,
      alreadySubscribed: false,
    })
    expect(await runtime.services.mail.deliverDue()).toMatchObject({ sent: 1 })
    expect(smtp.received).toHaveLength(1)
    const confirmation = smtp.received[0]!
    expect(confirmation.to).toMatchObject({ text: 'reader.one@example.com' })
    expect(confirmation.from?.value[0]).toMatchObject({ name: 'Tickerwise', address: 'news@tickerwise.test' })
    expect(confirmation.subject).toBe('Confirm your subscription to the Tickerwise weekly digest')
    // Both parts from one template, saying the same; a confirmation is transactional: no unsubscribe header.
    expect(confirmation.text).toContain(
      'Confirm my subscription: http://en.localhost:3000/mail/confirm?token=',
    )
    expect(confirmation.html).toContain('Confirm my subscription</a>')
    expect(header(confirmation, 'list-unsubscribe')).toBe('')

    const confirmed = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/newsletter/confirm',
      headers: { ...regionalHeaders('en'), 'content-type': 'application/json' },
      payload: { token: tokenOf(confirmation.text ?? '', '/mail/confirm') },
    })
    expect(confirmed.json()).toEqual({ code: 200, data: { confirmed: true } })
    await runtime.services.mail.deliverDue()
    const welcome = smtp.received[1]!
    expect(welcome.subject).toBe('You are subscribed to the Tickerwise weekly digest')
    expect(header(welcome, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const oneClick = header(welcome, 'list-unsubscribe').match(/<(http[^>]+)>/)?.[1] ?? ''
    expect(oneClick).toMatch(/^http:\/\/en\.localhost:3000\/api\/portal\/mail\/unsubscribe\?token=/)
    expect(welcome.text).toContain(
      'Unsubscribe from these emails: http://en.localhost:3000/mail/unsubscribe?token=',
    )

    // Signed up and confirmed: signing up again sends nothing.
    expect((await signUp('reader.one@example.com')).json().data.alreadySubscribed).toBe(true)

    // The mail client's one-click POST: form-encoded, no cookie, no Origin.
    const url = new URL(oneClick)
    const unsubscribed = await runtime.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(unsubscribed.statusCode).toBe(200)
    expect(await runtime.services.mail.isSuppressed('reader.one@example.com', 'newsletter')).toBe(true)
    // Transactional mail still reaches the address.
    expect(await runtime.services.mail.isSuppressed('reader.one@example.com', null)).toBe(false)
    const [signup] = (
      await runtime.services.newsletter.listSignups({ text: 'reader.one' }, { page: 1, pageSize: 5 })
    ).rows
    expect(signup?.unsubscribedAt).not.toBeNull()
  })

  it('writes the messages of the Traditional Chinese site in Traditional Chinese', async () => {
    await signUp('reader.two@example.com', 'hant', '10.1.0.2')
    await runtime.services.mail.deliverDue()
    expect(smtp.received[0]?.subject).toBe('請確認訂閱 Tickerwise 每週摘要')
    expect(smtp.received[0]?.text).toContain('確認訂閱: http://hant.localhost:3000/mail/confirm?token=')
  })

  it('sends one confirmation a day to an address, however often it is signed up', async () => {
    for (const ip of ['10.1.0.3', '10.1.0.4', '10.1.0.5']) await signUp('reader.three@example.com', 'en', ip)
    await runtime.services.mail.deliverDue()
    expect(smtp.received).toHaveLength(1)
  })

  it('refuses a confirmation or unsubscribe link that was tampered with', async () => {
    const confirm = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/newsletter/confirm',
      headers: { ...regionalHeaders('hant'), 'content-type': 'application/json' },
      payload: { token: '00000000-0000-4000-8000-000000000000.forged-signature-xx' },
    })
    expect(confirm.statusCode).toBe(400)
    expect(confirm.json()).toMatchObject({
      error: 'MAIL_LINK_INVALID',
      message: '此連結無效，請使用我們最近寄給您的電子郵件中的連結。',
    })
    const unsubscribe = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/mail/unsubscribe?token=00000000-0000-4000-8000-000000000000.forged-signature-xx',
      headers: { ...regionalHeaders('en') },
    })
    expect(unsubscribe.json()).toMatchObject({ error: 'MAIL_LINK_INVALID' })
  })
})

describe('the mail queue', () => {
  it('retries a message the server defers, later each time, and gives up after the last attempt', async () => {
    await signUp('later@example.com', 'en', '10.1.1.1')
    const mail = runtime.services.mail
    expect(await mail.deliverDue()).toMatchObject({ retry: 1 })
    // Not due again before its backoff.
    expect(await mail.deliverDue()).toMatchObject({ retry: 0, sent: 0 })
    for (let attempt = 1; attempt < mailMaxAttempts; attempt++) {
      clock.advance(retryDelayMs(attempt))
      const counts = await mail.deliverDue()
      expect(counts.retry + counts.failed).toBe(1)
    }
    clock.advance(retryDelayMs(mailMaxAttempts))
    expect(await mail.deliverDue()).toMatchObject({ retry: 0, failed: 0, sent: 0 })
    expect(smtp.received).toHaveLength(0)
  })

  it('suppresses an address the server refuses for good, and sends it nothing more', async () => {
    await signUp('bounce@example.com', 'en', '10.1.1.2')
    expect(await runtime.services.mail.deliverDue()).toMatchObject({ failed: 1 })
    expect(await runtime.services.mail.isSuppressed('bounce@example.com', null)).toBe(true)
    clock.advance(24 * 60 * 60 * 1000)
    await signUp('bounce@example.com', 'en', '10.1.1.3')
    expect(await runtime.services.mail.deliverDue()).toMatchObject({ suppressed: 1, failed: 0 })
  })

  it('sends each message once when two workers send the same queue at the same time', async () => {
    const log = { info() {}, warn() {} }
    const workers = [1, 2].map(() =>
      createMailService({
        db: runtime.database.db,
        clock,
        config: { provider: 'smtp', url: smtp.url, from: 'Tickerwise <news@tickerwise.test>' },
        secret: 'test-secret',
        log,
      }),
    )
    for (let i = 0; i < 30; i++) {
      await workers[0]!.queueMail({
        idempotencyKey: `race-${i}`,
        kind: 'newsletter-welcome',
        list: 'newsletter',
        to: `race${i}@example.com`,
        locale: 'en',
        siteOrigin: 'http://en.localhost:3000',
        variables: { actionUrl: 'http://en.localhost:3000/' },
      })
      // Queuing a message again keeps the first.
      expect(
        await workers[1]!.queueMail({
          idempotencyKey: `race-${i}`,
          kind: 'newsletter-welcome',
          to: `race${i}@example.com`,
          locale: 'en',
          siteOrigin: 'http://en.localhost:3000',
          variables: { actionUrl: 'http://en.localhost:3000/' },
        }),
      ).toBe(false)
    }
    const results = await Promise.all(workers.map((worker) => worker.deliverDue()))
    for (const worker of workers) worker.close()
    expect(results.reduce((sum, counts) => sum + counts.sent, 0)).toBe(30)
    const recipients = smtp.received.map((mail) => (mail.to as { text: string }).text).sort()
    expect(recipients).toHaveLength(30)
    expect(new Set(recipients).size).toBe(30)
  })
})
