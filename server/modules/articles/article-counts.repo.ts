/**
 * Counts and small lookups on the article tables, for the catalogue's pages, menus, sitemaps and other modules:
 * listed articles per market, topic and tag, the topic of given articles, titles by key, stock mentions, the
 * sitemap's rows. Plain rows, no rules; "listed" as in articles.repo.ts.
 */
import { sql } from 'drizzle-orm'
import type { Locale, Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import { localeLiteral, toDate } from './articles.repo.ts'

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

/**
 * The newest article listed in one language naming each stock (market, code as stored): one row per stored stock
 * name, so the answer is bounded by the stocks articles mention, whatever the number of articles.
 */
export async function selectNewestArticlePerStock(
  db: Db,
  markets: readonly Market[],
  locale: Locale,
): Promise<Array<{ market: Market; code: string; key: string; title: string; listedAt: Date }>> {
  if (markets.length === 0) return []
  const rows = await selectRows<{
    market: Market
    code: string
    key: string
    title: string
    listedAt: unknown
  }>(
    db,
    sql`select distinct on (s->>'market', s->>'code') s->>'market' as "market", s->>'code' as "code",
          a.key as "key", t.title as "title", t.listed_at as "listedAt"
        from article_translations t join articles a on a.id = t.article_id
          cross join jsonb_array_elements(a.stocks) s
        where t.locale = ${localeLiteral(locale)} and t.listed_at is not null
          and s->>'market' = any(${sql.param([...markets])}::text[])
        order by s->>'market', s->>'code', t.listed_at desc, a.id desc`,
  )
  return rows.map((row) => ({ ...row, listedAt: toDate(row.listedAt) }))
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
