/**
 * Wire shapes of articles, topics, markets, search and reading events (spec §3, §7). The paths of spec §7 keep
 * their names; shapes the spec does not show are defined here and nowhere else.
 *
 *   GET  /article/list     ArticleListQuery   → ArticleListAnswer
 *   GET  /analy/list       ArticleListQuery (kind is always analysis) → ArticleListAnswer
 *   GET  /article          ArticleDetailQuery → ArticleDetail (404 ARTICLE_NOT_FOUND, 410 ARTICLE_DELETED or
 *                          ARTICLE_TAKEN_DOWN; an article without a body is 200 with contentState 'empty')
 *   GET  /article/suggest  SuggestQuery       → SuggestAnswer (article titles, stocks and tags; rate-limited)
 *   GET  /country/list     –                  → CountrySummary[]
 *   GET  /topic/list       –                  → TopicSummary[]
 *   GET  /home/list        –                  → HomeSections
 *   GET  /home/listMenu    –                  → MenuGroup[] (contracts/site.ts)
 *   POST /track/event      TrackingEventRequest → TrackingEventAnswer (rate-limited)
 *   POST /track/visit      VisitReportRequest → VisitReportAnswer + the visit cookies it earns (rate-limited,
 *                          4 KB; contracts/visit-cookies.ts, ADR 0024)
 *
 * Texts are in the caller's language (the `Lang` header). Only published articles with a body in that language
 * are listed or searched. Validation failures name a stable code from ArticleErrorCode.
 */
import { z } from 'zod'
import {
  articleIdPattern,
  articleKeyPattern,
  articlePageMax,
  articlePageSizeDefault,
  articlePageSizeMax,
  searchTextMaxLength,
  suggestedStocksMax,
  suggestionRowsMax,
  tagKeyPattern,
  tagSuggestionsMax,
  topicSlugPattern,
} from './article-limits.ts'
import { articleStates } from './console-rules.ts'
import { Locale, Market } from './regions.ts'

export const ArticleKind = z.enum(['news', 'analysis', 'recommendation'])
export type ArticleKind = z.infer<typeof ArticleKind>
export const articleKinds = ArticleKind.options

/**
 * Content states (spec §4): only `published` is ever shown; `empty` is a published article without a body. The
 * list and its moves belong to the newsroom (console-rules.ts: `scheduled` waits for its publishing time).
 */
export const ArticleState = z.enum(articleStates)
export type ArticleState = z.infer<typeof ArticleState>

export const ArticleErrorCode = {
  notFound: 'ARTICLE_NOT_FOUND',
  deleted: 'ARTICLE_DELETED',
  takenDown: 'ARTICLE_TAKEN_DOWN',
  empty: 'ARTICLE_EMPTY',
  referenceMissing: 'ARTICLE_REFERENCE_MISSING',
  searchEmpty: 'SEARCH_EMPTY',
  searchTooLong: 'SEARCH_TOO_LONG',
} as const

// The limits and patterns live in a file without zod, which the browser imports (ADR 0011); the API's modules keep
// importing them from here.
export * from './article-limits.ts'

/** Query strings send '' for a field left empty, JSON bodies may send null; read both as absent. */
const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

const optionalSlug = (pattern: RegExp) =>
  z.preprocess(blankAsAbsent, z.string().trim().toLowerCase().regex(pattern).optional())

/** A keyword filter: trimmed; blank means no keyword; more than 100 characters is refused. */
const keyword = z.preprocess(
  blankAsAbsent,
  z.string().trim().max(searchTextMaxLength, ArticleErrorCode.searchTooLong).optional(),
)

const positiveInt = (max: number, fallback: number) =>
  z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(max).default(fallback))

export const ArticleListQuery = z.object({
  kind: z.preprocess(blankAsAbsent, ArticleKind.optional()),
  topic: optionalSlug(topicSlugPattern),
  /** A market: us, hk, jp or kr (spec: country/market). */
  country: z.preprocess(
    (value) => (typeof value === 'string' ? blankAsAbsent(value.toLowerCase()) : value),
    Market.optional(),
  ),
  tag: optionalSlug(tagKeyPattern),
  keyword,
  page: positiveInt(articlePageMax, 1),
  pageSize: positiveInt(articlePageSizeMax, articlePageSizeDefault),
})
export type ArticleListQuery = z.infer<typeof ArticleListQuery>
export type ArticleListFilter = z.input<typeof ArticleListQuery>

/** `key` or `id` (either reaches the article); `detail` accepts either form, as the page path does. */
export const ArticleDetailQuery = z
  .object({
    key: optionalSlug(articleKeyPattern),
    id: z.preprocess(blankAsAbsent, z.string().regex(articleIdPattern).optional()),
    detail: z.preprocess(
      blankAsAbsent,
      z
        .string()
        .trim()
        .refine((value) => articleKeyPattern.test(value) || articleIdPattern.test(value))
        .optional(),
    ),
  })
  .refine((query) => query.key || query.id || query.detail, { message: ArticleErrorCode.referenceMissing })
  .transform((query): ArticleReference => {
    const detail = query.detail ?? query.id ?? query.key ?? ''
    return articleIdPattern.test(detail) ? { id: Number(detail) } : { key: detail }
  })
export type ArticleReference = { id: number } | { key: string }

/** How a page path's `{detail}` names an article, or undefined when it can be neither a key nor an id. */
export function parseArticleReference(detail: string): ArticleReference | undefined {
  if (articleIdPattern.test(detail)) return { id: Number(detail) }
  if (articleKeyPattern.test(detail)) return { key: detail }
  return undefined
}

export const ArticleTag = z.object({ k: z.string(), v: z.string() })
export type ArticleTag = z.infer<typeof ArticleTag>

export const ArticleTopicRef = z.object({ slug: z.string(), name: z.string() })
export const ArticleAuthorRef = z.object({ key: z.string(), name: z.string() })

const CoverImageShape = z.object({
  id: z.string(),
  format: z.enum(['jpeg', 'png', 'webp']),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
  fallbackUrl: z.string(),
  sources: z.array(z.object({ type: z.string(), srcset: z.string() })),
})

export const ArticleSummary = z.object({
  articleId: z.number().int(),
  key: z.string(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  /** An uploaded cover's sizes and formats for `<picture>`/`srcset` (console-rules.ts CoverImage); absent for a drawing. */
  coverImage: CoverImageShape.optional(),
  kind: ArticleKind,
  topic: ArticleTopicRef,
  country: Market,
  author: ArticleAuthorRef,
  tags: z.array(ArticleTag),
  /** ISO 8601 instants; pages show them in the region's time zone. */
  publishedAt: z.string(),
  updatedAt: z.string().nullable(),
  /** Search results only: the best passage of the body, HTML-escaped, matches wrapped in <mark>. */
  snippet: z.string().optional(),
})
export type ArticleSummary = z.infer<typeof ArticleSummary>

export const ArticleListAnswer = z.object({
  rows: z.array(ArticleSummary),
  /**
   * Matching articles. A list counts them up to articlePageMax × pageSize (the deepest page that can be reached);
   * the count may lag a change by up to a minute (it is cached). A keyword search does not count every match of a
   * common word: while `hasMore` is true its total is only a lower bound (the matches up to this page, plus one).
   */
  total: z.number().int(),
  /** Whether a next page exists. */
  hasMore: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ArticleListAnswer = z.infer<typeof ArticleListAnswer>

export const RelatedStock = z.object({ market: Market, code: z.string() })
export type RelatedStock = z.infer<typeof RelatedStock>

export const ArticleDetail = ArticleSummary.omit({ snippet: true, author: true }).extend({
  /** `empty`: published without a body in this language (spec §4 'Content is empty'). */
  contentState: z.enum(['published', 'empty']),
  /** Sanitised HTML rendered from the Markdown body; '' when empty. */
  bodyHtml: z.string(),
  author: ArticleAuthorRef.extend({ bio: z.string() }),
  stocks: z.array(RelatedStock),
  related: z.array(ArticleSummary),
  /** Languages the article is published in (for hreflang alternates). */
  locales: z.array(Locale),
  /** What search engines and link previews show instead of the title and summary, when the editor wrote it. */
  seoTitle: z.string().optional(),
  seoDescription: z.string().optional(),
  /** A preview link's reading of an article readers cannot see (a draft, scheduled, taken down): not published. */
  isUnpublishedPreview: z.literal(true).optional(),
})
export type ArticleDetail = z.infer<typeof ArticleDetail>

/** Search suggestions (spec §3, §5): 1 to 100 characters of search text. */
export const SuggestQuery = z.object({
  searchValue: z
    .string(ArticleErrorCode.searchEmpty)
    .trim()
    .min(1, ArticleErrorCode.searchEmpty)
    .max(searchTextMaxLength, ArticleErrorCode.searchTooLong),
})
export type SuggestQuery = z.infer<typeof SuggestQuery>

/**
 * A stock the search text names by code or name (either language): it opens the AI diagnosis
 * (/ai-stock-diagnosis?code=…&market=…). `name` is in the caller's language.
 */
export const NamedStock = z.object({
  code: z.string(),
  market: Market,
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
})
export type NamedStock = z.infer<typeof NamedStock>

/**
 * Spec §3's rows and other.tagList, plus the stocks the text names. The box shows stocks first, then the article
 * rows: together at most suggestionRowsMax (spec §5), so `rows` is shortened by as many stocks as there are.
 */
export const SuggestAnswer = z
  .object({
    rows: z.array(z.object({ articleId: z.number().int(), title: z.string() })).max(suggestionRowsMax),
    stocks: z.array(NamedStock).max(suggestedStocksMax),
    other: z.object({ tagList: z.array(ArticleTag).max(tagSuggestionsMax) }),
  })
  .refine((answer) => answer.rows.length + answer.stocks.length <= suggestionRowsMax)
export type SuggestAnswer = z.infer<typeof SuggestAnswer>

export const CountrySummary = z.object({
  country: Market,
  name: z.string(),
  articleCount: z.number().int(),
  latestPublishedAt: z.string().nullable(),
})
export type CountrySummary = z.infer<typeof CountrySummary>

export const TopicSummary = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  coverUrl: z.string(),
  articleCount: z.number().int(),
})
export type TopicSummary = z.infer<typeof TopicSummary>

export const HotTopic = TopicSummary.extend({
  /** Article reads in the last 7 days (from reading events). */
  recentViews: z.number().int(),
  latest: ArticleSummary.nullable(),
})
export type HotTopic = z.infer<typeof HotTopic>

export const HomeSections = z.object({
  latest: z.array(ArticleSummary),
  /** The region's own market first. */
  byMarket: z.array(z.object({ country: Market, name: z.string(), rows: z.array(ArticleSummary) })),
  hotTopics: z.array(HotTopic),
  recommendations: z.array(ArticleSummary),
})
export type HomeSections = z.infer<typeof HomeSections>

const trackingText = (max: number) => z.string().trim().max(max)
const optionalTrackingText = (max: number) => z.preprocess(blankAsAbsent, trackingText(max).optional())

/** The reading event of spec §3, sent by the page on every navigation to a path containing /articles/. */
export const TrackingEventRequest = z.object({
  eventType: z
    .string()
    .trim()
    .regex(/^[A-Za-z][\w.:-]{0,39}$/),
  subSessionId: z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/),
  pageUrl: z.url({ protocol: /^https?$/ }).max(2000),
  pageReferrer: z.preprocess(
    blankAsAbsent,
    z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  ),
  pageTitle: optionalTrackingText(300),
  /** The article's numeric id, when the page knows it. */
  articleId: z.preprocess(
    (value) =>
      typeof value === 'string' && articleIdPattern.test(value.trim()) ? Number(value) : blankAsAbsent(value),
    z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  ),
  category: optionalTrackingText(40),
  deviceType: z.preprocess(blankAsAbsent, z.enum(['desktop', 'mobile', 'tablet', 'other']).optional()),
  osName: optionalTrackingText(40),
  browser: optionalTrackingText(40),
  /** Screen size in CSS pixels, e.g. 1920x1080. */
  screen: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^\d{1,5}x\d{1,5}$/)
      .optional(),
  ),
  sdkVersion: optionalTrackingText(20),
  dataSource: optionalTrackingText(20),
})
export type TrackingEventRequest = z.infer<typeof TrackingEventRequest>
export type TrackingEventInput = z.input<typeof TrackingEventRequest>

export const TrackingEventAnswer = z.object({ accepted: z.literal(true) })
export type TrackingEventAnswer = z.infer<typeof TrackingEventAnswer>

/**
 * Where a visit came from, as the page reports it once (contracts/visit-cookies.ts): the path and query it landed on
 * and `document.referrer` (empty when the browser gives none). Values beyond what is kept (500 characters) are cut
 * when stored; anything that is not a site path or a web address is refused.
 */
export const VisitReportRequest = z.object({
  landing: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/, 'a path on this site'),
  referrer: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]),
})
export type VisitReportRequest = z.infer<typeof VisitReportRequest>

/** The names of the cookies the report set (none when the visit had them all). */
export const VisitReportAnswer = z.object({ recorded: z.array(z.string()) })
export type VisitReportAnswer = z.infer<typeof VisitReportAnswer>

/** Develop deployments only: the stored events of one sub-session, newest first (for journeys and debugging). */
export const RecentTrackingQuery = z.object({
  subSessionId: z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/),
})

export const StoredTrackingEvent = z.object({
  eventType: z.string(),
  lang: z.string(),
  pageUrl: z.string(),
  pageTitle: z.string().nullable(),
  articleId: z.number().int().nullable(),
  receivedAt: z.string(),
})
export type StoredTrackingEvent = z.infer<typeof StoredTrackingEvent>
