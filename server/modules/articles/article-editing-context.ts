/**
 * What every use case of article editing shares (article-editing.service.ts composes them: drafts and saves,
 * state moves, revisions): the service's dependencies, the article under edit loaded (and locked when it will be
 * written), the refusal of a write made on another revision, the baseline revision of an article the seed wrote,
 * and the announcement of a change readers could see.
 */
import {
  type ConsoleActor,
  ConsoleErrorCode,
  type CoverImage,
  type EditorArticle,
} from '#contracts/console-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import {
  type EditableArticleRow,
  hasRevisions,
  insertRevision,
  selectEditableArticle,
} from './article-editing.repo.ts'
import { toArticleDocument, toEditorArticle } from './article-editing-documents.ts'

/** One change for the audit log, written in the change's transaction (the console's audit service). */
/** A just-published article, as those told of it need it. */
export interface PublishedArticle {
  id: number
  key: string
  titles: { en: string; 'zh-Hant': string }
  stocks: { market: Market; code: string }[]
  publishedAt: Date
}

export interface ArticleChangeRecord {
  actor: ConsoleActor | null
  action: string
  entity: string
  entityId: string
  before: unknown
  after: unknown
}
export type RecordArticleChange = (record: ArticleChangeRecord, db: Db) => Promise<void>

/** Which header-menu groups list an article (the navigation module). */
export interface ArticleMenuGroups {
  listMenuGroups(): Promise<{ key: string; name: LocalizedText }[]>
  listGroupsOfArticle(articleKey: string, options?: { db?: Db }): Promise<string[]>
  placeArticleInGroups(
    articleKey: string,
    groupKeys: readonly string[],
    options: { previousKey?: string; db?: Db },
  ): Promise<void>
}

/** The current article, sent with a 409 so the editor can compare before saving again. */
export class ArticleStaleError extends AppError {
  readonly current: EditorArticle

  constructor(current: EditorArticle) {
    super('conflict', ConsoleErrorCode.articleStale)
    this.current = current
  }
}

export interface ArticleEditingDependencies {
  db: Db
  clock: Clock
  /** The firm's time zone, for the form's options. */
  timeZone: string
  previewSecret: string
  /** Where each language's site is (preview links). */
  siteOrigins: Record<Locale, string>
  menus: ArticleMenuGroups
  findCoverImage: (id: string) => Promise<CoverImage | undefined>
  /** The stocks module's universe: each related stock as it writes it, or null when it has no such company. */
  resolveStocks: (
    stocks: readonly { market: Market; code: string }[],
  ) => Promise<({ market: Market; code: string } | null)[]>
  announceArticleChange: (keys: string[]) => Promise<void>
  recordChange: RecordArticleChange
  /**
   * Told after an article was published (by an editor or on schedule), once it is committed: who follows its
   * stocks is told elsewhere (the composition root asks the watchlists and the notification centre). A failure
   * there never undoes the publishing.
   */
  onArticlesPublished?: (articles: PublishedArticle[]) => Promise<void>
}

export type ArticleEditingContext = ReturnType<typeof createArticleEditingContext>

export function createArticleEditingContext(deps: ArticleEditingDependencies) {
  const { menus, announceArticleChange } = deps

  async function loadArticle(inDb: Db, id: number, forUpdate = false): Promise<EditableArticleRow> {
    const row = await selectEditableArticle(inDb, id, { forUpdate })
    if (!row) throw new AppError('not_found', ConsoleErrorCode.articleNotFound)
    return row
  }

  async function editorArticleOf(inDb: Db, row: EditableArticleRow): Promise<EditorArticle> {
    return toEditorArticle(row, await menuGroupsOf(inDb, row.key))
  }

  // Inside a transaction every read goes through it: PGlite has one connection, which the transaction holds.
  function menuGroupsOf(inDb: Db, key: string): Promise<string[]> {
    return menus.listGroupsOfArticle(key, { db: inDb })
  }

  /** 409 with the current article when the write was made on another revision. */
  async function checkRevision(tx: Db, current: EditableArticleRow, revision: number): Promise<void> {
    if (current.revision !== revision) throw new ArticleStaleError(await editorArticleOf(tx, current))
  }

  /** An article edited elsewhere until now (the seed) gets its stored content as its first revision. */
  async function keepBaseline(tx: Db, current: EditableArticleRow, menuGroups: string[]): Promise<void> {
    if (await hasRevisions(tx, current.id)) return
    await insertRevision(tx, {
      articleId: current.id,
      number: current.revision,
      savedAt: current.updatedAt,
      savedBy: null,
      action: 'create',
      state: current.state,
      scheduledAt: current.scheduledAt,
      restoredFrom: null,
      document: toArticleDocument(current, menuGroups),
    })
  }

  /** An article readers can see, or could see before this change: its change is announced to every process. */
  function isVisibleToReaders(state: string): boolean {
    return state === 'published' || state === 'taken_down' || state === 'deleted'
  }

  async function announce(keys: string[], states: string[]): Promise<void> {
    if (states.some(isVisibleToReaders)) await announceArticleChange([...new Set(keys)])
  }

  return { ...deps, loadArticle, editorArticleOf, menuGroupsOf, checkRevision, keepBaseline, announce }
}
