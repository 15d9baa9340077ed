/**
 * Delivery events a mail provider posts back (issue 26: "an address that bounces or complains is suppressed"). A
 * refusal during the SMTP conversation is seen by the sender itself (a 5xx suppresses at once, mail.service.ts);
 * a bounce that comes later, from the recipient's server, and a spam complaint reach only the provider, which
 * reports them to a webhook. This reads Mailgun's webhook format (also what several SMTP relays offer), whose
 * signature can be checked without calling anyone: `signature.signature` is the HMAC-SHA256, keyed with the
 * webhook signing key, of `timestamp` followed by `token` (https://documentation.mailgun.com, "Securing Webhooks").
 *
 * Only what ends mail to an address counts: a permanent failure (`failed`, severity `permanent`) is a bounce, a
 * `complained` event a complaint. Temporary failures are the queue's to retry; deliveries, opens and clicks are
 * not recorded (nothing personal is kept beyond the suppression).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

/** How old a signed event may be (the provider posts at once and retries for hours; a replay is harmless). */
export const maxEventAgeSeconds = 24 * 60 * 60

export const MailgunEvent = z.object({
  signature: z.object({
    timestamp: z.string().regex(/^\d{1,12}$/),
    token: z.string().min(10).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  'event-data': z.looseObject({
    event: z.string().max(50),
    severity: z.string().max(50).optional(),
    recipient: z.string().max(320).optional(),
  }),
})
export type MailgunEvent = z.infer<typeof MailgunEvent>

/** The signature Mailgun puts on an event (tests sign their fixtures with it). */
export function mailgunSignatureOf(signingKey: string, timestamp: string, token: string): string {
  return createHmac('sha256', signingKey).update(timestamp).update(token).digest('hex')
}

/** Whether the event was signed with the key, recently enough. */
export function isSignedEvent(event: MailgunEvent, signingKey: string, nowMs: number): boolean {
  const { timestamp, token, signature } = event.signature
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > maxEventAgeSeconds) return false
  const expected = Buffer.from(mailgunSignatureOf(signingKey, timestamp, token), 'hex')
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected)
}

/** The suppression an event asks for, or null when it does not end mail to anyone. */
export function suppressionOf(
  event: MailgunEvent,
): { address: string; reason: 'bounce' | 'complaint' } | null {
  const data = event['event-data']
  const address = data.recipient?.trim().toLowerCase()
  if (!address?.includes('@')) return null
  if (data.event === 'failed' && data.severity === 'permanent') return { address, reason: 'bounce' }
  if (data.event === 'complained') return { address, reason: 'complaint' }
  return null
}
