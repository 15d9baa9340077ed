/**
 * The members part of the operator console (issue 14) without zod, for the pages: who may use it, its error codes,
 * its audit actions and the answer shapes of its calls (the routes are listed in console-members.ts). Support staff
 * find a member by phone and look after their plan and sessions; they also keep the newsletter sign-ups.
 */
import type { PaymentRow, SubscriptionPeriod, Tier } from './billing-rules.ts'
import type { ConsoleRole } from './console-rules.ts'

/** Roles that reach members and newsletter sign-ups (admin passes too). */
export const memberCareRoles = ['support'] as const satisfies readonly ConsoleRole[]

/** The audit actions of this part: a member's plan and sessions, and sign-ups. */
export const memberAuditActions = {
  planGrant: 'member.plan_grant',
  planEnd: 'member.plan_end',
  sessionsEnd: 'member.sessions_end',
  newsletterRemove: 'newsletter.remove',
} as const

/** A staff member's reason for a change, kept in the audit log and the plan history. */
export const memberReasonMaxLength = 500

/** How many of a member's payments the member page shows (newest first); `paymentsTotal` tells if there are more. */
export const memberPaymentsShown = 50

export const newsletterPageSizeDefault = 50
export const newsletterPageSizeMax = 200

/** `GET /api/console/members?phone=`: the member of a number. */
export interface ConsoleMemberRef {
  memberId: string
  /** E.164, in full: staff see the whole number. */
  phone: string
}

/** The subscription in force, with its renewal state (billing's fields; null for an operator's grant). */
export interface ConsoleMemberPlan {
  tier: Tier
  period: SubscriptionPeriod
  /** `billing`: paid through the payment provider; `operator`: granted (ops command or console). */
  source: 'billing' | 'operator'
  startsAt: string
  endsAt: string
  renews: boolean
  cancelAtPeriodEnd: boolean
  /** A downgrade or period change waiting for the renewal date. */
  scheduledTier: Tier | null
  scheduledPeriod: SubscriptionPeriod | null
  provider: 'demo' | 'stripe' | null
  currency: string | null
  /** What the next period costs, in the currency's minor unit. */
  priceMinor: number | null
}

/** What a subscription looked like before or after a change. */
export interface ConsolePlanSnapshot {
  tier: string
  period: string
  status: string
  endsAt: string
  cancelAtPeriodEnd: boolean
  scheduledTier: string | null
  scheduledPeriod: string | null
}

/** One row of the plan history (the subscriptions module's changes), newest first. */
export interface ConsolePlanChange {
  at: string
  /** `reader` (the member), `operator` (ops command or console staff), `provider`, `system` (jobs). */
  actor: 'reader' | 'operator' | 'provider' | 'system'
  kind: string
  before: ConsolePlanSnapshot | null
  after: ConsolePlanSnapshot | null
  /** What caused it: a payment or event id, or for a change made in the console the staff member's reason. */
  reference: string | null
  /** For a change made in the console: the staff member who made it (absent: an operator command, or not staff). */
  by?: { phone: string; name: string | null }
}

/** Uses of one metered feature today and this month (the firm's calendar), beside the member's allowance. */
export interface ConsoleQuotaUse {
  kind: string
  usedToday: number
  dailyLimit: number
  usedThisMonth: number
  /** null: no monthly allowance. */
  monthlyLimit: number | null
}

/** A login of the member (no device or address is stored with a session). */
export interface ConsoleMemberSession {
  id: string
  createdAt: string
  lastSeenAt: string
  expiresAt: string
}

/** `GET /api/console/members/:id`: everything support needs about one member. */
export interface ConsoleMemberView {
  memberId: string
  phone: string
  displayName: string | null
  /** The language of the site the member registered on. */
  locale: string
  registeredAt: string
  lastLoginAt: string
  /** What the reader API sees now: `subscriber` with a plan in force, else `member`. */
  readerRole: 'member' | 'subscriber'
  plan: ConsoleMemberPlan | null
  planHistory: ConsolePlanChange[]
  /** The newest `memberPaymentsShown` payments (amounts in minor units, refunds, receipt links). */
  payments: PaymentRow[]
  paymentsTotal: number
  quotas: ConsoleQuotaUse[]
  sessions: ConsoleMemberSession[]
}

/** `POST /api/console/members/:id/sessions/end` */
export interface EndedSessions {
  ended: number
}

/** One newsletter sign-up (an email address, stored lower-cased; name and phone from the contact dialog). */
export interface NewsletterSignupRow {
  id: string
  email: string
  name: string | null
  phone: string | null
  locale: string
  region: string
  source: string
  createdAt: string
  updatedAt: string
}

export interface NewsletterPage {
  rows: NewsletterSignupRow[]
  total: number
  page: number
  pageSize: number
  hasMore: boolean
}

/** The export's path under the console's API (same filters as the list, every matching row). */
export const newsletterExportPath = '/newsletter/export.csv'

/** Error codes of this part (errors.json has both languages). */
export const MemberCareErrorCode = {
  /** 400 — 'Write the reason for this change.' */
  reasonMissing: 'CONSOLE_REASON_MISSING',
  /** 400 — 'Choose an end date after today.' */
  planEndInvalid: 'CONSOLE_PLAN_END_INVALID',
  /** 409 — 'This member pays for a plan: end it first (its renewal stops at the payment provider).' */
  paidPlanInForce: 'CONSOLE_PAID_PLAN_IN_FORCE',
  /**
   * 403 — 'You cannot grant a plan to your own account: ask a colleague.' A staff member's own account; an operator's
   * shell command (ops `subscription:grant`) has no account of its own and is not refused.
   */
  planGrantSelf: 'CONSOLE_PLAN_GRANT_SELF',
  /** 409 — 'This member has no plan in force.' */
  noPlanInForce: 'CONSOLE_NO_PLAN_IN_FORCE',
  /** 404 — 'This sign-up was not found.' */
  signupNotFound: 'CONSOLE_SIGNUP_NOT_FOUND',
} as const
export type MemberCareErrorCode = (typeof MemberCareErrorCode)[keyof typeof MemberCareErrorCode]
