/**
 * Which buttons a reader gets, from their billing state (contracts/billing-rules.ts; spec §4: not subscribed,
 * subscribed, upgrade): on /subscribe, what each tier's button does for the period shown; on the account page,
 * which changes to the plan are offered and which refusals are worth saying. The rules themselves are the billing
 * service's (`actions` of the state, `planActionOf`); this only turns them into what the page draws, so a button
 * is never offered that the API would refuse.
 */
import {
  type BillingErrorCode,
  type BillingState,
  BillingErrorCode as Code,
  monthsOfPeriod,
  type PriceCatalogue,
  planActionOf,
  type SubscriptionPeriod,
  type Tier,
} from '#contracts/billing-rules.ts'

/** What a tier's button on /subscribe does. */
export type TierOffer =
  /** A visitor: log in first, then come back to this choice. */
  | { kind: 'logIn' }
  /** Pick this tier and period, then review the price and renewal date before paying. */
  | { kind: 'choose' }
  /** Online checkout is closed: an adviser sets the plan up. */
  | { kind: 'contact' }
  | { kind: 'current' }
  /** A higher tier, at once, the difference prorated (the amount is quoted before confirming). */
  | { kind: 'upgrade' }
  /** A lower tier, from the renewal date. */
  | { kind: 'downgrade' }
  /** The lower tier already scheduled for the renewal date. */
  | { kind: 'scheduled' }
  /** Another period than the plan's: not a change offered while subscribed (cancel renewal, subscribe later). */
  | { kind: 'otherPeriod' }
  /** Refused for a reason the reader should read (renewal cancelled, a plan granted by our team, …). */
  | { kind: 'refused'; reason: BillingErrorCode }

export function tierOfferOf({
  state,
  checkoutOpen,
  tier,
  period,
}: {
  /** null for a visitor. */
  state: BillingState | null
  checkoutOpen: boolean
  tier: Tier
  period: SubscriptionPeriod
}): TierOffer {
  if (!state) return checkoutOpen ? { kind: 'logIn' } : { kind: 'contact' }
  const plan = state.subscription
  const action = planActionOf(plan, { tier, period })
  const { actions } = state
  switch (action) {
    case 'subscribe':
      if (actions.subscribe.allowed) return { kind: 'choose' }
      if (actions.subscribe.reason === Code.checkoutClosed) return { kind: 'contact' }
      return { kind: 'refused', reason: actions.subscribe.reason ?? Code.hasSubscription }
    case 'current':
      return { kind: 'current' }
    case 'upgrade':
      return actions.upgrade.allowed && actions.upgrade.tiers.includes(tier)
        ? { kind: 'upgrade' }
        : { kind: 'refused', reason: actions.upgrade.reason ?? Code.notAnUpgrade }
    case 'downgrade':
      if (plan?.scheduledDowngrade?.tier === tier) return { kind: 'scheduled' }
      return actions.downgrade.allowed && actions.downgrade.tiers.includes(tier)
        ? { kind: 'downgrade' }
        : { kind: 'refused', reason: actions.downgrade.reason ?? Code.notADowngrade }
    case 'unavailable':
      return { kind: 'otherPeriod' }
  }
}

/**
 * Whether /subscribe may say, in the error messages' words, why a tier is not open to the reader or that its price
 * is missing, for any tier and period the address may pick (the pick changes without asking the server again).
 */
export function subscribeDrawsErrors(
  state: BillingState | null,
  catalogue: PriceCatalogue,
  tiers: readonly Tier[],
): boolean {
  return (Object.keys(monthsOfPeriod) as SubscriptionPeriod[]).some((period) =>
    tiers.some((tier) => {
      const offer = tierOfferOf({ state, checkoutOpen: catalogue.checkoutOpen, tier, period })
      if (offer.kind === 'refused') return true
      return offer.kind === 'choose' && !catalogue.prices.some((p) => p.tier === tier && p.period === period)
    }),
  )
}

/** A change the account page offers, each asked for with a confirmation (the portal is only a link out). */
export type PlanChange =
  | { kind: 'upgrade'; tier: Tier }
  | { kind: 'downgrade'; tier: Tier }
  | { kind: 'cancelDowngrade' }
  | { kind: 'cancelRenewal' }
  | { kind: 'resumeRenewal' }
  | { kind: 'refund' }
  | { kind: 'portal' }

/**
 * Refusals that only restate the obvious (no plan to change, nothing higher than Premium, nothing lower than Base,
 * no downgrade waiting, renewal already as it is): the missing button says it.
 */
const unspokenReasons = new Set<BillingErrorCode>([
  Code.noSubscription,
  Code.notAnUpgrade,
  Code.notADowngrade,
  Code.noScheduledDowngrade,
  Code.renewalAlreadyCancelled,
  Code.renewalNotCancelled,
  Code.portalUnavailable,
  Code.alreadySubscribed,
  Code.hasSubscription,
])

/**
 * The account page's buttons for the plan, in the order they are drawn, and the reasons to show for what is not
 * offered (once each): e.g. 'Your plan will not renew; resume renewal first.' beside the resume button, or 'The
 * 7-day refund period has passed.'
 */
export function planChangesOf(state: BillingState): { changes: PlanChange[]; reasons: BillingErrorCode[] } {
  const { actions } = state
  const changes: PlanChange[] = []
  const reasons: BillingErrorCode[] = []
  const say = (reason: BillingErrorCode | null) => {
    if (reason && !unspokenReasons.has(reason) && !reasons.includes(reason)) reasons.push(reason)
  }
  if (actions.upgrade.allowed)
    for (const tier of actions.upgrade.tiers) changes.push({ kind: 'upgrade', tier })
  else say(actions.upgrade.reason)
  const scheduled = state.subscription?.scheduledDowngrade?.tier
  if (actions.downgrade.allowed) {
    for (const tier of actions.downgrade.tiers)
      if (tier !== scheduled) changes.push({ kind: 'downgrade', tier })
  } else say(actions.downgrade.reason)
  if (actions.cancelDowngrade.allowed) changes.push({ kind: 'cancelDowngrade' })
  if (actions.cancelRenewal.allowed) changes.push({ kind: 'cancelRenewal' })
  else say(actions.cancelRenewal.reason)
  if (actions.resumeRenewal.allowed) changes.push({ kind: 'resumeRenewal' })
  else say(actions.resumeRenewal.reason)
  if (actions.refund.allowed) changes.push({ kind: 'refund' })
  else say(actions.refund.reason)
  if (actions.portal.allowed) changes.push({ kind: 'portal' })
  return { changes, reasons }
}

/** A metered feature's use as the account page shows it: this month's against the allowance, and today's. */
export interface Usage {
  /** null: no monthly limit on this rung. */
  usedThisMonth: number | null
  monthlyLimit: number | null
  usedToday: number
  dailyLimit: number
}

export function usageOf(quota: {
  monthlyLimit: number | null
  monthlyRemaining: number | null
  dailyLimit: number
  dailyRemaining: number
}): Usage {
  const used = (limit: number, remaining: number) => Math.max(0, limit - Math.max(0, remaining))
  return {
    usedThisMonth:
      quota.monthlyLimit === null || quota.monthlyRemaining === null
        ? null
        : used(quota.monthlyLimit, quota.monthlyRemaining),
    monthlyLimit: quota.monthlyLimit,
    usedToday: used(quota.dailyLimit, quota.dailyRemaining),
    dailyLimit: quota.dailyLimit,
  }
}
