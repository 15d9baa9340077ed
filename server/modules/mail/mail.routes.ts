/**
 * The one-click unsubscribe of RFC 8058: a mail client POSTs `List-Unsubscribe=One-Click` (form-encoded, or
 * multipart) to the URL of the message's List-Unsubscribe header, without cookies or an Origin; the unsubscribe
 * page's button posts the same URL. The token in the URL is all that counts; the body is read and ignored.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { MailErrorCode, MailTokenRequest, type UnsubscribeAnswer } from '#contracts/mail.ts'
import { mailOneClickUnsubscribeApiPath } from '#contracts/mail-links.ts'
import { AppError } from '#server/http/app-error.ts'
import type { MailService } from './mail.service.ts'

export function registerMailRoutes(
  api: FastifyInstance,
  mail: Pick<MailService, 'unsubscribe'>,
  limits: { perMinute: number },
): void {
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
