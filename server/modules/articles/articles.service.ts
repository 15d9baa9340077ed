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
  type ArticleTag,
  articlePageMax,
  type CountrySummary,
  type HomeSections,
  type HotTopic,
  type NamedStock,
  type SuggestAnswer,
  suggestedStocksMax,
  suggestionRowsMax,
  type TopicSummary,
  tagSuggestionsMax,
} from '#contracts/articles.ts'
import { type Locale, type Market, markets } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { normalizeCode, normalizeName } from '#server/providers/market-data/universe.ts'
import { type ArticleChanges, createArticleChanges } from './article-changes.ts'
import {
  countListedByMarket,
  countListedByTag,
  countListedByTopic,
  countStockMentionsSince,
  selectListedTitlesByKey,
  selectSitemapArticles,
  selectTopicsOfArticles,
} from './article-counts.repo.ts'
import { marketNames } from './article-markets.ts'
import { readPreviewToken } from './article-preview-tokens.ts'
import { buildKeywordQuery, buildSuggestionQuery } from './article-search-queries.ts'
import { selectExistingArticleKeys, updateArticleState } from './article-writes.repo.ts'
import {
  type ArticleListRow,
  type AuthorRow,
  countListedArticles,
  type ListFilter,
  searchListedArticles,
  selectArticleByReference,
  selectAuthors,
  selectListedArticles,
  selectRelatedArticles,
  selectTags,
  selectTitleSuggestions,
  selectTopics,
  type TagRow,
  type TopicRow,
} from './articles.repo.ts'

import { highlightSnippet } from './search-text/search-snippet.ts'
import { foldSearchText } from './search-text/search-terms.ts'

/** A company the stocks module finds for a text, best first, and how it matched (its diagnosis autocomplete). */
export interface StockCandidate extends NamedStock {
  matchedBy: 'code' | 'name' | 'alias' | 'fuzzy' | null
  matchedText: string | null
}

/** Companies a text may name, best first (the stocks module answers: `listAiScores` with `q`). */
export type FindStockCandidates = (text: string, locale: Locale) => Promise<readonly StockCandidate[]>

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

interface Catalog {
  topics: TopicRow[]
  topicBySlug: Map<string, TopicRow>
  tagByKey: Map<string, TagRow>
  authorByKey: Map<string, AuthorRow>
}

const relatedLimit = 4
const snippetLength = 160
const sitemapLimit = 45_000

/**
 * Whether a candidate is named by the text rather than merely resembling it: an exact code, name or alias, or a
 * name with a word starting with the text (Latin, two characters or more: "app" → Apple, "bank" → Bank of
 * China) or containing it (Chinese, Japanese, Korean: 騰 → 騰訊). Trigram look-alikes ("inflation" → SK
 * Innovation) suit the diagnosis box, where the reader is naming a stock, not a search for articles.
 */
export function isNamedBy(candidate: StockCandidate, text: string): boolean {
  if (candidate.matchedBy && candidate.matchedBy !== 'fuzzy') return true
  const needle = normalizeName(text)
  const names = [candidate.matchedText ?? '', candidate.nameEn, candidate.nameZh].map(normalizeName)
  if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(needle))
    return names.some((name) => name.includes(needle))
  if (needle.length < 2) return false
  return names.some((name) => name.startsWith(needle) || name.includes(` ${needle}`))
}

/** Keys a cache holds at most: keys come from readers' queries (a tag, a page), so they must not grow unbounded. */
const cacheKeysMax = 2_000

/**
 * A small cache of one value per key that expires; enough for data that changes on an editor's schedule. `clear`
 * forgets everything (an announced change); a load begun before it is not kept after it.
 */
function createExpiringCache<T>(now: () => number, ttlMillis: number) {
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>()
  const read = (key: string, load: () => Promise<T>): Promise<T> => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt > now()) return entry.value
    if (!entry && entries.size >= cacheKeysMax) entries.clear()
    const value = load()
    const stored = { value, expiresAt: now() + ttlMillis }
    entries.set(key, stored)
    // A failed load must not be remembered.
    value.catch(() => {
      if (entries.get(key) === stored) entries.delete(key)
    })
    return value
  }
  return Object.assign(read, { clear: () => entries.clear() })
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

  function toSummary(row: ArticleListRow, locale: Locale, catalog: Catalog): ArticleSummary {
    const topic = catalog.topicBySlug.get(row.topicSlug)
    const author = catalog.authorByKey.get(row.authorKey)
    return {
      articleId: row.id,
      key: row.key,
      title: row.title,
      summary: row.summary,
      coverUrl: row.coverUrl,
      ...(row.coverImage ? { coverImage: row.coverImage } : {}),
      kind: row.kind,
      topic: { slug: row.topicSlug, name: topic?.name[locale] ?? row.topicSlug },
      country: row.market,
      author: { key: row.authorKey, name: author?.name[locale] ?? row.authorKey },
      tags: toTags(row.tagKeys, locale, catalog),
      publishedAt: row.publishedAt.toISOString(),
      updatedAt: row.contentUpdatedAt?.toISOString() ?? null,
    }
  }

  function toTags(keys: readonly string[], locale: Locale, catalog: Catalog): ArticleTag[] {
    return keys.map((key) => ({ k: key, v: catalog.tagByKey.get(key)?.text[locale] ?? key }))
  }

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

  /**
   * Stocks the text names by code or name in either language (`isNamedBy`), best first, with the name in the
   * reader's language: the header's suggestions and the block above keyword search results.
   */
  async function findNamedStocks(text: string, locale: Locale, limit: number): Promise<NamedStock[]> {
    const trimmed = text.trim()
    if (!findStockCandidates || !trimmed) return []
    const candidates = await findStockCandidates(trimmed, locale)
    return candidates
      .filter((candidate) => isNamedBy(candidate, trimmed))
      .slice(0, limit)
      .map(({ code, market, name, nameEn, nameZh }) => ({ code, market, name, nameEn, nameZh }))
  }

  /**
   * Stocks to open, titles to jump to and tags to filter by, for text being typed (spec §3, §5). Stocks come
   * first and take their places from the titles: at most suggestionRowsMax rows in all.
   */
  async function suggestArticles(searchValue: string, locale: Locale): Promise<SuggestAnswer> {
    const { titleQuery, substring } = buildSuggestionQuery(searchValue)
    const [stocks, titles, tagList] = await Promise.all([
      findNamedStocks(searchValue, locale, suggestedStocksMax),
      selectTitleSuggestions(db, { locale, titleQuery, substring, limit: suggestionRowsMax }),
      suggestTags(searchValue, locale),
    ])
    return { rows: titles.slice(0, suggestionRowsMax - stocks.length), stocks, other: { tagList } }
  }

  /** Tags in use whose key or text (either language) contains the text; those starting with it first. */
  async function suggestTags(searchValue: string, locale: Locale): Promise<ArticleTag[]> {
    const [catalog, counts] = await Promise.all([
      loadCatalog(),
      countCache(`tags:${locale}`, () => countListedByTag(db, locale)),
    ])
    const needle = foldSearchText(searchValue.trim())
    const matches: { tag: ArticleTag; startsWith: boolean }[] = []
    for (const tag of catalog.tagByKey.values()) {
      if (!counts.get(tag.key)) continue
      const texts = [tag.key, tag.text.en, tag.text['zh-Hant']].map(foldSearchText)
      if (!texts.some((text) => text.includes(needle))) continue
      matches.push({
        tag: { k: tag.key, v: tag.text[locale] },
        startsWith: texts.some((text) => text.startsWith(needle)),
      })
    }
    return matches
      .sort((a, b) => Number(b.startsWith) - Number(a.startsWith) || a.tag.v.localeCompare(b.tag.v, locale))
      .slice(0, tagSuggestionsMax)
      .map((match) => match.tag)
  }

  async function listCountries(locale: Locale): Promise<CountrySummary[]> {
    const counts = await marketCountCache(`markets:${locale}`, () => countListedByMarket(db, locale))
    return markets.map((market) => {
      const count = counts.find((entry) => entry.market === market)
      return {
        country: market,
        name: marketNames[market][locale],
        articleCount: count?.n ?? 0,
        latestPublishedAt: count?.latest?.toISOString() ?? null,
      }
    })
  }

  async function listTopics(locale: Locale): Promise<TopicSummary[]> {
    const [catalog, counts] = await Promise.all([
      loadCatalog(),
      countCache(`topics:${locale}`, () => countListedByTopic(db, locale)),
    ])
    return catalog.topics.map((topic) => ({
      slug: topic.slug,
      name: topic.name[locale],
      description: topic.description[locale],
      coverUrl: topic.coverUrl,
      articleCount: counts.get(topic.slug) ?? 0,
    }))
  }

  async function findTopic(slug: string, locale: Locale): Promise<TopicSummary | undefined> {
    return (await listTopics(locale)).find((topic) => topic.slug === slug)
  }

  async function findTag(key: string, locale: Locale): Promise<ArticleTag | undefined> {
    const tag = (await loadCatalog()).tagByKey.get(key)
    return tag ? { k: tag.key, v: tag.text[locale] } : undefined
  }

  /** Topics by reads of their articles over the last week, then by how many articles they have. */
  async function listHotTopics(locale: Locale, limit: number): Promise<HotTopic[]> {
    const [topics, views] = await Promise.all([
      listTopics(locale),
      recentArticleViews?.() ?? Promise.resolve(new Map()),
    ])
    const topicOfArticle = await selectTopicsOfArticles(db, [...views.keys()])
    const viewsByTopic = new Map<string, number>()
    for (const [articleId, count] of views) {
      const slug = topicOfArticle.get(articleId)
      if (slug) viewsByTopic.set(slug, (viewsByTopic.get(slug) ?? 0) + count)
    }
    const chosen = topics
      .filter((topic) => topic.articleCount > 0)
      .map((topic) => ({ ...topic, recentViews: viewsByTopic.get(topic.slug) ?? 0 }))
      .sort((a, b) => b.recentViews - a.recentViews || b.articleCount - a.articleCount)
      .slice(0, limit)
    const catalog = await loadCatalog()
    return Promise.all(
      chosen.map(async (topic) => {
        const [latest] = await selectListedArticles(
          db,
          { locale, topicSlug: topic.slug },
          { limit: 1, offset: 0 },
        )
        return { ...topic, latest: latest ? toSummary(latest, locale, catalog) : null }
      }),
    )
  }

  /** The home page's article sections (spec §2); the region's own market comes first. */
  function listHomeSections(locale: Locale, homeMarket: Market): Promise<HomeSections> {
    return homeCache(`${locale}:${homeMarket}`, async () => {
      const catalog = await loadCatalog()
      const list = async (filter: Omit<ListFilter, 'locale'>, limit: number) =>
        (await selectListedArticles(db, { locale, ...filter }, { limit, offset: 0 })).map((row) =>
          toSummary(row, locale, catalog),
        )
      const marketOrder = [homeMarket, ...markets.filter((market) => market !== homeMarket)]
      const [latest, byMarket, hotTopics, recommendations] = await Promise.all([
        list({}, 6),
        Promise.all(
          marketOrder.map(async (market) => ({
            country: market,
            name: marketNames[market][locale],
            rows: await list({ market }, 4),
          })),
        ),
        listHotTopics(locale, 4),
        list({ kind: 'recommendation' }, 4),
      ])
      return { latest, byMarket, hotTopics, recommendations }
    })
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
  }
}

export type ArticlesService = ReturnType<typeof createArticlesService>
