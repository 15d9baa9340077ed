import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { SiteTextQuery } from '#contracts/site.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { SiteTextsService } from './site-texts.service.ts'

export function registerSiteTextsRoutes(api: FastifyInstance, siteTexts: SiteTextsService): void {
  api.get('/text', async (request) => {
    const { key } = SiteTextQuery.parse(request.query)
    return ok(await siteTexts.getSiteText(key, requestLocale(request)))
  })
}
