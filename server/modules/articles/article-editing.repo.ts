/**
 * Queries the newsroom needs on the article tables: an article with everything an editor edits, the editors' list,
 * writes guarded by the revision counter, revisions, uploaded covers, and the scheduled articles that are due.
 * Plain rows, no rules; listing times are kept in step by `updateListedAt` (articles.repo.ts), as for every write.
 */
import { and, desc, eq, type SQL, sql } from 'drizzle-orm'
import type { ArticleKind, ArticleState, RelatedStock } from '#contracts/articles.ts'
import type { ArticleDocument, CoverImage, RevisionAction } from '#contracts/console-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { NewTranslation } from './article-writes.repo.ts'
import { escapeLikePattern } from './articles.repo.ts'
import { articleCoverImages, articleRevisions, articles } from './articles.sql.ts'

export interface EditableVersionRow {
  locale: Locale
  title: string
  summary: string
  bodyMarkdown: string
  seoTitle: string
  seoDescription: string
}

export interface EditableArticleRow {
  id: number
  key: string
  kind: ArticleKind
  topicSlug: string
  market: Market
  authorKey: string
  coverUrl: string
  coverImage: CoverImage | null
  tagKeys: string[]
  stocks: RelatedStock[]
  state: ArticleState
  publishedAt: Date | null
  scheduledAt: Date | null
  contentUpdatedAt: Date | null
  revision: number
  createdAt: Date
  updatedAt: Date
  versions: EditableVersionRow[]
  /** Who made the newest revision (null: none kept yet, or the site itself). */
  updatedBy: { memberId: string; phone: string } | null
}

function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value))
}
function toDateOrNull(value: unknown): Date | null {
  return value === null || value === undefined ? null : toDate(value)
}
function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T
}

const updatedByColumn = sql`(select case when r.saved_by_member_id is null then null
     else json_build_object('memberId', r.saved_by_member_id, 'phone', r.saved_by_phone) end
   from article_revisions r where r.article_id = a.id order by r.number desc limit 1)`

/** The article with its versions (Markdown and SEO fields); `forUpdate` locks the row until the transaction ends. */
export async function selectEditableArticle(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<EditableArticleRow | undefined> {
  if (options.forUpdate) await db.execute(sql`select 1 from articles where id = ${id} for update`)
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select a.id as "id", a.key as "key", a.kind as "kind", a.topic_slug as "topicSlug", a.market as "market",
          a.author_key as "authorKey", a.cover_url as "coverUrl", a.cover_image as "coverImage",
          a.tag_keys as "tagKeys", a.stocks as "stocks", a.state as "state", a.published_at as "publishedAt",
          a.scheduled_at as "scheduledAt", a.content_updated_at as "contentUpdatedAt", a.revision as "revision",
          a.created_at as "createdAt", a.updated_at as "updatedAt", ${updatedByColumn} as "updatedBy",
          coalesce((select json_agg(json_build_object('locale', t.locale, 'title', t.title, 'summary', t.summary,
              'bodyMarkdown', coalesce(b.markdown, ''), 'seoTitle', t.seo_title, 'seoDescription', t.seo_description)
              order by t.locale)
            from article_translations t
              left join article_bodies b on b.article_id = t.article_id and b.locale = t.locale
            where t.article_id = a.id), '[]') as "versions"
        from articles a
        where a.id = ${id}`,
  )
  const row = rows[0]
  if (!row) return undefined
  return {
    ...(row as unknown as EditableArticleRow),
    id: Number(row.id),
    revision: Number(row.revision),
    coverImage: row.coverImage ? parsedJson<CoverImage>(row.coverImage) : null,
    stocks: parsedJson<RelatedStock[]>(row.stocks),
    tagKeys: Array.isArray(row.tagKeys) ? row.tagKeys.map(String) : [],
    publishedAt: toDateOrNull(row.publishedAt),
    scheduledAt: toDateOrNull(row.scheduledAt),
    contentUpdatedAt: toDateOrNull(row.contentUpdatedAt),
    createdAt: toDate(row.createdAt),
    updatedAt: toDate(row.updatedAt),
    versions: parsedJson<EditableVersionRow[]>(row.versions),
    updatedBy: row.updatedBy ? parsedJson<{ memberId: string; phone: string }>(row.updatedBy) : null,
  }
}

export interface EditorListFilter {
  state?: ArticleState | undefined
  locale?: Locale | undefined
  market?: Market | undefined
  topicSlug?: string | undefined
  authorKey?: string | undefined
  kind?: ArticleKind | undefined
  tagKey?: string | undefined
  text?: string | undefined
}

export interface EditorListRow {
  id: number
  key: string
  kind: ArticleKind
  state: ArticleState
  market: Market
  topicSlug: string
  authorKey: string
  coverUrl: string
  publishedAt: Date | null
  scheduledAt: Date | null
  updatedAt: Date
  revision: number
  versions: { locale: Locale; title: string; isListed: boolean }[]
  updatedBy: { memberId: string; phone: string } | null
}

function editorConditions(filter: EditorListFilter): SQL {
  const conditions: SQL[] = [sql`true`]
  if (filter.state) conditions.push(sql`a.state = ${filter.state}`)
  if (filter.market) conditions.push(sql`a.market = ${filter.market}`)
  if (filter.topicSlug) conditions.push(sql`a.topic_slug = ${filter.topicSlug}`)
  if (filter.authorKey) conditions.push(sql`a.author_key = ${filter.authorKey}`)
  if (filter.kind) conditions.push(sql`a.kind = ${filter.kind}`)
  if (filter.tagKey) conditions.push(sql`a.tag_keys @> ${sql.param([filter.tagKey])}::text[]`)
  if (filter.locale)
    conditions.push(
      sql`exists (select 1 from article_translations t where t.article_id = a.id and t.locale = ${filter.locale})`,
    )
  if (filter.text) {
    const pattern = `%${escapeLikePattern(filter.text)}%`
    conditions.push(
      sql`(a.key ilike ${pattern} or exists (select 1 from article_translations t where t.article_id = a.id
             and (t.title ilike ${pattern} or t.summary ilike ${pattern})))`,
    )
  }
  return sql.join(conditions, sql` and `)
}

/** Last changed first. */
export async function selectEditorArticles(
  db: Db,
  filter: EditorListFilter,
  page: { limit: number; offset: number },
): Promise<EditorListRow[]> {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select a.id as "id", a.key as "key", a.kind as "kind", a.state as "state", a.market as "market",
          a.topic_slug as "topicSlug", a.author_key as "authorKey", a.cover_url as "coverUrl",
          a.published_at as "publishedAt", a.scheduled_at as "scheduledAt", a.updated_at as "updatedAt",
          a.revision as "revision", ${updatedByColumn} as "updatedBy",
          coalesce((select json_agg(json_build_object('locale', t.locale, 'title', t.title,
              'isListed', t.listed_at is not null) order by t.locale)
            from article_translations t where t.article_id = a.id), '[]') as "versions"
        from articles a
        where ${editorConditions(filter)}
        order by a.updated_at desc, a.id desc
        limit ${page.limit} offset ${page.offset}`,
  )
  return rows.map((row) => ({
    ...(row as unknown as EditorListRow),
    id: Number(row.id),
    revision: Number(row.revision),
    publishedAt: toDateOrNull(row.publishedAt),
    scheduledAt: toDateOrNull(row.scheduledAt),
    updatedAt: toDate(row.updatedAt),
    versions: parsedJson<EditorListRow['versions']>(row.versions),
    updatedBy: row.updatedBy ? parsedJson<{ memberId: string; phone: string }>(row.updatedBy) : null,
  }))
}

export async function countEditorArticles(db: Db, filter: EditorListFilter, cap: number): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from articles a where ${editorConditions(filter)} limit ${cap}) c`,
  )
  return Number(rows[0]?.n ?? 0)
}

/** What an article row holds besides its versions. */
export interface ArticleFields {
  key: string
  kind: ArticleKind
  topicSlug: string
  market: Market
  authorKey: string
  coverUrl: string
  coverImage: CoverImage | null
  tagKeys: string[]
  stocks: RelatedStock[]
}

/** How many articles (any state) show a cover whose address starts with `prefix` (a drawing and its variants). */
export async function countArticlesWithCoverPrefix(db: Db, prefix: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(articles)
    .where(sql`${articles.coverUrl} like ${`${escapeLikePattern(prefix)}%`}`)
  return Number(row?.count ?? 0)
}

/** A new draft at revision 1; undefined when the key is taken. */
export async function insertDraftArticle(
  db: Db,
  fields: ArticleFields,
  now: Date,
): Promise<number | undefined> {
  const rows = await db
    .insert(articles)
    .values({ ...fields, state: 'draft', revision: 1, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: articles.key })
    .returning({ id: articles.id })
  return rows[0] ? Number(rows[0].id) : undefined
}

export interface ArticleRowChange {
  fields?: Partial<ArticleFields>
  state?: ArticleState
  publishedAt?: Date | null
  scheduledAt?: Date | null
  contentUpdatedAt?: Date | null
}

/**
 * Writes the change and moves the revision on by one, only when the article is still at `expectedRevision`.
 * Returns the new revision, or undefined when the article is at another one (or gone).
 */
export async function updateArticleAtRevision(
  db: Db,
  id: number,
  expectedRevision: number,
  change: ArticleRowChange,
  now: Date,
): Promise<number | undefined> {
  const rows = await db
    .update(articles)
    .set({
      ...(change.fields ?? {}),
      ...(change.state ? { state: change.state } : {}),
      ...(change.publishedAt !== undefined ? { publishedAt: change.publishedAt } : {}),
      ...(change.scheduledAt !== undefined ? { scheduledAt: change.scheduledAt } : {}),
      ...(change.contentUpdatedAt !== undefined ? { contentUpdatedAt: change.contentUpdatedAt } : {}),
      revision: sql`${articles.revision} + 1`,
      updatedAt: now,
    })
    .where(and(eq(articles.id, id), eq(articles.revision, expectedRevision)))
    .returning({ revision: articles.revision })
  return rows[0] ? Number(rows[0].revision) : undefined
}

/** Whether another article uses the key. */
export async function isArticleKeyTaken(db: Db, key: string, exceptId: number): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from articles where key = ${key} and id <> ${exceptId} limit 1`,
  )
  return rows.length > 0
}

export interface EditedTranslation extends NewTranslation {
  seoTitle: string
  seoDescription: string
}

/**
 * Makes the article's versions exactly these: versions of other languages are removed (with their bodies), these
 * are inserted or replaced with their search vectors. Listing times are the caller's next step (updateListedAt).
 */
export async function replaceTranslations(
  db: Db,
  articleId: number,
  translations: readonly EditedTranslation[],
): Promise<void> {
  const locales = translations.map((translation) => translation.locale)
  await db.execute(
    sql`delete from article_translations
        where article_id = ${articleId} and not (locale = any(${sql.param(locales)}::text[]))`,
  )
  for (const version of translations) {
    const { A, B, C } = version.searchText
    await db.execute(
      sql`insert into article_translations (article_id, locale, title, summary, seo_title, seo_description,
            search_vector, title_vector, rank_vector, search_version, listed_at, updated_at)
          values (${articleId}, ${version.locale}, ${version.title}, ${version.summary}, ${version.seoTitle},
            ${version.seoDescription},
            setweight(to_tsvector('simple', ${A}), 'A') || setweight(to_tsvector('simple', ${B}), 'B')
              || setweight(to_tsvector('simple', ${C}), 'C'),
            to_tsvector('simple', ${A}),
            setweight(to_tsvector('simple', ${A}), 'A') || setweight(to_tsvector('simple', ${B}), 'B'),
            ${version.searchVersion}, null, now())
          on conflict (article_id, locale) do update set title = excluded.title, summary = excluded.summary,
            seo_title = excluded.seo_title, seo_description = excluded.seo_description,
            search_vector = excluded.search_vector, title_vector = excluded.title_vector,
            rank_vector = excluded.rank_vector, search_version = excluded.search_version, updated_at = now()`,
    )
    await db.execute(
      sql`insert into article_bodies (article_id, locale, markdown, html, plain_text)
          values (${articleId}, ${version.locale}, ${version.bodyMarkdown}, ${version.bodyHtml}, ${version.bodyText})
          on conflict (article_id, locale) do update set markdown = excluded.markdown, html = excluded.html,
            plain_text = excluded.plain_text`,
    )
  }
}

// ——— Revisions ———

export type RevisionRow = typeof articleRevisions.$inferSelect

export async function insertRevision(
  db: Db,
  revision: {
    articleId: number
    number: number
    savedAt: Date
    savedBy: { memberId: string; phone: string } | null
    action: RevisionAction
    state: ArticleState
    scheduledAt: Date | null
    restoredFrom: number | null
    document: ArticleDocument
  },
): Promise<void> {
  const { savedBy, ...row } = revision
  await db
    .insert(articleRevisions)
    .values({ ...row, savedByMemberId: savedBy?.memberId ?? null, savedByPhone: savedBy?.phone ?? null })
}

/** Newest first, without documents. */
export async function selectRevisionSummaries(
  db: Db,
  articleId: number,
): Promise<Omit<RevisionRow, 'document'>[]> {
  return db
    .select({
      articleId: articleRevisions.articleId,
      number: articleRevisions.number,
      savedAt: articleRevisions.savedAt,
      savedByMemberId: articleRevisions.savedByMemberId,
      savedByPhone: articleRevisions.savedByPhone,
      action: articleRevisions.action,
      state: articleRevisions.state,
      scheduledAt: articleRevisions.scheduledAt,
      restoredFrom: articleRevisions.restoredFrom,
    })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.number))
}

export async function selectRevision(
  db: Db,
  articleId: number,
  number: number,
): Promise<RevisionRow | undefined> {
  const rows = await db
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.number, number)))
  return rows[0]
}

export async function hasRevisions(db: Db, articleId: number): Promise<boolean> {
  const rows = await db
    .select({ number: articleRevisions.number })
    .from(articleRevisions)
    .where(eq(articleRevisions.articleId, articleId))
    .limit(1)
  return rows.length > 0
}

// ——— Scheduling ———

/** Scheduled articles whose time has come, oldest first. */
export async function selectDueArticles(db: Db, now: Date, limit: number): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`select id from articles where state = 'scheduled' and scheduled_at <= ${now.toISOString()}::timestamptz
        order by scheduled_at, id limit ${limit}`,
  )
  return rows.map((row) => Number(row.id))
}

// ——— Covers ———

export async function insertCoverImage(
  db: Db,
  row: {
    id: string
    image: CoverImage
    fileKeys: string[]
    uploadedAt: Date
    uploadedByMemberId: string | null
  },
): Promise<void> {
  await db.insert(articleCoverImages).values(row)
}

export async function selectCoverImage(db: Db, id: string): Promise<CoverImage | undefined> {
  const rows = await db
    .select({ image: articleCoverImages.image })
    .from(articleCoverImages)
    .where(eq(articleCoverImages.id, id))
  return rows[0]?.image
}

/**
 * Deletes up to `limit` revisions saved before `before` that are not among the newest `kept` of their article.
 * Answers how many went.
 */
export async function deleteOldRevisions(
  db: Db,
  { kept, before, limit }: { kept: number; before: Date; limit: number },
): Promise<number> {
  const rows = await selectRows<{ number: number }>(
    db,
    sql`delete from article_revisions revision
        using (
          select article_id, number from (
            select article_id, number, saved_at,
                   row_number() over (partition by article_id order by number desc) as newness
            from article_revisions
          ) ranked
          where newness > ${kept} and saved_at < ${before.toISOString()}::timestamptz
          limit ${limit}
        ) old
        where revision.article_id = old.article_id and revision.number = old.number
        returning revision.number`,
  )
  return rows.length
}
