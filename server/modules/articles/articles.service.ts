/**
 * What readers may see of the catalogue, and how they find it: lists by kind, topic, market and tag; keyword
 * search in English and Chinese; suggestions while typing; an article by key or id with its related articles; the
 * home page's sections; the titles the header menu shows; the sitemap and feeds.
 *
 * Decides: only published articles with a body in the reader's language are listed or searched; a published
 * article without a body reads as 'empty'; drafts do not exist for readers; deleted and taken-down articles are
 * gone (AppError 'gone' with their own codes). Leaves to others: how text becomes index terms (search-text/),
 * how reads are counted (the tracking module, through `recentArticleViews`), and every word of the page.
 */
import {
  type ArticleDetail,
  ArticleErrorCode,
  type ArticleListAnswer,
  type ArticleListQuery,
  type ArticleReference,
  type ArticleState,
  type ArticleSummary,
  articlePageMax,
  type HomeSections,
} from '#contracts/articles.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { normalizeCode } from '#server/providers/market-data/universe.ts'
import { type ArticleChanges, createArticleChanges } from './article-changes.ts'
import {
  type countListedByMarket,
  countStockMentionsSince,
  selectListedTitlesByKey,
  selectNewestArticlePerStock,
  selectSitemapArticles,
} from './article-counts.repo.ts'
import { readPreviewToken } from './article-preview-tokens.ts'
import { buildKeywordQuery } from './article-search-queries.ts'
import { createArticleSections } from './article-sections.ts'
import { createArticleSuggestions, type FindStockCandidates } from './article-suggestions.ts'
import { type Catalog, toSummary } from './article-summaries.ts'
import { selectExistingArticleKeys, updateArticleState } from './article-writes.repo.ts'
import {
  countListedArticles,
  type ListFilter,
  searchListedArticles,
  selectArticleByReference,
  selectAuthors,
  selectListedArticles,
  selectRelatedArticles,
  selectTags,
  selectTopics,
} from './articles.repo.ts'
import { createExpiringCache } from './expiring-cache.ts'
import { highlightSnippet } from './search-text/search-snippet.ts'

export interface ArticlesServiceDependencies {
  db: Db
  now?: () => number
  /** Reads per article id over the last days (the tracking module); absent, hot topics rank by articles alone. */
  recentArticleViews?: () => Promise<Map<number, number>>
  /** The stocks lookup; absent, searches name no stocks. */
  findStockCandidates?: FindStockCandidates
  /**
   * How long catalogue data (topics, tags, counts, home sections, lists and articles as read) is reused when no
   * change is announced; tests set 0.
   */
  cacheMillis?: number
  /** Word of changes between processes (article-changes.ts); absent, changes are heard within this process only. */
  changes?: ArticleChanges
  /** The key preview links are signed with (AUTH_SECRET); absent, no preview link opens anything. */
  previewSecret?: string
}

const relatedLimit = 4
const snippetLength = 160
const sitemapLimit = 45_000

/**
 * The service: lists and search, an article as read or previewed, menus, sitemap, feeds and announced changes,
 * here; suggestions (article-suggestions.ts) and the catalogue's sections (article-sections.ts) composed over the
 * same catalogue and caches, which an announced change clears.
 */
/** An article as a list of stocks names it: its key (for its address), title in one language, listing time. */
export interface NewestArticle {
  key: string
  title: string
  publishedAt: string
}

export function createArticlesService({
  db,
  now = () => Date.now(),
  recentArticleViews,
  findStockCandidates,
  cacheMillis = 60_000,
  changes = createArticleChanges(),
  previewSecret,
}: ArticlesServiceDependencies) {
  const catalogCache = createExpiringCache<Catalog>(now, cacheMillis)
  const countCache = createExpiringCache<Map<string, number>>(now, cacheMillis)
  const listTotalCache = createExpiringCache<number>(now, cacheMillis)
  const marketCountCache = createExpiringCache<Awaited<ReturnType<typeof countListedByMarket>>>(
    now,
    cacheMillis,
  )
  const homeCache = createExpiringCache<HomeSections>(now, Math.min(cacheMillis, 30_000))
  // What every page view of a list or an article reads: kept per process until a change is announced (PGlite
  // answers one query at a time, in the same thread as the render).
  const listCache = createExpiringCache<ArticleListAnswer>(now, cacheMillis)
  const articleCache = createExpiringCache<ArticleDetail>(now, cacheMillis)
  const caches = [
    catalogCache,
    countCache,
    listTotalCache,
    marketCountCache,
    homeCache,
    listCache,
    articleCache,
  ]
  changes.subscribe(() => {
    for (const cache of caches) cache.clear()
  })

  function loadCatalog(): Promise<Catalog> {
    return catalogCache('catalog', async () => {
      const [topics, tags, authors] = await Promise.all([selectTopics(db), selectTags(db), selectAuthors(db)])
      return {
        topics,
        topicBySlug: new Map(topics.map((topic) => [topic.slug, topic])),
        tagByKey: new Map(tags.map((tag) => [tag.key, tag])),
        authorByKey: new Map(authors.map((author) => [author.key, author])),
      }
    })
  }

  const { findNamedStocks, suggestArticles } = createArticleSuggestions({
    db,
    findStockCandidates,
    loadCatalog,
    countCache,
  })
  const { listCountries, listTopics, findTopic, findTag, listHomeSections } = createArticleSections({
    db,
    recentArticleViews,
    loadCatalog,
    countCache,
    marketCountCache,
    homeCache,
  })

  function filterOf(
    query: Pick<ArticleListQuery, 'kind' | 'topic' | 'country' | 'tag'>,
    locale: Locale,
  ): ListFilter {
    return { locale, kind: query.kind, topicSlug: query.topic, market: query.country, tagKey: query.tag }
  }

  /** Lists (newest first) or, with a keyword, searches (most relevant first, then newest: ADR 0007). */
  async function findArticles(query: ArticleListQuery, locale: Locale): Promise<ArticleListAnswer> {
    const catalog = await loadCatalog()
    const filter = filterOf(query, locale)
    const page = { limit: query.pageSize, offset: (query.page - 1) * query.pageSize }
    const empty = { rows: [], total: 0, hasMore: false, page: query.page, pageSize: query.pageSize }
    if (query.keyword) {
      const matchQuery = buildKeywordQuery(query.keyword, locale)
      if (!matchQuery) return empty
      const search = { ...filter, matchQuery }
      const { rows, hasMore, matched } = await searchListedArticles(db, search, page)
      const keyword = query.keyword
      return {
        ...empty,
        total: matched,
        hasMore,
        rows: rows.map((row) => ({
          ...toSummary(row, locale, catalog),
          snippet: highlightSnippet(row.bodyText, keyword, locale, snippetLength),
        })),
      }
    }
    return listCache(JSON.stringify([filter, page]), async () => {
      // A list's size changes only when an article is published or withdrawn: counted once a minute at most.
      const cap = articlePageMax * query.pageSize
      const [rows, total] = await Promise.all([
        selectListedArticles(db, filter, page),
        listTotalCache(JSON.stringify([filter, cap]), () => countListedArticles(db, filter, cap)),
      ])
      return {
        ...empty,
        total,
        hasMore: page.offset + rows.length < total,
        rows: rows.map((row) => toSummary(row, locale, catalog)),
      }
    })
  }

  /** An article for reading, or why it cannot be read (not kept: a reader may ask again at once). */
  function getArticle(reference: ArticleReference, locale: Locale): Promise<ArticleDetail> {
    const name = 'id' in reference ? `id:${reference.id}` : `key:${reference.key}`
    return articleCache(`${locale}:${name}`, () => readArticle(reference, locale))
  }

  /**
   * `previewOf`: the article a preview link opens (article-preview-tokens.ts): then a draft, scheduled or taken-down
   * article reads as it would once published (a deleted one stays gone), with the time of reading as its date when
   * it has none yet.
   */
  async function readArticle(
    reference: ArticleReference,
    locale: Locale,
    previewOf?: number,
  ): Promise<ArticleDetail> {
    const row = await selectArticleByReference(db, reference)
    const isPreview = row !== undefined && row.id === previewOf && row.state !== 'deleted'
    if (!row || (!isPreview && (row.state === 'draft' || row.state === 'scheduled')))
      throw new AppError('not_found', ArticleErrorCode.notFound)
    if (row.state === 'deleted') throw new AppError('gone', ArticleErrorCode.deleted)
    if (row.state === 'taken_down' && !isPreview) throw new AppError('gone', ArticleErrorCode.takenDown)
    const version = row.translations.find((translation) => translation.locale === locale)
    const publishedAt = row.publishedAt ?? (isPreview ? new Date(now()) : null)
    if (!version || !publishedAt) throw new AppError('not_found', ArticleErrorCode.notFound)
    const catalog = await loadCatalog()
    const related = await selectRelatedArticles(db, {
      articleId: row.id,
      locale,
      topicSlug: row.topicSlug,
      tagKeys: row.tagKeys,
      limit: relatedLimit,
    })
    const author = catalog.authorByKey.get(row.authorKey)
    const summary = toSummary(
      { ...row, publishedAt, title: version.title, summary: version.summary },
      locale,
      catalog,
    )
    return {
      ...summary,
      ...(version.seoTitle ? { seoTitle: version.seoTitle } : {}),
      ...(version.seoDescription ? { seoDescription: version.seoDescription } : {}),
      ...(isPreview && row.state !== 'published' ? { isUnpublishedPreview: true as const } : {}),
      contentState: version.hasBody ? 'published' : 'empty',
      bodyHtml: version.hasBody ? version.bodyHtml : '',
      author: {
        key: row.authorKey,
        name: author?.name[locale] ?? row.authorKey,
        bio: author?.bio[locale] ?? '',
      },
      stocks: row.stocks,
      related: related.map((item) => toSummary(item, locale, catalog)),
      locales: row.translations
        .filter((translation) => translation.hasBody)
        .map((translation) => translation.locale),
    }
  }

  /**
   * An article as a preview link shows it (not kept: an editor previews what they just saved). A token that is not
   * genuine, has expired or opens another article is ignored: the article then reads as it would for anyone.
   */
  function previewArticle(
    reference: ArticleReference,
    locale: Locale,
    token: string,
  ): Promise<ArticleDetail> {
    const articleId = previewSecret ? readPreviewToken(previewSecret, token, new Date(now())) : undefined
    if (articleId === undefined) return getArticle(reference, locale)
    return readArticle(reference, locale, articleId)
  }

  /** Which of these keys name an article, in any state (the console checks a menu group's choices with it). */
  function findExistingArticleKeys(keys: string[]): Promise<Set<string>> {
    return selectExistingArticleKeys(db, keys)
  }

  /** Titles of these articles in one language, for menus; articles not readable in it are left out. */
  function findArticleTitles(keys: string[], locale: Locale): Promise<Map<string, string>> {
    return selectListedTitlesByKey(db, keys, locale)
  }

  function listSitemapArticles() {
    return selectSitemapArticles(db, sitemapLimit)
  }

  /** Published articles naming each stock since an instant, keyed `market:code` (hot-stock heat counts them). */
  async function countStockMentions(since: Date): Promise<Map<string, number>> {
    const rows = await countStockMentionsSince(db, since)
    const counts = new Map<string, number>()
    for (const row of rows) {
      const key = `${row.market}:${normalizeCode(row.market, row.code)}`
      counts.set(key, (counts.get(key) ?? 0) + Number(row.articles))
    }
    return counts
  }

  /**
   * The newest article readable in one language about each of these stocks, keyed `market:code` (the watchlist's
   * column); stocks no article names are absent. One query for any number of stocks.
   */
  async function findNewestArticlesAbout(
    stocks: readonly { market: Market; code: string }[],
    locale: Locale,
  ): Promise<Map<string, NewestArticle>> {
    const wanted = new Set(stocks.map((s) => `${s.market}:${s.code}`))
    const newest = new Map<string, NewestArticle>()
    if (wanted.size === 0) return newest
    const rows = await selectNewestArticlePerStock(db, [...new Set(stocks.map((s) => s.market))], locale)
    for (const row of rows) {
      const key = `${row.market}:${normalizeCode(row.market, row.code)}`
      if (!wanted.has(key)) continue
      const known = newest.get(key)
      if (known && known.publishedAt >= row.listedAt.toISOString()) continue
      newest.set(key, { key: row.key, title: row.title, publishedAt: row.listedAt.toISOString() })
    }
    return newest
  }

  /** The newest articles of one language, for its feed. */
  async function listFeedArticles(locale: Locale, limit: number): Promise<ArticleSummary[]> {
    const catalog = await loadCatalog()
    return (await selectListedArticles(db, { locale }, { limit, offset: 0 })).map((row) =>
      toSummary(row, locale, catalog),
    )
  }

  /**
   * Publishes, takes down, deletes or restores an article, and tells every process (article-changes.ts), whose
   * caches and page caches drop what they hold. False when there is no article of that key.
   */
  async function changeArticleState(key: string, state: ArticleState): Promise<boolean> {
    const changed = await updateArticleState(db, key, state)
    if (changed) await announceArticleChange([key])
    return changed
  }

  /**
   * Tells every process that these articles (by key; none named = any) changed in the database, so what readers
   * see of them is read again: for whoever writes articles other than through this service.
   */
  function announceArticleChange(keys: string[] = []): Promise<void> {
    return changes.publish({ keys })
  }

  /** Hears every announced change, of this process or another; returns the function that stops listening. */
  function onArticlesChanged(listener: (keys: string[]) => void): () => void {
    return changes.subscribe((change) => listener(change.keys))
  }

  return {
    findArticles,
    getArticle,
    previewArticle,
    changeArticleState,
    announceArticleChange,
    onArticlesChanged,
    suggestArticles,
    findNamedStocks,
    listCountries,
    listTopics,
    findTopic,
    findTag,
    listHomeSections,
    findArticleTitles,
    findExistingArticleKeys,
    listSitemapArticles,
    listFeedArticles,
    countStockMentions,
    findNewestArticlesAbout,
  }
}

export type ArticlesService = ReturnType<typeof createArticlesService>
