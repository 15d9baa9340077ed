import { describe, expect, it } from 'vitest'
import type { BillingState } from '#contracts/billing-rules.ts'
import { planChangesOf, tierOfferOf, usageOf } from './plan-offers.ts'
import { memberWithoutPlan, plusQuarterlySubscriber } from './testing/billing-state.fixture.ts'

const offers = (state: BillingState | null, period: 'month' | 'quarter' | 'year', checkoutOpen = true) =>
  (['base', 'plus', 'premium'] as const).map(
    (tier) => tierOfferOf({ state, checkoutOpen, tier, period }).kind,
  )

describe('the buttons of /subscribe', () => {
  it('send a visitor to log in first, or to an adviser while checkout is closed', () => {
    expect(offers(null, 'quarter')).toEqual(['logIn', 'logIn', 'logIn'])
    expect(offers(null, 'quarter', false)).toEqual(['contact', 'contact', 'contact'])
  })

  it('let a member without a plan choose any tier and period', () => {
    expect(offers(memberWithoutPlan(), 'month')).toEqual(['choose', 'choose', 'choose'])
    const closed = memberWithoutPlan()
    closed.actions.subscribe = { allowed: false, reason: 'BILLING_CHECKOUT_CLOSED' }
    expect(offers(closed, 'month')).toEqual(['contact', 'contact', 'contact'])
  })

  it('show a subscriber their plan, an upgrade above it and a switch at renewal below it, in their period only', () => {
    const state = plusQuarterlySubscriber()
    expect(offers(state, 'quarter')).toEqual(['downgrade', 'current', 'upgrade'])
    expect(offers(state, 'year')).toEqual(['otherPeriod', 'otherPeriod', 'otherPeriod'])
  })

  it('say why a change is not open when renewal is cancelled, and mark a switch already scheduled', () => {
    const ending = plusQuarterlySubscriber({ renewsOn: null, endsOn: '2027-02-24T10:00:00.000Z' })
    ending.actions.upgrade = { allowed: false, reason: 'BILLING_RENEWAL_CANCELLED', tiers: [] }
    ending.actions.downgrade = { allowed: false, reason: 'BILLING_RENEWAL_CANCELLED', tiers: [] }
    expect(tierOfferOf({ state: ending, checkoutOpen: true, tier: 'premium', period: 'quarter' })).toEqual({
      kind: 'refused',
      reason: 'BILLING_RENEWAL_CANCELLED',
    })
    const switching = plusQuarterlySubscriber({
      scheduledDowngrade: { tier: 'base', effectiveAt: '2027-02-24T10:00:00.000Z' },
    })
    expect(offers(switching, 'quarter')).toEqual(['scheduled', 'current', 'upgrade'])
  })

  it('let a reader with a plan granted by our team buy one, which replaces it', () => {
    const granted = plusQuarterlySubscriber({
      source: 'operator',
      provider: null,
      priceMinor: null,
      currency: null,
    })
    granted.actions.subscribe = { allowed: true, reason: null }
    expect(offers(granted, 'quarter')).toEqual(['choose', 'choose', 'choose'])
  })
})

describe('the account page’s plan buttons', () => {
  it('offer nothing but a plan to a member without one, and say nothing obvious', () => {
    expect(planChangesOf(memberWithoutPlan())).toEqual({ changes: [], reasons: [] })
  })

  it('offer upgrade, switch at renewal, cancel renewal and the 7-day refund to a new subscriber', () => {
    expect(planChangesOf(plusQuarterlySubscriber()).changes).toEqual([
      { kind: 'upgrade', tier: 'premium' },
      { kind: 'downgrade', tier: 'base' },
      { kind: 'cancelRenewal' },
      { kind: 'refund' },
    ])
  })

  it('offer resume once renewal is cancelled, and say why the tier cannot change meanwhile', () => {
    const ending = plusQuarterlySubscriber({ renewsOn: null, endsOn: '2027-02-24T10:00:00.000Z' })
    ending.actions.upgrade = { allowed: false, reason: 'BILLING_RENEWAL_CANCELLED', tiers: [] }
    ending.actions.downgrade = { allowed: false, reason: 'BILLING_RENEWAL_CANCELLED', tiers: [] }
    ending.actions.cancelRenewal = { allowed: false, reason: 'BILLING_RENEWAL_ALREADY_CANCELLED' }
    ending.actions.resumeRenewal = { allowed: true, reason: null }
    ending.actions.refund = {
      allowed: false,
      reason: 'BILLING_REFUND_WINDOW_PASSED',
      deadline: '2026-12-01T10:00:00.000Z',
      amountMinor: null,
      currency: null,
    }
    expect(planChangesOf(ending)).toEqual({
      changes: [{ kind: 'resumeRenewal' }],
      reasons: ['BILLING_RENEWAL_CANCELLED', 'BILLING_REFUND_WINDOW_PASSED'],
    })
  })

  it('offer to keep the plan when a switch is scheduled, and no second switch to the same tier', () => {
    const switching = plusQuarterlySubscriber({
      scheduledDowngrade: { tier: 'base', effectiveAt: '2027-02-24T10:00:00.000Z' },
    })
    switching.actions.cancelDowngrade = { allowed: true, reason: null }
    expect(planChangesOf(switching).changes).toEqual([
      { kind: 'upgrade', tier: 'premium' },
      { kind: 'cancelDowngrade' },
      { kind: 'cancelRenewal' },
      { kind: 'refund' },
    ])
  })

  it('say the refund was taken once the plan has ended by it', () => {
    const refunded = memberWithoutPlan()
    refunded.actions.refund = {
      allowed: false,
      reason: 'BILLING_REFUND_ALREADY_DONE',
      deadline: '2026-12-01T10:00:00.000Z',
      amountMinor: null,
      currency: null,
    }
    expect(planChangesOf(refunded)).toEqual({ changes: [], reasons: ['BILLING_REFUND_ALREADY_DONE'] })
  })

  it('offer the card portal when the provider has one, and say a grant by our team is changed by us', () => {
    const stripe = plusQuarterlySubscriber()
    stripe.actions.portal = { allowed: true, reason: null }
    expect(planChangesOf(stripe).changes.at(-1)).toEqual({ kind: 'portal' })
    const granted = plusQuarterlySubscriber({ source: 'operator' })
    for (const action of ['upgrade', 'downgrade'] as const)
      granted.actions[action] = { allowed: false, reason: 'BILLING_OPERATOR_GRANT', tiers: [] }
    for (const action of ['cancelRenewal', 'resumeRenewal', 'cancelDowngrade'] as const)
      granted.actions[action] = { allowed: false, reason: 'BILLING_OPERATOR_GRANT' }
    granted.actions.refund = { ...granted.actions.refund, allowed: false, reason: 'BILLING_NO_SUBSCRIPTION' }
    expect(planChangesOf(granted)).toEqual({ changes: [], reasons: ['BILLING_OPERATOR_GRANT'] })
  })
})

describe('this month’s use', () => {
  it('is the allowance less what is left, this month and today', () => {
    expect(usageOf({ monthlyLimit: 30, monthlyRemaining: 28, dailyLimit: 21, dailyRemaining: 19 })).toEqual({
      usedThisMonth: 2,
      monthlyLimit: 30,
      usedToday: 2,
      dailyLimit: 21,
    })
  })

  it('has no monthly figure on a rung without a monthly limit, and never goes below nothing', () => {
    expect(usageOf({ monthlyLimit: null, monthlyRemaining: null, dailyLimit: 5, dailyRemaining: 7 })).toEqual(
      {
        usedThisMonth: null,
        monthlyLimit: null,
        usedToday: 0,
        dailyLimit: 5,
      },
    )
  })
})
