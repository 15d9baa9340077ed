/**
 * Buying a plan (spec §1, §4, §6, §8, §9; issue 13): the billing vocabulary pages need without zod (ADR 0011) —
 * currencies and their minor units, which currency a region shows, the price catalogue, checkout, the reader's
 * billing state with what they may do and why not, payment history rows, and the error codes. The request schemas
 * and the list of routes are in billing.ts; the browser imports only this file.
 *
 * Amounts are integers in the currency's minor unit (`amountMinor`): cents for USD, HKD and TWD; yen and won for
 * JPY and KRW, which have no decimals. Every amount charged, credited or refunded is a whole number of the
 * currency's charge unit (`chargeUnitMinorOf`): TWD is written and charged in whole dollars (NT$12,800), so its
 * amounts are multiples of 100 cents. Instants are ISO 8601 strings in UTC; pages show them in the region's time
 * zone (`regionSettings[region].timeZone`).
 */
import type { Region } from './regions.ts'

export type Tier = 'base' | 'plus' | 'premium'
export type SubscriptionPeriod = 'month' | 'quarter' | 'year'

/** Cheapest first; an upgrade moves right. The same order as `tiers` in account-codes.ts. */
export const billingTiers = ['base', 'plus', 'premium'] as const satisfies readonly Tier[]
export const billingPeriods = ['month', 'quarter', 'year'] as const satisfies readonly SubscriptionPeriod[]
export const monthsOfPeriod: Record<SubscriptionPeriod, number> = { month: 1, quarter: 3, year: 12 }

export const currencies = ['USD', 'HKD', 'TWD', 'JPY', 'KRW'] as const
export type Currency = (typeof currencies)[number]

/** Digits after the decimal point (ISO 4217): an amount of 1999 USD minor units is $19.99; 1999 JPY is ¥1,999. */
export const currencyDecimals: Record<Currency, 0 | 2> = { USD: 2, HKD: 2, TWD: 2, JPY: 0, KRW: 0 }

/**
 * Digits people write and pay: US and Hong Kong dollars to the cent ("$20.00"), New Taiwan dollars whole
 * ("NT$12,800": cents exist in ISO 4217 but no one prices, pays or refunds in them), yen and won whole.
 */
export const currencyShownDecimals: Record<Currency, 0 | 2> = { USD: 2, HKD: 2, TWD: 0, JPY: 0, KRW: 0 }

/** The smallest amount we charge, in minor units: 100 for TWD (one dollar), 1 for the others. */
export function chargeUnitMinorOf(currency: Currency): number {
  return 10 ** (currencyDecimals[currency] - currencyShownDecimals[currency])
}

/**
 * `numerator ÷ denominator` minor units rounded half up to the currency's charge unit, exactly (BigInt: a year in
 * seconds times a price in won is beyond 2^53): 1,279,999.5 TWD cents → 1,280,000 (NT$12,800).
 */
export function roundToChargeUnit(numerator: bigint, denominator: bigint, currency: Currency): number {
  const unit = BigInt(chargeUnitMinorOf(currency))
  return Number(((numerator * 2n + denominator * unit) / (2n * denominator * unit)) * unit)
}

/** A period's price spread over its months, in the currency's charge unit (US$106.99 a quarter → US$35.66). */
export function perMonthMinorOf(amountMinor: number, period: SubscriptionPeriod, currency: Currency): number {
  return roundToChargeUnit(BigInt(amountMinor), BigInt(monthsOfPeriod[period]), currency)
}

const currencyOfRegions: Record<Region, Currency> = {
  en: 'USD',
  hant: 'TWD',
  hk: 'HKD',
  jp: 'JPY',
  kr: 'KRW',
}

/** The currency a regional site shows and charges in: en → USD, hant → TWD, hk → HKD, jp → JPY, kr → KRW. */
export function currencyOfRegion(region: Region): Currency {
  return currencyOfRegions[region]
}

/** The amount in major units for `Intl.NumberFormat(locale, { style: 'currency', currency })`: 1999 USD → 19.99. */
export function majorUnitsOf(amountMinor: number, currency: Currency): number {
  return amountMinor / 10 ** currencyDecimals[currency]
}

/** Which payment provider answers: `demo` (a page of our own; labelled DEMO wherever it shows) or `stripe`. */
export type PaymentsProviderName = 'demo' | 'stripe'

/** One price of the catalogue, in the region's currency. */
export interface PriceEntry {
  tier: Tier
  period: SubscriptionPeriod
  currency: Currency
  /** What one period costs. */
  amountMinor: number
  /** The period's price spread over its months, rounded to the charge unit (for "US$8.33 / month"). */
  perMonthMinor: number
  /**
   * Whole percent saved against paying the tier's monthly price for as many months (0 for `month`, and when the
   * monthly price is not set): the period switch shows "save 17%".
   */
  savingPercent: number
  /** Still the default the migration seeded: the operator has not set it (`npm run ops -- prices:set`). */
  isDefault: boolean
}

/** `GET /billing/prices`: the catalogue in the reader's regional currency. Visitors may ask. */
export interface PriceCatalogue {
  currency: Currency
  provider: PaymentsProviderName
  /** True with the demo provider: every page that shows a price or a checkout says DEMO. */
  isDemo: boolean
  /** False when checkout is closed (the demo provider in production without PAYMENTS_DEMO_IN_PRODUCTION=true). */
  checkoutOpen: boolean
  /** Tax wording under the prices, in the reader's language (BILLING_TAX_NOTE_EN / _ZH); null: show none. */
  taxNote: string | null
  /** Every tier × period that has a price in this currency, cheapest tier first, then month, quarter, year. */
  prices: PriceEntry[]
}

/** What a tier's button on /subscribe does for this reader (spec §4: not subscribed, subscribed, upgrade). */
export type PlanAction = 'subscribe' | 'current' | 'upgrade' | 'downgrade' | 'unavailable'

/**
 * The button a tier with a period gets: `subscribe` without a plan (or with an operator's grant, which a purchase
 * replaces); with a paid plan, only the plan's own period can be chosen — `current` on the plan itself, `upgrade`
 * on a higher tier (at once, prorated), `downgrade` on a lower tier (at the renewal date) — and another period is
 * `unavailable` (cancel renewal, then subscribe to it when the plan ends). While subscribed, the period switch
 * should start on the plan's period.
 */
export function planActionOf(
  current: { tier: Tier; period: SubscriptionPeriod; source: 'billing' | 'operator' } | null,
  choice: { tier: Tier; period: SubscriptionPeriod },
): PlanAction {
  if (!current || current.source === 'operator') return 'subscribe'
  if (choice.period !== current.period) return 'unavailable'
  const rank = billingTiers.indexOf(choice.tier) - billingTiers.indexOf(current.tier)
  return rank > 0 ? 'upgrade' : rank < 0 ? 'downgrade' : 'current'
}

/** The first path the demo provider's checkout page lives at: `/checkout/demo/{checkoutId}` (a page of our site). */
export const demoCheckoutPathPrefix = '/checkout/demo/'

export function demoCheckoutPathOf(checkoutId: string): string {
  return `${demoCheckoutPathPrefix}${encodeURIComponent(checkoutId)}`
}

/**
 * After checkout the provider sends the reader back to `returnPath` with these query parameters; the page reads
 * `GET /billing/checkout/{checkout}` and shows 'Subscription Successful' (status `paid`) or 'Subscription Failed'
 * (status `failed` or `expired`, or `outcome=cancelled`), for 3 s. While the status is `open` (Stripe's webhook
 * not yet here) the page asks again every second for up to 20 s, then says it is still being confirmed.
 */
export const checkoutReturnParameters = { checkout: 'checkout', outcome: 'outcome' } as const

/** `open`: waiting for the reader to pay; `paid`: the plan is in force; `failed`: declined or abandoned on the
 * demo page; `expired`: not paid within 24 h (Stripe's own Checkout expiry). */
export type CheckoutStatus = 'open' | 'paid' | 'failed' | 'expired'

/** `POST /billing/checkout` answer: send the browser to `redirectUrl` (a path of ours with demo, Stripe's URL). */
export interface CheckoutStart {
  checkoutId: string
  provider: PaymentsProviderName
  isDemo: boolean
  /** `/checkout/demo/{checkoutId}` with demo; `https://checkout.stripe.com/…` with Stripe. */
  redirectUrl: string
}

/** `GET /billing/checkout/{checkoutId}` (the reader's own only): what the demo page and the return page show. */
export interface CheckoutView {
  checkoutId: string
  status: CheckoutStatus
  provider: PaymentsProviderName
  isDemo: boolean
  tier: Tier
  period: SubscriptionPeriod
  currency: Currency
  amountMinor: number
  /** When the plan would renew (or renews, once paid) if bought now: start + one period. */
  renewsOn: string
  taxNote: string | null
  /** Where to send the reader after paying or failing (a path of our site with the return parameters). */
  returnUrl: string
  createdAt: string
}

/** A downgrade waiting for the renewal date, when it takes effect. */
export interface ScheduledDowngrade {
  tier: Tier
  effectiveAt: string
}

/** The plan in force as the account page shows it. */
export interface BillingSubscription {
  tier: Tier
  period: SubscriptionPeriod
  /** `billing`: bought here; `operator`: granted by an operator (no renewal, no refund, no payment). */
  source: 'billing' | 'operator'
  provider: PaymentsProviderName | null
  isDemo: boolean
  startedAt: string
  /** The end of the paid period (the renewal date when it renews). */
  currentPeriodEndsAt: string
  /** Set when it renews: the date the next period is charged. */
  renewsOn: string | null
  /** Set when it will not renew (renewal cancelled, or an operator's grant): the plan ends then. */
  endsOn: string | null
  /** What the next period costs (null for an operator's grant). */
  priceMinor: number | null
  currency: Currency | null
  scheduledDowngrade: ScheduledDowngrade | null
}

/** Whether an action is open to the reader now, and if not, the code that says why (the page may show it). */
export interface ActionAvailability {
  allowed: boolean
  /** A `BillingErrorCode`, the same the API answers when the action is tried anyway; null when allowed. */
  reason: BillingErrorCode | null
}

export interface RefundAvailability extends ActionAvailability {
  /** The last instant the no-reason refund may be asked for (start + 7 × 24 h); null when never. */
  deadline: string | null
  /** What would be paid back: every payment of this subscription, in full. */
  amountMinor: number | null
  currency: Currency | null
}

/** `GET /billing/state` (members only): the reader's plan and what they may do with it. */
export interface BillingState {
  provider: PaymentsProviderName
  isDemo: boolean
  /** The region's currency (what a new checkout charges in). */
  currency: Currency
  /** spec §4: `not_subscribed`, `subscribed`, or `upgrade` (subscribed below Premium: an upgrade is possible). */
  subscriptionState: 'not_subscribed' | 'subscribed' | 'upgrade'
  subscription: BillingSubscription | null
  actions: {
    subscribe: ActionAvailability
    /** Higher tiers the plan can move to now (empty when none). */
    upgrade: ActionAvailability & { tiers: Tier[] }
    /** Lower tiers the plan can move to at renewal (empty when none). */
    downgrade: ActionAvailability & { tiers: Tier[] }
    cancelDowngrade: ActionAvailability
    cancelRenewal: ActionAvailability
    resumeRenewal: ActionAvailability
    refund: RefundAvailability
    /** Stripe's Customer Portal (card changes, invoices); not with the demo provider. */
    portal: ActionAvailability
  }
}

/** `GET /billing/upgrade-quote?tier=…`: what an upgrade costs now, before the reader confirms. */
export interface UpgradeQuote {
  fromTier: Tier
  toTier: Tier
  period: SubscriptionPeriod
  currency: Currency
  /** The new tier's price for a whole period (charged from the renewal date on). */
  newPriceMinor: number
  /** Charged now: (new price − old price) × remaining / whole period, to the second, rounded half up to the
   * currency's charge unit (whole NT dollars). */
  prorationMinor: number
  /** Seconds of the paid period left, and its length, the fraction the proration used. */
  remainingSeconds: number
  periodSeconds: number
  /** Unchanged by an upgrade. */
  renewsOn: string | null
  isDemo: boolean
  /** When the proration was worked out; sent back with the upgrade, the charge is this quote's (for 15 minutes). */
  quotedAt: string
}

/** Why money moved: the first payment, a renewal, an upgrade's proration; refunds are on the row they repay. */
export type PaymentKind = 'checkout' | 'renewal' | 'upgrade'
export type PaymentStatus = 'paid' | 'refunded' | 'partially_refunded'

/** One row of `GET /billing/payments` (newest first). Records outlive a deleted account (CONTEXT.md). */
export interface PaymentRow {
  id: string
  kind: PaymentKind
  status: PaymentStatus
  tier: Tier
  period: SubscriptionPeriod
  currency: Currency
  amountMinor: number
  refundedMinor: number
  paidAt: string
  refundedAt: string | null
  provider: PaymentsProviderName
  isDemo: boolean
  /** The provider's receipt (Stripe's hosted invoice page); null for demo payments, which have none. */
  receiptUrl: string | null
}

export interface PaymentPage {
  rows: PaymentRow[]
  total: number
  page: number
  pageSize: number
}

export const paymentPageSizeDefault = 20
export const paymentPageSizeMax = 100

/** `POST /billing/portal` answer: Stripe's Customer Portal, to open in the same tab. */
export interface PortalLink {
  url: string
}

/** `POST /billing/demo/complete` outcomes: what the tester chose on the demo checkout page. */
export const demoOutcomes = ['paid', 'failed'] as const
export type DemoOutcome = (typeof demoOutcomes)[number]

/** The no-reason refund window (spec §1, §9): 7 × 24 h from the first-ever subscription's start. */
export const refundWindowMs = 7 * 24 * 60 * 60 * 1000

/** Display names (the account page): trimmed, 1–40 characters. */
export const displayNameMaxLength = 40

/** `POST /member/logoutAll` answer (accounts). */
export interface LogoutAllAnswer {
  loggedOut: true
  /** Sessions ended, this one included. */
  sessionsEnded: number
}

/** `DELETE /member/account` answer (accounts). */
export interface AccountDeletedAnswer {
  deleted: true
}

/**
 * Error codes (the envelope's `error` and `x-error-code`). English wording for errors.json (both languages live
 * there, kept by the pages):
 */
export const BillingErrorCode = {
  /** 404 — 'This checkout does not exist.' (or is another reader's) */
  checkoutNotFound: 'BILLING_CHECKOUT_NOT_FOUND',
  /** 409 — 'This checkout is already finished.' (demo complete on a paid, failed or expired checkout) */
  checkoutFinished: 'BILLING_CHECKOUT_FINISHED',
  /** 503 — 'Payments are not available right now.' (checkout closed: demo in production, or no Stripe price) */
  checkoutClosed: 'BILLING_CHECKOUT_CLOSED',
  /** 404 — 'This plan has no price yet.' (no catalogue row for tier × period × currency) */
  priceNotFound: 'BILLING_PRICE_NOT_FOUND',
  /** 409 — 'You already have this plan.' */
  alreadySubscribed: 'BILLING_ALREADY_SUBSCRIBED',
  /** 409 — 'You already have a plan: upgrade it or change it at renewal instead.' */
  hasSubscription: 'BILLING_HAS_SUBSCRIPTION',
  /** 409 — 'You have no plan to change.' */
  noSubscription: 'BILLING_NO_SUBSCRIPTION',
  /** 409 — 'Plans granted by our team cannot be changed here. Please contact us.' */
  operatorGrant: 'BILLING_OPERATOR_GRANT',
  /** 409 — 'Upgrades go to a higher plan.' */
  notAnUpgrade: 'BILLING_NOT_AN_UPGRADE',
  /** 409 — 'Downgrades go to a lower plan.' */
  notADowngrade: 'BILLING_NOT_A_DOWNGRADE',
  /** 409 — 'No downgrade is scheduled.' */
  noScheduledDowngrade: 'BILLING_NO_SCHEDULED_DOWNGRADE',
  /** 409 — 'Renewal is already cancelled.' */
  renewalAlreadyCancelled: 'BILLING_RENEWAL_ALREADY_CANCELLED',
  /** 409 — 'Your plan already renews.' */
  renewalNotCancelled: 'BILLING_RENEWAL_NOT_CANCELLED',
  /** 409 — 'Your plan will not renew; resume renewal first.' (upgrade or downgrade on a plan that ends) */
  renewalCancelled: 'BILLING_RENEWAL_CANCELLED',
  /** 409 — 'The 7-day refund is only for your first subscription.' */
  refundNotFirst: 'BILLING_REFUND_NOT_FIRST_SUBSCRIPTION',
  /** 409 — 'The 7-day refund period has passed.' */
  refundWindowPassed: 'BILLING_REFUND_WINDOW_PASSED',
  /** 409 — 'This subscription has already been refunded.' */
  refundAlreadyDone: 'BILLING_REFUND_ALREADY_DONE',
  /** 409 — 'Your refund is being processed.' (a second click while the first is with the provider) */
  refundInProgress: 'BILLING_REFUND_IN_PROGRESS',
  /** 409 — 'Card and invoice management is not available with demo payments.' */
  portalUnavailable: 'BILLING_PORTAL_UNAVAILABLE',
  /** 503 — 'The payment provider did not answer. Nothing was charged; please try again.' */
  providerFailed: 'BILLING_PROVIDER_FAILED',
  /** 402 is not used: a declined upgrade charge is 409 — 'Your card was declined. Nothing changed.' */
  paymentDeclined: 'BILLING_PAYMENT_DECLINED',
  /** 400 (webhook only) — signature missing, wrong or too old; nothing was recorded. */
  webhookSignatureInvalid: 'BILLING_WEBHOOK_SIGNATURE_INVALID',
  /** 400 (webhook only) — signed correctly, but not an event (not JSON, not an object, no id); nothing recorded. */
  webhookEventMalformed: 'BILLING_WEBHOOK_EVENT_MALFORMED',
  /** 400 — 'Please enter a display name of at most 40 characters.' (PATCH /member/displayName) */
  displayNameInvalid: 'DISPLAY_NAME_INVALID',
} as const
export type BillingErrorCode = (typeof BillingErrorCode)[keyof typeof BillingErrorCode]
