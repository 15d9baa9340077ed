/**
 * The editor's unsaved form, kept in this browser as it is typed (localStorage, one entry per article, 'new' for an
 * article not yet created), so a crash, a closed tab or a reload loses nothing: the editor offers it back when the
 * article is opened again. It stays in the browser on purpose: a half-typed form is not a revision (revisions are
 * what someone saved), it needs no network while the editor types, and it is this editor's alone.
 */
import type { ArticleDraft } from './console-view.ts'

/** The part of Storage the drafts use (localStorage in the browser, a map in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export interface StoredArticleDraft {
  /** When it was kept (ISO instant). */
  savedAt: string
  /** The revision the form was opened at; null for a new article. */
  revision: number | null
  document: ArticleDraft
}

const storageKeyPrefix = 'tickerwise:console:article-draft:'

export function articleDraftKey(articleId: number | null): string {
  return `${storageKeyPrefix}${articleId ?? 'new'}`
}

export function keepArticleDraft(
  storage: DraftStorage,
  articleId: number | null,
  draft: StoredArticleDraft,
): void {
  try {
    storage.setItem(articleDraftKey(articleId), JSON.stringify(draft))
  } catch {
    // A full or refused storage: the editor still works, the draft is just not kept.
  }
}

/** The kept draft of an article; none when there is none or it is not one this editor wrote. */
export function readArticleDraft(storage: DraftStorage, articleId: number | null): StoredArticleDraft | null {
  let text: string | null
  try {
    text = storage.getItem(articleDraftKey(articleId))
  } catch {
    return null
  }
  if (!text) return null
  try {
    return storedDraftOf(JSON.parse(text))
  } catch {
    return null
  }
}

export function discardArticleDraft(storage: DraftStorage, articleId: number | null): void {
  try {
    storage.removeItem(articleDraftKey(articleId))
  } catch {
    // Nothing to do: a storage that refuses has nothing kept either.
  }
}

/** The browser's storage, or none (server render, storage turned off). */
export function browserDraftStorage(): DraftStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

function storedDraftOf(value: unknown): StoredArticleDraft | null {
  if (!isRecord(value) || typeof value.savedAt !== 'string' || Number.isNaN(Date.parse(value.savedAt)))
    return null
  if (value.revision !== null && typeof value.revision !== 'number') return null
  const document = value.document
  if (!isRecord(document) || !isRecord(document.versions)) return null
  const texts = ['key', 'kind', 'topic', 'market', 'author', 'coverUrl'] as const
  if (!texts.every((field) => typeof document[field] === 'string')) return null
  const lists = ['tags', 'stocks', 'menuGroups'] as const
  if (!lists.every((field) => Array.isArray(document[field]))) return null
  return { savedAt: value.savedAt, revision: value.revision, document: document as unknown as ArticleDraft }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
