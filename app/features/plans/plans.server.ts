/**
 * What the plan pages need on the server: the reader's current plan and the allowances each rung gives, taken from
 * the services that enforce them (so the page can never promise more than the quota and picks services grant).
 */

import type { RequestContext } from '#app/request-context.ts'
import { type Tier, Tier as TierSchema } from '#contracts/accounts.ts'
import { benefitsOf, type MemberBenefits } from '#contracts/benefits.ts'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import { regionSettings } from '#contracts/regions.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { type Allowance, type QuotaRung, quotaRungs } from '#server/modules/quotas/quota-ladder.ts'

export interface PlanFacts {
  tier: Tier
  diagnosesPerMonth: number
  /** null: every pick of the month. */
  picksPerMonth: number | null
  /** What the tier opens (contracts/benefits.ts, the table the member pages and their checks read). */
  benefits: MemberBenefits
  /** Questions to an analyst a month (config `EXPERT_QUESTIONS_<TIER>`). */
  expertQuestionsPerMonth: number
}

/** One rung of the allowance ladder as the page shows it: uses a day and a month of each metered feature. */
export interface RungAllowances {
  rung: QuotaRung
  diagnosis: Allowance
  chat: Allowance
  upload: Allowance
}

export interface CurrentPlan {
  role: 'visitor' | 'member' | 'subscriber'
  tier: Tier | null
  /** The last day of the subscription in force, formatted in the region's time zone. */
  endsOn: string | null
}

/** The reader of a page request (a visitor without a live session). */
export function readerOfRequest(
  request: Request,
  { services, clientIp }: Pick<RequestContext, 'services' | 'clientIp'>,
): Promise<Reader> {
  return services.accounts.readerFromCookies(parseCookieHeader(request.headers.get('cookie')), {
    ip: clientIp,
  })
}

/** The plan in force of a reader already identified (a visitor has none). */
export async function currentPlanOf(
  reader: Reader,
  { services, region }: Pick<RequestContext, 'services' | 'region'>,
): Promise<CurrentPlan> {
  const subscription = reader.memberId
    ? await services.subscriptions.findActiveSubscription(reader.memberId)
    : null
  const settings = regionSettings[region]
  const endsOn = subscription
    ? new Intl.DateTimeFormat(settings.displayLocale, {
        dateStyle: 'long',
        timeZone: settings.timeZone,
      }).format(new Date(subscription.endsAt))
    : null
  return { role: reader.role, tier: subscription?.tier ?? null, endsOn }
}

/** The reader's role and plan in force (a visitor has none). */
export async function loadCurrentPlan(
  request: Request,
  context: Pick<RequestContext, 'services' | 'region' | 'clientIp'>,
): Promise<CurrentPlan> {
  return currentPlanOf(await readerOfRequest(request, context), context)
}

/** The plans with what each gives, and the allowance ladder from visitor to Premium, as the services enforce them. */
export function planLadderOf({ services, config }: Pick<RequestContext, 'services' | 'config'>): {
  plans: PlanFacts[]
  allowances: RungAllowances[]
} {
  const ladder = services.quotas.getLadder()
  const plans = TierSchema.options.map((tier) => ({
    tier,
    diagnosesPerMonth: ladder.diagnosis[tier].monthly,
    picksPerMonth: benefitsOf(tier).monthlyPicks,
    benefits: benefitsOf(tier),
    expertQuestionsPerMonth: benefitsOf(tier).expertDiagnosis ? config.expert.questionsPerMonth[tier] : 0,
  }))
  const allowances = quotaRungs.map((rung) => ({
    rung,
    diagnosis: { ...ladder.diagnosis[rung] },
    chat: { ...ladder.chat[rung] },
    upload: { ...ladder.upload[rung] },
  }))
  return { plans, allowances }
}

/** The plans with what each gives, the reader's plan, and the allowance ladder from visitor to Premium. */
export async function loadPlans(
  request: Request,
  context: Pick<RequestContext, 'services' | 'config' | 'region' | 'clientIp'>,
): Promise<{ plans: PlanFacts[]; current: CurrentPlan; allowances: RungAllowances[] }> {
  return { ...planLadderOf(context), current: await loadCurrentPlan(request, context) }
}
