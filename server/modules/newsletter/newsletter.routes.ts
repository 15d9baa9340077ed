import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { regionFromHostname } from '#contracts/regions.ts'
import { SubscribeEmailRequest } from '#contracts/site.ts'
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
}
