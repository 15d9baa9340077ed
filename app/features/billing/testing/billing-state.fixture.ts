/** Billing states for tests, as GET /billing/state answers them: a member without a plan, then changed per test. */
import type { BillingState, BillingSubscription } from '#contracts/billing-rules.ts'

const allowed = { allowed: true, reason: null }

export function memberWithoutPlan(): BillingState {
  return {
    provider: 'demo',
    isDemo: true,
    currency: 'USD',
    subscriptionState: 'not_subscribed',
    subscription: null,
    actions: {
      subscribe: allowed,
      upgrade: { allowed: false, reason: 'BILLING_NO_SUBSCRIPTION', tiers: [] },
      downgrade: { allowed: false, reason: 'BILLING_NO_SUBSCRIPTION', tiers: [] },
      cancelDowngrade: { allowed: false, reason: 'BILLING_NO_SUBSCRIPTION' },
      cancelRenewal: { allowed: false, reason: 'BILLING_NO_SUBSCRIPTION' },
      resumeRenewal: { allowed: false, reason: 'BILLING_NO_SUBSCRIPTION' },
      refund: {
        allowed: false,
        reason: 'BILLING_NO_SUBSCRIPTION',
        deadline: null,
        amountMinor: null,
        currency: null,
      },
      portal: { allowed: false, reason: 'BILLING_PORTAL_UNAVAILABLE' },
    },
  }
}

/** A Plus plan bought quarterly three days ago, renewing, within the 7-day refund. */
export function plusQuarterlySubscriber(overrides: Partial<BillingSubscription> = {}): BillingState {
  return {
    ...memberWithoutPlan(),
    subscriptionState: 'upgrade',
    subscription: {
      tier: 'plus',
      period: 'quarter',
      source: 'billing',
      provider: 'demo',
      isDemo: true,
      startedAt: '2026-11-24T10:00:00.000Z',
      currentPeriodEndsAt: '2027-02-24T10:00:00.000Z',
      renewsOn: '2027-02-24T10:00:00.000Z',
      endsOn: null,
      priceMinor: 10699,
      currency: 'USD',
      scheduledDowngrade: null,
      ...overrides,
    },
    actions: {
      subscribe: { allowed: false, reason: 'BILLING_HAS_SUBSCRIPTION' },
      upgrade: { allowed: true, reason: null, tiers: ['premium'] },
      downgrade: { allowed: true, reason: null, tiers: ['base'] },
      cancelDowngrade: { allowed: false, reason: 'BILLING_NO_SCHEDULED_DOWNGRADE' },
      cancelRenewal: allowed,
      resumeRenewal: { allowed: false, reason: 'BILLING_RENEWAL_NOT_CANCELLED' },
      refund: {
        allowed: true,
        reason: null,
        deadline: '2026-12-01T10:00:00.000Z',
        amountMinor: 10699,
        currency: 'USD',
      },
      portal: { allowed: false, reason: 'BILLING_PORTAL_UNAVAILABLE' },
    },
  }
}
