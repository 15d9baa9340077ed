/**
 * Queries on the article tables; plain rows in, plain rows out, no rules. "Listed" (published, with a body, in a
 * language) is stored as `article_translations.listed_at`, which this file alone keeps in step with the article's
 * state and body (article_bodies). Search text arrives here already turned into tsquery text by the service.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { ArticleKind, ArticleState, RelatedStock } from '#contracts/articles.ts'
import type { CoverImage } from '#contracts/console-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import { articleAuthors, articleTags, articleTopics } from './articles.sql.ts'

export interface AuthorRow {
  key: string
  name: LocalizedText
  bio: LocalizedText
}
export interface TopicRow {
  slug: string
  position: number
  name: LocalizedText
  description: LocalizedText
  coverUrl: string
}
export interface TagRow {
  key: string
  text: LocalizedText
}

/** A language version to store, with the terms the search index is built from (see search-text/). */
export interface NewTranslation {
  locale: Locale
  title: string
  summary: string
  bodyMarkdown: string
  bodyHtml: string
  bodyText: string
  /** Space-separated index terms per weight: A title, B summary and tags, C body. */
  searchText: { A: string; B: string; C: string }
  /** The term rules searchText was built with (`searchTermsVersion`). */
  searchVersion: number
}

export interface NewArticle {
  key: string
  kind: ArticleKind
  topicSlug: string
  market: Market
  authorKey: string
  coverUrl: string
  tagKeys: string[]
  stocks: RelatedStock[]
  state: ArticleState
  publishedAt: Date | null
  contentUpdatedAt: Date | null
  translations: NewTranslation[]
}

/** The columns every list needs, from both tables, named as the service reads them. */
export interface ArticleListRow {
  id: number
  key: string
  kind: ArticleKind
  topicSlug: string
  market: Market
  authorKey: string
  coverUrl: string
  /** An uploaded cover's sizes and formats; null for a drawing. */
  coverImage: CoverImage | null
  tagKeys: string[]
  publishedAt: Date
  contentUpdatedAt: Date | null
  title: string
  summary: string
}

export interface ArticleDetailRow extends Omit<ArticleListRow, 'publishedAt' | 'title' | 'summary'> {
  state: ArticleState
  publishedAt: Date | null
  stocks: RelatedStock[]
  /** An uploaded cover's sizes and formats; null for a drawing. */
  coverImage: CoverImage | null
  /** Every language version, readable or not. */
  translations: {
    locale: Locale
    title: string
    summary: string
    seoTitle: string
    seoDescription: string
    bodyHtml: string
    hasBody: boolean
  }[]
}

export interface ListFilter {
  locale: Locale
  kind?: ArticleKind | undefined
  topicSlug?: string | undefined
  market?: Market | undefined
  tagKey?: string | undefined
}

export interface SearchFilter extends ListFilter {
  /** tsquery text every match must satisfy (already sanitised, bound as a parameter). */
  matchQuery: string
}

// Every "newest first" says `desc nulls last`, the order the indexes are built in (Postgres's default for desc is
// nulls first, which an index in the other order cannot serve).

// Locales are a closed set checked by the contract; inlining them lets the planner pick the per-language partial
// search index, which a bound parameter would hide from a generic plan.
function localeLiteral(locale: Locale): SQL {
  return sql.raw(locale === 'zh-Hant' ? `'zh-Hant'` : `'en'`)
}

const listColumns = sql`
  a.id as "id", a.key as "key", a.kind as "kind", a.topic_slug as "topicSlug", a.market as "market",
  a.author_key as "authorKey", a.cover_url as "coverUrl", a.cover_image as "coverImage", a.tag_keys as "tagKeys",
  t.listed_at as "publishedAt", a.content_updated_at as "contentUpdatedAt", t.title as "title", t.summary as "summary"`

function articleConditions(filter: ListFilter): SQL[] {
  const conditions: SQL[] = []
  if (filter.kind) conditions.push(sql`a.kind = ${filter.kind}`)
  if (filter.topicSlug) conditions.push(sql`a.topic_slug = ${filter.topicSlug}`)
  if (filter.market) conditions.push(sql`a.market = ${filter.market}`)
  if (filter.tagKey) conditions.push(sql`a.tag_keys @> ${sql.param([filter.tagKey])}::text[]`)
  return conditions
}

function whereOf(filter: ListFilter, extra: SQL[] = []): SQL {
  const conditions = [
    sql`t.locale = ${localeLiteral(filter.locale)}`,
    sql`t.listed_at is not null`,
    ...extra,
    ...articleConditions(filter),
  ]
  return sql.join(conditions, sql` and `)
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value))
}

function toListRow(row: Record<string, unknown>): ArticleListRow {
  return {
    ...(row as unknown as ArticleListRow),
    id: Number(row.id),
    coverImage: coverImageOf(row.coverImage),
    publishedAt: toDate(row.publishedAt),
    contentUpdatedAt: row.contentUpdatedAt ? toDate(row.contentUpdatedAt) : null,
  }
}

/** A jsonb column arrives parsed from node-postgres and as text from some PGlite paths. */
function coverImageOf(value: unknown): CoverImage | null {
  return ((typeof value === 'string' ? JSON.parse(value) : value) as CoverImage | null | undefined) ?? null
}

/** Newest first. */
export async function selectListedArticles(
  db: Db,
  filter: ListFilter,
  page: { limit: number; offset: number },
): Promise<ArticleListRow[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${listColumns}
        from article_translations t join articles a on a.id = t.article_id
        where ${whereOf(filter)}
        order by t.listed_at desc nulls last, t.article_id desc nulls last
        limit ${page.limit} offset ${page.offset}`,
  )
  return rows.map(toListRow)
}

/** How many articles match, counting no further than `cap`. */
export async function countListedArticles(db: Db, filter: ListFilter, cap: number): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from article_translations t join articles a on a.id = t.article_id
          where ${whereOf(filter)} limit ${cap}) capped`,
  )
  return rows[0]?.n ?? 0
}

export interface SearchRow extends ArticleListRow {
  bodyText: string
  /** Relevance tier: 3 title, 2 summary or tags, 1 body only. */
  rank: number
}

/** How many of the newest versions a tier first looks through before it asks the indexes (see below). */
const tierWalkWindow = 400

/**
 * Matches of a full-text query, most relevant first (ADR 0007): every term in the title, then in the summary or
 * tags, then only in the body; newest first within each tier. Returns at most `limit` rows after `offset`, whether
 * more exist (`hasMore`) and how many matches were seen (`matched`: exact without a next page, a lower bound with
 * one), without counting every match of a common word.
 *
 * Each tier is read newest first and only as far as the page needs. It first looks through the newest few hundred
 * versions (cheap: the title and rank vectors are short and stored in the row), which answers a common word at
 * once; only when that is not enough does it ask the GIN indexes, which answer a rare word from a few entries.
 * Doing the first step explicitly matters: Postgres estimates several words as independent, so for "free cash
 * flow" it would expect 5 matches where there are 7,000, and sort them all.
 */
export async function searchListedArticles(
  db: Db,
  filter: SearchFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: SearchRow[]; hasMore: boolean; matched: number }> {
  const query = sql`to_tsquery('simple', ${filter.matchQuery})`
  const hasArticleFilter = articleConditions(filter).length > 0
  const tiers: [number, SQL][] = [
    [3, sql`t.title_vector @@ ${query}`],
    [2, sql`t.rank_vector @@ ${query} and not t.title_vector @@ ${query}`],
    [1, sql`t.search_vector @@ ${query} and not t.rank_vector @@ ${query}`],
  ]
  // One more than the page, to know whether another page exists.
  const needed = page.offset + page.limit + 1
  const found: { id: number; tier: number }[] = []
  for (const [tier, condition] of tiers) {
    const wanted = needed - found.length
    const newest = await selectRows<{ id: string | number }>(
      db,
      sql`select t.article_id as "id"
          from (select * from article_translations t
                where t.locale = ${localeLiteral(filter.locale)} and t.listed_at is not null
                order by t.listed_at desc nulls last, t.article_id desc nulls last
                limit ${tierWalkWindow}) t
            ${hasArticleFilter ? sql`join articles a on a.id = t.article_id` : sql``}
          where ${sql.join([condition, ...articleConditions(filter)], sql` and `)}
          order by t.listed_at desc nulls last, t.article_id desc nulls last
          limit ${wanted}`,
    )
    const rows =
      newest.length >= wanted
        ? newest
        : await selectRows<{ id: string | number }>(
            db,
            sql`select t.article_id as "id" from article_translations t
                ${hasArticleFilter ? sql`join articles a on a.id = t.article_id` : sql``}
                where ${whereOf(filter, [condition])}
                order by t.listed_at desc nulls last, t.article_id desc nulls last
                limit ${wanted}`,
          )
    for (const row of rows) found.push({ id: Number(row.id), tier })
    if (found.length >= needed) break
  }
  const hasMore = found.length >= needed
  const pageIds = found.slice(page.offset, page.offset + page.limit)
  // Without a next page every match was found, so `matched` is exact; with one it is a lower bound.
  const matched = found.length
  if (pageIds.length === 0) return { rows: [], hasMore, matched }
  const details = await selectRows<Record<string, unknown>>(
    db,
    sql`select ${listColumns}, b.plain_text as "bodyText"
        from article_translations t
          join article_bodies b on b.article_id = t.article_id and b.locale = t.locale
          join articles a on a.id = t.article_id
        where t.locale = ${localeLiteral(filter.locale)}
          and t.article_id = any(${sql.param(pageIds.map((entry) => String(entry.id)))}::bigint[])`,
  )
  const byId = new Map(details.map((row) => [Number(row.id), row]))
  const rows = pageIds.flatMap(({ id, tier }) => {
    const row = byId.get(id)
    return row ? [{ ...toListRow(row), bodyText: String(row.bodyText), rank: tier }] : []
  })
  return { rows, hasMore, matched }
}

/**
 * Title suggestions: titles whose terms match `titleQuery` (the title vector), or, for three characters and
 * more, titles containing `substring` (pg_trgm index). Newest first.
 */
export async function selectTitleSuggestions(
  db: Db,
  options: { locale: Locale; titleQuery: string | undefined; substring: string | undefined; limit: number },
): Promise<{ articleId: number; title: string }[]> {
  const arms: SQL[] = []
  if (options.titleQuery) arms.push(sql`t.title_vector @@ to_tsquery('simple', ${options.titleQuery})`)
  if (options.substring) arms.push(sql`t.title ilike ${`%${escapeLikePattern(options.substring)}%`}`)
  if (arms.length === 0) return []
  const rows = await selectRows<{ articleId: number; title: string }>(
    db,
    sql`select t.article_id as "articleId", t.title as "title"
        from article_translations t
        where t.locale = ${localeLiteral(options.locale)} and t.listed_at is not null
          and (${sql.join(arms, sql` or `)})
        order by t.listed_at desc nulls last, t.article_id desc nulls last
        limit ${options.limit}`,
  )
  return rows.map((row) => ({ articleId: Number(row.articleId), title: row.title }))
}

export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/** An article and all its language versions, by key or id, whatever its state. */
export async function selectArticleByReference(
  db: Db,
  reference: { id: number } | { key: string },
): Promise<ArticleDetailRow | undefined> {
  const where = 'id' in reference ? sql`a.id = ${reference.id}` : sql`a.key = ${reference.key}`
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select a.id as "id", a.key as "key", a.kind as "kind", a.topic_slug as "topicSlug", a.market as "market",
          a.author_key as "authorKey", a.cover_url as "coverUrl", a.tag_keys as "tagKeys", a.stocks as "stocks",
          a.state as "state", a.published_at as "publishedAt", a.content_updated_at as "contentUpdatedAt",
          a.cover_image as "coverImage",
          coalesce(json_agg(json_build_object('locale', t.locale, 'title', t.title, 'summary', t.summary,
            'seoTitle', t.seo_title, 'seoDescription', t.seo_description,
            'bodyHtml', coalesce(b.html, ''), 'hasBody', coalesce(b.markdown, '') <> ''))
            filter (where t.locale is not null), '[]') as "translations"
        from articles a
          left join article_translations t on t.article_id = a.id
          left join article_bodies b on b.article_id = t.article_id and b.locale = t.locale
        where ${where}
        group by a.id`,
  )
  const row = rows[0]
  if (!row) return undefined
  const translations = typeof row.translations === 'string' ? JSON.parse(row.translations) : row.translations
  return {
    ...(row as unknown as ArticleDetailRow),
    id: Number(row.id),
    publishedAt: row.publishedAt ? toDate(row.publishedAt) : null,
    contentUpdatedAt: row.contentUpdatedAt ? toDate(row.contentUpdatedAt) : null,
    stocks: (typeof row.stocks === 'string' ? JSON.parse(row.stocks) : row.stocks) as RelatedStock[],
    coverImage: coverImageOf(row.coverImage),
    translations: translations as ArticleDetailRow['translations'],
  }
}

/**
 * Listed articles related to one: same topic or a shared tag, most shared tags first (same topic counts as one
 * more), then newest. Candidates are the newest few of each kind, so the cost does not grow with the catalogue.
 */
export async function selectRelatedArticles(
  db: Db,
  options: { articleId: number; locale: Locale; topicSlug: string; tagKeys: string[]; limit: number },
): Promise<ArticleListRow[]> {
  const locale = localeLiteral(options.locale)
  const tags = sql`${sql.param(options.tagKeys)}::text[]`
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`with candidates as (
          (select a.id from articles a join article_translations t on t.article_id = a.id and t.locale = ${locale}
           where a.topic_slug = ${options.topicSlug} and a.state = 'published' and t.listed_at is not null
             and a.id <> ${options.articleId}
           order by a.published_at desc nulls last limit 40)
          union
          (select a.id from articles a join article_translations t on t.article_id = a.id and t.locale = ${locale}
           where a.tag_keys && ${tags} and a.state = 'published' and t.listed_at is not null and a.id <> ${options.articleId}
           order by a.published_at desc nulls last limit 40))
        select ${listColumns}
        from candidates c join articles a on a.id = c.id
          join article_translations t on t.article_id = a.id and t.locale = ${locale}
        order by (select count(*) from unnest(a.tag_keys) k where k = any(${tags}))
                   + (case when a.topic_slug = ${options.topicSlug} then 1 else 0 end) desc,
                 t.listed_at desc, a.id desc
        limit ${options.limit}`,
  )
  return rows.map(toListRow)
}

/** Listed articles (in one language) per market, with the newest publish time. */
export async function countListedByMarket(
  db: Db,
  locale: Locale,
): Promise<{ market: Market; n: number; latest: Date | null }[]> {
  const rows = await selectRows<{ market: Market; n: number; latest: unknown }>(
    db,
    sql`select a.market as "market", count(*)::int as "n", max(t.listed_at) as "latest"
        from article_translations t join articles a on a.id = t.article_id
        where t.locale = ${localeLiteral(locale)} and t.listed_at is not null
        group by a.market`,
  )
  return rows.map((row) => ({ market: row.market, n: row.n, latest: row.latest ? toDate(row.latest) : null }))
}

export async function countListedByTopic(db: Db, locale: Locale): Promise<Map<string, number>> {
  const rows = await selectRows<{ slug: string; n: number }>(
    db,
    sql`select a.topic_slug as "slug", count(*)::int as "n"
        from article_translations t join articles a on a.id = t.article_id
        where t.locale = ${localeLiteral(locale)} and t.listed_at is not null
        group by a.topic_slug`,
  )
  return new Map(rows.map((row) => [row.slug, row.n]))
}

/** Listed articles (in one language) per tag key. */
export async function countListedByTag(db: Db, locale: Locale): Promise<Map<string, number>> {
  const rows = await selectRows<{ key: string; n: number }>(
    db,
    sql`select k as "key", count(*)::int as "n"
        from article_translations t join articles a on a.id = t.article_id, unnest(a.tag_keys) k
        where t.locale = ${localeLiteral(locale)} and t.listed_at is not null
        group by k`,
  )
  return new Map(rows.map((row) => [row.key, row.n]))
}

/** Topic of each of these articles (for adding up reads per topic). */
export async function selectTopicsOfArticles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await selectRows<{ id: number; slug: string }>(
    db,
    sql`select id as "id", topic_slug as "slug" from articles where id = any(${sql.param(ids.map(String))}::bigint[])`,
  )
  return new Map(rows.map((row) => [Number(row.id), row.slug]))
}

/** Titles of listed articles by key, in one language; keys that are not listed in it are absent. */
export async function selectListedTitlesByKey(
  db: Db,
  keys: string[],
  locale: Locale,
): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map()
  const rows = await selectRows<{ key: string; title: string }>(
    db,
    sql`select a.key as "key", t.title as "title"
        from articles a join article_translations t on t.article_id = a.id
        where a.key = any(${sql.param(keys)}::text[]) and t.locale = ${localeLiteral(locale)} and t.listed_at is not null`,
  )
  return new Map(rows.map((row) => [row.key, row.title]))
}

/** Published articles naming each stock (market, code as stored) since an instant. */
export async function countStockMentionsSince(
  db: Db,
  since: Date,
): Promise<Array<{ market: Market; code: string; articles: number }>> {
  return selectRows<{ market: Market; code: string; articles: number }>(
    db,
    sql`select s->>'market' as "market", s->>'code' as "code", count(distinct a.id)::int as "articles"
        from articles a cross join jsonb_array_elements(a.stocks) s
        where a.state = 'published' and a.published_at >= ${since.toISOString()}::timestamptz
        group by 1, 2`,
  )
}

/** Every listed article for the sitemap: key, last change, and the languages it is listed in. */
export async function selectSitemapArticles(
  db: Db,
  limit: number,
): Promise<{ key: string; lastModified: Date; locales: Locale[] }[]> {
  const rows = await selectRows<{ key: string; lastModified: unknown; locales: Locale[] | string }>(
    db,
    sql`select a.key as "key", greatest(max(t.updated_at), max(a.updated_at)) as "lastModified",
          array_agg(t.locale order by t.locale) as "locales"
        from articles a join article_translations t on t.article_id = a.id
        where t.listed_at is not null
        group by a.id
        order by max(t.listed_at) desc
        limit ${limit}`,
  )
  return rows.map((row) => ({
    key: row.key,
    lastModified: toDate(row.lastModified),
    locales: Array.isArray(row.locales) ? row.locales : String(row.locales).replace(/[{}]/g, '').split(','),
  })) as { key: string; lastModified: Date; locales: Locale[] }[]
}

export async function selectAuthors(db: Db): Promise<AuthorRow[]> {
  return db.select().from(articleAuthors)
}
export async function selectTopics(db: Db): Promise<TopicRow[]> {
  return db.select().from(articleTopics).orderBy(articleTopics.position)
}
export async function selectTags(db: Db): Promise<TagRow[]> {
  return db.select().from(articleTags)
}

export async function insertCatalogIfAbsent(
  db: Db,
  catalog: { authors: AuthorRow[]; topics: TopicRow[]; tags: TagRow[] },
): Promise<void> {
  if (catalog.authors.length > 0)
    await db.insert(articleAuthors).values(catalog.authors).onConflictDoNothing()
  if (catalog.topics.length > 0) await db.insert(articleTopics).values(catalog.topics).onConflictDoNothing()
  if (catalog.tags.length > 0) await db.insert(articleTags).values(catalog.tags).onConflictDoNothing()
}

export async function selectExistingArticleKeys(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set()
  const rows = await selectRows<{ key: string }>(
    db,
    sql`select key from articles where key = any(${sql.param(keys)}::text[])`,
  )
  return new Set(rows.map((row) => row.key))
}

/** The search, title and rank vectors (in that order) of the weighted term texts A, B and C. */
function vectorsOf(a: SQL, b: SQL, c: SQL): [SQL, SQL, SQL] {
  return [
    sql`setweight(to_tsvector('simple', ${a}), 'A') || setweight(to_tsvector('simple', ${b}), 'B')
      || setweight(to_tsvector('simple', ${c}), 'C')`,
    sql`to_tsvector('simple', ${a})`,
    sql`setweight(to_tsvector('simple', ${a}), 'A') || setweight(to_tsvector('simple', ${b}), 'B')`,
  ]
}

function searchVectorsOf(text: NewTranslation['searchText']): SQL {
  return sql.join(vectorsOf(sql`${text.A}`, sql`${text.B}`, sql`${text.C}`), sql`, `)
}

/** A stored language version whose vectors were built with older term rules, with the text to rebuild them. */
export interface StaleTranslationRow {
  articleId: number
  locale: Locale
  title: string
  summary: string
  bodyMarkdown: string
  tagKeys: string[]
}

/** Up to `limit` language versions whose vectors were built before term rules `version`. */
export async function selectStaleTranslations(
  db: Db,
  version: number,
  limit: number,
): Promise<StaleTranslationRow[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select t.article_id as "articleId", t.locale as "locale", t.title as "title", t.summary as "summary",
          coalesce(b.markdown, '') as "bodyMarkdown", a.tag_keys as "tagKeys"
        from article_translations t
          join articles a on a.id = t.article_id
          left join article_bodies b on b.article_id = t.article_id and b.locale = t.locale
        where t.search_version < ${version}
        order by t.article_id, t.locale
        limit ${limit}`,
  )
  return rows.map((row) => ({
    articleId: Number(row.articleId),
    locale: row.locale as Locale,
    title: String(row.title),
    summary: String(row.summary),
    bodyMarkdown: String(row.bodyMarkdown),
    tagKeys: Array.isArray(row.tagKeys) ? row.tagKeys.map(String) : [],
  }))
}

/** Replaces the vectors of stored language versions (the text itself is not touched). */
export async function updateSearchVectors(
  db: Db,
  rows: readonly {
    articleId: number
    locale: Locale
    searchText: NewTranslation['searchText']
    searchVersion: number
  }[],
): Promise<void> {
  if (rows.length === 0) return
  const values = rows.map(
    (row) =>
      sql`(${row.articleId}::bigint, ${row.locale}::text, ${row.searchText.A}::text, ${row.searchText.B}::text,
           ${row.searchText.C}::text, ${row.searchVersion}::integer)`,
  )
  const [searchVector, titleVector, rankVector] = vectorsOf(sql`v.a`, sql`v.b`, sql`v.c`)
  await db.execute(
    sql`update article_translations t
        set search_vector = ${searchVector}, title_vector = ${titleVector}, rank_vector = ${rankVector},
          search_version = v.version
        from (values ${sql.join(values, sql`, `)}) as v(article_id, locale, a, b, c, version)
        where t.article_id = v.article_id and t.locale = v.locale`,
  )
}

/**
 * Inserts articles that do not exist yet (by key) with their language versions, in one statement per table.
 * Returns how many were inserted. The caller batches; a few hundred articles per call keeps statements small.
 */
export async function insertArticles(db: Db, batch: NewArticle[]): Promise<number> {
  if (batch.length === 0) return 0
  const articleValues = batch.map(
    (article) =>
      sql`(${article.key}, ${article.kind}, ${article.topicSlug}, ${article.market}, ${article.authorKey},
           ${article.coverUrl}, ${sql.param(article.tagKeys)}::text[], ${JSON.stringify(article.stocks)}::jsonb, ${article.state},
           ${article.publishedAt?.toISOString() ?? null}::timestamptz,
           ${article.contentUpdatedAt?.toISOString() ?? null}::timestamptz)`,
  )
  const inserted = await selectRows<{ id: number; key: string }>(
    db,
    sql`insert into articles (key, kind, topic_slug, market, author_key, cover_url, tag_keys, stocks, state,
          published_at, content_updated_at)
        values ${sql.join(articleValues, sql`, `)}
        on conflict (key) do nothing
        returning id, key`,
  )
  const idOfKey = new Map(inserted.map((row) => [row.key, Number(row.id)]))
  const translationValues: SQL[] = []
  const bodyValues: SQL[] = []
  for (const article of batch) {
    const id = idOfKey.get(article.key)
    if (id === undefined) continue
    for (const version of article.translations) {
      const isListed =
        article.state === 'published' && version.bodyMarkdown.trim() !== '' && article.publishedAt
      translationValues.push(
        sql`(${id}, ${version.locale}, ${version.title}, ${version.summary}, ${searchVectorsOf(version.searchText)},
             ${version.searchVersion}, ${isListed ? article.publishedAt!.toISOString() : null}::timestamptz)`,
      )
      bodyValues.push(
        sql`(${id}, ${version.locale}, ${version.bodyMarkdown}, ${version.bodyHtml}, ${version.bodyText})`,
      )
    }
  }
  if (translationValues.length > 0) {
    await db.execute(
      sql`insert into article_translations (article_id, locale, title, summary, search_vector, title_vector,
            rank_vector, search_version, listed_at)
          values ${sql.join(translationValues, sql`, `)}
          on conflict (article_id, locale) do nothing`,
    )
    await db.execute(
      sql`insert into article_bodies (article_id, locale, markdown, html, plain_text)
          values ${sql.join(bodyValues, sql`, `)}
          on conflict (article_id, locale) do nothing`,
    )
  }
  return idOfKey.size
}

/** Changes an article's state and keeps every version's listing time in step. */
export async function updateArticleState(db: Db, key: string, state: ArticleState): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`update articles set state = ${state}, updated_at = now() where key = ${key} returning id`,
  )
  const id = rows[0]?.id
  if (id === undefined) return false
  await updateListedAt(db, Number(id))
  return true
}

/** Puts every version's listing time in step with its article's state, publish time and body. */
export async function updateListedAt(db: Db, articleId: number): Promise<void> {
  await db.execute(
    sql`update article_translations t
        set listed_at = case when a.state = 'published' and b.markdown <> '' then a.published_at end
        from articles a, article_bodies b
        where a.id = t.article_id and b.article_id = t.article_id and b.locale = t.locale and a.id = ${articleId}`,
  )
}
