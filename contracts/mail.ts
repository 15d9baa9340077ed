/**
 * Mail on the wire: the link tokens, the one-click unsubscribe's answers (RFC 8058), and what the console's outbox
 * lists and shows. The addresses links lead to are in mail-links.ts, which pages import without zod. The schemas are marked pure, so a page that needs only the paths does not
 * pull zod in (ADR 0011).
 */
import { z } from 'zod'

export const MailErrorCode = {
  /** A confirmation or unsubscribe link that is wrong, cut short, or of a message that no longer exists. */
  linkInvalid: 'MAIL_LINK_INVALID',
  /** The console asked for an outbox message that is not there. */
  outboxMessageNotFound: 'OUTBOX_MESSAGE_NOT_FOUND',
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
