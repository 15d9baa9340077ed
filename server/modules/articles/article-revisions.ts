/**
 * Revisions, a use case of article editing (composed by article-editing.service.ts): the saved states of an
 * article, newest first, one of them whole, two compared field by field, and an older one restored as the newest
 * (through the same checks and write as a save). An article never edited here shows its stored content as its one
 * revision.
 */
import {
  type ArticleRevision,
  type ArticleRevisionSummary,
  type ConsoleActor,
  ConsoleErrorCode,
  type EditorArticle,
  type RevisionComparison,
} from '#contracts/console-rules.ts'
import { deleteInBatches } from '#server/db/batches.ts'
import { AppError } from '#server/http/app-error.ts'
import type { ArticleDrafting } from './article-drafting.ts'
import {
  deleteOldRevisions,
  type EditableArticleRow,
  hasRevisions,
  type RevisionRow,
  selectRevision,
  selectRevisionSummaries,
} from './article-editing.repo.ts'
import { type ArticleEditingContext, ArticleStaleError } from './article-editing-context.ts'
import { diffDocuments, toArticleDocument } from './article-editing-documents.ts'

export function createArticleRevisions(
  context: ArticleEditingContext,
  { documentOf, writeDocument }: Pick<ArticleDrafting, 'documentOf' | 'writeDocument'>,
) {
  const { db, menus, loadArticle, editorArticleOf } = context

  function summaryOf(row: Omit<RevisionRow, 'document'>): ArticleRevisionSummary {
    return {
      number: row.number,
      savedAt: row.savedAt.toISOString(),
      savedBy: row.savedByMemberId ? { memberId: row.savedByMemberId, phone: row.savedByPhone ?? '' } : null,
      action: row.action,
      state: row.state,
      restoredFrom: row.restoredFrom,
    }
  }

  /** Newest first. An article never edited here shows its stored content as its one revision. */
  async function listRevisions(id: number): Promise<ArticleRevisionSummary[]> {
    const current = await loadArticle(db, id)
    const rows = await selectRevisionSummaries(db, id)
    if (rows.length > 0) return rows.map(summaryOf)
    const { document: _document, scheduledAt: _scheduledAt, ...summary } = await baselineOf(current)
    return [summary]
  }

  async function baselineOf(current: EditableArticleRow): Promise<ArticleRevision> {
    return {
      number: current.revision,
      savedAt: current.updatedAt.toISOString(),
      savedBy: null,
      action: 'create',
      state: current.state,
      restoredFrom: null,
      scheduledAt: current.scheduledAt?.toISOString() ?? null,
      document: toArticleDocument(current, await menus.listGroupsOfArticle(current.key)),
    }
  }

  async function getRevision(id: number, number: number): Promise<ArticleRevision> {
    const row = await selectRevision(db, id, number)
    if (row)
      return {
        ...summaryOf(row),
        scheduledAt: row.scheduledAt?.toISOString() ?? null,
        document: row.document,
      }
    const current = await loadArticle(db, id)
    if (number === current.revision && !(await hasRevisions(db, id))) return baselineOf(current)
    throw new AppError('not_found', ConsoleErrorCode.revisionNotFound)
  }

  async function compareRevisions(id: number, from: number, to: number): Promise<RevisionComparison> {
    const [older, newer] = await Promise.all([getRevision(id, from), getRevision(id, to)])
    const changes = diffDocuments(older.document, newer.document)
    if (older.state !== newer.state)
      changes.unshift({ field: 'state', before: older.state, after: newer.state })
    if (older.scheduledAt !== newer.scheduledAt)
      changes.push({ field: 'scheduledAt', before: older.scheduledAt, after: newer.scheduledAt })
    return { from: older, to: newer, changes }
  }

  /**
   * Saves an older revision's content as the newest (the state stays). A published article keeps its current key
   * when the old revision had another; a cover image or reference that no longer exists is refused as in a save.
   */
  async function restoreRevision(
    id: number,
    number: number,
    revision: number,
    actor: ConsoleActor | null,
  ): Promise<EditorArticle> {
    const [source, current] = await Promise.all([getRevision(id, number), loadArticle(db, id)])
    if (current.revision !== revision) throw new ArticleStaleError(await editorArticleOf(db, current))
    const old = source.document
    const document = await documentOf(
      {
        ...old,
        key: current.publishedAt ? current.key : old.key,
        coverImageId: old.coverImage?.id,
        coverUrl: old.coverImage ? undefined : old.coverUrl,
        versions: { en: old.versions.en, 'zh-Hant': old.versions['zh-Hant'] },
      },
      [...old.stocks, ...current.stocks],
    )
    return writeDocument(id, revision, document, { actor, restoredFrom: number })
  }

  /**
   * Retention (housekeeping): forgets revisions saved before `before`, except the newest `kept` of each article —
   * its current state among them, so an article always has revisions to show and restore. Answers how many went.
   */
  async function forgetOldRevisions({ kept, before }: { kept: number; before: Date }): Promise<number> {
    return deleteInBatches((limit) => deleteOldRevisions(db, { kept, before, limit }))
  }

  return { listRevisions, getRevision, compareRevisions, restoreRevision, forgetOldRevisions }
}
