import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { MailErrorCode, MailTokenRequest, type NewsletterConfirmAnswer } from '#contracts/mail.ts'
import { regionFromHostname } from '#contracts/regions.ts'
import { SubscribeEmailRequest } from '#contracts/site.ts'
import { AppError } from '#server/http/app-error.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { NewsletterService } from './newsletter.service.ts'

export function registerNewsletterRoutes(
  api: FastifyInstance,
  newsletter: NewsletterService,
  limits: { perTenMinutes: number },
): void {
  api.post(
    '/home/subEmail',
    { config: { rateLimit: { max: limits.perTenMinutes, timeWindow: '10 minutes' } } },
    async (request) => {
      const signup = SubscribeEmailRequest.parse(request.body ?? {})
      const reader = { locale: requestLocale(request), region: regionFromHostname(request.hostname) }
      return ok(await newsletter.subscribeEmail(signup, reader))
    },
  )

  // The confirmation link's page posts its token here (double opt-in).
  api.post(
    '/newsletter/confirm',
    { config: { rateLimit: { max: limits.perTenMinutes, timeWindow: '10 minutes' } } },
    async (request) => {
      const { token } = MailTokenRequest.parse(request.body ?? {})
      if ((await newsletter.confirmSignup(token)) !== 'confirmed')
        throw new AppError('invalid', MailErrorCode.linkInvalid)
      return ok<NewsletterConfirmAnswer>({ confirmed: true })
    },
  )
}
