import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  customType,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ArticleKind, ArticleState, RelatedStock } from '#contracts/articles.ts'
import type { ArticleDocument, CoverImage, RevisionAction } from '#contracts/console-rules.ts'
import type { Market } from '#contracts/regions.ts'
import { createdAt, localizedText, updatedAt } from '#server/db/columns.ts'

/** Postgres full-text vector; built by the app from the search-text terms (ADR 0005), never by a trigger. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/** Who signs an article; name and biography per language. */
export const articleAuthors = pgTable('article_authors', {
  key: text().primaryKey(),
  name: localizedText().notNull(),
  bio: localizedText().notNull(),
})

/** What an article is about (/topics/{slug}). */
export const articleTopics = pgTable('article_topics', {
  slug: text().primaryKey(),
  position: integer().notNull(),
  name: localizedText().notNull(),
  description: localizedText().notNull(),
  coverUrl: text().notNull(),
})

/** A tag readers filter and search by; `key` is stable, the text is per language. */
export const articleTags = pgTable('article_tags', {
  key: text().primaryKey(),
  text: localizedText().notNull(),
})

/**
 * What both language versions of an article share. `key` (slug) and `id` both reach it. Only `published` is ever
 * shown; `publishedAt` orders every list. `revision` counts the article's saves and state moves: an editor's save
 * names the revision it edited, and one made on an older revision is refused (article-editing.service.ts).
 */
export const articles = pgTable(
  'articles',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    key: text().notNull().unique(),
    kind: text().$type<ArticleKind>().notNull(),
    topicSlug: text()
      .notNull()
      .references(() => articleTopics.slug),
    market: text().$type<Market>().notNull(),
    authorKey: text()
      .notNull()
      .references(() => articleAuthors.key),
    coverUrl: text().notNull(),
    /** An uploaded cover's sizes and formats (its `fallbackUrl` is `coverUrl`); null for a drawing. */
    coverImage: jsonb().$type<CoverImage>(),
    tagKeys: text().array().notNull().default(sql`'{}'::text[]`),
    stocks: jsonb().$type<RelatedStock[]>().notNull().default([]),
    state: text().$type<ArticleState>().notNull(),
    publishedAt: timestamp({ withTimezone: true }),
    /** When a scheduled article is to be published (the scheduled-publishing job); null in other states. */
    scheduledAt: timestamp({ withTimezone: true }),
    revision: integer().notNull().default(1),
    /** When the text last changed in a way readers should know about (shown as "Updated …"). */
    contentUpdatedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('articles_kind', sql`${table.kind} in ('news', 'analysis', 'recommendation')`),
    check(
      'articles_state',
      sql`${table.state} in ('draft', 'scheduled', 'published', 'taken_down', 'deleted')`,
    ),
    check('articles_market', sql`${table.market} in ('us', 'hk', 'jp', 'kr')`),
    check('articles_published_at', sql`${table.state} <> 'published' or ${table.publishedAt} is not null`),
    check('articles_scheduled_at', sql`${table.state} <> 'scheduled' or ${table.scheduledAt} is not null`),
    index('articles_listed_idx')
      .on(table.publishedAt.desc(), table.id.desc())
      .where(sql`${table.state} = 'published'`),
    index('articles_topic_idx').on(table.topicSlug, table.publishedAt.desc()),
    index('articles_market_idx').on(table.market, table.publishedAt.desc()),
    index('articles_kind_idx').on(table.kind, table.publishedAt.desc()),
    index('articles_tag_keys_idx').using('gin', table.tagKeys),
    // The scheduled-publishing job's question, every minute: which are due?
    index('articles_scheduled_idx').on(table.scheduledAt).where(sql`${table.state} = 'scheduled'`),
    // The newsroom's list: last changed first.
    index('articles_updated_idx').on(table.updatedAt.desc(), table.id.desc()),
  ],
)

/**
 * One language version of an article: what lists and searches read. An article may have one version or both. The
 * vectors are derived when the text is written: `searchVector` decides matches (title weight A, summary and tag
 * texts B, body C); the small `titleVector` and `rankVector` (title and summary with tags) put matches in their
 * relevance tier and answer suggestions. The body lives in article_bodies, so these rows stay short and a search
 * reads few pages.
 */
export const articleTranslations = pgTable(
  'article_translations',
  {
    articleId: bigint({ mode: 'number' })
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    locale: text().notNull(),
    title: text().notNull(),
    summary: text().notNull(),
    /** What search engines and link previews show; empty: the title and summary. */
    seoTitle: text().notNull().default(''),
    seoDescription: text().notNull().default(''),
    searchVector: tsvector().notNull(),
    /** The title's terms alone: small enough to stay in the row, so suggestions can test many titles cheaply. */
    titleVector: tsvector().notNull(),
    /** Title (A) and summary with tag texts (B): the middle relevance tier, without reading the long vector. */
    rankVector: tsvector().notNull(),
    /**
     * The term rules (`searchTermsVersion`, search-text/search-terms.ts) the three vectors were built with. Rows of
     * an older version are rebuilt from the stored text at the next start (articles.seed.ts), so a rule change
     * reaches an existing database without deleting anything.
     */
    searchVersion: integer().notNull().default(0),
    /**
     * The article's publish time while this version can be read (published, with a body), else null. Kept by the
     * repo whenever the state or the body changes, so lists and searches read one table and one index.
     */
    listedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.locale] }),
    check('article_translations_locale', sql`${table.locale} in ('en', 'zh-Hant')`),
    index('article_translations_listed_idx')
      .on(table.locale, table.listedAt.desc(), table.articleId.desc())
      .where(sql`${table.listedAt} is not null`),
    // One index per language, so a search reads only its own language's postings.
    index('article_translations_search_en_idx')
      .using('gin', table.searchVector)
      .where(sql`${table.locale} = 'en'`),
    index('article_translations_search_zh_hant_idx')
      .using('gin', table.searchVector)
      .where(sql`${table.locale} = 'zh-Hant'`),
    index('article_translations_title_en_idx')
      .using('gin', table.titleVector)
      .where(sql`${table.locale} = 'en'`),
    index('article_translations_title_zh_hant_idx')
      .using('gin', table.titleVector)
      .where(sql`${table.locale} = 'zh-Hant'`),
    index('article_translations_rank_en_idx')
      .using('gin', table.rankVector)
      .where(sql`${table.locale} = 'en'`),
    index('article_translations_rank_zh_hant_idx')
      .using('gin', table.rankVector)
      .where(sql`${table.locale} = 'zh-Hant'`),
    // Finds rows built with older term rules at start without reading the table.
    index('article_translations_search_version_idx').on(table.searchVersion),
    // Substring suggestions on titles (pg_trgm, migration 0001).
    index('article_translations_title_trgm_idx').using('gin', table.title.op('gin_trgm_ops')),
  ],
)

/**
 * The body of a language version. An empty `markdown` is the "content is empty" state; `html` (sanitised) and
 * `plainText` (for search snippets) are derived from it when it is written.
 */
export const articleBodies = pgTable(
  'article_bodies',
  {
    articleId: bigint({ mode: 'number' }).notNull(),
    locale: text().notNull(),
    markdown: text().notNull().default(''),
    html: text().notNull().default(''),
    plainText: text().notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.locale] }),
    foreignKey({
      columns: [table.articleId, table.locale],
      foreignColumns: [articleTranslations.articleId, articleTranslations.locale],
    }).onDelete('cascade'),
  ],
)

/**
 * Every saved state of an article: the whole document as the editor wrote it (both versions, metadata, cover) and
 * the state it left the article in, numbered like `articles.revision`. Only inserted; a restore saves an old
 * document as a new revision. Housekeeping forgets old ones, never an article's newest ARTICLE_REVISIONS_KEEP. The saver is kept by id and phone without a foreign key (entries outlive members).
 */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    articleId: bigint({ mode: 'number' })
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    savedAt: timestamp({ withTimezone: true }).notNull(),
    savedByMemberId: uuid(),
    savedByPhone: text(),
    action: text().$type<RevisionAction>().notNull(),
    state: text().$type<ArticleState>().notNull(),
    scheduledAt: timestamp({ withTimezone: true }),
    restoredFrom: integer(),
    document: jsonb().$type<ArticleDocument>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.number] }),
    check('article_revisions_action', sql`${table.action} in ('create', 'save', 'restore', 'state')`),
  ],
)

/**
 * An uploaded cover: the sizes made from it (kept in file storage under `covers/{id}/{width}.{format}`), so an
 * article can name it by id. Files are never replaced: a new picture is a new id.
 */
export const articleCoverImages = pgTable('article_cover_images', {
  id: uuid().primaryKey(),
  image: jsonb().$type<CoverImage>().notNull(),
  /** Every stored file's key, for clean-up. */
  fileKeys: text().array().notNull(),
  uploadedAt: timestamp({ withTimezone: true }).notNull(),
  uploadedByMemberId: uuid(),
})
