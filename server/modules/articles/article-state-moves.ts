/**
 * State moves, a use case of article editing (composed by article-editing.service.ts): an article moved through
 * its states (`articleStateMoves`: draft → scheduled → published → taken_down → deleted) at the revision the editor
 * saw, each move a revision with its audit entry, and the scheduled-publishing job that publishes articles whose
 * time has come (or returns to draft one left without words).
 */
import {
  type ArticleStateAction,
  articleStateMoves,
  auditActions,
  type ConsoleActor,
  ConsoleErrorCode,
  canMoveArticle,
  type EditorArticle,
} from '#contracts/console-rules.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import {
  type EditableArticleRow,
  insertRevision,
  selectDueArticles,
  updateArticleAtRevision,
} from './article-editing.repo.ts'
import { type ArticleEditingContext, ArticleStaleError } from './article-editing-context.ts'
import { isReadyToPublish, toArticleDocument, toEditorArticle } from './article-editing-documents.ts'
import { updateListedAt } from './article-writes.repo.ts'

/** Scheduled articles published per run of the job (the rest wait a minute). */
const duePerRun = 100

export function createArticleStateMoves(context: ArticleEditingContext) {
  const {
    db,
    clock,
    recordChange,
    announceArticleChange,
    loadArticle,
    editorArticleOf,
    menuGroupsOf,
    checkRevision,
    keepBaseline,
    announce,
    onArticlesPublished,
  } = context

  /** Tells of articles just published; a failure to tell is the teller's, never the publishing's. */
  async function tellPublished(articles: EditorArticle[]): Promise<void> {
    if (!onArticlesPublished || articles.length === 0) return
    await onArticlesPublished(
      articles.map((article) => ({
        id: article.id,
        key: article.key,
        titles: { en: article.versions.en?.title ?? '', 'zh-Hant': article.versions['zh-Hant']?.title ?? '' },
        stocks: article.stocks,
        publishedAt: new Date(article.publishedAt ?? clock.now()),
      })),
    ).catch(() => undefined)
  }

  /**
   * Moves the article (`articleStateMoves`). `publishAt` (schedule only): an instant in the future. Publishing
   * keeps the first publish time through take-downs, and a scheduled article is dated at its scheduled time.
   */
  async function changeArticleState(
    id: number,
    request: { revision: number; action: ArticleStateAction; publishAt?: Date | undefined },
    actor: ConsoleActor | null,
  ): Promise<EditorArticle> {
    const { result, key, states } = await inTransaction(db, async (tx) => {
      const current = await loadArticle(tx, id, true)
      await checkRevision(tx, current, request.revision)
      const moved = await moveArticle(tx, current, request.action, { publishAt: request.publishAt, actor })
      return { result: moved, key: current.key, states: [current.state, moved.state] }
    })
    await announce([key], states)
    if (request.action === 'publish') await tellPublished([result])
    return result
  }

  /** `datedAt`: the publish time of an article published for the first time (default: now). */
  async function moveArticle(
    tx: Db,
    current: EditableArticleRow,
    action: ArticleStateAction,
    options: { publishAt?: Date | undefined; actor: ConsoleActor | null; datedAt?: Date | null },
  ): Promise<EditorArticle> {
    const { publishAt, actor } = options
    if (!canMoveArticle(current.state, action))
      throw new AppError('conflict', ConsoleErrorCode.stateMoveInvalid)
    const now = clock.now()
    const menuGroups = await menuGroupsOf(tx, current.key)
    const document = toArticleDocument(current, menuGroups)
    if ((action === 'publish' || action === 'schedule') && !isReadyToPublish(document))
      throw new AppError('conflict', ConsoleErrorCode.articleNotReady)
    if (action === 'schedule') {
      if (!publishAt)
        throw new AppError('invalid', ConsoleErrorCode.scheduleMissing, {
          fields: [{ field: 'publishAt', code: ConsoleErrorCode.scheduleMissing }],
        })
      if (publishAt.getTime() <= now.getTime())
        throw new AppError('invalid', ConsoleErrorCode.scheduleInPast, {
          fields: [{ field: 'publishAt', code: ConsoleErrorCode.scheduleInPast }],
        })
    }
    const to = articleStateMoves[action].to
    const scheduledAt = action === 'schedule' ? (publishAt as Date) : null
    const publishedAt = action === 'publish' ? (current.publishedAt ?? options.datedAt ?? now) : undefined
    await keepBaseline(tx, current, menuGroups)
    const next = await updateArticleAtRevision(
      tx,
      current.id,
      current.revision,
      { state: to, scheduledAt, ...(publishedAt ? { publishedAt } : {}) },
      now,
    )
    if (next === undefined) throw new ArticleStaleError(await editorArticleOf(tx, current))
    await updateListedAt(tx, current.id)
    await insertRevision(tx, {
      articleId: current.id,
      number: next,
      savedAt: now,
      savedBy: actor,
      action: 'state',
      state: to,
      scheduledAt,
      restoredFrom: null,
      document,
    })
    const after = toEditorArticle(await loadArticle(tx, current.id), menuGroups)
    const stateOf = (article: { state: string; scheduledAt: string | null; publishedAt: string | null }) => ({
      state: article.state,
      scheduledAt: article.scheduledAt,
      publishedAt: article.publishedAt,
    })
    await recordChange(
      {
        actor,
        action: auditActionOf[action],
        entity: 'article',
        entityId: String(current.id),
        before: { revision: current.revision, ...stateOf(toEditorArticle(current, menuGroups)) },
        after: { revision: next, ...stateOf(after) },
      },
      tx,
    )
    return after
  }

  /**
   * The scheduled-publishing job: publishes every scheduled article whose time has come, as the site itself (no
   * actor). One whose content no longer has a title and body in any language goes back to draft instead.
   */
  async function publishDueArticles(): Promise<{ published: string[]; unscheduled: string[] }> {
    const published: string[] = []
    const unscheduled: string[] = []
    const told: EditorArticle[] = []
    for (const id of await selectDueArticles(db, clock.now(), duePerRun)) {
      const outcome = await inTransaction(db, async (tx) => {
        const current = await loadArticle(tx, id, true)
        if (current.state !== 'scheduled' || (current.scheduledAt?.getTime() ?? 0) > clock.now().getTime())
          return undefined
        const ready = isReadyToPublish(toArticleDocument(current, []))
        const moved = await moveArticle(tx, current, ready ? 'publish' : 'unschedule', {
          actor: null,
          datedAt: current.scheduledAt,
        })
        return { key: current.key, ready, moved }
      })
      if (outcome) (outcome.ready ? published : unscheduled).push(outcome.key)
      if (outcome?.ready) told.push(outcome.moved)
    }
    if (published.length > 0) await announceArticleChange(published)
    await tellPublished(told)
    return { published, unscheduled }
  }

  return { changeArticleState, publishDueArticles }
}

const auditActionOf: Record<ArticleStateAction, string> = {
  schedule: auditActions.articleSchedule,
  unschedule: auditActions.articleUnschedule,
  publish: auditActions.articlePublish,
  take_down: auditActions.articleTakeDown,
  delete: auditActions.articleDelete,
}
