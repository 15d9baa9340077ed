/**
 * The embedded mail adapter, the default: every message is kept in the outbox table (server/modules/mail), where the
 * operator reads it in the console — nothing is silently dropped, and nothing leaves the machine. Refused at boot
 * when APP_ENV=production unless MAIL_OUTBOX_IN_PRODUCTION allows it (mail.config.ts).
 */
import type { MailMessage, MailSender } from './mail-sender.ts'

export function createOutboxMailSender({
  from,
  saveToOutbox,
}: {
  from: string
  /** Keeps the message; a second save of one Message-ID keeps the first (a retried send is not a second mail). */
  saveToOutbox(message: MailMessage & { from: string }): Promise<{ id: string }>
}): MailSender {
  return {
    name: 'outbox',
    send: (message) => saveToOutbox({ ...message, from }),
  }
}
