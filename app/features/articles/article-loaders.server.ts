/**
 * What the article screens load, on the server, from the articles service in-process. The route modules stay
 * thin: they call these and draw. Headings are translated here because meta tags need them too.
 */
import { data } from 'react-router'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import type { RequestContext } from '#app/request-context.ts'
import {
  type ArticleDetail,
  ArticleErrorCode,
  type ArticleListAnswer,
  ArticleListQuery,
  type ArticleTag,
  type NamedStock,
  parseArticleReference,
  searchStocksMax,
  type TopicSummary,
} from '#contracts/articles.ts'
import { isServiceError } from '#contracts/service-error.ts'
import { filterOfListing, type Listing, listingOfPath, pageOfSearchParams } from './article-listing.ts'

export interface ArticleListData {
  listing: Listing
  page: number
  answer: ArticleListAnswer | null
  heading: string
  description: string
  eyebrow: string | null
  tag: ArticleTag | null
  topic: TopicSummary | null
  /** Search screens are not indexed. */
  isSearch: boolean
  /** This address searched more than SEARCH_RATE_PER_MINUTE times in the last minute: no results this time. */
  isRateLimited: boolean
  /** When rate-limited, the seconds until this address may search again (also sent as `retry-after`). */
  retryAfterSeconds: number | null
  /** A keyword search's first page: the stocks the keyword names, shown above the articles. */
  stocks: NamedStock[]
}

/** Keyword searches per client address and minute, on the pages as on the API (one shared count per process set). */
async function checkSearchLimit({ services, config, clientIp }: RequestContext) {
  const { hits, ttlMs } = await services.rateLimiter.hit(`search-page:${clientIp}`, 60_000)
  return hits <= config.searchRatePerMinute
    ? { isRateLimited: false, retryAfterSeconds: null }
    : { isRateLimited: true, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) }
}

function notFound(): never {
  throw data({ reason: 'not-found' }, { status: 404 })
}

export async function loadArticleList(context: RequestContext, request: Request) {
  const url = new URL(request.url)
  const listing = listingOfPath(url.pathname, url.searchParams)
  if (!listing) notFound()
  const { services, locale } = context
  const t = getServerTranslator(locale).getFixedT(locale, 'articles')
  const page = pageOfSearchParams(url.searchParams)
  const filter = filterOfListing(listing, page)
  const { isRateLimited, retryAfterSeconds } = filter?.keyword
    ? await checkSearchLimit(context)
    : { isRateLimited: false, retryAfterSeconds: null }
  const [answer, topic, tag, stocks] = await Promise.all([
    filter && !isRateLimited ? services.articles.findArticles(ArticleListQuery.parse(filter), locale) : null,
    listing.kind === 'topic' ? services.articles.findTopic(listing.slug, locale) : null,
    listing.kind === 'search' && listing.tag ? services.articles.findTag(listing.tag, locale) : null,
    listing.kind === 'search' && filter?.keyword && !isRateLimited && page === 1
      ? services.articles.findNamedStocks(listing.keyword, locale, searchStocksMax)
      : [],
  ])
  const result: ArticleListData = {
    listing,
    page,
    answer,
    heading: '',
    description: '',
    eyebrow: null,
    tag: tag ?? null,
    topic: topic ?? null,
    isSearch: listing.kind === 'search',
    isRateLimited,
    retryAfterSeconds,
    stocks,
  }
  switch (listing.kind) {
    case 'all':
    case 'analysis':
    case 'recommendations':
      result.heading = t(`lists.${listing.kind}.title`)
      result.description = t(`lists.${listing.kind}.description`)
      break
    case 'market': {
      const market = t(`markets.${listing.market}`)
      result.heading = market
      result.description = t('lists.market.description', { market })
      break
    }
    case 'topic':
      if (!topic) notFound()
      result.heading = topic.name
      result.description = topic.description
      result.eyebrow = t('lists.topic.eyebrow')
      break
    case 'search':
      if (tag) result.heading = t('lists.search.titleWithTag', { tag: tag.v })
      else if (listing.keyword)
        result.heading = t('lists.search.title', { keyword: listing.keyword.slice(0, 100) })
      // /search with no keyword yet: the page asks for one, and its title says what it is.
      else result.heading = t('lists.search.titleWithoutKeyword')
      result.description = listing.keyword
        ? t('meta.searchDescription', { keyword: listing.keyword.slice(0, 100) })
        : t('meta.searchPromptDescription')
      if (listing.isTooLong && !tag) return data(result, { status: 400 })
      if (isRateLimited) {
        return data(result, { status: 429, headers: { 'retry-after': String(retryAfterSeconds) } })
      }
      break
  }
  return result
}

export type ArticleDetailData =
  | { state: 'published' | 'empty'; article: ArticleDetail }
  | { state: 'deleted' | 'taken-down'; article: null; title: string }

/**
 * An article by key or id; deleted and taken down are 410 screens, anything else unreadable the 404 variant.
 * `previewToken` (a console preview link's `?preview=`): an unpublished article reads as published, for this
 * reader only (never cached, never indexed); a token that does not open it changes nothing.
 */
export async function loadArticleDetail(
  context: RequestContext,
  detail: string | undefined,
  previewToken?: string | undefined,
) {
  const reference = parseArticleReference(detail ?? '')
  if (!reference) throw data({ reason: 'content-missing' }, { status: 404 })
  const t = getServerTranslator(context.locale).getFixedT(context.locale, 'articles')
  try {
    if (previewToken) {
      const article = await context.services.articles.previewArticle(reference, context.locale, previewToken)
      return data<ArticleDetailData>(
        { state: article.contentState, article },
        { headers: { 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' } },
      )
    }
    const article = await context.services.articles.getArticle(reference, context.locale)
    return { state: article.contentState, article } satisfies ArticleDetailData as ArticleDetailData
  } catch (error) {
    const code = isServiceError(error) ? error.code : undefined
    if (code === ArticleErrorCode.deleted) {
      return data<ArticleDetailData>(
        { state: 'deleted', article: null, title: t('states.deleted') },
        { status: 410 },
      )
    }
    if (code === ArticleErrorCode.takenDown) {
      return data<ArticleDetailData>(
        { state: 'taken-down', article: null, title: t('states.takenDown') },
        { status: 410 },
      )
    }
    if (code === ArticleErrorCode.notFound) throw data({ reason: 'content-missing' }, { status: 404 })
    throw error
  }
}
