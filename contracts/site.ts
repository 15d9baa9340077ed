/**
 * Wire shapes of the shell and company pages: menus, site texts, newsletter sign-ups, build info.
 * Validation messages are stable codes; the page and the API translate them (spec §5 sentences).
 */
import { z } from 'zod'

export const MenuGroup = z.object({
  menuName: z.string(),
  articles: z.array(z.object({ k: z.string(), v: z.string() })),
})
export type MenuGroup = z.infer<typeof MenuGroup>

export const SiteTextKey = z.enum([
  'about-us',
  'service',
  'history',
  'description',
  'contact-us',
  'cookie-policy',
  'privacy-policy',
  'user-agreement',
  'footer',
])
export type SiteTextKey = z.infer<typeof SiteTextKey>

export const SiteTextQuery = z.object({ key: SiteTextKey })

export const ServiceGroup = z.object({
  title: z.string(),
  content: z.array(z.object({ description: z.string() })),
})
export type ServiceGroup = z.infer<typeof ServiceGroup>

export const HistoryMilestone = z.object({ year: z.string(), title: z.string(), description: z.string() })
export type HistoryMilestone = z.infer<typeof HistoryMilestone>

export const MarketingStat = z.object({ value: z.string(), label: z.string() })
export const FooterLink = z.object({ label: z.string(), href: z.string() })

/** Structured parts a page draws besides its Markdown body. Keys absent for texts that do not need them. */
export const SiteTextData = z.object({
  groups: z.array(ServiceGroup).optional(),
  milestones: z.array(HistoryMilestone).optional(),
  stats: z.array(MarketingStat).optional(),
  links: z.array(FooterLink).optional(),
  tagline: z.string().optional(),
})
export type SiteTextData = z.infer<typeof SiteTextData>

export const SiteText = z.object({
  key: SiteTextKey,
  title: z.string(),
  /** Sanitised HTML rendered from the stored Markdown. */
  bodyHtml: z.string(),
  data: SiteTextData,
  updatedAt: z.string(),
})
export type SiteText = z.infer<typeof SiteText>

export const NewsletterErrorCode = {
  emailEmpty: 'EMAIL_EMPTY',
  emailInvalid: 'EMAIL_INVALID',
  phoneEmpty: 'PHONE_EMPTY',
  phoneInvalid: 'PHONE_INVALID',
} as const

const trimmed = z.string().trim()

/** Loose international phone: digits with optional +, spaces, dashes and brackets; 6–15 digits in all. */
const phonePattern = /^\+?[\d\s\-()]{6,24}$/
function countDigits(value: string): number {
  return value.replace(/\D/g, '').length
}

const email = trimmed
  .min(1, NewsletterErrorCode.emailEmpty)
  .max(254, NewsletterErrorCode.emailInvalid)
  .pipe(z.email(NewsletterErrorCode.emailInvalid))

const phone = trimmed
  .min(1, NewsletterErrorCode.phoneEmpty)
  .refine(
    (v) => phonePattern.test(v) && countDigits(v) >= 6 && countDigits(v) <= 15,
    NewsletterErrorCode.phoneInvalid,
  )

/** The footer form asks for an email; the contact-subscription dialog asks for a phone number too (spec §5). */
export const SignupSource = z.enum(['footer', 'contact-dialog', 'home'])
export type SignupSource = z.infer<typeof SignupSource>

export const NewsletterSignupForm = z.object({ email })
export const ContactSignupForm = z.object({ name: trimmed.max(80).optional(), email, phone })

export const SubscribeEmailRequest = z.discriminatedUnion('source', [
  NewsletterSignupForm.extend({ source: z.enum(['footer', 'home']) }),
  ContactSignupForm.extend({ source: z.literal('contact-dialog') }),
])
export type SubscribeEmailRequest = z.infer<typeof SubscribeEmailRequest>

export const SubscribeEmailAnswer = z.object({ subscribed: z.literal(true), alreadySubscribed: z.boolean() })
export type SubscribeEmailAnswer = z.infer<typeof SubscribeEmailAnswer>

export const BuildInfo = z.object({ buildId: z.string() })
export type BuildInfo = z.infer<typeof BuildInfo>
