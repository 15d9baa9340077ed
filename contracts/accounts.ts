/**
 * Wire shapes of accounts: login by mobile number and SMS code (spec §4–§6), member info, the userInfo cookie,
 * subscription tiers, and the quota codes every metered feature answers with (spec §8).
 * Validation messages are stable codes translated by the page and the API (contracts/messages/<locale>/errors.json).
 */
import { z } from 'zod'
import {
  AccountErrorCode,
  quotaKinds,
  quotaLimits,
  roles,
  subscriptionPeriods,
  tiers,
} from './account-codes.ts'
import { type LoginCountry as LoginCountryCode, loginCountries } from './login-countries.ts'
import { toE164Mobile } from './mobile-number.ts'

// Codes, names and the userInfo cookie's fields live in files without zod or the numbering plans, which the
// browser imports (ADR 0011); the API's modules keep importing them from here.
export { AccountErrorCode, QuotaErrorCode } from './account-codes.ts'

import { MemberEmailErrorCode } from './member-email.ts'

export { userInfoCookieOf } from './user-info-cookie.ts'

/** What a reader is to the site (spec §6). A member is logged in without a subscription. */
export const Role = z.enum(roles)
export type Role = z.infer<typeof Role>

export const Tier = z.enum(tiers)
export type Tier = z.infer<typeof Tier>

export const SubscriptionPeriod = z.enum(subscriptionPeriods)
export type SubscriptionPeriod = z.infer<typeof SubscriptionPeriod>

export const LoginCountry = z.enum(
  loginCountries.map((c) => c.country) as [LoginCountryCode, ...LoginCountryCode[]],
)
export type LoginCountry = z.infer<typeof LoginCountry>

const trimmed = z.string().trim()

/** Loose shape first (so a wrong shape is "invalid", not a parser error); the numbering plan is checked below. */
const mobile = trimmed.min(1, AccountErrorCode.mobileEmpty).max(24, AccountErrorCode.mobileInvalid)

const code = trimmed.min(1, AccountErrorCode.codeEmpty).regex(/^\d{6}$/, AccountErrorCode.codeError)

function checkMobile(value: { country: LoginCountry; mobile: string }, context: z.RefinementCtx) {
  if (!toE164Mobile(value.country, value.mobile)) {
    context.addIssue({ code: 'custom', path: ['mobile'], message: AccountErrorCode.mobileInvalid })
  }
}

export const SendCodeRequest = z.object({ country: LoginCountry, mobile }).superRefine(checkMobile)
export type SendCodeRequest = z.infer<typeof SendCodeRequest>

export const LoginRequest = z
  .object({
    country: LoginCountry,
    mobile,
    code,
    agreed: z.literal(true, AccountErrorCode.agreementRequired),
  })
  .superRefine(checkMobile)
export type LoginRequest = z.infer<typeof LoginRequest>

export const SendCodeAnswer = z.object({
  /** Seconds before the form may ask for another code (the visible countdown). */
  resendAfterSeconds: z.number().int(),
  expiresInSeconds: z.number().int(),
})
export type SendCodeAnswer = z.infer<typeof SendCodeAnswer>

export const ActiveSubscription = z.object({
  tier: Tier,
  period: SubscriptionPeriod,
  startsAt: z.string(),
  endsAt: z.string(),
})
export type ActiveSubscription = z.infer<typeof ActiveSubscription>

/** `GET /home/memberInfo` data (spec §3 "user info"). */
export const MemberInfo = z.object({
  memberId: z.string(),
  maskedPhone: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(['member', 'subscriber']),
  subscription: ActiveSubscription.nullable(),
  registeredAt: z.string(),
  /** Expert answers the member has not opened yet (the header's notice; `GET /home/memberInfo` only). */
  expertAnswersUnseen: z.number().int().min(0).optional(),
  /** Notifications the member has not read (the header's bell, issue 26; `GET /home/memberInfo` only). */
  notificationsUnread: z.number().int().min(0).optional(),
})
export type MemberInfo = z.infer<typeof MemberInfo>

export const LoginAnswer = z.object({
  /** True when this login registered the number (spec §6: registration at first login). */
  isNewMember: z.boolean(),
  userInfo: MemberInfo,
})
export type LoginAnswer = z.infer<typeof LoginAnswer>

/** The userInfo cookie (15 days, spec §9): only what the header draws. The session itself is in access_token. */
export const UserInfoCookie = z.object({
  maskedPhone: z.string().max(32),
  displayName: z.string().max(80).nullable(),
  tier: Tier.nullable(),
})
export type UserInfoCookie = z.infer<typeof UserInfoCookie>

export const LogoutAnswer = z.object({ loggedOut: z.literal(true) })
export type LogoutAnswer = z.infer<typeof LogoutAnswer>

/** Metered features. Each has a daily and a monthly allowance by role and tier (the allowance ladder). */
export const QuotaKind = z.enum(quotaKinds)
export type QuotaKind = z.infer<typeof QuotaKind>

/** Which limit refuses the next use: the month's, the day's, or the visitor network's ceiling. */
export const QuotaLimit = z.enum(quotaLimits)
export type QuotaLimit = z.infer<typeof QuotaLimit>

/** What is left for the reader; a `null` monthly limit means "no monthly limit". */
export const QuotaStatus = z.object({
  kind: QuotaKind,
  role: Role,
  tier: Tier.nullable(),
  monthlyLimit: z.number().int().nullable(),
  monthlyRemaining: z.number().int().nullable(),
  dailyLimit: z.number().int(),
  /** The reader's own uses left today (a visitor's too when their network's ceiling is reached). */
  dailyRemaining: z.number().int(),
  /** How many more times the feature can be used today: the smallest of the month, the day and the network. */
  remaining: z.number().int(),
  /** null while `remaining` > 0; else the limit that refuses the next use. */
  limitedBy: QuotaLimit.nullable(),
})
export type QuotaStatus = z.infer<typeof QuotaStatus>

export const QuotaQuery = z.object({ kind: QuotaKind })

/** `PUT /member/email`: the address to verify (a new one replaces the old, which stops receiving mail). */
export const MemberEmailRequest = /* @__PURE__ */ z.object({
  email: z
    .string()
    .trim()
    .min(1, MemberEmailErrorCode.empty)
    .max(254, MemberEmailErrorCode.invalid)
    .pipe(z.email(MemberEmailErrorCode.invalid)),
})
export type MemberEmailRequest = z.infer<typeof MemberEmailRequest>
