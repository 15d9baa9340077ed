/**
 * Wire shapes of buying a plan (issue 13; spec §1, §4, §6, §8, §9): prices, checkout, the reader's plan and what
 * they may do with it, payment history, and the account page's calls. The answer types and codes are in
 * billing-rules.ts (zod-free, what the pages import); the request schemas are here. All under /api/portal:
 *
 *   GET    /billing/prices                 (none)                 → PriceCatalogue (region's currency; visitors too)
 *   GET    /billing/state                  (none)                 → BillingState                          [member]
 *   POST   /billing/checkout               CheckoutRequest        → CheckoutStart; 409 BILLING_HAS_SUBSCRIPTION,
 *                                                                   BILLING_ALREADY_SUBSCRIBED; 404 BILLING_PRICE_NOT_FOUND;
 *                                                                   503 BILLING_CHECKOUT_CLOSED, BILLING_PROVIDER_FAILED
 *   GET    /billing/checkout/:checkoutId   CheckoutParams         → CheckoutView (the reader's own; else 404)  [member]
 *   POST   /billing/demo/complete          DemoCompleteRequest    → CheckoutView (status paid or failed); demo provider
 *                                                                   only (else 404); 409 BILLING_CHECKOUT_FINISHED [member]
 *   GET    /billing/upgrade-quote          UpgradeQuery           → UpgradeQuote                          [member]
 *   POST   /billing/upgrade                UpgradeRequest         → BillingState (in force at once; prorated charge)
 *   POST   /billing/downgrade              DowngradeRequest       → BillingState (lower tier from the renewal date)
 *   DELETE /billing/downgrade              (none)                 → BillingState (the scheduled downgrade dropped)
 *   POST   /billing/cancel-renewal         (none)                 → BillingState (plan runs to the period's end)
 *   POST   /billing/resume-renewal         (none)                 → BillingState
 *   POST   /billing/refund                 (none)                 → BillingState (7-day no-reason refund; access ends)
 *   GET    /billing/payments               PaymentListQuery       → PaymentPage (newest first)              [member]
 *   POST   /billing/portal                 PortalRequest          → PortalLink (Stripe only; 409 with demo)  [member]
 *   POST   /billing/webhooks/stripe        Stripe's raw event     → { received: true } (400 on a bad signature)
 *   PATCH  /member/displayName             DisplayNameRequest     → MemberInfo (accounts)                 [member]
 *   POST   /member/logoutAll               (none)                 → LogoutAllAnswer; cookies cleared (accounts) [member]
 *   DELETE /member/account                 (none)                 → AccountDeletedAnswer; cookies cleared  [member]
 *
 * [member]: a visitor gets 401 UNAUTHENTICATED (the page logs out, spec §8); every POST, PATCH and DELETE passes the
 * same-site check (ADR 0006). Every billing change answers after it is recorded, so quotas and pages already follow.
 * Page loaders call the same functions in-process: `services.billing.listPrices(region, locale)`,
 * `services.billing.getBillingState(memberId, region)`.
 */
import { z } from 'zod'
import {
  BillingErrorCode,
  billingPeriods,
  billingTiers,
  demoOutcomes,
  displayNameMaxLength,
  paymentPageSizeDefault,
  paymentPageSizeMax,
} from './billing-rules.ts'

export * from './billing-rules.ts'

const Tier = z.enum(billingTiers)
const Period = z.enum(billingPeriods)

/**
 * A path of our own site to come back to after checkout (e.g. `/subscribe`), query allowed; never another origin.
 * The provider returns to `{returnPath}?checkout={id}` (and `&outcome=cancelled` when the reader gave up at Stripe).
 */
export const ReturnPath = z
  .string()
  .trim()
  .max(500)
  .regex(/^\/(?![/\\])[^\s#]*$/)
  .default('/subscribe')

export const CheckoutRequest = z.object({ tier: Tier, period: Period, returnPath: ReturnPath })
export type CheckoutRequest = z.infer<typeof CheckoutRequest>

export const CheckoutParams = z.object({ checkoutId: z.uuid() })

export const DemoCompleteRequest = z.object({ checkoutId: z.uuid(), outcome: z.enum(demoOutcomes) })
export type DemoCompleteRequest = z.infer<typeof DemoCompleteRequest>

export const UpgradeQuery = z.object({ tier: Tier })
/** `quotedAt`: the quote the reader confirmed; within 15 minutes the charge is exactly that quote's amount. */
export const UpgradeRequest = z.object({ tier: Tier, quotedAt: z.iso.datetime().optional() })
export type UpgradeRequest = z.infer<typeof UpgradeRequest>

/** A lower tier, same period, from the renewal date. */
export const DowngradeRequest = z.object({ tier: Tier })
export type DowngradeRequest = z.infer<typeof DowngradeRequest>

export const PaymentListQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(paymentPageSizeMax).default(paymentPageSizeDefault),
})
export type PaymentListQuery = z.infer<typeof PaymentListQuery>

export const PortalRequest = z.object({ returnPath: ReturnPath.default('/member/account') })

/**
 * The account page's name field: trimmed, at most 40 characters. Empty, `null` or left out clears it (the site's API
 * client drops null values from bodies, spec §5, so the page clears it by sending an empty name).
 */
export const DisplayNameRequest = z.object({
  displayName: z
    .string()
    .trim()
    .max(displayNameMaxLength, { error: BillingErrorCode.displayNameInvalid })
    .nullish()
    .transform((name) => (name ? name : null)),
})
export type DisplayNameRequest = z.infer<typeof DisplayNameRequest>
