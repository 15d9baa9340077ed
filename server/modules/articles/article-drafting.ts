/**
 * Drafts and saves, a use case of article editing (composed by article-editing.service.ts): an editor's input
 * checked and turned into a stored document (references, related stocks, the cover), its versions rendered and
 * indexed, a new article created as a draft, and a save or a restore written over the article at the revision it
 * was made on, with its revision, menu placements and audit entry in one transaction.
 */
import type { ArticleDocumentInput } from '#contracts/console.ts'
import {
  type ArticleDocument,
  auditActions,
  type ConsoleActor,
  ConsoleErrorCode,
  type EditorArticle,
} from '#contracts/console-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import { inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { buildTranslation } from './article-documents.ts'
import {
  countArticlesWithCoverPrefix,
  type EditedTranslation,
  insertDraftArticle,
  insertRevision,
  isArticleKeyTaken,
  replaceTranslations,
  updateArticleAtRevision,
} from './article-editing.repo.ts'
import { type ArticleEditingContext, ArticleStaleError } from './article-editing-context.ts'
import {
  changesAsBeforeAfter,
  changesReadText,
  diffDocuments,
  toArticleDocument,
  toEditorArticle,
} from './article-editing-documents.ts'
import { updateListedAt } from './article-writes.repo.ts'
import { selectAuthors, selectTags, selectTopics } from './articles.repo.ts'
import { coverVariantCount, coverVariantFileName, parseCoverFileName } from './cover-art.ts'

/** Where the topics' drawings and their variants are served (article-media.routes.ts). */
const drawingPath = '/media/covers/'

export type ArticleDrafting = ReturnType<typeof createArticleDrafting>

export function createArticleDrafting(context: ArticleEditingContext) {
  const {
    db,
    clock,
    menus,
    findCoverImage,
    resolveStocks,
    recordChange,
    loadArticle,
    editorArticleOf,
    menuGroupsOf,
    checkRevision,
    keepBaseline,
    announce,
  } = context

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

  /**
   * The input as a stored document: references checked (400 CONSOLE_REFERENCE_UNKNOWN naming the field; a related
   * stock added that the universe does not have: 400 CONSOLE_STOCK_NOT_FOUND naming `stocks.<index>` — `kept`, the
   * stocks the article already names, stay as they are: seeded articles name funds and ADRs the universe does not
   * cover, and correcting a typo must not force removing them), the cover resolved (an uploaded image by id, else the URL given, else the topic's drawing), bodies trimmed.
   */
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

  return { documentOf, writeDocument, createArticle, saveArticle }
}

function keyTaken(): AppError {
  return new AppError('conflict', ConsoleErrorCode.articleKeyTaken, {
    fields: [{ field: 'key', code: ConsoleErrorCode.articleKeyTaken }],
  })
}

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
