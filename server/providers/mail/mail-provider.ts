/** Picks the mail adapter the configuration names (MAIL_PROVIDER). */
import { onFirstUse } from '#server/kernel/on-first-use.ts'
import type { MailConfig } from './mail.config.ts'
import type { MailMessage, MailSender } from './mail-sender.ts'
import { createOutboxMailSender } from './outbox-mail.ts'

export function createMailSender(
  config: MailConfig,
  dependencies: { saveToOutbox(message: MailMessage & { from: string }): Promise<{ id: string }> },
): MailSender {
  if (config.provider === 'smtp') return createLazySmtpMailSender({ url: config.url, from: config.from })
  return createOutboxMailSender({ from: config.from, saveToOutbox: dependencies.saveToOutbox })
}

/**
 * The SMTP adapter with nodemailer (some 650 kB of source) loaded with the first message: the processes that only
 * serve pages never hold it.
 */
function createLazySmtpMailSender(settings: { url: string; from: string }): MailSender {
  let loaded: MailSender | undefined
  const smtp = onFirstUse(() =>
    import('./smtp-mail.ts').then((module) => {
      loaded = module.createSmtpMailSender(settings)
      return loaded
    }),
  )
  return {
    name: 'smtp',
    send: async (message) => (await smtp()).send(message),
    close: () => loaded?.close?.(),
  }
}
