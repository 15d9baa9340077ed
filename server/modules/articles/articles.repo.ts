/**
 * Queries on the article tables that readers' pages make; plain rows in, plain rows out, no rules: the catalogue
 * (authors, topics, tags), lists and their counts, keyword search, title suggestions, one article with all its
 * versions, and its related articles. "Listed" (published, with a body, in a language) is stored as
 * `article_translations.listed_at`, which article-writes.repo.ts keeps in step with the article's state and body;
 * counts per market, topic and tag and other small lookups are in article-counts.repo.ts. Search text arrives here
 * already turned into tsquery text by the service.
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
export function localeLiteral(locale: Locale): SQL {
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

export function toDate(value: unknown): Date {
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

export async function selectAuthors(db: Db): Promise<AuthorRow[]> {
  return db.select().from(articleAuthors)
}
export async function selectTopics(db: Db): Promise<TopicRow[]> {
  return db.select().from(articleTopics).orderBy(articleTopics.position)
}
export async function selectTags(db: Db): Promise<TagRow[]> {
  return db.select().from(articleTags)
}
