/**
 * Sending one email. Adapters: `outbox` (the embedded default: every message kept in a table the operator reads in
 * the console) and `smtp` (any provider that speaks SMTP, through nodemailer). Callers hand over a finished message
 * — both parts, every header; adapters decide only how it leaves, and never log its addresses or content.
 */
export interface MailMessage {
  to: string
  subject: string
  html: string
  text: string
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, …). */
  headers: Record<string, string>
  /** The Message-ID, the same on every attempt, so a receiver can tell a repeat from a new message. */
  messageId: string
}

export interface MailSender {
  readonly name: 'outbox' | 'smtp'
  /** Resolves once the server (or the outbox) accepted the message. */
  send(message: MailMessage): Promise<{ id: string }>
  close?(): void
}

/**
 * The server refused or could not be reached. `permanent` is a 5xx answer (the address does not exist, the message
 * is refused): retrying will not help. `detail` is safe to log: it never holds an address or the content.
 */
export class MailDeliveryError extends Error {
  override name = 'MailDeliveryError'
  readonly permanent: boolean
  readonly detail: { responseCode?: number; reason: string }

  constructor(permanent: boolean, detail: MailDeliveryError['detail']) {
    super(`mail not sent: ${detail.reason}${detail.responseCode ? ` (${detail.responseCode})` : ''}`)
    this.permanent = permanent
    this.detail = detail
  }
}
