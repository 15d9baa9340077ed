/**
 * Writes on the article tables outside the newsroom's editing (article-editing.repo.ts): the seed's catalogue and
 * bulk inserts, re-indexing versions built with older term rules, a state change by key, and the listing time
 * (`article_translations.listed_at`: published, with a body, in a language), which this file alone keeps in step
 * with the article's state and body (article_bodies). Plain rows, no rules.
 */
import { type SQL, sql } from 'drizzle-orm'
import type { ArticleKind, ArticleState, RelatedStock } from '#contracts/articles.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { AuthorRow, TagRow, TopicRow } from './articles.repo.ts'
import { articleAuthors, articleTags, articleTopics } from './articles.sql.ts'

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
