/**
 * An article as lists show it (`ArticleSummary`): a listed row named in the reader's language from the catalogue
 * (topics, authors, tags). Pure; the articles service loads the catalogue and keeps it.
 */
import type { ArticleSummary, ArticleTag } from '#contracts/articles.ts'
import type { Locale } from '#contracts/regions.ts'
import type { ArticleListRow, AuthorRow, TagRow, TopicRow } from './articles.repo.ts'

/** The catalogue, as the service keeps it: topics in their order, and each topic, tag and author by key. */
export interface Catalog {
  topics: TopicRow[]
  topicBySlug: Map<string, TopicRow>
  tagByKey: Map<string, TagRow>
  authorByKey: Map<string, AuthorRow>
}

export function toSummary(row: ArticleListRow, locale: Locale, catalog: Catalog): ArticleSummary {
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

export function toTags(keys: readonly string[], locale: Locale, catalog: Catalog): ArticleTag[] {
  return keys.map((key) => ({ k: key, v: catalog.tagByKey.get(key)?.text[locale] ?? key }))
}
