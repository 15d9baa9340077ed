/**
 * Wire shapes of the console's members part (issue 14): finding a member by phone, their plan, payments, quota use
 * and sessions, the staff's changes to them, and the newsletter sign-ups. Roles: support (admin passes every route).
 * Answer shapes and codes are in console-members-rules.ts (zod-free, for the pages). Under /api/console, as the
 * rest of the console (contracts/console.ts: envelope, 401/403, same-site rule for unsafe methods).
 *
 *   GET    /members?phone=                    MemberLookupQuery → ConsoleMemberRef (400 CONSOLE_PHONE_INVALID,
 *                                             404 CONSOLE_MEMBER_NOT_FOUND); +852 9123 4567, 91234567 (Hong Kong)
 *   GET    /members/:id                       → ConsoleMemberView
 *   POST   /members/:id/plan                  GrantPlanRequest → ConsoleMemberView (starts now, replaces an
 *                                             operator's plan in force; 409 CONSOLE_PAID_PLAN_IN_FORCE)
 *   POST   /members/:id/plan/end              EndPlanRequest → ConsoleMemberView (at once; a paid plan is
 *                                             cancelled at the provider without a refund; 409 CONSOLE_NO_PLAN_IN_FORCE)
 *   POST   /members/:id/sessions/end          EndSessionsRequest → EndedSessions (logged out everywhere)
 *   GET    /newsletter                        NewsletterQuery → NewsletterPage (newest first)
 *   GET    /newsletter/export.csv             NewsletterFilters → text/csv (UTF-8 with BOM, every matching row)
 *   DELETE /newsletter/:id                    → { deleted: true } (404 CONSOLE_SIGNUP_NOT_FOUND)
 *
 * Every change writes an audit entry (`member.plan_grant`, `member.plan_end`, `member.sessions_end`,
 * `newsletter.remove`) with the staff member's reason; plan changes also enter the plan history as the operator's.
 */
import { z } from 'zod'
import { billingPeriods, billingTiers } from './billing-rules.ts'
import {
  MemberCareErrorCode,
  memberReasonMaxLength,
  newsletterPageSizeDefault,
  newsletterPageSizeMax,
} from './console-members-rules.ts'
import { ConsoleErrorCode } from './console-rules.ts'

export * from './console-members-rules.ts'

const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsAbsent, schema.optional())
const Day = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)

export const MemberLookupQuery = z.object({
  phone: z.string().trim().min(4, ConsoleErrorCode.phoneInvalid).max(30, ConsoleErrorCode.phoneInvalid),
})

export const MemberIdParams = z.object({ id: z.uuid() })

const Reason = z
  .string(MemberCareErrorCode.reasonMissing)
  .trim()
  .min(1, MemberCareErrorCode.reasonMissing)
  .max(memberReasonMaxLength)

export const GrantPlanRequest = z.object({
  tier: z.enum(billingTiers),
  period: z.enum(billingPeriods),
  /** The last day of the plan (the firm's calendar); absent: one period from now. */
  endsOn: optional(Day),
  reason: Reason,
})
export type GrantPlanRequest = z.infer<typeof GrantPlanRequest>

export const EndPlanRequest = z.object({ reason: Reason })
export const EndSessionsRequest = z.object({ reason: Reason })

export const NewsletterFilters = z.object({
  /** Words in the email, name or phone, case-insensitive. */
  q: optional(z.string().trim().max(100)),
  /** Signed up on or after this day, on or before that one (the firm's calendar). */
  from: optional(Day),
  to: optional(Day),
})
export type NewsletterFilters = z.infer<typeof NewsletterFilters>

export const NewsletterQuery = NewsletterFilters.extend({
  page: z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(10_000).default(1)),
  pageSize: z.preprocess(
    blankAsAbsent,
    z.coerce.number().int().min(1).max(newsletterPageSizeMax).default(newsletterPageSizeDefault),
  ),
})
export type NewsletterQuery = z.infer<typeof NewsletterQuery>

export const SignupIdParams = z.object({ id: z.uuid() })
