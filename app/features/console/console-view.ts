/**
 * What the console's pages decide without the server: which sections a member's roles open, which state actions an
 * article offers now (articleStateMoves), how the list and audit filters sit in the address (so a filtered page can
 * be reloaded and shared), and the document an editor's form sends back.
 */
import {
  type ArticleDocument,
  type ArticleEditState,
  type ArticleStateAction,
  type ArticleVersionDocument,
  articleStateActions,
  articleStates,
  type ConsoleRole,
  canMoveArticle,
  type EditorArticle,
  newsroomRoles,
} from '#contracts/console-rules.ts'
import type { Locale } from '#contracts/regions.ts'

export type ConsoleSection = 'articles' | 'roles' | 'audit'

/** The sections a member reaches: the newsroom with editor or analyst; roles and the audit log as admin (who passes all). */
export function consoleSectionsOf(roles: readonly ConsoleRole[]): ConsoleSection[] {
  const isAdmin = roles.includes('admin')
  const sections: ConsoleSection[] = []
  if (isAdmin || roles.some((role) => (newsroomRoles as readonly ConsoleRole[]).includes(role))) {
    sections.push('articles')
  }
  if (isAdmin) sections.push('roles', 'audit')
  return sections
}

/** The state actions the API accepts from this state, in the order the buttons show them. */
export function allowedStateActions(state: ArticleEditState): ArticleStateAction[] {
  return articleStateActions.filter((action) => canMoveArticle(state, action))
}

const locales: readonly Locale[] = ['en', 'zh-Hant']

function positivePage(value: string | null): number {
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

export interface ArticleFilters {
  state: ArticleEditState | null
  locale: Locale | null
  q: string
  page: number
}

/** The newsroom list's filters from the address; unknown values read as no filter. */
export function articleFiltersOf(search: URLSearchParams): ArticleFilters {
  const state = search.get('state')
  const locale = search.get('locale')
  return {
    state: (articleStates as readonly string[]).includes(state ?? '') ? (state as ArticleEditState) : null,
    locale: (locales as readonly string[]).includes(locale ?? '') ? (locale as Locale) : null,
    q: (search.get('q') ?? '').trim(),
    page: positivePage(search.get('page')),
  }
}

export interface AuditFilters {
  actor: string
  action: string
  entity: string
  from: string
  to: string
  page: number
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/** The audit log's filters from the address; dates are days of the firm's calendar (YYYY-MM-DD). */
export function auditFiltersOf(search: URLSearchParams): AuditFilters {
  const day = (name: string) => {
    const value = search.get(name) ?? ''
    return dayPattern.test(value) ? value : ''
  }
  return {
    actor: (search.get('actor') ?? '').trim(),
    action: (search.get('action') ?? '').trim(),
    entity: (search.get('entity') ?? '').trim(),
    from: day('from'),
    to: day('to'),
    page: positivePage(search.get('page')),
  }
}

/** Filters back to an address query: empty values and the first page are left out. */
export function filtersSearch(filters: ArticleFilters | AuditFilters): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) {
    if (value === null || value === '' || (name === 'page' && value === 1)) continue
    search.set(name, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

export function emptyVersion(): ArticleVersionDocument {
  return { title: '', summary: '', bodyMarkdown: '', seoTitle: '', seoDescription: '' }
}

/**
 * The body of a create or save from the form's document: an uploaded cover is named by its id (its URL is not one
 * the API takes back), a drawing by its URL; an empty cover URL lets the server use the topic's drawing.
 */
export function documentInputOf(document: ArticleDocument) {
  const { coverImage, coverUrl, ...rest } = document
  return {
    ...rest,
    ...(coverImage ? { coverImageId: coverImage.id } : coverUrl ? { coverUrl } : {}),
  }
}

/** The form's starting document of an article (its saved document without the editor's own fields). */
export function documentOf(article: EditorArticle): ArticleDocument {
  const { key, kind, topic, market, author, tags, stocks, menuGroups, coverUrl, coverImage, versions } =
    article
  return { key, kind, topic, market, author, tags, stocks, menuGroups, coverUrl, coverImage, versions }
}

/** A revision field's value as text for the side-by-side comparison (lists joined, absent shown as a dash). */
export function changeValueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ')
  return JSON.stringify(value, null, 2)
}

/** A console page named by the address after /console/ (one route serves them all, ADR 0011: a small manifest). */
export type ConsolePage =
  | { page: 'home' }
  | { page: 'articles' }
  | { page: 'article'; articleId: number | null }
  | { page: 'roles' }
  | { page: 'audit' }
  | { page: 'unknown' }

export function consolePageOf(splat: string): ConsolePage {
  const path = splat.replace(/\/+$/, '')
  if (path === '') return { page: 'home' }
  if (path === 'articles') return { page: 'articles' }
  if (path === 'articles/new') return { page: 'article', articleId: null }
  const article = /^articles\/([1-9]\d{0,14})$/.exec(path)
  if (article) return { page: 'article', articleId: Number(article[1]) }
  if (path === 'roles') return { page: 'roles' }
  if (path === 'audit') return { page: 'audit' }
  return { page: 'unknown' }
}

/** The section a page belongs to (what the member's roles must open). */
export function sectionOfPage(page: ConsolePage): ConsoleSection | null {
  if (page.page === 'articles' || page.page === 'article') return 'articles'
  if (page.page === 'roles' || page.page === 'audit') return page.page
  return null
}
