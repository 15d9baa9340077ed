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
import type { EditorArticleListQuery } from '#contracts/console.ts'
import {
  articleKinds,
  auditActions,
  type ConsoleActor,
  type EditorArticle,
  type EditorArticlePage,
  type EditorArticleRow,
  type MarkdownPreview,
  type NewsroomOptions,
  type PreviewLink,
  previewQueryParameter,
} from '#contracts/console-rules.ts'
import { markets } from '#contracts/regions.ts'
import { renderMarkdown } from '#server/text/render-markdown.ts'
import { createArticleDrafting } from './article-drafting.ts'
import { countEditorArticles, selectEditorArticles } from './article-editing.repo.ts'
import { type ArticleEditingDependencies, createArticleEditingContext } from './article-editing-context.ts'
import { signPreviewToken } from './article-preview-tokens.ts'
import { createArticleRevisions } from './article-revisions.ts'
import { createArticleStateMoves } from './article-state-moves.ts'
import { selectAuthors, selectTags, selectTopics } from './articles.repo.ts'

// Defined beside the use cases that throw and use them; the console reads them from here, its one door to editing.
export {
  type ArticleChangeRecord,
  type ArticleMenuGroups,
  ArticleStaleError,
  type RecordArticleChange,
} from './article-editing-context.ts'

const countCap = 100_000

/**
 * The editing service: the newsroom's lists and form options, and previews, here; drafts and saves
 * (article-drafting.ts), state moves and the scheduled-publishing job (article-state-moves.ts) and revisions
 * (article-revisions.ts) composed from their files over one shared context (article-editing-context.ts).
 */
export function createArticleEditingService(dependencies: ArticleEditingDependencies) {
  const context = createArticleEditingContext(dependencies)
  const {
    db,
    clock,
    timeZone,
    previewSecret,
    siteOrigins,
    menus,
    recordChange,
    loadArticle,
    editorArticleOf,
  } = context
  const drafting = createArticleDrafting(context)
  const { createArticle, saveArticle } = drafting
  const { changeArticleState, publishDueArticles } = createArticleStateMoves(context)
  const { listRevisions, getRevision, compareRevisions, restoreRevision, forgetOldRevisions } =
    createArticleRevisions(context, drafting)

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
    forgetOldRevisions,
    renderPreview,
    createPreviewLink,
  }
}

export type ArticleEditingService = ReturnType<typeof createArticleEditingService>
