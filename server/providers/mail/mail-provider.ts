/** Picks the mail adapter the configuration names (MAIL_PROVIDER). */
import type { MailConfig } from './mail.config.ts'
import type { MailMessage, MailSender } from './mail-sender.ts'
import { createOutboxMailSender } from './outbox-mail.ts'
import { createSmtpMailSender } from './smtp-mail.ts'

export function createMailSender(
  config: MailConfig,
  dependencies: { saveToOutbox(message: MailMessage & { from: string }): Promise<{ id: string }> },
): MailSender {
  if (config.provider === 'smtp') return createSmtpMailSender({ url: config.url, from: config.from })
  return createOutboxMailSender({ from: config.from, saveToOutbox: dependencies.saveToOutbox })
}
