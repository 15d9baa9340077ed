/**
 * The plan a reader is choosing on /subscribe, kept in the address (`?tier=plus&period=quarter`) so that a visitor
 * sent to log in comes back to the same choice, and the way back from checkout (`?checkout={id}`, with
 * `&outcome=cancelled` when the reader gave up at the provider). Decides only how these read and are written.
 */
import {
  billingPeriods,
  billingTiers,
  type CheckoutStatus,
  checkoutReturnParameters,
  type SubscriptionPeriod,
  type Tier,
} from '#contracts/billing-rules.ts'

export const subscribePath = '/subscribe'

/** What the page keeps of a choice: a period always (the switch), a tier once one was picked. */
export interface PlanChoice {
  tier: Tier | null
  period: SubscriptionPeriod
}

function isTier(value: string | null): value is Tier {
  return (billingTiers as readonly string[]).includes(value ?? '')
}

function isPeriod(value: string | null): value is SubscriptionPeriod {
  return (billingPeriods as readonly string[]).includes(value ?? '')
}

/**
 * The choice in the address; an unknown tier or period reads as none. Without a period the switch starts on the
 * reader's own plan's period (only that one can be changed while subscribed), else on a month.
 */
export function planChoiceOf(search: URLSearchParams, planPeriod: SubscriptionPeriod | null): PlanChoice {
  const tier = search.get('tier')
  const period = search.get('period')
  return {
    tier: isTier(tier) ? tier : null,
    period: isPeriod(period) ? period : (planPeriod ?? 'month'),
  }
}

/** `/subscribe?period=quarter`, or with the tier picked: `/subscribe?tier=plus&period=quarter`. */
export function subscribeHrefOf(choice: { tier?: Tier | null; period: SubscriptionPeriod }): string {
  const search = new URLSearchParams()
  if (choice.tier) search.set('tier', choice.tier)
  search.set('period', choice.period)
  return `${subscribePath}?${search}`
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A checkout id as the API takes one (a UUID); anything else names no checkout. */
export function isCheckoutId(value: string | null | undefined): value is string {
  return uuidPattern.test(value ?? '')
}

/** The checkout the reader came back from, as /subscribe's loader read it (their own only). */
export interface ReturnedCheckout {
  checkoutId: string
  status: CheckoutStatus
  /** The reader gave up at the provider's page (`outcome=cancelled`): a failure, whatever the status. */
  isCancelled: boolean
}

/** The checkout the reader came back from, if the address says so. */
export function checkoutReturnOf(
  search: URLSearchParams,
): { checkoutId: string; isCancelled: boolean } | null {
  const checkoutId = search.get(checkoutReturnParameters.checkout)
  if (!isCheckoutId(checkoutId)) return null
  return { checkoutId, isCancelled: search.get(checkoutReturnParameters.outcome) === 'cancelled' }
}

/** The address without the way back from checkout: once its toast is shown, a reload must not show it again. */
export function withoutCheckoutReturn(search: string): string {
  const params = new URLSearchParams(search)
  params.delete(checkoutReturnParameters.checkout)
  params.delete(checkoutReturnParameters.outcome)
  const text = params.toString()
  return text ? `?${text}` : ''
}

const pageParameters = new Set<string>(['tier', 'period', ...Object.values(checkoutReturnParameters)])

/**
 * Whether going from one address of /subscribe to another changes only the choice, or drops the way back from
 * checkout: the page's data (prices, plan, allowances) is the same, so the loader need not run again.
 */
export function isChoiceOnlyChange(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname || current.search === next.search) return false
  // Arriving from a checkout is news the loader reads (how it ended); leaving that address is not.
  const nextCheckout = next.searchParams.get(checkoutReturnParameters.checkout)
  if (nextCheckout !== null && nextCheckout !== current.searchParams.get(checkoutReturnParameters.checkout))
    return false
  const names = new Set([...current.searchParams.keys(), ...next.searchParams.keys()])
  for (const name of names) {
    if (pageParameters.has(name)) continue
    if (current.searchParams.getAll(name).join('\u0000') !== next.searchParams.getAll(name).join('\u0000'))
      return false
  }
  return true
}
