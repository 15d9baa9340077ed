/**
 * What a reader may do with their plan, and why not: one function over the rows, so the account page's buttons
 * and the API's refusals come from the same rules (the service throws the `reason` this gives).
 */
import {
  type ActionAvailability,
  type BillingErrorCode,
  type BillingState,
  billingTiers,
  BillingErrorCode as Code,
  type Currency,
  type PaymentsProviderName,
  refundWindowMs,
  type Tier,
} from '#contracts/billing-rules.ts'
import type { SubscriptionRow } from '#server/modules/subscriptions/subscriptions.service.ts'

export interface BillingFacts {
  provider: PaymentsProviderName
  isDemo: boolean
  hasPortal: boolean
  checkoutOpen: boolean
  currency: Currency
  now: Date
  /** The subscription in force (any source). */
  inForce: SubscriptionRow | undefined
  /** The member's latest paid subscription, in force or not (the refund looks at it). */
  latestPaid: SubscriptionRow | undefined
  /** Whether `latestPaid` is the member's first paid subscription. */
  latestPaidIsFirst: boolean
  /** What a refund of `latestPaid` would pay back (its payments less what was refunded). */
  refundableMinor: number
  /** Tiers with a price in the plan's currency and period (upgrade and downgrade targets). */
  pricedTiers: Tier[]
  /** A provider customer exists for the member (Stripe's portal needs one). */
  hasProviderCustomer: boolean
}

/** A refund claim this fresh means a refund is with the provider now. */
const refundClaimFreshMs = 5 * 60 * 1000

function allowed(): ActionAvailability {
  return { allowed: true, reason: null }
}

function refused(reason: BillingErrorCode): ActionAvailability {
  return { allowed: false, reason }
}

/** Why a change to the plan in force is refused (null: it may be changed). */
export function planChangeRefusal(subscription: SubscriptionRow | undefined): BillingErrorCode | null {
  if (!subscription) return Code.noSubscription
  if (subscription.source !== 'billing') return Code.operatorGrant
  return null
}

/** Why the no-reason refund is refused (null: it may be given). */
export function refundRefusal(
  facts: Pick<BillingFacts, 'latestPaid' | 'latestPaidIsFirst' | 'now'>,
): BillingErrorCode | null {
  const subscription = facts.latestPaid
  if (!subscription) return Code.noSubscription
  if (subscription.status === 'refunded') return Code.refundAlreadyDone
  if (!facts.latestPaidIsFirst) return Code.refundNotFirst
  if (facts.now.getTime() > subscription.startsAt.getTime() + refundWindowMs) return Code.refundWindowPassed
  if (subscription.status !== 'active' || subscription.endsAt <= facts.now) return Code.noSubscription
  if (
    subscription.refundStartedAt &&
    facts.now.getTime() - subscription.refundStartedAt.getTime() < refundClaimFreshMs
  )
    return Code.refundInProgress
  return null
}

export function billingStateOf(facts: BillingFacts): BillingState {
  const { inForce: subscription } = facts
  const paid = subscription?.source === 'billing' ? subscription : undefined
  const changeRefusal = planChangeRefusal(subscription)
  const rank = subscription ? billingTiers.indexOf(subscription.tier) : -1
  const higher = billingTiers.filter((tier, index) => index > rank && facts.pricedTiers.includes(tier))
  const lower = billingTiers.filter((tier, index) => index < rank && facts.pricedTiers.includes(tier))
  const willRenew = Boolean(paid?.renews && !paid.cancelAtPeriodEnd)

  const whenRenewing = (options: { tiers: Tier[]; none: BillingErrorCode }) => {
    if (changeRefusal) return refused(changeRefusal)
    if (!willRenew) return refused(Code.renewalCancelled)
    return options.tiers.length > 0 ? allowed() : refused(options.none)
  }
  const refundReason = refundRefusal(facts)
  const refundable = facts.latestPaid && !refundReason

  return {
    provider: facts.provider,
    isDemo: facts.isDemo,
    currency: facts.currency,
    subscriptionState: !subscription
      ? 'not_subscribed'
      : subscription.tier === 'premium'
        ? 'subscribed'
        : 'upgrade',
    subscription: subscription
      ? {
          tier: subscription.tier,
          period: subscription.period,
          source: subscription.source,
          provider: subscription.provider,
          isDemo: subscription.provider === 'demo',
          startedAt: subscription.startsAt.toISOString(),
          currentPeriodEndsAt: subscription.endsAt.toISOString(),
          renewsOn: willRenew ? subscription.endsAt.toISOString() : null,
          endsOn: willRenew ? null : subscription.endsAt.toISOString(),
          priceMinor: subscription.priceMinor,
          currency: subscription.currency,
          scheduledDowngrade: subscription.scheduledTier
            ? { tier: subscription.scheduledTier, effectiveAt: subscription.endsAt.toISOString() }
            : null,
        }
      : null,
    actions: {
      subscribe: paid
        ? refused(paid.tier === 'premium' ? Code.alreadySubscribed : Code.hasSubscription)
        : facts.checkoutOpen
          ? allowed()
          : refused(Code.checkoutClosed),
      upgrade: {
        ...whenRenewing({ tiers: higher, none: Code.notAnUpgrade }),
        tiers: changeRefusal || !willRenew ? [] : higher,
      },
      downgrade: {
        ...whenRenewing({ tiers: lower, none: Code.notADowngrade }),
        tiers: changeRefusal || !willRenew ? [] : lower,
      },
      cancelDowngrade: changeRefusal
        ? refused(changeRefusal)
        : paid?.scheduledTier
          ? allowed()
          : refused(Code.noScheduledDowngrade),
      cancelRenewal: changeRefusal
        ? refused(changeRefusal)
        : willRenew
          ? allowed()
          : refused(Code.renewalAlreadyCancelled),
      resumeRenewal: changeRefusal
        ? refused(changeRefusal)
        : paid?.cancelAtPeriodEnd
          ? allowed()
          : refused(Code.renewalNotCancelled),
      refund: {
        ...(refundReason ? refused(refundReason) : allowed()),
        deadline:
          facts.latestPaid && facts.latestPaidIsFirst
            ? new Date(facts.latestPaid.startsAt.getTime() + refundWindowMs).toISOString()
            : null,
        amountMinor: refundable ? facts.refundableMinor : null,
        currency: refundable ? (facts.latestPaid?.currency ?? null) : null,
      },
      portal: facts.hasPortal && facts.hasProviderCustomer ? allowed() : refused(Code.portalUnavailable),
    },
  }
}
