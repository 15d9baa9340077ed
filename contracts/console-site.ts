/**
 * Wire shapes of the site's administration in the console (issue 14, "Site"; admins only): requests parsed here,
 * answers and codes in console-site-rules.ts (zod-free, for the pages). Under /api/console like every console call
 * (contracts/console.ts: envelope, session, same-site rule for unsafe methods).
 *
 *   Site texts
 *   GET    /site/texts                        → SiteTextSummary[] (every key in both languages)
 *   GET    /site/texts/:key/:locale           → EditableSiteText
 *   PUT    /site/texts/:key/:locale           SaveSiteTextRequest → EditableSiteText (title, body and structured
 *                                             parts in one save); an `updatedAt` other than the stored one → 409
 *                                             CONSOLE_SITE_TEXT_STALE with `current: EditableSiteText`
 *   (the live preview is POST /articles/preview: the same renderer as the public pages)
 *   Header menu
 *   GET    /site/menu-groups                  → ConsoleMenuGroup[] (menu order)
 *   POST   /site/menu-groups                  MenuGroupInput → ConsoleMenuGroup (added last)
 *   PUT    /site/menu-groups/:key             MenuGroupInput → ConsoleMenuGroup (name and articles, in order)
 *   DELETE /site/menu-groups/:key             → { deleted: true }
 *   PUT    /site/menu-order                   MenuOrderRequest → ConsoleMenuGroup[] (every group, once)
 *   Redirects
 *   GET    /site/redirects                    → ConsoleRedirect[] (by path)
 *   POST   /site/redirects                    RedirectInput → ConsoleRedirect (409 CONSOLE_REDIRECT_EXISTS)
 *   PUT    /site/redirects?from=              RedirectInput → ConsoleRedirect (the rule of `from`, path included)
 *   DELETE /site/redirects?from=              → { deleted: true }
 *   Contact channels
 *   GET    /site/contact                      → ConsoleContactChannels
 *   PUT    /site/contact                      ContactChannelsInput → ConsoleContactChannels
 *   Price catalogue
 *   GET    /site/prices                       → ConsolePrice[]
 *   PUT    /site/prices/:tier/:period/:currency  SetPriceRequest → ConsolePrice (the ops command's `prices:set`)
 *
 * Every change writes one audit entry (siteAuditActions) in its transaction, and readers see it at once on every
 * process (the caches of what readers see are told, as for an article change).
 */
import { z } from 'zod'
import { articleKeyPattern } from './article-limits.ts'
import { billingPeriods, billingTiers, currencies } from './billing-rules.ts'
import {
  contactChannelMaxLength,
  editableSiteTextKeys,
  isSiteTextLink,
  menuGroupArticlesMax,
  menuGroupNameMaxLength,
  menuGroupsMax,
  redirectPathMaxLength,
  redirectTargetMaxLength,
  SiteAdminErrorCode,
  siteTextBodyMaxLength,
  siteTextPartLimits,
  siteTextTitleMaxLength,
} from './console-site-rules.ts'
import { Locale } from './regions.ts'
import { FooterLink, HistoryMilestone, MarketingStat, ServiceGroup, SiteTextData } from './site.ts'

export * from './console-site-rules.ts'

export const SiteTextParams = z.object({ key: z.enum(editableSiteTextKeys), locale: Locale })
export type SiteTextParams = z.infer<typeof SiteTextParams>

const partText = (max: number, { required = true } = {}) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, SiteAdminErrorCode.sitePartRequired)
    .max(max, SiteAdminErrorCode.sitePartTooLong)
const partRows = <Row extends z.ZodType>(row: Row, max: number = siteTextPartLimits.rows) =>
  z.array(row).max(max, SiteAdminErrorCode.sitePartTooMany)

/**
 * A text's structured parts as an admin saves them: the SiteTextData shape with bounds, each refusal naming its
 * field (`data.milestones.2.title`). Which kinds a text may have is the service's check (the stored ones).
 */
export const SiteTextDataInput = SiteTextData.extend({
  groups: partRows(
    ServiceGroup.extend({
      title: partText(siteTextPartLimits.shortText),
      content: partRows(
        z.object({ description: partText(siteTextPartLimits.description) }),
        siteTextPartLimits.groupItems,
      ),
    }),
  ).optional(),
  milestones: partRows(
    HistoryMilestone.extend({
      year: partText(siteTextPartLimits.year),
      title: partText(siteTextPartLimits.shortText),
      description: partText(siteTextPartLimits.description, { required: false }),
    }),
  ).optional(),
  stats: partRows(
    MarketingStat.extend({
      value: partText(siteTextPartLimits.shortText),
      label: partText(siteTextPartLimits.shortText),
    }),
  ).optional(),
  links: partRows(
    FooterLink.extend({
      label: partText(siteTextPartLimits.shortText),
      href: partText(siteTextPartLimits.href).refine(isSiteTextLink, SiteAdminErrorCode.sitePartLinkInvalid),
    }),
  ).optional(),
  tagline: partText(siteTextPartLimits.tagline, { required: false }).optional(),
})

export const SaveSiteTextRequest = z.object({
  title: z.string().trim().min(1, SiteAdminErrorCode.titleRequired).max(siteTextTitleMaxLength),
  bodyMarkdown: z.string().max(siteTextBodyMaxLength),
  /** The structured parts, each kind sent replacing the stored one; absent: kept as they are. */
  data: SiteTextDataInput.optional(),
  /** The `updatedAt` of the version the edit started from. */
  updatedAt: z.iso.datetime({ offset: true }),
})
export type SaveSiteTextRequest = z.infer<typeof SaveSiteTextRequest>

const groupName = z
  .string()
  .trim()
  .min(1, SiteAdminErrorCode.menuGroupNameRequired)
  .max(menuGroupNameMaxLength)

export const MenuGroupInput = z.object({
  name: z.object({ en: groupName, 'zh-Hant': groupName }),
  articleKeys: z
    .array(z.string().trim().regex(articleKeyPattern, SiteAdminErrorCode.menuArticleUnknown))
    .max(menuGroupArticlesMax)
    .default([]),
})
export type MenuGroupInput = z.infer<typeof MenuGroupInput>

export const MenuGroupParams = z.object({ key: z.string().min(1).max(80) })

export const MenuOrderRequest = z.object({ keys: z.array(z.string().min(1).max(80)).max(menuGroupsMax) })
export type MenuOrderRequest = z.infer<typeof MenuOrderRequest>

export const RedirectInput = z.object({
  fromPath: z.string().trim().min(1, SiteAdminErrorCode.redirectFromInvalid).max(redirectPathMaxLength),
  toLocation: z.string().trim().min(1, SiteAdminErrorCode.redirectTargetInvalid).max(redirectTargetMaxLength),
  status: z.union([z.literal(301), z.literal(302)]),
})
export type RedirectInput = z.infer<typeof RedirectInput>

export const RedirectQuery = z.object({ from: z.string().min(1).max(redirectPathMaxLength) })

const channel = z.string().trim().min(1, SiteAdminErrorCode.contactRequired).max(contactChannelMaxLength)
export const ContactChannelsInput = z.object({
  phone: channel,
  email: z.email(SiteAdminErrorCode.contactEmailInvalid).max(contactChannelMaxLength),
  whatsapp: channel,
  line: channel,
  kakaotalk: channel,
  telegram: channel,
})
export type ContactChannelsInput = z.infer<typeof ContactChannelsInput>

export const PriceParams = z.object({
  tier: z.enum(billingTiers),
  period: z.enum(billingPeriods),
  currency: z.enum(currencies),
})
export type PriceParams = z.infer<typeof PriceParams>

export const SetPriceRequest = z.object({
  /** Major units as typed ("19.99"; "2980" for yen and won); checked against the currency by the service. */
  amount: z.union([z.string(), z.number()]).transform(String),
  /** Stripe's Price id; empty or null keeps none. */
  stripePriceId: z
    .string()
    .trim()
    .max(220)
    .nullish()
    .transform((value) => value || null),
})
export type SetPriceRequest = z.infer<typeof SetPriceRequest>
