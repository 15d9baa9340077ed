/**
 * What the console's pages decide without the server: which sections a member's roles open, which state actions an
 * article offers now (articleStateMoves), how the list and audit filters sit in the address (so a filtered page can
 * be reloaded and shared), and the document an editor's form sends back.
 */
import { tagKeyPattern, topicSlugPattern } from '#contracts/article-limits.ts'
import { analyticsRoles } from '#contracts/console-analytics-rules.ts'
import { memberCareRoles } from '#contracts/console-members-rules.ts'
import {
  type ArticleDocument,
  type ArticleEditState,
  type ArticleStateAction,
  type ArticleVersionDocument,
  analystDeskRoles,
  articleKinds,
  articleStateActions,
  articleStates,
  type ConsoleRole,
  canMoveArticle,
  chatGapsRoles,
  type EditorArticle,
  type EditorArticleKind,
  newsroomRoles,
} from '#contracts/console-rules.ts'
import { digestDeskRoles } from '#contracts/digest-rules.ts'
import { type Locale, type Market, markets } from '#contracts/regions.ts'
import { type SiteView, siteViewOf } from './site-view.ts'

export type ConsoleSection =
  | 'articles'
  | 'picks'
  | 'company-texts'
  | 'members'
  | 'newsletter'
  | 'roles'
  | 'audit'
  | 'analytics'
  | 'site'
  | 'classroom'
  | 'strategies'
  | 'expert'
  | 'advisers'
  | 'outbox'
  | 'digest'
  | 'chat-gaps'

/**
 * The sections a member reaches: the newsroom with editor or analyst; the analysts' desk (picks, company texts)
 * with analyst; roles and the audit log as admin (who passes all).
 */
export function consoleSectionsOf(roles: readonly ConsoleRole[]): ConsoleSection[] {
  const isAdmin = roles.includes('admin')
  const holds = (allowed: readonly ConsoleRole[]) => isAdmin || roles.some((role) => allowed.includes(role))
  const sections: ConsoleSection[] = []
  if (holds(newsroomRoles)) sections.push('articles')
  if (holds(analystDeskRoles)) sections.push('picks', 'company-texts')
  // Member benefits (issue 15): the analysts keep the classroom and strategies and answer expert questions.
  if (holds(analystDeskRoles)) sections.push('classroom', 'strategies', 'expert')
  // Members and newsletter sign-ups: support (and admins).
  if (holds(memberCareRoles)) sections.push('members', 'newsletter', 'advisers')
  if (isAdmin) sections.push('roles', 'audit')
  // The site's administration (texts, menu, redirects, contact, prices): admins only.
  if (isAdmin) sections.push('site')
  // The mail the outbox adapter kept (readers' addresses and their confirmation links): admins only.
  if (isAdmin) sections.push('outbox')
  // The weekly digest: editors preview and test it; sending it to everyone is the admins' (the page hides it).
  if (holds(digestDeskRoles)) sections.push('digest')
  // Readers' analytics: editors (and admins).
  if (holds(analyticsRoles)) sections.push('analytics')
  // What the AI chat could not answer (issue 27): editors (and admins), who decide what to add next.
  if (holds(chatGapsRoles)) sections.push('chat-gaps')
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
  market: Market | null
  kind: EditorArticleKind | null
  /** Topic slug, author key and tag key ('' for any): the API's options name them. */
  topic: string
  author: string
  tag: string
  q: string
  page: number
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return (values as readonly string[]).includes(value ?? '') ? (value as T) : null
}

/** A key the API would take (`pattern`), else '' (no filter) rather than a list the API refuses. */
function keyOf(value: string | null, pattern: RegExp): string {
  const key = (value ?? '').trim()
  return pattern.test(key) ? key : ''
}

/** The newsroom list's filters from the address; unknown values read as no filter. */
export function articleFiltersOf(search: URLSearchParams): ArticleFilters {
  const author = (search.get('author') ?? '').trim()
  return {
    state: oneOf(articleStates, search.get('state')),
    locale: oneOf(locales, search.get('locale')),
    market: oneOf(markets, search.get('market')),
    kind: oneOf(articleKinds, search.get('kind')),
    topic: keyOf(search.get('topic'), topicSlugPattern),
    author: author.length <= 60 ? author : '',
    tag: keyOf(search.get('tag'), tagKeyPattern),
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

type QueryValue = string | number | boolean | null | undefined

/** The query string of `filters` ('' or `?…`), leaving out empty values and those equal to `defaults`. */
export function listSearchOf(
  filters: Readonly<Record<string, QueryValue>>,
  defaults: Readonly<Record<string, QueryValue>> = {},
): string {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(filters)) {
    if (value === null || value === undefined || value === '' || value === defaults[name]) continue
    search.set(name, String(value))
  }
  const text = search.toString()
  return text ? `?${text}` : ''
}

/** Filters back to an address query: empty values and the first page are left out. */
export function filtersSearch(filters: ArticleFilters | AuditFilters): string {
  return listSearchOf({ ...filters }, { page: 1 })
}

export function emptyVersion(): ArticleVersionDocument {
  return { title: '', summary: '', bodyMarkdown: '', seoTitle: '', seoDescription: '' }
}

/**
 * The form's document: a new article's kind and market start unchosen ('') like its topic and author, so nothing
 * goes out under the first option by default (the API refuses a create without them).
 */
export type ArticleDraft = Omit<ArticleDocument, 'kind' | 'market'> & {
  kind: EditorArticleKind | ''
  market: Market | ''
}

/** A new article's form: every choice empty, both language versions started. */
export function newArticleDraft(): ArticleDraft {
  return {
    key: '',
    kind: '',
    topic: '',
    market: '',
    author: '',
    tags: [],
    stocks: [],
    menuGroups: [],
    coverUrl: '',
    coverImage: null,
    versions: { en: emptyVersion(), 'zh-Hant': emptyVersion() },
  }
}

/** Whether the form differs from what was last saved (or, for a new article, from the empty form). */
export function isDraftChanged(draft: ArticleDraft, saved: ArticleDraft): boolean {
  return sortedJson(draft) !== sortedJson(saved)
}

/**
 * A datetime-local value (the firm's wall clock, `2026-11-29T03:05`) as people write a time in the console's
 * language (`29 Nov 2026, 03:05`, `2026年11月29日 03:05`); the value itself when it is not one.
 */
export function wallClockText(wallClock: string, displayLocale: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wallClock)
  if (!match) return wallClock
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ]
  // The digits are already the firm's clock: formatted as UTC, no time zone moves them.
  const instant = new Date(Date.UTC(year, month - 1, day, hour, minute))
  if (Number.isNaN(instant.getTime())) return wallClock
  return new Intl.DateTimeFormat(displayLocale, {
    timeZone: 'UTC',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(instant)
}

/** JSON with every object's keys in order: a version the server sent and one the form made compare equal. */
function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  )
}

/**
 * The body of a create or save from the form's document: an uploaded cover is named by its id (its URL is not one
 * the API takes back), a drawing by its URL; an empty cover URL lets the server use the topic's drawing.
 */
export function documentInputOf(document: ArticleDraft) {
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
  | { page: 'picks' }
  | { page: 'company-texts' }
  | { page: 'members' }
  | { page: 'member'; memberId: string }
  | { page: 'newsletter' }
  | { page: 'roles' }
  | { page: 'audit' }
  | { page: 'analytics' }
  | { page: 'site'; view: SiteView }
  | { page: 'classroom' }
  | { page: 'strategies' }
  | { page: 'expert' }
  | { page: 'advisers' }
  | { page: 'outbox' }
  | { page: 'outbox-message'; messageId: string }
  | { page: 'digest' }
  | { page: 'chat-gaps' }
  | { page: 'unknown' }

export function consolePageOf(splat: string): ConsolePage {
  const path = splat.replace(/\/+$/, '')
  if (path === '') return { page: 'home' }
  if (path === 'articles') return { page: 'articles' }
  if (path === 'articles/new') return { page: 'article', articleId: null }
  const article = /^articles\/([1-9]\d{0,14})$/.exec(path)
  if (article) return { page: 'article', articleId: Number(article[1]) }
  if (path === 'picks') return { page: 'picks' }
  if (path === 'company-texts') return { page: 'company-texts' }
  if (path === 'members') return { page: 'members' }
  const member = /^members\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(path)
  if (member) return { page: 'member', memberId: (member[1] as string).toLowerCase() }
  if (path === 'newsletter') return { page: 'newsletter' }
  if (path === 'outbox') return { page: 'outbox' }
  if (path === 'digest') return { page: 'digest' }
  const outboxMessage = /^outbox\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(path)
  if (outboxMessage) return { page: 'outbox-message', messageId: (outboxMessage[1] as string).toLowerCase() }
  if (path === 'roles') return { page: 'roles' }
  if (path === 'audit') return { page: 'audit' }
  if (path === 'analytics') return { page: 'analytics' }
  if (path === 'chat-gaps') return { page: 'chat-gaps' }
  if (path === 'classroom' || path === 'strategies' || path === 'expert' || path === 'advisers')
    return { page: path }
  const site = siteViewOf(path)
  if (site) return { page: 'site', view: site }
  return { page: 'unknown' }
}

/** The section a page belongs to (what the member's roles must open). */
export function sectionOfPage(page: ConsolePage): ConsoleSection | null {
  if (page.page === 'articles' || page.page === 'article') return 'articles'
  if (page.page === 'picks' || page.page === 'company-texts') return page.page
  if (page.page === 'members' || page.page === 'member') return 'members'
  if (page.page === 'newsletter') return 'newsletter'
  if (page.page === 'outbox' || page.page === 'outbox-message') return 'outbox'
  if (page.page === 'roles' || page.page === 'audit') return page.page
  if (page.page === 'analytics') return 'analytics'
  if (page.page === 'digest') return 'digest'
  if (page.page === 'chat-gaps') return 'chat-gaps'
  if (page.page === 'site') return 'site'
  if (
    page.page === 'classroom' ||
    page.page === 'strategies' ||
    page.page === 'expert' ||
    page.page === 'advisers'
  )
    return page.page
  return null
}
