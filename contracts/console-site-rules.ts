/**
 * The site's administration in the console (issue 14, "Site", admins only): site texts, header menu groups,
 * redirects, contact channels and the price catalogue — the answer shapes, limits and error codes the pages need
 * without zod (ADR 0011). Requests are parsed by console-site.ts; the routes are listed there.
 */
import {
  type Currency,
  chargeUnitMinorOf,
  currencyShownDecimals,
  majorUnitsOf,
  type SubscriptionPeriod,
  type Tier,
} from './billing-rules.ts'
import type { ConsoleRole } from './console-rules.ts'
import type { Locale } from './regions.ts'
import type { SiteTextData } from './site.ts'

/** Only admins run the site (admin passes every route anyway; declared so the table reads plainly). */
export const siteAdminRoles = ['admin'] as const satisfies readonly ConsoleRole[]

/** The site texts an admin edits, in the order the console lists them (the keys of contracts/site.ts). */
export const editableSiteTextKeys = [
  'about-us',
  'service',
  'history',
  'description',
  'contact-us',
  'cookie-policy',
  'privacy-policy',
  'user-agreement',
  'footer',
] as const
export type EditableSiteTextKey = (typeof editableSiteTextKeys)[number]

/** The public page that shows a text's title and body (the footer draws only its structured parts: none). */
export const siteTextPublicPaths: Record<EditableSiteTextKey, string | null> = {
  'about-us': '/about-us',
  service: '/service',
  history: '/company-history',
  description: '/description',
  'contact-us': '/contact-us',
  'cookie-policy': '/cookie-policy',
  'privacy-policy': '/privacy-policy',
  'user-agreement': '/user-agreement',
  footer: null,
}

export const siteTextTitleMaxLength = 200
export const siteTextBodyMaxLength = 100_000

/**
 * Bounds of a text's structured parts (`data`: service groups, history milestones, marketing stats, footer links
 * and tagline): rows per list, and the length of each short line, description and link.
 */
export const siteTextPartLimits = {
  rows: 40,
  groupItems: 20,
  shortText: 200,
  year: 20,
  description: 2_000,
  href: 2_000,
  tagline: 300,
} as const

/** The kinds of structured parts; a text is edited with the kinds its stored `data` has (a page draws only those). */
export const siteTextPartKinds = ['groups', 'milestones', 'stats', 'links', 'tagline'] as const
export type SiteTextPartKind = (typeof siteTextPartKinds)[number]

/** A link of the footer: a path of the site (`/about-us`) or an absolute http(s) address. */
export function isSiteTextLink(href: string): boolean {
  const value = href.trim()
  if (value !== href || /\s/.test(value)) return false
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\')
  if (!/^https?:\/\//i.test(value)) return false
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** One text in one language as the list shows it. */
export interface SiteTextSummary {
  key: EditableSiteTextKey
  locale: Locale
  title: string
  updatedAt: string
}

/** One text in one language as the editor loads it; `updatedAt` is sent back with a save (stale-save check). */
export interface EditableSiteText extends SiteTextSummary {
  bodyMarkdown: string
  /** Its structured parts; only the kinds present are the text's (contracts/site.ts). */
  data: SiteTextData
}

/** A name in both languages (a menu group's). */
export type NameInBothLanguages = Record<Locale, string>

export const menuGroupNameMaxLength = 60
export const menuGroupArticlesMax = 30
export const menuGroupsMax = 30

/** A header menu group with its articles in menu order; `title` is the article's own (null: not yet published). */
export interface ConsoleMenuGroup {
  key: string
  name: NameInBothLanguages
  articles: { key: string; title: string | null }[]
}

export const redirectStatuses = [301, 302] as const
export type RedirectStatus = (typeof redirectStatuses)[number]
export const redirectPathMaxLength = 500
export const redirectTargetMaxLength = 2_000

/** A redirect rule: from a path of every regional site to a path there or an absolute http(s) URL. */
export interface ConsoleRedirect {
  fromPath: string
  toLocation: string
  status: RedirectStatus
  createdAt: string
}

export const contactChannelNames = ['phone', 'email', 'whatsapp', 'line', 'kakaotalk', 'telegram'] as const
export type ContactChannelName = (typeof contactChannelNames)[number]
export type ContactChannelValues = Record<ContactChannelName, string>
export const contactChannelMaxLength = 100

/** The channels readers see; `isDefault` while nobody saved any (the configuration's `CONTACT_*`). */
export interface ConsoleContactChannels {
  channels: ContactChannelValues
  isDefault: boolean
  updatedAt: string | null
}

/** A price of the catalogue; `amount` in major units as typed ("19.99", "2980"). */
export interface ConsolePrice {
  tier: Tier
  period: SubscriptionPeriod
  currency: Currency
  amountMinor: number
  amount: string
  stripePriceId: string | null
  isDefault: boolean
  updatedAt: string
}

/** Stripe's Price ids (`price_…`). */
export const stripePriceIdPattern = /^price_[A-Za-z0-9]{1,200}$/

/** The most one period of a plan may cost, in minor units (the ops command's bound). */
export const priceAmountMinorMax = 2_000_000_000

/**
 * An amount typed in major units as minor units, or null when it is not one: with at most the digits the currency
 * is written with (cents of US and Hong Kong dollars; NT dollars, yen and won whole: "640" TWD is 64,000 cents);
 * more than zero.
 */
export function minorUnitsOfAmount(text: string, currency: Currency): number | null {
  const value = text.trim()
  const shown = currencyShownDecimals[currency]
  const pattern = shown === 0 ? /^\d{1,10}$/ : /^\d{1,10}(\.\d{1,2})?$/
  if (!pattern.test(value)) return null
  const [whole = '0', fraction = ''] = value.split('.')
  const charged = Number(whole) * 10 ** shown + Number(fraction.padEnd(shown, '0') || '0')
  const minor = charged * chargeUnitMinorOf(currency)
  return Number.isSafeInteger(minor) && minor > 0 && minor <= priceAmountMinorMax ? minor : null
}

/** Minor units as the major-unit text an admin types (1999 USD → "19.99"; 64,000 TWD → "640"). */
export function amountTextOf(amountMinor: number, currency: Currency): string {
  return majorUnitsOf(amountMinor, currency).toFixed(currencyShownDecimals[currency])
}

/** Audit actions of the site's administration. */
export const siteAuditActions = {
  siteTextSave: 'site_text.save',
  menuGroupCreate: 'menu_group.create',
  menuGroupUpdate: 'menu_group.update',
  menuGroupReorder: 'menu_group.reorder',
  menuGroupDelete: 'menu_group.delete',
  redirectCreate: 'redirect.create',
  redirectUpdate: 'redirect.update',
  redirectDelete: 'redirect.delete',
  contactSave: 'contact.save',
  priceSet: 'price.set',
} as const

/**
 * Error codes of the site's administration (English wording; both languages in errors.json).
 */
export const SiteAdminErrorCode = {
  /** 404 — 'This site text was not found.' */
  siteTextNotFound: 'CONSOLE_SITE_TEXT_NOT_FOUND',
  /** 409 — 'Someone saved this text after you opened it. Review their version before saving.' (body: `current`) */
  siteTextStale: 'CONSOLE_SITE_TEXT_STALE',
  /** 400 — 'Write a title.' */
  titleRequired: 'CONSOLE_TITLE_REQUIRED',
  /** 400 — 'Fill in this field.' (a row of a text's structured parts) */
  sitePartRequired: 'CONSOLE_SITE_PART_REQUIRED',
  /** 400 — 'This is too long.' */
  sitePartTooLong: 'CONSOLE_SITE_PART_TOO_LONG',
  /** 400 — 'This list has too many rows.' */
  sitePartTooMany: 'CONSOLE_SITE_PART_TOO_MANY',
  /** 400 — 'Enter a path that starts with / or an address that starts with http:// or https://.' */
  sitePartLinkInvalid: 'CONSOLE_SITE_PART_LINK_INVALID',
  /** 400 — 'This page does not show this part.' (a kind of structured part the text does not have) */
  sitePartNotShown: 'CONSOLE_SITE_PART_NOT_SHOWN',
  /** 404 — 'This menu group was not found.' */
  menuGroupNotFound: 'CONSOLE_MENU_GROUP_NOT_FOUND',
  /** 400 — 'Name the group in both languages.' */
  menuGroupNameRequired: 'CONSOLE_MENU_GROUP_NAME_REQUIRED',
  /** 400 — 'List every menu group once.' (a new order that leaves one out or names one twice) */
  menuOrderInvalid: 'CONSOLE_MENU_ORDER_INVALID',
  /** 400 — 'No article has this address.' */
  menuArticleUnknown: 'CONSOLE_MENU_ARTICLE_UNKNOWN',
  /** 409 — 'There are too many menu groups.' */
  menuGroupsFull: 'CONSOLE_MENU_GROUPS_FULL',
  /** 400 — 'Enter a path that starts with /, e.g. /old-page.' */
  redirectFromInvalid: 'CONSOLE_REDIRECT_FROM_INVALID',
  /** 400 — 'Enter a path that starts with / or an address that starts with https://.' */
  redirectTargetInvalid: 'CONSOLE_REDIRECT_TARGET_INVALID',
  /** 400 — 'A path cannot redirect to itself.' */
  redirectSelf: 'CONSOLE_REDIRECT_SELF',
  /** 400 — 'This redirect would send readers round in a loop.' */
  redirectLoop: 'CONSOLE_REDIRECT_LOOP',
  /** 409 — 'This path already redirects; edit that rule.' */
  redirectExists: 'CONSOLE_REDIRECT_EXISTS',
  /** 404 — 'This redirect was not found.' */
  redirectNotFound: 'CONSOLE_REDIRECT_NOT_FOUND',
  /** 400 — 'Enter a valid email address.' */
  contactEmailInvalid: 'CONSOLE_CONTACT_EMAIL_INVALID',
  /** 400 — 'Fill in every contact channel.' */
  contactRequired: 'CONSOLE_CONTACT_REQUIRED',
  /** 400 — 'Enter an amount above zero (no decimals for yen and won, at most two otherwise).' */
  priceAmountInvalid: 'CONSOLE_PRICE_AMOUNT_INVALID',
  /** 400 — 'A Stripe price id starts with price_.' */
  priceStripeIdInvalid: 'CONSOLE_PRICE_STRIPE_ID_INVALID',
  /** 409 — 'Another price already uses this Stripe price id.' */
  priceStripeIdTaken: 'CONSOLE_PRICE_STRIPE_ID_TAKEN',
} as const
export type SiteAdminErrorCode = (typeof SiteAdminErrorCode)[keyof typeof SiteAdminErrorCode]
