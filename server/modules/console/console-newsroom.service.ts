/**
 * The newsroom as the console calls it: the articles module's editing and covers services, plus what belongs to the
 * console — a schedule time typed on the firm's wall clock (→ an instant), and the audit entry of a cover upload.
 * Every other rule (states, revisions, concurrency, announcements) is the articles module's
 * (article-editing.service.ts); their audit entries are written there, in the change's transaction.
 */
import type { ChangeArticleStateRequest } from '#contracts/console.ts'
import {
  auditActions,
  type ConsoleActor,
  ConsoleErrorCode,
  type CoverImage,
  type EditorArticle,
} from '#contracts/console-rules.ts'
import { AppError } from '#server/http/app-error.ts'
import { instantOfFirmTime } from '#server/kernel/firm-time.ts'
import type { ArticleCoversService } from '#server/modules/articles/article-covers.service.ts'
import type { ArticleEditingService } from '#server/modules/articles/article-editing.service.ts'
import type { ConsoleAuditService, FindMemberNames } from './console-audit.service.ts'

export function createConsoleNewsroomService({
  editing,
  covers,
  audit,
  timeZone,
  findMemberNames,
}: {
  editing: ArticleEditingService
  covers: ArticleCoversService
  audit: Pick<ConsoleAuditService, 'recordChange'>
  timeZone: string
  findMemberNames: FindMemberNames
}) {
  /** Revisions say who saved them by name (the name they go by now), as the audit log does. */
  async function named<T extends { savedBy: ConsoleActor | null }>(revisions: T[]): Promise<T[]> {
    const names = await findMemberNames(revisions.flatMap((revision) => revision.savedBy?.memberId ?? []))
    return revisions.map((revision) =>
      revision.savedBy
        ? {
            ...revision,
            savedBy: { ...revision.savedBy, name: names.get(revision.savedBy.memberId)?.displayName ?? null },
          }
        : revision,
    )
  }

  async function listRevisions(id: number) {
    return named(await editing.listRevisions(id))
  }

  async function compareRevisions(...args: Parameters<ArticleEditingService['compareRevisions']>) {
    const comparison = await editing.compareRevisions(...args)
    const [from, to] = await named([comparison.from, comparison.to])
    return { ...comparison, from: from ?? comparison.from, to: to ?? comparison.to }
  }

  /** `publishAt` is local time in the firm's time zone (400 CONSOLE_SCHEDULE_MISSING when it names no time). */
  function changeArticleState(
    id: number,
    request: ChangeArticleStateRequest,
    actor: ConsoleActor,
  ): Promise<EditorArticle> {
    const publishAt = request.publishAt ? instantOfFirmTime(request.publishAt, timeZone) : undefined
    if (request.publishAt && !publishAt)
      throw new AppError('invalid', ConsoleErrorCode.scheduleMissing, {
        fields: [{ field: 'publishAt', code: ConsoleErrorCode.scheduleMissing }],
      })
    return editing.changeArticleState(
      id,
      { revision: request.revision, action: request.action, publishAt },
      actor,
    )
  }

  async function uploadCover(bytes: Buffer, actor: ConsoleActor): Promise<CoverImage> {
    const image = await covers.uploadCover(bytes, actor)
    await audit.recordChange({
      actor,
      action: auditActions.coverUpload,
      entity: 'cover',
      entityId: image.id,
      before: null,
      after: image,
    })
    return image
  }

  return {
    listEditorArticles: editing.listEditorArticles,
    listNewsroomOptions: editing.listNewsroomOptions,
    getEditorArticle: editing.getEditorArticle,
    createArticle: editing.createArticle,
    saveArticle: editing.saveArticle,
    changeArticleState,
    listRevisions,
    getRevision: editing.getRevision,
    compareRevisions,
    restoreRevision: editing.restoreRevision,
    renderPreview: editing.renderPreview,
    createPreviewLink: editing.createPreviewLink,
    uploadCover,
    publishDueArticles: editing.publishDueArticles,
  }
}

export type ConsoleNewsroomService = ReturnType<typeof createConsoleNewsroomService>
