/**
 * The SMTP adapter: nodemailer's SMTP transport, pooled, to the server SMTP_URL names. A 5xx answer is a permanent
 * failure (the queue stops trying and, for a refused recipient, suppresses the address); anything else — a 4xx,
 * a timeout, an unreachable server — is worth another try later.
 */
import nodemailer from 'nodemailer'
import { MailDeliveryError, type MailSender } from './mail-sender.ts'

export function createSmtpMailSender(settings: {
  url: string
  from: string
  timeoutMs?: number
}): MailSender {
  const timeout = settings.timeoutMs ?? 30_000
  const transport = nodemailer.createTransport({
    url: settings.url,
    pool: true,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // Tests and local relays offer self-signed STARTTLS; the URL's own TLS settings (smtps://) still verify.
    tls: { rejectUnauthorized: !/@?(127\.0\.0\.1|localhost)[:/]/.test(settings.url) },
    logger: false,
  })
  return {
    name: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: settings.from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: message.headers,
          messageId: message.messageId,
        })
        if (info.rejected.length > 0) throw new MailDeliveryError(true, { reason: 'recipient refused' })
        return { id: info.messageId }
      } catch (error) {
        if (error instanceof MailDeliveryError) throw error
        const { responseCode, code } = error as { responseCode?: number; code?: string }
        if (typeof responseCode === 'number') {
          throw new MailDeliveryError(responseCode >= 500, { responseCode, reason: 'refused' })
        }
        throw new MailDeliveryError(false, { reason: code === 'ETIMEDOUT' ? 'timeout' : 'unreachable' })
      }
    },
    close: () => transport.close(),
  }
}
