/**
 * Delivery events from the mail provider (issue 26: "an address that bounces or complains is suppressed"): a signed
 * permanent failure or complaint suppresses the address for every message; a forged, old or malformed event changes
 * nothing; a temporary failure is left to the queue's retries; without a signing key the URL is not there.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mailgunSignatureOf } from '#server/providers/mail/mailgun-events.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const signingKey = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0'
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime({ MAIL_EVENTS_SIGNING_KEY: signingKey })
})
afterAll(() => runtime.close())

/** An event as the provider posts it (its webhook's JSON), signed with `key` at `at`. */
function event(
  data: Record<string, unknown>,
  options: { key?: string; at?: number } = {},
): Record<string, unknown> {
  const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000))
  const token = randomUUID().replaceAll('-', '')
  return {
    signature: {
      timestamp,
      token,
      signature: mailgunSignatureOf(options.key ?? signingKey, timestamp, token),
    },
    'event-data': { id: randomUUID(), timestamp: Number(timestamp), ...data },
  }
}

function post(body: unknown, app = runtime.app) {
  return app.inject({
    method: 'POST',
    url: '/api/portal/mail/events',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })
}

describe('delivery events from the mail provider', () => {
  it('suppresses an address that bounced for good or complained, for every message', async () => {
    const bounced = await post(
      event({
        event: 'failed',
        severity: 'permanent',
        recipient: 'Gone.Reader@Example.com',
        reason: 'bounce',
      }),
    )
    expect(bounced.statusCode).toBe(200)
    expect(bounced.json().data).toEqual({ suppressed: true })
    expect(await runtime.services.mail.isSuppressed('gone.reader@example.com', null)).toBe(true)
    expect(await runtime.services.mail.isSuppressed('gone.reader@example.com', 'newsletter')).toBe(true)

    const complained = await post(event({ event: 'complained', recipient: 'annoyed@example.com' }))
    expect(complained.statusCode).toBe(200)
    expect(await runtime.services.mail.isSuppressed('annoyed@example.com', 'newsletter')).toBe(true)
  })

  it('leaves a temporary failure and a delivery to the queue, acknowledged so the provider stops retrying', async () => {
    for (const data of [
      { event: 'failed', severity: 'temporary', recipient: 'full.mailbox@example.com' },
      { event: 'delivered', recipient: 'full.mailbox@example.com' },
    ]) {
      const answer = await post(event(data))
      expect(answer.statusCode).toBe(200)
      expect(answer.json().data).toEqual({ suppressed: false })
    }
    expect(await runtime.services.mail.isSuppressed('full.mailbox@example.com', null)).toBe(false)
  })

  it('refuses a forged, old or malformed event and changes nothing', async () => {
    const data = { event: 'failed', severity: 'permanent', recipient: 'victim@example.com' }
    const forged = await post(event(data, { key: 'key-someone-else-entirely' }))
    expect(forged.statusCode).toBe(403)
    expect(forged.json().error).toBe('MAIL_EVENT_INVALID')
    const old = await post(event(data, { at: Date.now() - 3 * 24 * 60 * 60 * 1000 }))
    expect(old.statusCode).toBe(403)
    const malformed = await post({ 'event-data': data })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error).toBe('MAIL_EVENT_INVALID')
    expect(await runtime.services.mail.isSuppressed('victim@example.com', null)).toBe(false)
  })

  it('is not there when the site has no signing key', async () => {
    const plain = await createTestRuntime()
    try {
      const answer = await post(event({ event: 'complained', recipient: 'someone@example.com' }), plain.app)
      expect(answer.statusCode).toBe(404)
    } finally {
      await plain.close()
    }
  })
})
