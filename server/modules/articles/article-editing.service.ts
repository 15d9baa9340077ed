/**
 * The newsroom's side of articles: write and correct both language versions, move an article through its states,
 * keep every saved revision, and publish scheduled articles when their time comes.
 *
 * Decides:
 * - states and moves (console-rules.ts `articleStateMoves`): draft → scheduled → published → taken_down → deleted;
 *   publishing or scheduling needs a title and a body in at least one language; `deleted` is final; a published
 *   article keeps its key (its address);
 * - revisions: every save, state move and restore is one revision (the whole document and the state it left), in
 *   one transaction with the change and its audit entry; an article never edited here gets its stored content as
 *   a first revision before its first change, so it can be restored;
 * - concurrent edits: each write names the revision it was made on; another one is refused (409 with the current
 *   article), never merged or overwritten;
 * - readers hear of every change they could see at once (`announceArticleChange`: lists, search, home, menus, RSS,
 *   sitemap and page caches of every process).
 * Leaves to others: who may call (the console's guard), the firm's time zone (the caller passes instants), how text
 * becomes index terms (search-text/), menu groups (navigation), cover files (article-covers.service.ts).
 */
import type { ArticleDocumentInput, EditorArticleListQuery } from '#contracts/console.ts'
import {
  type ArticleDocument,
  type ArticleRevision,
  type ArticleRevisionSummary,
  type ArticleStateAction,
  articleKinds,
  articleStateMoves,
  auditActions,
  type ConsoleActor,
  ConsoleErrorCode,
  type CoverImage,
  canMoveArticle,
  type EditorArticle,
  type EditorArticlePage,
  type EditorArticleRow,
  type MarkdownPreview,
  type NewsroomOptions,
  type PreviewLink,
  previewQueryParameter,
  type RevisionComparison,
} from '#contracts/console-rules.ts'
import { type Locale, type Market, markets } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { renderMarkdown } from '#server/text/render-markdown.ts'
import { buildTranslation } from './article-documents.ts'
import {
  countArticlesWithCoverPrefix,
  countEditorArticles,
  type EditableArticleRow,
  type EditedTranslation,
  hasRevisions,
  insertDraftArticle,
  insertRevision,
  isArticleKeyTaken,
  type RevisionRow,
  replaceTranslations,
  selectDueArticles,
  selectEditableArticle,
  selectEditorArticles,
  selectRevision,
  selectRevisionSummaries,
  updateArticleAtRevision,
} from './article-editing.repo.ts'
import {
  changesAsBeforeAfter,
  changesReadText,
  diffDocuments,
  isReadyToPublish,
  toArticleDocument,
  toEditorArticle,
} from './article-editing-documents.ts'
import { signPreviewToken } from './article-preview-tokens.ts'
import { updateListedAt } from './article-writes.repo.ts'
import { selectAuthors, selectTags, selectTopics } from './articles.repo.ts'
import { coverVariantCount, coverVariantFileName, parseCoverFileName } from './cover-art.ts'

/** One change for the audit log, written in the change's transaction (the console's audit service). */
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

const countCap = 100_000
/** Where the topics' drawings and their variants are served (article-media.routes.ts). */
const drawingPath = '/media/covers/'

/** Scheduled articles published per run of the job (the rest wait a minute). */
const duePerRun = 100

export function createArticleEditingService({
  db,
  clock,
  timeZone,
  previewSecret,
  siteOrigins,
  menus,
  findCoverImage,
  resolveStocks,
  announceArticleChange,
  recordChange,
}: {
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
}) {
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

  async function getEditorArticle(id: number): Promise<EditorArticle> {
    return editorArticleOf(db, await loadArticle(db, id))
  }

  async function listEditorArticles(query: EditorArticleListQuery): Promise<EditorArticlePage> {
    const filter = {
      state: query.state,
      locale: query.locale,
      market: query.market,
      topicSlug: query.topic,
      authorKey: query.author,
      kind: query.kind,
      tagKey: query.tag,
      text: query.q,
    }
    const offset = (query.page - 1) * query.pageSize
    const [rows, total] = await Promise.all([
      selectEditorArticles(db, filter, { limit: query.pageSize, offset }),
      countEditorArticles(db, filter, countCap),
    ])
    return {
      rows: rows.map(
        (row): EditorArticleRow => ({
          id: row.id,
          key: row.key,
          kind: row.kind,
          state: row.state,
          market: row.market,
          topic: row.topicSlug,
          author: row.authorKey,
          coverUrl: row.coverUrl,
          titles: Object.fromEntries(row.versions.map((version) => [version.locale, version.title])),
          locales: row.versions.map((version) => version.locale),
          listedLocales: row.versions.filter((version) => version.isListed).map((version) => version.locale),
          publishedAt: row.publishedAt?.toISOString() ?? null,
          scheduledAt: row.scheduledAt?.toISOString() ?? null,
          updatedAt: row.updatedAt.toISOString(),
          updatedBy: row.updatedBy,
          revision: row.revision,
        }),
      ),
      total,
      page: query.page,
      pageSize: query.pageSize,
      hasMore: offset + rows.length < total,
    }
  }

  async function listNewsroomOptions(): Promise<NewsroomOptions> {
    const [topics, authors, tags, menuGroups] = await Promise.all([
      selectTopics(db),
      selectAuthors(db),
      selectTags(db),
      menus.listMenuGroups(),
    ])
    return {
      topics: topics.map((topic) => ({ slug: topic.slug, name: topic.name, coverUrl: topic.coverUrl })),
      authors: authors.map((author) => ({ key: author.key, name: author.name })),
      tags: tags.map((tag) => ({ key: tag.key, text: tag.text })),
      menuGroups,
      kinds: articleKinds,
      markets,
      timeZone,
    }
  }

  /**
   * The input as a stored document: references checked (400 CONSOLE_REFERENCE_UNKNOWN naming the field; a related
   * stock added that the universe does not have: 400 CONSOLE_STOCK_NOT_FOUND naming `stocks.<index>` — `kept`, the
   * stocks the article already names, stay as they are: seeded articles name funds and ADRs the universe does not
   * cover, and correcting a typo must not force removing them), the cover resolved (an uploaded image by id, else the URL given, else the topic's drawing), bodies trimmed.
   */
  /**
   * The cover of an article given none: a variant of its topic's drawing, the next one after those its articles
   * show (as the seed gives them, seed-covers.ts), so a new article never looks like its neighbours on one topic.
   * An article that already shows a variant of that drawing keeps it (a save that names no cover does not repaint
   * it). A topic cover that is not one of our drawings is used as it is.
   */
  async function drawnCoverFor(topicCoverUrl: string, currentCoverUrl?: string): Promise<string> {
    const fileName = topicCoverUrl.startsWith(drawingPath) ? topicCoverUrl.slice(drawingPath.length) : ''
    const drawing = parseCoverFileName(fileName)
    if (drawing?.format !== 'svg') return topicCoverUrl
    if (currentCoverUrl?.startsWith(`${drawingPath}${drawing.drawing}.`)) return currentCoverUrl
    const used = await countArticlesWithCoverPrefix(db, `${drawingPath}${drawing.drawing}.`)
    return `${drawingPath}${coverVariantFileName(drawing.drawing, 1 + (used % (coverVariantCount - 1)))}`
  }

  async function documentOf(
    input: ArticleDocumentInput,
    kept: readonly { market: Market; code: string }[] = [],
    /** The drawing the article shows now, kept when the input names no cover (drawnCoverFor). */
    currentDrawnCover?: string,
  ): Promise<ArticleDocument> {
    const [topics, authors, tags, menuGroups] = await Promise.all([
      selectTopics(db),
      selectAuthors(db),
      selectTags(db),
      menus.listMenuGroups(),
    ])
    const unknown: string[] = []
    const topic = topics.find((candidate) => candidate.slug === input.topic)
    if (!topic) unknown.push('topic')
    if (!authors.some((author) => author.key === input.author)) unknown.push('author')
    const tagKeys = new Set(tags.map((tag) => tag.key))
    input.tags.forEach((tag, index) => {
      if (!tagKeys.has(tag)) unknown.push(`tags.${index}`)
    })
    const groupKeys = new Set(menuGroups.map((group) => group.key))
    input.menuGroups.forEach((group, index) => {
      if (!groupKeys.has(group)) unknown.push(`menuGroups.${index}`)
    })
    if (unknown.length > 0)
      throw new AppError('invalid', ConsoleErrorCode.referenceUnknown, {
        fields: unknown.map((field) => ({ field, code: ConsoleErrorCode.referenceUnknown })),
      })
    const keptKeys = new Set(kept.map((stock) => `${stock.market}:${stock.code}`))
    const isKept = (stock: { market: Market; code: string }) =>
      keptKeys.has(`${stock.market}:${stock.code.toUpperCase()}`)
    const resolved = await resolveStocks(input.stocks.filter((stock) => !isKept(stock)))
    const stocks = input.stocks.map((stock) =>
      isKept(stock) ? { market: stock.market, code: stock.code.toUpperCase() } : (resolved.shift() ?? null),
    )
    const unknownStocks = stocks.flatMap((stock, index) => (stock ? [] : [`stocks.${index}`]))
    if (unknownStocks.length > 0)
      throw new AppError('invalid', ConsoleErrorCode.stockNotFound, {
        fields: unknownStocks.map((field) => ({ field, code: ConsoleErrorCode.stockNotFound })),
      })
    const coverImage = input.coverImageId ? await findCoverImage(input.coverImageId) : null
    if (input.coverImageId && !coverImage)
      throw new AppError('invalid', ConsoleErrorCode.coverNotFound, {
        fields: [{ field: 'coverImageId', code: ConsoleErrorCode.coverNotFound }],
      })
    const versionOf = (locale: Locale) => {
      const version = input.versions[locale]
      return version
        ? {
            title: version.title,
            summary: version.summary.trim(),
            bodyMarkdown: version.bodyMarkdown.trim(),
            seoTitle: version.seoTitle,
            seoDescription: version.seoDescription,
          }
        : null
    }
    return {
      key: input.key,
      kind: input.kind,
      topic: input.topic,
      market: input.market,
      author: input.author,
      tags: [...new Set(input.tags)],
      stocks: uniqueStocks(stocks.flatMap((stock) => (stock ? [stock] : []))),
      menuGroups: [...new Set(input.menuGroups)],
      coverUrl:
        coverImage?.fallbackUrl ??
        input.coverUrl ??
        (await drawnCoverFor(topic?.coverUrl as string, currentDrawnCover)),
      coverImage: coverImage ?? null,
      versions: { en: versionOf('en'), 'zh-Hant': versionOf('zh-Hant') },
    }
  }

  /** The versions as stored rows: rendered HTML, plain text and search terms (with the tags' texts). */
  async function translationsOf(document: ArticleDocument): Promise<EditedTranslation[]> {
    const tagText = new Map((await selectTags(db)).map((tag) => [tag.key, tag.text]))
    const translations: EditedTranslation[] = []
    for (const locale of ['en', 'zh-Hant'] as const) {
      const version = document.versions[locale]
      if (!version) continue
      const tagTexts = document.tags.flatMap((key) => tagText.get(key)?.[locale] ?? [])
      translations.push({
        ...buildTranslation(locale, version, tagTexts),
        seoTitle: version.seoTitle,
        seoDescription: version.seoDescription,
      })
    }
    return translations
  }

  function fieldsOf(document: ArticleDocument) {
    return {
      key: document.key,
      kind: document.kind,
      topicSlug: document.topic,
      market: document.market,
      authorKey: document.author,
      coverUrl: document.coverUrl,
      coverImage: document.coverImage,
      tagKeys: document.tags,
      stocks: document.stocks,
    }
  }

  /** An article readers can see, or could see before this change: its change is announced to every process. */
  function isVisibleToReaders(state: string): boolean {
    return state === 'published' || state === 'taken_down' || state === 'deleted'
  }

  async function announce(keys: string[], states: string[]): Promise<void> {
    if (states.some(isVisibleToReaders)) await announceArticleChange([...new Set(keys)])
  }

  async function createArticle(
    input: ArticleDocumentInput,
    actor: ConsoleActor | null,
  ): Promise<EditorArticle> {
    const document = await documentOf(input)
    const translations = await translationsOf(document)
    return inTransaction(db, async (tx) => {
      const now = clock.now()
      const id = await insertDraftArticle(tx, fieldsOf(document), now)
      if (id === undefined) throw keyTaken()
      await replaceTranslations(tx, id, translations)
      await menus.placeArticleInGroups(document.key, document.menuGroups, { db: tx })
      await insertRevision(tx, {
        articleId: id,
        number: 1,
        savedAt: now,
        savedBy: actor,
        action: 'create',
        state: 'draft',
        scheduledAt: null,
        restoredFrom: null,
        document,
      })
      const after = toEditorArticle(await loadArticle(tx, id), document.menuGroups)
      await recordChange(
        {
          actor,
          action: auditActions.articleCreate,
          entity: 'article',
          entityId: String(id),
          before: null,
          after,
        },
        tx,
      )
      return after
    })
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

  /** A save or a restore: the document replaces the article's content; its state stays. */
  async function writeDocument(
    id: number,
    revision: number,
    document: ArticleDocument,
    options: { actor: ConsoleActor | null; restoredFrom: number | null },
  ): Promise<EditorArticle> {
    const translations = await translationsOf(document)
    const { result, keys, state } = await inTransaction(db, async (tx) => {
      const current = await loadArticle(tx, id, true)
      await checkRevision(tx, current, revision)
      if (current.state === 'deleted') throw new AppError('conflict', ConsoleErrorCode.stateMoveInvalid)
      if (document.key !== current.key) {
        if (current.publishedAt) throw new AppError('conflict', ConsoleErrorCode.articleKeyLocked)
        if (await isArticleKeyTaken(tx, document.key, id)) throw keyTaken()
      }
      const currentGroups = await menuGroupsOf(tx, current.key)
      const before = toArticleDocument(current, currentGroups)
      const changes = diffDocuments(before, document)
      await keepBaseline(tx, current, currentGroups)
      const now = clock.now()
      const next = await updateArticleAtRevision(
        tx,
        id,
        revision,
        {
          fields: fieldsOf(document),
          ...(current.state === 'published' && changesReadText(changes) ? { contentUpdatedAt: now } : {}),
        },
        now,
      )
      if (next === undefined) throw new ArticleStaleError(await editorArticleOf(tx, current))
      await replaceTranslations(tx, id, translations)
      await updateListedAt(tx, id)
      await menus.placeArticleInGroups(document.key, document.menuGroups, {
        previousKey: current.key,
        db: tx,
      })
      await insertRevision(tx, {
        articleId: id,
        number: next,
        savedAt: now,
        savedBy: options.actor,
        action: options.restoredFrom === null ? 'save' : 'restore',
        state: current.state,
        scheduledAt: current.scheduledAt,
        restoredFrom: options.restoredFrom,
        document,
      })
      const after = toEditorArticle(await loadArticle(tx, id), document.menuGroups)
      const { before: changedBefore, after: changedAfter } = changesAsBeforeAfter(changes)
      await recordChange(
        {
          actor: options.actor,
          action: options.restoredFrom === null ? auditActions.articleSave : auditActions.articleRestore,
          entity: 'article',
          entityId: String(id),
          before: { revision: current.revision, ...changedBefore },
          after: {
            revision: next,
            ...(options.restoredFrom === null ? {} : { restoredFrom: options.restoredFrom }),
            ...changedAfter,
          },
        },
        tx,
      )
      return { result: after, keys: [current.key, document.key], state: current.state }
    })
    await announce(keys, [state])
    return result
  }

  async function saveArticle(
    id: number,
    request: { revision: number; document: ArticleDocumentInput },
    actor: ConsoleActor | null,
  ): Promise<EditorArticle> {
    // Checked once before the work of rendering, and again under the row lock.
    const current = await loadArticle(db, id)
    if (current.revision !== request.revision) throw new ArticleStaleError(await editorArticleOf(db, current))
    const currentDrawnCover = current.coverImage ? undefined : current.coverUrl
    return writeDocument(
      id,
      request.revision,
      await documentOf(request.document, current.stocks, currentDrawnCover),
      { actor, restoredFrom: null },
    )
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
    for (const id of await selectDueArticles(db, clock.now(), duePerRun)) {
      const outcome = await inTransaction(db, async (tx) => {
        const current = await loadArticle(tx, id, true)
        if (current.state !== 'scheduled' || (current.scheduledAt?.getTime() ?? 0) > clock.now().getTime())
          return undefined
        const ready = isReadyToPublish(toArticleDocument(current, []))
        await moveArticle(tx, current, ready ? 'publish' : 'unschedule', {
          actor: null,
          datedAt: current.scheduledAt,
        })
        return { key: current.key, ready }
      })
      if (outcome) (outcome.ready ? published : unscheduled).push(outcome.key)
    }
    if (published.length > 0) await announceArticleChange(published)
    return { published, unscheduled }
  }

  // ——— Revisions ———

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

  // ——— Previews ———

  /** Markdown as the public page shows it: the renderer and trimming of every stored body. */
  function renderPreview(markdown: string): MarkdownPreview {
    const trimmed = markdown.trim()
    return { html: trimmed ? renderMarkdown(trimmed) : '' }
  }

  /** A link that opens the article on the public page in any state but deleted, until it expires. */
  async function createPreviewLink(
    id: number,
    hours: number,
    actor: ConsoleActor | null,
  ): Promise<PreviewLink> {
    const current = await loadArticle(db, id)
    const expiresAt = new Date(clock.now().getTime() + hours * 60 * 60 * 1000)
    const token = signPreviewToken(previewSecret, id, expiresAt)
    const path = `/articles/${current.key}?${previewQueryParameter}=${token}`
    await recordChange(
      {
        actor,
        action: auditActions.articlePreviewLink,
        entity: 'article',
        entityId: String(id),
        before: null,
        after: { expiresAt: expiresAt.toISOString() },
      },
      db,
    )
    return {
      path,
      urls: { en: `${siteOrigins.en}${path}`, 'zh-Hant': `${siteOrigins['zh-Hant']}${path}` },
      expiresAt: expiresAt.toISOString(),
    }
  }

  return {
    listEditorArticles,
    listNewsroomOptions,
    getEditorArticle,
    createArticle,
    saveArticle,
    changeArticleState,
    publishDueArticles,
    listRevisions,
    getRevision,
    compareRevisions,
    restoreRevision,
    renderPreview,
    createPreviewLink,
  }
}

const auditActionOf: Record<ArticleStateAction, string> = {
  schedule: auditActions.articleSchedule,
  unschedule: auditActions.articleUnschedule,
  publish: auditActions.articlePublish,
  take_down: auditActions.articleTakeDown,
  delete: auditActions.articleDelete,
}

function keyTaken(): AppError {
  return new AppError('conflict', ConsoleErrorCode.articleKeyTaken, {
    fields: [{ field: 'key', code: ConsoleErrorCode.articleKeyTaken }],
  })
}

export type ArticleEditingService = ReturnType<typeof createArticleEditingService>

/** Related stocks without repeats, in the order the editor gave them. */
function uniqueStocks(stocks: { market: Market; code: string }[]): { market: Market; code: string }[] {
  const seen = new Set<string>()
  return stocks.filter((stock) => {
    const key = `${stock.market}:${stock.code}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
