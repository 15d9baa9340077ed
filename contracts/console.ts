/**
 * Wire shapes of the operator console's API (issue 14): access, audit, the newsroom and the analysts' desk. The
 * answer shapes and codes are in console-rules.ts (the zod-free half the pages import); requests are parsed here.
 * Every call is under /api/console, answers the envelope `{ code, data }` and needs a logged-in member (401
 * UNAUTHENTICATED) holding one of the roles listed (403 CONSOLE_ROLE_REQUIRED); `admin` passes every route. Same
 * session as readers (the access_token cookie or X-token); unsafe methods only from the site's origins (ADR 0006).
 *
 *   Access
 *   GET    /me                               any role   → ConsoleMe
 *   GET    /roles                            admin      → ConsoleMemberRoles[] (members holding a role)
 *   POST   /roles                            admin      GrantRoleRequest → ConsoleMemberRoles (registers the number
 *                                                        if new; granting a held role changes nothing)
 *   DELETE /roles?memberId=&role=            admin      RevokeRoleQuery → ConsoleMemberRoles (409 CONSOLE_LAST_ADMIN)
 *   Audit
 *   GET    /audit                            admin      AuditQuery → AuditPage (newest first)
 *   Newsroom (editor, analyst)
 *   GET    /articles                         EditorArticleListQuery → EditorArticlePage (last changed first)
 *   GET    /articles/options                 → NewsroomOptions
 *   POST   /articles                         ArticleDocumentInput → EditorArticle (a draft, revision 1)
 *   POST   /articles/preview                 MarkdownPreviewRequest → MarkdownPreview (the public page's renderer)
 *   GET    /articles/:id                     → EditorArticle
 *   PUT    /articles/:id                     SaveArticleRequest → EditorArticle; a `revision` other than the
 *                                            current one → 409 CONSOLE_ARTICLE_STALE whose body carries
 *                                            `current: EditorArticle` beside the usual failure fields
 *   POST   /articles/:id/state               ChangeArticleStateRequest → EditorArticle (409 stale as above;
 *                                            409 CONSOLE_STATE_MOVE_INVALID, CONSOLE_ARTICLE_NOT_READY; 400
 *                                            CONSOLE_SCHEDULE_IN_PAST, CONSOLE_SCHEDULE_MISSING)
 *   GET    /articles/:id/revisions           → ArticleRevisionSummary[] (newest first)
 *   GET    /articles/:id/revisions/compare   CompareRevisionsQuery → RevisionComparison
 *   GET    /articles/:id/revisions/:number   → ArticleRevision
 *   POST   /articles/:id/revisions/:number/restore  RestoreRevisionRequest → EditorArticle (content only; the
 *                                            state stays; 409 stale as above)
 *   POST   /articles/:id/preview-link        PreviewLinkRequest → PreviewLink
 *   POST   /covers                           multipart/form-data, one file part `file` → CoverImage (JPEG, PNG or
 *                                            WebP by content, ≤ 10 MB: 400 CONSOLE_COVER_TYPE, 413
 *                                            CONSOLE_COVER_TOO_LARGE); pass its `id` as `coverImageId`
 *   Analysts' desk (analyst)
 *   GET    /picks                            PicksQuery → ConsolePickMonth (the newest month when none named)
 *   POST   /picks                            PickInput → ConsolePick (409 CONSOLE_PICK_EXISTS, 404 CONSOLE_STOCK_NOT_FOUND)
 *   PUT    /picks/:month/:market/:code       UpdatePickRequest → ConsolePick
 *   DELETE /picks/:month/:market/:code       → { deleted: true }
 *   GET    /company-texts                    CompanyTextListQuery → CompanyText[] (companies that have a text;
 *                                            `has=without`: those that have none yet)
 *   GET    /company-texts/:market/:code      → CompanyText (empty texts when none yet)
 *   PUT    /company-texts/:market/:code      SaveCompanyTextRequest → CompanyText
 *
 *   Site (admin): texts, menu groups, redirects, contact channels, prices — contracts/console-site.ts
 *
 * Every change (POST, PUT, DELETE but the Markdown preview) writes one audit entry: who, `<entity>.<verb>`, the
 * entity before and after, when. Times are ISO instants; a schedule time is typed as local time in the firm's
 * time zone (`ConsoleMe.timeZone`).
 */
import { z } from 'zod'
import { articleKeyPattern, tagKeyPattern, topicSlugPattern } from './article-limits.ts'
import {
  articleBodyMaxLength,
  articleKinds,
  articleMenuGroupsMax,
  articleStateActions,
  articleStates,
  articleStocksMax,
  articleSummaryMaxLength,
  articleTagsMax,
  articleTitleMaxLength,
  auditPageSizeDefault,
  auditPageSizeMax,
  ConsoleErrorCode,
  companyTextMaxLength,
  consoleRoles,
  editorPageSizeDefault,
  editorPageSizeMax,
  pickStockTypes,
  pickSuggestions,
  previewLinkHoursDefault,
  previewLinkHoursMax,
  seoDescriptionMaxLength,
  seoTitleMaxLength,
} from './console-rules.ts'
import { Locale, Market } from './regions.ts'

export * from './console-rules.ts'

/** Query strings send '' for a field left empty, JSON bodies may send null; read both as absent. */
const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional())
const page = z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(10_000).default(1))
const pageSize = (max: number, fallback: number) =>
  z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(max).default(fallback))

export const ConsoleRole = z.enum(consoleRoles)
export const ArticleEditState = z.enum(articleStates)
export const ArticleStateAction = z.enum(articleStateActions)
const MemberId = z.uuid()
const Revision = z.coerce.number().int().min(1)
/** A month (YYYY-MM) and a day (YYYY-MM-DD). */
const Month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)
const Day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
const StockCode = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[A-Za-z0-9.-]+$/)

// ——— Access ———

/** A mobile number in international form (+852 9123 4567); checked against the numbering plan by the service. */
export const GrantRoleRequest = z.object({
  phone: z.string().trim().min(4, ConsoleErrorCode.phoneInvalid).max(24, ConsoleErrorCode.phoneInvalid),
  role: ConsoleRole,
})
export type GrantRoleRequest = z.infer<typeof GrantRoleRequest>

export const RevokeRoleQuery = z.object({ memberId: MemberId, role: ConsoleRole })
export type RevokeRoleQuery = z.infer<typeof RevokeRoleQuery>

// ——— Audit ———

/** An instant or a day of the firm's calendar (a day `from` starts at its midnight there; a day `to` includes it). */
const Instant = z.union([Day, z.iso.datetime({ offset: true })])

export const AuditQuery = z.object({
  /** The member who made the change. */
  actor: optional(MemberId),
  action: optional(z.string().trim().max(60)),
  entity: optional(z.string().trim().max(40)),
  entityId: optional(z.string().trim().max(200)),
  from: optional(Instant),
  to: optional(Instant),
  page,
  pageSize: pageSize(auditPageSizeMax, auditPageSizeDefault),
})
export type AuditQuery = z.infer<typeof AuditQuery>

// ——— Newsroom ———

export const EditorArticleListQuery = z.object({
  state: optional(ArticleEditState),
  /** Articles with a version in this language. */
  locale: optional(Locale),
  market: optional(Market),
  topic: optional(z.string().trim().regex(topicSlugPattern)),
  author: optional(z.string().trim().max(60)),
  kind: optional(z.enum(articleKinds)),
  tag: optional(z.string().trim().regex(tagKeyPattern)),
  /** Words in the key, a title or a summary (either language), case-insensitive. */
  q: optional(z.string().trim().max(100)),
  page,
  pageSize: pageSize(editorPageSizeMax, editorPageSizeDefault),
})
export type EditorArticleListQuery = z.infer<typeof EditorArticleListQuery>

export const ArticleIdParams = z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })

const text = (max: number) => z.string().max(max)

export const ArticleVersionInput = z.object({
  title: z.string().trim().min(1).max(articleTitleMaxLength),
  summary: text(articleSummaryMaxLength).default(''),
  bodyMarkdown: text(articleBodyMaxLength).default(''),
  seoTitle: z.string().trim().max(seoTitleMaxLength).default(''),
  seoDescription: z.string().trim().max(seoDescriptionMaxLength).default(''),
})
export type ArticleVersionInput = z.infer<typeof ArticleVersionInput>

/** A cover drawing of ours or an https picture elsewhere; an uploaded cover is named by `coverImageId` instead. */
const CoverUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/media\/covers\/[a-z0-9-]{1,80}(?:\.v\d{1,2})?\.svg|https:\/\/\S+)$/)

/** A choice the editor must make (no default: a preselected first option once sent an article out mislabelled). */
const chosen = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string({ error: ConsoleErrorCode.choiceRequired })
    .trim()
    .min(1, ConsoleErrorCode.choiceRequired)
    .pipe(schema)

export const ArticleDocumentInput = z.object({
  key: z.string().trim().toLowerCase().regex(articleKeyPattern),
  kind: chosen(z.enum(articleKinds)),
  topic: chosen(z.string().regex(topicSlugPattern)),
  market: chosen(Market),
  author: chosen(z.string().max(60)),
  tags: z.array(z.string().trim().regex(tagKeyPattern)).max(articleTagsMax).default([]),
  stocks: z
    .array(z.object({ market: Market, code: StockCode }))
    .max(articleStocksMax)
    .default([]),
  menuGroups: z.array(z.string().trim().min(1).max(60)).max(articleMenuGroupsMax).default([]),
  /** An uploaded cover (`POST /covers` answer's id); wins over `coverUrl`. */
  coverImageId: optional(z.uuid()),
  /** A drawing or an https URL; absent with no image: the topic's drawing. */
  coverUrl: optional(CoverUrl),
  /** A missing language is null (or absent); at least one is needed. */
  versions: z
    .object({ en: ArticleVersionInput.nullish(), 'zh-Hant': ArticleVersionInput.nullish() })
    .refine((versions) => Boolean(versions.en || versions['zh-Hant']), ConsoleErrorCode.versionsMissing),
})
export type ArticleDocumentInput = z.infer<typeof ArticleDocumentInput>

export const SaveArticleRequest = z.object({ revision: Revision, document: ArticleDocumentInput })
export type SaveArticleRequest = z.infer<typeof SaveArticleRequest>

export const ChangeArticleStateRequest = z.object({
  revision: Revision,
  action: ArticleStateAction,
  /** `schedule` only: local time in the firm's time zone, `YYYY-MM-DDTHH:mm`. */
  publishAt: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, ConsoleErrorCode.scheduleMissing)),
})
export type ChangeArticleStateRequest = z.infer<typeof ChangeArticleStateRequest>

export const RevisionParams = ArticleIdParams.extend({ number: z.coerce.number().int().min(1) })

export const CompareRevisionsQuery = z.object({
  from: z.coerce.number().int().min(1),
  to: z.coerce.number().int().min(1),
})

export const RestoreRevisionRequest = z.object({ revision: Revision })

export const MarkdownPreviewRequest = z.object({ markdown: text(articleBodyMaxLength) })

export const PreviewLinkRequest = z
  .object({
    expiresInHours: z.preprocess(
      blankAsAbsent,
      z.coerce.number().int().min(1).max(previewLinkHoursMax).default(previewLinkHoursDefault),
    ),
  })
  .default({ expiresInHours: previewLinkHoursDefault })

// ——— Analysts' desk ———

export const PicksQuery = z.object({ month: optional(Month), market: optional(Market) })

const fraction = z.number().min(-1).max(100)

export const UpdatePickRequest = z.object({
  suggestion: z.enum(pickSuggestions),
  stockType: z.enum(pickStockTypes),
  recommendedPrice: z.number().positive(),
  analystEstimatedPrice: z.number().positive(),
  /** Absent: (target − price) ÷ price. */
  estimatedReturn: optional(fraction),
  estimatedMaxDrawdown: z.number().min(-1).max(0),
  /** Absent: the first day of the month. */
  recommendedAt: optional(Day),
})
export type UpdatePickRequest = z.infer<typeof UpdatePickRequest>

export const PickInput = UpdatePickRequest.extend({ month: Month, market: Market, code: StockCode })
export type PickInput = z.infer<typeof PickInput>

export const PickParams = z.object({ month: Month, market: Market, code: StockCode })
export type PickParams = z.infer<typeof PickParams>

export const CompanyTextParams = z.object({ market: Market, code: StockCode })
export type CompanyTextParams = z.infer<typeof CompanyTextParams>

export const CompanyTextListQuery = z.object({
  market: optional(Market),
  q: optional(z.string().trim().max(100)),
  /** `without`: companies of the universe that have no text yet (the desk's to-do list); default `with`. */
  has: optional(z.enum(['with', 'without'])),
})

export const SaveCompanyTextRequest = z.object({
  texts: z.object({
    en: text(companyTextMaxLength).default(''),
    'zh-Hant': text(companyTextMaxLength).default(''),
  }),
})
export type SaveCompanyTextRequest = z.infer<typeof SaveCompanyTextRequest>
