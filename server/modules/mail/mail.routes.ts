/**
 * The provider's delivery events (`POST /mail/events`, when MAIL_EVENTS_SIGNING_KEY is set): a signed bounce or
 * complaint suppresses the address (server/providers/mail/mailgun-events.ts). A wrong or old signature is refused
 * with nothing changed; an event that ends no mail is acknowledged and ignored, so the provider stops retrying it.
 *
 * The one-click unsubscribe of RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` (form-encoded, or
 * multipart) to the URL of the message's List-Unsubscribe header, without cookies or an Origin; the unsubscribe
 * page's button posts the same URL. The token in the URL is all that counts; the body is read and ignored.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { MailErrorCode, MailTokenRequest, type UnsubscribeAnswer } from '#contracts/mail.ts'
import { mailOneClickUnsubscribeApiPath } from '#contracts/mail-links.ts'
import { AppError } from '#server/http/app-error.ts'
import { isSignedEvent, MailgunEvent, suppressionOf } from '#server/providers/mail/mailgun-events.ts'
import type { MailService } from './mail.service.ts'

export const mailEventsApiPath = '/mail/events'

export function registerMailRoutes(
  api: FastifyInstance,
  mail: Pick<MailService, 'unsubscribe' | 'suppressAddress'>,
  options: { perMinute: number; eventsSigningKey: string | null; now?: () => number },
): void {
  const limits = options
  const now = options.now ?? Date.now
  const { eventsSigningKey } = options
  if (eventsSigningKey) {
    api.post(
      mailEventsApiPath,
      { config: { rateLimit: { max: limits.perMinute, timeWindow: '1 minute' } } },
      async (request) => {
        const parsed = MailgunEvent.safeParse(request.body)
        if (!parsed.success) throw new AppError('invalid', MailErrorCode.eventInvalid)
        if (!isSignedEvent(parsed.data, eventsSigningKey, now()))
          throw new AppError('forbidden', MailErrorCode.eventInvalid)
        const suppression = suppressionOf(parsed.data)
        if (suppression) {
          await mail.suppressAddress(suppression.address, suppression.reason)
          // The reason, never the address (the log rule of this module).
          request.log.info({ reason: suppression.reason }, 'mail address suppressed by a provider event')
        }
        return ok({ suppressed: suppression !== null })
      },
    )
  }
  api.register(async (scope) => {
    // What mail clients send; the body says nothing the URL does not.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    )
    scope.post(
      mailOneClickUnsubscribeApiPath,
      { config: { rateLimit: { max: limits.perMinute, timeWindow: '1 minute' } } },
      async (request) => {
        const { token } = MailTokenRequest.parse(request.query ?? {})
        if (!(await mail.unsubscribe(token))) throw new AppError('invalid', MailErrorCode.linkInvalid)
        return ok<UnsubscribeAnswer>({ unsubscribed: true })
      },
    )
  })
}
