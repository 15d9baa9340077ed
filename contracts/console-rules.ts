/**
 * The operator console's vocabulary that pages need without zod (ADR 0011): roles, error codes, article states and
 * their moves, limits, and the answer shapes of every `/api/console/*` call. contracts/console.ts builds the request
 * schemas from these (and lists the routes); the console pages import only this file.
 *
 * Access, audit and the newsroom are decided by server/modules/console and server/modules/articles
 * (docs/decisions/0015-console-access-and-article-editing.md). Members, site and analytics add their own shapes
 * beside these (contracts/console-*.ts) and reuse the roles, the actor and the audit entry.
 */
import type { Locale, Market } from './regions.ts'

// ——— Access ———

/**
 * What a member may do in the console. A member may hold several; `admin` passes every route (and alone grants,
 * revokes and reads the audit log). The console is closed to members without a role.
 */
export const consoleRoles = ['editor', 'analyst', 'support', 'admin'] as const
export type ConsoleRole = (typeof consoleRoles)[number]

/** The API prefix of the console (beside /api/portal; same session, same same-site rule for unsafe methods). */
export const consoleApiPrefix = '/api/console'

/** Roles that reach the newsroom (articles, covers, previews) and the analysts' desk (picks, company texts). */
export const newsroomRoles = ['editor', 'analyst'] as const satisfies readonly ConsoleRole[]
export const analystDeskRoles = ['analyst'] as const satisfies readonly ConsoleRole[]
/** Who sees what the AI chat could not answer (`GET /api/console/chat/gaps`, issue 27): editors (and admins). */
export const chatGapsRoles = ['editor'] as const satisfies readonly ConsoleRole[]

/** Who did something: a member (with the phone they had then), or null for the site itself (a scheduled job). */
export interface ConsoleActor {
  memberId: string
  /** E.164, as stored when the entry was written. */
  phone: string
  /** The name the member goes by now (their display name), filled in where the console lists who did what. */
  name?: string | null
}

/** `GET /api/console/me` */
export interface ConsoleMe {
  memberId: string
  phone: string
  roles: ConsoleRole[]
  /** The firm's time zone (IANA): schedule times are typed and shown in it. */
  timeZone: string
  /** The server's clock (ISO), so the page can tell "in 5 minutes" without trusting the device. */
  now: string
}

/** One member's roles (`GET /api/console/roles` rows, and the answer of a grant or revoke). */
export interface ConsoleMemberRoles {
  memberId: string
  phone: string
  roles: { role: ConsoleRole; grantedAt: string; grantedBy: ConsoleActor | null }[]
}

// ——— Audit ———

/**
 * One change made through the console: who, what (action on an entity), the entity's state before and after
 * (JSON; null when it did not exist before or no longer exists after), when. Actions are `<entity>.<verb>`.
 */
export interface AuditEntry {
  id: number
  at: string
  /** null: the site itself (the scheduled-publishing job). */
  actor: ConsoleActor | null
  action: string
  entity: string
  entityId: string
  /** For an entry about a member (entity `member`): their number now, so the console can say whom it concerned. */
  memberPhone?: string | null
  before: unknown
  after: unknown
}

export interface AuditPage {
  rows: AuditEntry[]
  /** Matching entries, counted up to auditCountMax. */
  total: number
  page: number
  pageSize: number
  hasMore: boolean
}

/** The actions this part of the console writes; members, site and analytics add theirs. */
export const auditActions = {
  roleGrant: 'role.grant',
  roleRevoke: 'role.revoke',
  articleCreate: 'article.create',
  articleSave: 'article.save',
  articleRestore: 'article.restore',
  articleSchedule: 'article.schedule',
  articleUnschedule: 'article.unschedule',
  articlePublish: 'article.publish',
  articleTakeDown: 'article.take_down',
  articleDelete: 'article.delete',
  articlePreviewLink: 'article.preview_link',
  coverUpload: 'cover.upload',
  pickCreate: 'pick.create',
  pickUpdate: 'pick.update',
  pickDelete: 'pick.delete',
  companyTextSave: 'company_text.save',
} as const

export const auditPageSizeDefault = 50
export const auditPageSizeMax = 200
export const auditCountMax = 10_000

// ——— Articles: states and moves ———

/**
 * An article's states (spec §4, §8). Readers see `published` only; `taken_down` reads 'The content has been
 * removed' and `deleted` 'Content has been deleted' (410 on the public API and page); `draft` and `scheduled` do
 * not exist for readers (404) except through a preview link.
 */
export const articleStates = ['draft', 'scheduled', 'published', 'taken_down', 'deleted'] as const
export type ArticleEditState = (typeof articleStates)[number]

/** What an editor can do to an article's state (`POST /api/console/articles/:id/state`). */
export const articleStateActions = ['schedule', 'unschedule', 'publish', 'take_down', 'delete'] as const
export type ArticleStateAction = (typeof articleStateActions)[number]

/**
 * Which action is allowed from which state, and where it leads. `publish` from `taken_down` republishes; `schedule`
 * from `scheduled` moves the time. `deleted` is final.
 */
export const articleStateMoves: Record<
  ArticleStateAction,
  { from: readonly ArticleEditState[]; to: ArticleEditState }
> = {
  schedule: { from: ['draft', 'scheduled'], to: 'scheduled' },
  unschedule: { from: ['scheduled'], to: 'draft' },
  publish: { from: ['draft', 'scheduled', 'taken_down'], to: 'published' },
  take_down: { from: ['published'], to: 'taken_down' },
  delete: { from: ['draft', 'scheduled', 'published', 'taken_down'], to: 'deleted' },
}

export function canMoveArticle(from: ArticleEditState, action: ArticleStateAction): boolean {
  return articleStateMoves[action].from.includes(from)
}

// ——— Articles: the editor's shapes ———

export const articleKinds = ['news', 'analysis', 'recommendation'] as const
export type EditorArticleKind = (typeof articleKinds)[number]

export const articleTitleMaxLength = 200
export const articleSummaryMaxLength = 1_000
export const articleBodyMaxLength = 200_000
export const seoTitleMaxLength = 70
export const seoDescriptionMaxLength = 200
export const articleTagsMax = 20
export const articleStocksMax = 20
export const articleMenuGroupsMax = 10
export const editorPageSizeDefault = 30
export const editorPageSizeMax = 100
/** A preview link lasts this long unless asked otherwise (hours), at most previewLinkHoursMax. */
export const previewLinkHoursDefault = 72
export const previewLinkHoursMax = 24 * 14
/** The query parameter of the public article page that carries a preview token. */
export const previewQueryParameter = 'preview'

/** One language version as edited. SEO fields left empty fall back to the title and summary on the page. */
export interface ArticleVersionDocument {
  title: string
  summary: string
  bodyMarkdown: string
  seoTitle: string
  seoDescription: string
}

/** A picture made from an uploaded cover: three widths, each in AVIF, WebP and the upload's own format. */
export interface CoverImage {
  id: string
  /** The upload's own format: what `fallbackUrl` and the last source are in. */
  format: 'jpeg' | 'png' | 'webp'
  /** The original's size in pixels. */
  width: number
  height: number
  /** Widths made (480, 960, 1600; never wider than the original, at least one). */
  widths: number[]
  /** `<img src>`: the 960 (or widest below it) in the original's format; also the article's `coverUrl`. */
  fallbackUrl: string
  /** `<picture>` sources, best first: `{ type: 'image/avif', srcset: '/media/uploads/covers/…/480.avif 480w, …' }`. */
  sources: { type: string; srcset: string }[]
}

/**
 * What an editor writes (and what a revision keeps): everything but the state. A language version may be null
 * (missing): the public page of that language then answers 'not found' (spec: a version in the other language only).
 */
export interface ArticleDocument {
  /** Lower-case slug; /articles/{key}. */
  key: string
  kind: EditorArticleKind
  /** Topic slug, author key, tag keys and menu group keys: from `GET /api/console/articles/options`. */
  topic: string
  market: Market
  author: string
  tags: string[]
  stocks: { market: Market; code: string }[]
  menuGroups: string[]
  /** A cover drawing (`/media/covers/…svg`) or an uploaded image's fallback URL. */
  coverUrl: string
  /** The uploaded cover, when there is one (its srcset); null for a drawing. */
  coverImage: CoverImage | null
  versions: Record<Locale, ArticleVersionDocument | null>
}

/** An article as the editor shows it. `revision` is what a save, a state change or a restore must send back. */
export interface EditorArticle extends ArticleDocument {
  id: number
  state: ArticleEditState
  revision: number
  /** When readers first saw it (kept through take-down and republishing); null before. */
  publishedAt: string | null
  /** The publish time of a scheduled article (ISO instant); null otherwise. */
  scheduledAt: string | null
  createdAt: string
  updatedAt: string
  updatedBy: ConsoleActor | null
}

/** A row of the newsroom's list. */
export interface EditorArticleRow {
  id: number
  key: string
  kind: EditorArticleKind
  state: ArticleEditState
  market: Market
  topic: string
  author: string
  coverUrl: string
  /** Titles of the versions that exist. */
  titles: Partial<Record<Locale, string>>
  /** Languages with a version. */
  locales: Locale[]
  /** Languages readers can find now (published, with a body). */
  listedLocales: Locale[]
  publishedAt: string | null
  scheduledAt: string | null
  updatedAt: string
  updatedBy: ConsoleActor | null
  revision: number
}

export interface EditorArticlePage {
  rows: EditorArticleRow[]
  total: number
  page: number
  pageSize: number
  hasMore: boolean
}

/** The choices of the editor's form, with names in both languages. */
export interface NewsroomOptions {
  topics: { slug: string; name: Record<Locale, string>; coverUrl: string }[]
  authors: { key: string; name: Record<Locale, string> }[]
  tags: { key: string; text: Record<Locale, string> }[]
  menuGroups: { key: string; name: Record<Locale, string> }[]
  kinds: readonly EditorArticleKind[]
  markets: readonly Market[]
  timeZone: string
}

/** `POST /api/console/articles/preview`: the body exactly as the public page shows it. */
export interface MarkdownPreview {
  html: string
}

/** `POST /api/console/articles/:id/preview-link` */
export interface PreviewLink {
  /** Site path with the token, e.g. `/articles/nvidia-cycle?preview=…`; open it on either language's site. */
  path: string
  /** The same on each language's site (absolute). */
  urls: Record<Locale, string>
  expiresAt: string
}

// ——— Revisions ———

/** `create` (first save), `save`, `restore` (content of an older revision saved again), `state` (a state move). */
export const revisionActions = ['create', 'save', 'restore', 'state'] as const
export type RevisionAction = (typeof revisionActions)[number]

export interface ArticleRevisionSummary {
  number: number
  savedAt: string
  savedBy: ConsoleActor | null
  action: RevisionAction
  /** The state after this revision. */
  state: ArticleEditState
  /** For `restore`: the revision whose content was restored. */
  restoredFrom: number | null
}

export interface ArticleRevision extends ArticleRevisionSummary {
  document: ArticleDocument
  scheduledAt: string | null
}

/** A changed field: a dotted path into ArticleDocument (`versions.en.bodyMarkdown`, `tags`), and both values. */
export interface RevisionChange {
  field: string
  before: unknown
  after: unknown
}

export interface RevisionComparison {
  from: ArticleRevision
  to: ArticleRevision
  changes: RevisionChange[]
}

// ——— Covers ———

/** Cover uploads: JPEG, PNG or WebP (read from the bytes, not the name), at most 10 MB. */
export const coverMaxBytes = 10 * 1024 * 1024
export const coverWidths = [480, 960, 1600] as const
export const coverUploadPath = '/media/uploads/'

// ——— Analysts' desk ———

export const pickSuggestions = ['strong_buy', 'buy'] as const
export const pickStockTypes = ['growth', 'dividend', 'value', 'quality'] as const

/** A monthly pick as the desk edits it (spec §3), with its track record (kept by the market-data refresh). */
export interface ConsolePick {
  month: string
  market: Market
  code: string
  nameEn: string
  nameZh: string
  rank: number
  suggestion: (typeof pickSuggestions)[number]
  stockType: (typeof pickStockTypes)[number]
  recommendedPrice: number
  /** The target ("analyst estimated price"). */
  analystEstimatedPrice: number
  /** Fractions: 0.12 = 12 %. Expected return defaults to (target − price) ÷ price. */
  estimatedReturn: number
  estimatedMaxDrawdown: number
  /** Recommendation time (YYYY-MM-DD). */
  recommendedAt: string
  /** `rule` when the monthly rule chose it, `analyst` when entered or edited at the desk. */
  source: 'rule' | 'analyst'
  latestPrice: number | null
  latestPriceDate: string | null
  actualReturn: number | null
  actualMaxDrawdown: number | null
  isDemo: boolean
}

export interface ConsolePickMonth {
  /** Months that have picks, newest first. */
  months: string[]
  month: string | null
  picks: ConsolePick[]
}

/** The firm's text about a company, shown on its stock page; empty in a language = none shown there. */
export interface CompanyText {
  market: Market
  code: string
  nameEn: string
  nameZh: string
  texts: Record<Locale, string>
  updatedAt: string | null
  updatedBy: ConsoleActor | null
}

export const companyTextMaxLength = 20_000

// ——— Errors ———

/**
 * Error codes of the console (the envelope's `error` and `x-error-code`). English wording for errors.json (both
 * languages live there, kept by the pages). A 401 is the common `UNAUTHENTICATED` (log in first).
 */
export const ConsoleErrorCode = {
  /** 403 — 'Your console role does not allow this.' (logged in, without a role the call needs) */
  roleRequired: 'CONSOLE_ROLE_REQUIRED',
  /** 409 — 'A console needs at least one admin.' (revoking the last admin) */
  lastAdmin: 'CONSOLE_LAST_ADMIN',
  /** 400 — 'Enter a mobile number in international form, e.g. +852 9123 4567.' */
  phoneInvalid: 'CONSOLE_PHONE_INVALID',
  /** 400 — 'This is not a mobile number in use. Check the digits.' (well-formed, but no network gives it out) */
  phoneNotMobile: 'CONSOLE_PHONE_NOT_MOBILE',
  /** 404 — 'This member was not found.' */
  memberNotFound: 'CONSOLE_MEMBER_NOT_FOUND',
  /** 404 — 'This article was not found.' */
  articleNotFound: 'CONSOLE_ARTICLE_NOT_FOUND',
  /** 409 — 'Someone saved this article after you opened it. Review their version before saving.' (body: `current`) */
  articleStale: 'CONSOLE_ARTICLE_STALE',
  /** 409 — 'Another article already uses this address.' */
  articleKeyTaken: 'CONSOLE_ARTICLE_KEY_TAKEN',
  /** 409 — 'A published article keeps its address.' (changing the key of an article readers have seen) */
  articleKeyLocked: 'CONSOLE_ARTICLE_KEY_LOCKED',
  /** 409 — 'This article cannot do that in its current state.' */
  stateMoveInvalid: 'CONSOLE_STATE_MOVE_INVALID',
  /** 409 — 'Write a title and a body in at least one language before publishing.' */
  articleNotReady: 'CONSOLE_ARTICLE_NOT_READY',
  /** 400 — 'Choose a publishing time in the future.' */
  scheduleInPast: 'CONSOLE_SCHEDULE_IN_PAST',
  /** 400 — 'Choose a publishing time.' */
  scheduleMissing: 'CONSOLE_SCHEDULE_MISSING',
  /** 400 — 'Choose from the list.' (an unknown topic, author, tag or menu group; `fields` names it) */
  referenceUnknown: 'CONSOLE_REFERENCE_UNKNOWN',
  /** 400 — 'Choose one.' (a new article's kind, topic, market or author left empty; `fields` names it) */
  choiceRequired: 'CONSOLE_CHOICE_REQUIRED',
  /** 400 — 'Write at least one language version.' */
  versionsMissing: 'CONSOLE_VERSIONS_MISSING',
  /** 404 — 'This revision was not found.' */
  revisionNotFound: 'CONSOLE_REVISION_NOT_FOUND',
  /** 400 — 'Upload a JPEG, PNG or WebP picture.' */
  coverType: 'CONSOLE_COVER_TYPE',
  /** 413 — 'A cover may be at most 10 MB.' */
  coverTooLarge: 'CONSOLE_COVER_TOO_LARGE',
  /** 400 — 'This cover was not found; upload it again.' */
  coverNotFound: 'CONSOLE_COVER_NOT_FOUND',
  /** 404 — 'No company with this code in this market.' */
  stockNotFound: 'CONSOLE_STOCK_NOT_FOUND',
  /** 404 — 'This pick was not found.' */
  pickNotFound: 'CONSOLE_PICK_NOT_FOUND',
  /** 409 — 'This stock is already a pick of that month.' */
  pickExists: 'CONSOLE_PICK_EXISTS',
} as const
export type ConsoleErrorCode = (typeof ConsoleErrorCode)[keyof typeof ConsoleErrorCode]
