/**
 * The account vocabulary pages need, without zod or the mobile numbering plans (ADR 0011): error codes, and the role,
 * tier, period and quota names. contracts/accounts.ts builds its schemas from these lists and re-exports the rest.
 */
import type { QuotaKind, Role } from './accounts.ts'

export const AccountErrorCode = {
  mobileEmpty: 'MOBILE_EMPTY',
  mobileInvalid: 'MOBILE_INVALID',
  codeEmpty: 'VERIFICATION_CODE_EMPTY',
  codeError: 'VERIFICATION_CODE_ERROR',
  codeExpired: 'VERIFICATION_CODE_EXPIRED',
  codeAttempts: 'VERIFICATION_CODE_ATTEMPTS',
  codeDailyLimit: 'VERIFICATION_CODE_DAILY_LIMIT',
  codeTooFrequent: 'VERIFICATION_CODE_TOO_FREQUENT',
  agreementRequired: 'AGREEMENT_REQUIRED',
  smsSendFailed: 'SMS_SEND_FAILED',
  crossSiteRequest: 'CROSS_SITE_REQUEST',
} as const

/** What a reader is to the site (spec §6). A member is logged in without a subscription. */
export const roles = ['visitor', 'member', 'subscriber'] as const
/** Subscription tiers, cheapest first. */
export const tiers = ['base', 'plus', 'premium'] as const
export const subscriptionPeriods = ['month', 'quarter', 'year'] as const
/** Metered features. Each has a daily and a monthly allowance by role and tier (the allowance ladder). */
export const quotaKinds = ['diagnosis', 'chat', 'upload'] as const
/** Which limit refuses the next use: the month's, the day's, or the visitor network's ceiling. */
export const quotaLimits = ['month', 'day', 'network'] as const

/**
 * The code a metered call fails with when the reader has nothing left (spec §4, §8), by feature and reason: the
 * role's own allowance used up (visitor: log in; member: subscribe; subscriber: upgrade), today's cap of a member or
 * subscriber — `dailyMember` / `dailySubscriber` when a plan (higher than theirs) allows more a day, so the notice
 * offers it; `daily` when none does (Premium: only tomorrow helps) —, or `network`: the visitor's own allowance is left, but the visitors sharing their network (a carrier's
 * or an office's address) have used the network's for today — the message says so and offers to log in.
 */
export const QuotaErrorCode = {
  diagnosis: {
    visitor: 'DIAGNOSIS_LIMIT_VISITOR',
    member: 'DIAGNOSIS_LIMIT_MEMBER',
    subscriber: 'DIAGNOSIS_LIMIT_SUBSCRIBER',
    daily: 'DIAGNOSIS_LIMIT_DAILY',
    dailyMember: 'DIAGNOSIS_LIMIT_DAILY_MEMBER',
    dailySubscriber: 'DIAGNOSIS_LIMIT_DAILY_SUBSCRIBER',
    network: 'DIAGNOSIS_LIMIT_NETWORK',
  },
  chat: {
    visitor: 'CHAT_LIMIT_VISITOR',
    member: 'CHAT_LIMIT_MEMBER',
    subscriber: 'CHAT_LIMIT_SUBSCRIBER',
    daily: 'CHAT_LIMIT_DAILY',
    dailyMember: 'CHAT_LIMIT_DAILY_MEMBER',
    dailySubscriber: 'CHAT_LIMIT_DAILY_SUBSCRIBER',
    network: 'CHAT_LIMIT_NETWORK',
  },
  upload: {
    visitor: 'CHAT_FILE_LIMIT_VISITOR',
    member: 'CHAT_FILE_LIMIT_MEMBER',
    subscriber: 'CHAT_FILE_LIMIT_SUBSCRIBER',
    daily: 'CHAT_FILE_LIMIT_DAILY',
    dailyMember: 'CHAT_FILE_LIMIT_DAILY_MEMBER',
    dailySubscriber: 'CHAT_FILE_LIMIT_DAILY_SUBSCRIBER',
    network: 'CHAT_FILE_LIMIT_NETWORK',
  },
} as const satisfies Record<
  QuotaKind,
  Record<Role | 'daily' | 'dailyMember' | 'dailySubscriber' | 'network', string>
>
