/**
 * The editor's view of an article, as pure functions: stored rows → the document an editor writes (and a revision
 * keeps) and the article the console shows; what changed between two documents (revision comparison, and the
 * audit log's before → after); whether a document can be published.
 */
import type {
  ArticleDocument,
  ArticleEditState,
  ArticleVersionDocument,
  EditorArticle,
  RevisionChange,
} from '#contracts/console-rules.ts'
import { type Locale, locales } from '#contracts/regions.ts'
import type { EditableArticleRow } from './article-editing.repo.ts'

export function toArticleDocument(row: EditableArticleRow, menuGroups: string[]): ArticleDocument {
  const versionOf = (locale: Locale): ArticleVersionDocument | null => {
    const version = row.versions.find((candidate) => candidate.locale === locale)
    return version
      ? {
          title: version.title,
          summary: version.summary,
          bodyMarkdown: version.bodyMarkdown,
          seoTitle: version.seoTitle,
          seoDescription: version.seoDescription,
        }
      : null
  }
  return {
    key: row.key,
    kind: row.kind,
    topic: row.topicSlug,
    market: row.market,
    author: row.authorKey,
    tags: row.tagKeys,
    stocks: row.stocks.map((stock) => ({ market: stock.market, code: stock.code })),
    menuGroups,
    coverUrl: row.coverUrl,
    coverImage: row.coverImage,
    versions: { en: versionOf('en'), 'zh-Hant': versionOf('zh-Hant') },
  }
}

export function toEditorArticle(row: EditableArticleRow, menuGroups: string[]): EditorArticle {
  return {
    ...toArticleDocument(row, menuGroups),
    id: row.id,
    state: row.state as ArticleEditState,
    revision: row.revision,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  }
}

const sharedFields = [
  'key',
  'kind',
  'topic',
  'market',
  'author',
  'tags',
  'stocks',
  'menuGroups',
  'coverUrl',
  'coverImage',
] as const
const versionFields = ['title', 'summary', 'bodyMarkdown', 'seoTitle', 'seoDescription'] as const

function isSame(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
}

/**
 * The fields that differ, in a fixed order: shared fields, then each language's fields (`versions.en.title`); a
 * version present on one side only is one change (`versions.zh-Hant`, null on the other side).
 */
export function diffDocuments(before: ArticleDocument, after: ArticleDocument): RevisionChange[] {
  const changes: RevisionChange[] = []
  for (const field of sharedFields) {
    if (!isSame(before[field], after[field]))
      changes.push({ field, before: before[field], after: after[field] })
  }
  for (const locale of locales) {
    const a = before.versions[locale]
    const b = after.versions[locale]
    if (!a || !b) {
      if (a || b) changes.push({ field: `versions.${locale}`, before: a ?? null, after: b ?? null })
      continue
    }
    for (const field of versionFields) {
      if (a[field] !== b[field])
        changes.push({ field: `versions.${locale}.${field}`, before: a[field], after: b[field] })
    }
  }
  return changes
}

/** The changes as two objects, field by field: the audit log's `before` and `after` of a save. */
export function changesAsBeforeAfter(changes: RevisionChange[]): { before: object; after: object } {
  return {
    before: Object.fromEntries(changes.map((change) => [change.field, change.before])),
    after: Object.fromEntries(changes.map((change) => [change.field, change.after])),
  }
}

/** Whether readers would see words: at least one language with a title and a body. */
export function isReadyToPublish(document: ArticleDocument): boolean {
  return locales.some((locale) => {
    const version = document.versions[locale]
    return Boolean(version?.title.trim() && version.bodyMarkdown.trim())
  })
}

/** Whether a change of text readers have seen should show as "Updated": titles, summaries or bodies. */
export function changesReadText(changes: RevisionChange[]): boolean {
  return changes.some((change) => /^versions\.[^.]+(\.(title|summary|bodyMarkdown))?$/.test(change.field))
}
