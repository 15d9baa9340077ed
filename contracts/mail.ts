/**
 * Mail on the wire: the addresses of the pages a message links to, the one-click unsubscribe (RFC 8058), and what
 * the console's outbox lists and shows.
 */
import { z } from 'zod'

/** The page a newsletter confirmation links to (?token=…). */
export const newsletterConfirmPath = '/newsletter/confirm'
/** The page a message's unsubscribe link opens (?token=…): one button, which posts the one-click unsubscribe. */
export const mailUnsubscribePath = '/mail/unsubscribe'
/** The one-click unsubscribe a mail client POSTs (List-Unsubscribe-Post), under the API's prefix. */
export const mailOneClickUnsubscribeApiPath = '/mail/unsubscribe'

export const MailErrorCode = {
  /** A confirmation or unsubscribe link that is wrong, cut short, or of a message that no longer exists. */
  linkInvalid: 'MAIL_LINK_INVALID',
  /** The console asked for an outbox message that is not there. */
  outboxMessageNotFound: 'OUTBOX_MESSAGE_NOT_FOUND',
} as const

/** A token from a link: a message or sign-up id and its signature. */
export const MailToken = z.string().trim().min(10).max(200)

export const MailTokenRequest = z.object({ token: MailToken })
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

export const OutboxListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})

export const OutboxMessageParams = z.object({ id: z.uuid() })

export interface NewsletterConfirmAnswer {
  confirmed: true
}

export interface UnsubscribeAnswer {
  unsubscribed: true
}
