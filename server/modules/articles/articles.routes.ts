import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ArticleDetailQuery, ArticleListQuery, SuggestQuery } from '#contracts/articles.ts'
import { ok } from '#contracts/envelope.ts'
import { regionFromHostname, regionSettings } from '#contracts/regions.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { ArticlesService } from './articles.service.ts'

export function registerArticlesRoutes(
  api: FastifyInstance,
  articles: ArticlesService,
  limits: { searchPerMinute: number },
): void {
  // Browsing a list is cheap and cached; a keyword search is not: only searches count against the limit.
  const searchLimit = {
    rateLimit: {
      max: limits.searchPerMinute,
      timeWindow: '1 minute',
      allowList: (request: FastifyRequest) => !(request.query as { keyword?: unknown } | undefined)?.keyword,
    },
  }
  api.get('/article/list', { config: searchLimit }, async (request) =>
    ok(await articles.findArticles(ArticleListQuery.parse(request.query ?? {}), requestLocale(request))),
  )

  api.get('/analy/list', { config: searchLimit }, async (request) => {
    const query = ArticleListQuery.parse({ ...(request.query as object), kind: 'analysis' })
    return ok(await articles.findArticles(query, requestLocale(request)))
  })

  api.get('/article', async (request) =>
    ok(await articles.getArticle(ArticleDetailQuery.parse(request.query ?? {}), requestLocale(request))),
  )

  // Typing fires one call per pause; the default 120 a minute is generous for a reader and stops a scraper.
  api.get(
    '/article/suggest',
    { config: { rateLimit: { max: limits.searchPerMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const { searchValue } = SuggestQuery.parse(request.query ?? {})
      return ok(await articles.suggestArticles(searchValue, requestLocale(request)))
    },
  )

  api.get('/country/list', async (request) => ok(await articles.listCountries(requestLocale(request))))

  api.get('/topic/list', async (request) => ok(await articles.listTopics(requestLocale(request))))

  api.get('/home/list', async (request) => {
    const region = regionFromHostname(request.hostname)
    return ok(await articles.listHomeSections(requestLocale(request), regionSettings[region].defaultMarket))
  })
}
