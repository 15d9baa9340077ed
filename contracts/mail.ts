/**
 * Mail on the wire: the link tokens, the one-click unsubscribe's answers (RFC 8058), and what the console's outbox
 * lists and shows. The addresses links lead to are in mail-links.ts, which pages import without zod. The schemas are marked pure, so a page that needs only the paths does not
 * pull zod in (ADR 0011).
 */
import { z } from 'zod'
import { Locale, Region } from './regions.ts'

export const MailErrorCode = {
  /** A confirmation or unsubscribe link that is wrong, cut short, or of a message that no longer exists. */
  linkInvalid: 'MAIL_LINK_INVALID',
  /** The console asked for an outbox message that is not there. */
  outboxMessageNotFound: 'OUTBOX_MESSAGE_NOT_FOUND',
  /** A delivery event from the mail provider that is malformed or not signed with the site's key. */
  eventInvalid: 'MAIL_EVENT_INVALID',
} as const

/** A token from a link: a message or sign-up id and its signature. */
export const MailToken = /* @__PURE__ */ z.string().trim().min(10).max(200)

export const MailTokenRequest = /* @__PURE__ */ z.object({ token: MailToken })
export type MailTokenRequest = z.infer<typeof MailTokenRequest>

export interface OutboxMessageSummary {
  id: string
  to: string
  subject: string
  createdAt: string
}

export interface OutboxMessageDetail extends OutboxMessageSummary {
  from: string
  messageId: string
  headers: Record<string, string>
  html: string
  text: string
}

export interface OutboxPage {
  rows: OutboxMessageSummary[]
  total: number
  page: number
  pageSize: number
}

export const OutboxListQuery = /* @__PURE__ */ z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

export const OutboxMessageParams = /* @__PURE__ */ z.object({ id: z.uuid() })

export interface NewsletterConfirmAnswer {
  confirmed: true
}

export interface UnsubscribeAnswer {
  unsubscribed: true
}

/*
 * The weekly digest in the console (editors and admins), under /api/console:
 *   GET  /digest/preview?locale=&region=   → DigestPreview (the coming issue, as that site's reader would get it)
 *   POST /digest/test                      DigestTestRequest → DigestSendAnswer (to the caller's own verified
 *                                          address, now; limited per staff member and hour)
 *   POST /digest/send                      → DigestSendAnswer (admins: this week's issue to every recipient, once;
 *                                          written to the audit log)
 * Roles, limits, error codes and the audit action: digest-rules.ts.
 *   GET  /digest/issues                    → DigestLog (each recent issue's counts, from the mail queue)
 */
export const DigestPreviewQuery = /* @__PURE__ */ z.object({
  locale: Locale.default('en'),
  region: Region.default('en'),
})

export const DigestTestRequest = /* @__PURE__ */ z.object({
  locale: Locale,
  region: Region,
})
export type DigestTestRequest = z.infer<typeof DigestTestRequest>

export interface DigestPreview {
  /** The issue's week: its Monday (YYYY-MM-DD) in the firm's time zone. */
  week: string
  subject: string
  html: string
  text: string
}

export interface DigestSendAnswer {
  week: string
  /** Messages queued by this request (0 when the week's issue had already gone to everyone). */
  queued: number
  /** A test's address: the caller's own verified one. */
  to?: string
}

export interface DigestIssueCounts {
  week: string
  queued: number
  /** Waiting for the sender (or being sent). */
  pending: number
  sent: number
  failed: number
  /** Skipped by the sender: the address bounced, complained or had left the list. */
  suppressed: number
  /** Recipients who left the list after the issue was queued. */
  unsubscribed: number
  firstQueuedAt: string | null
}

export interface DigestLog {
  /** When the next issue goes out (ISO instant) and its week. */
  nextIssueAt: string
  nextWeek: string
  issues: DigestIssueCounts[]
}
