/**
 * Taking money for plans. Adapters: `demo` (the embedded default: its checkout is a page of our own site, labelled
 * DEMO, where the tester pays or fails; no money moves) and `stripe` (Stripe's REST API over fetch, and its signed
 * webhooks). Billing (server/modules/billing) calls the adapter to start and change things at the provider, and
 * learns what happened from `PaymentEvent`s — the demo page's outcome and Stripe's webhooks come in the same shape
 * and go through the same completion path. What an adapter can do beyond the common calls (its own checkout page,
 * renewals billing must charge, webhooks, a price id it needs) is declared on it, so billing asks the adapter, never
 * its name.
 */
import type { Currency, PaymentsProviderName, SubscriptionPeriod, Tier } from '#contracts/billing-rules.ts'

/** A plan's price as the provider charges it: Stripe's Price id from the catalogue (`prices:set … --stripe`). */
export interface ProviderPrice {
  tier: Tier
  period: SubscriptionPeriod
  currency: Currency
  amountMinor: number
  stripePriceId: string | null
}

export interface CheckoutInput {
  checkoutId: string
  memberId: string
  /** The provider's customer from an earlier subscription of the member (Stripe reuses it). */
  providerCustomerId: string | null
  price: ProviderPrice
  /** Absolute URLs of our site the provider sends the reader back to. */
  successUrl: string
  cancelUrl: string
}

/** A payment the provider took, as billing records it (idempotent by `providerPaymentId`). */
export interface ProviderPayment {
  providerPaymentId: string
  /** What a refund is asked against (Stripe: `pi_…` or `ch_…`); demo: the payment id itself. */
  chargeRef: string | null
  amountMinor: number
  currency: Currency
  paidAt: Date
  receiptUrl: string | null
}

/**
 * What a provider reports, normalised. `eventId` is the provider's (Stripe's `evt_…`; the demo provider's ids are
 * derived from what happened, so a second report of the same thing is a duplicate too). `occurredAt` orders
 * snapshots of one subscription.
 */
export type PaymentEvent =
  | {
      type: 'checkout.completed'
      eventId: string
      occurredAt: Date
      /**
       * When the reader paid, by the provider's clock (Stripe: the completion event's own time), or null when it does
       * not say. The subscription, and so the 7-day refund window, starts then — not when the word reached us.
       */
      paidAt: Date | null
      checkoutId: string
      providerSubscriptionId: string
      providerCustomerId: string | null
    }
  | { type: 'checkout.failed'; eventId: string; occurredAt: Date; checkoutId: string; expired: boolean }
  | {
      type: 'payment.succeeded'
      eventId: string
      occurredAt: Date
      /** `create`: the first period; `cycle`: a renewal; `update`: an upgrade's proration. */
      reason: 'create' | 'cycle' | 'update'
      providerSubscriptionId: string
      /** From the subscription's metadata (ours): lets a payment that arrives first complete its checkout. */
      checkoutId: string | null
      providerCustomerId: string | null
      payment: ProviderPayment
      /** The period the payment is for (a renewal's new period). */
      periodStart: Date
      periodEnd: Date
      /** The catalogue price the payment was for, when the provider names it (Stripe's price id). */
      stripePriceId: string | null
    }
  | {
      type: 'subscription.updated'
      eventId: string
      occurredAt: Date
      providerSubscriptionId: string
      checkoutId: string | null
      providerCustomerId: string | null
      /** Stripe's status: active, trialing, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
      status: string
      cancelAtPeriodEnd: boolean
      periodStart: Date | null
      periodEnd: Date | null
      stripePriceId: string | null
    }
  | {
      type: 'subscription.deleted'
      eventId: string
      occurredAt: Date
      providerSubscriptionId: string
      endedAt: Date
    }
  | {
      type: 'charge.refunded'
      eventId: string
      occurredAt: Date
      /** Any of the charge's references (charge id, payment intent, invoice) that a payment row may hold. */
      refs: string[]
      amountRefundedMinor: number
    }
  /** Anything else the provider sent: acknowledged and remembered, nothing to do. */
  | { type: 'ignored'; eventId: string; occurredAt: Date; providerType: string }

/** Answered by an upgrade that the provider charged at once. */
export interface UpgradeCharge {
  /** null when the provider charged nothing (a proration of 0). */
  payment: ProviderPayment | null
}

export interface PaymentsProvider {
  readonly name: PaymentsProviderName
  readonly isDemo: boolean
  /** Card changes and invoices in a provider page (Stripe's Customer Portal). */
  readonly hasPortal: boolean
  /**
   * Sells a catalogue price only by the provider's own id for it (`stripePriceId`, set with `prices:set … --stripe`):
   * a price without one cannot be sold, and checkout is refused before anything is recorded.
   */
  readonly needsPriceId: boolean
  /**
   * Present when the checkout page is our own (the demo provider's): the events its pay or fail button stands for,
   * applied on the same completion path as a provider's report. Their ids are derived from the checkout, so a second
   * press is a duplicate.
   */
  checkoutPageEvents?(input: {
    checkoutId: string
    outcome: 'paid' | 'failed'
    price: ProviderPrice
    now: Date
    periodEnd: Date
  }): PaymentEvent[]
  /**
   * Present when the provider does not renew subscriptions by itself (the demo provider): the event of one renewal
   * billing charges — the next period at the catalogue price of the plan it renews into, its ids derived from the
   * period, so two processes renewing at once renew once.
   */
  renewalEvent?(input: {
    providerSubscriptionId: string
    price: ProviderPrice
    periodStart: Date
    periodEnd: Date
    now: Date
  }): PaymentEvent
  /**
   * Present when the provider reports by signed webhooks (Stripe): the event a delivery's raw body carries, once its
   * signature is verified. Throws WebhookSignatureError for a bad signature and WebhookEventMalformedError for a
   * correctly signed body that is not an event (not JSON, not an object, no id); both answered 400, nothing written.
   */
  readWebhook?(rawBody: Buffer, signature: string | undefined, now: Date): PaymentEvent
  /** A session the reader pays in: the URL to send them to. */
  startCheckout(input: CheckoutInput): Promise<{ providerCheckoutId: string | null; redirectUrl: string }>
  /** The higher tier at once; the difference prorated and charged now to the card on file. */
  upgradeSubscription(input: {
    providerSubscriptionId: string
    price: ProviderPrice
    prorationMinor: number
    idempotencyKey: string
  }): Promise<UpgradeCharge>
  /** The price charged from the next renewal on (a downgrade or another period); nothing charged now. */
  changePriceAtRenewal(input: {
    providerSubscriptionId: string
    price: ProviderPrice
    idempotencyKey: string
  }): Promise<void>
  setCancelAtPeriodEnd(input: {
    providerSubscriptionId: string
    cancel: boolean
    idempotencyKey: string
  }): Promise<void>
  /** Pays back `amountMinor` of one payment. */
  refund(input: {
    chargeRef: string
    amountMinor: number
    currency: Currency
    idempotencyKey: string
  }): Promise<{ refundId: string }>
  /** Ends the subscription at the provider now (after a refund, or when the account is deleted). */
  cancelNow(input: { providerSubscriptionId: string; idempotencyKey: string }): Promise<void>
  openPortal(input: { providerCustomerId: string; returnUrl: string }): Promise<{ url: string }>
}

/** A webhook delivery that is missing, malformed, wrongly signed or too old: refused (400), nothing recorded. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError'
}

/**
 * A delivery whose signature is right but whose body is not an event we can read: refused (400), nothing recorded.
 * Told apart from a bad signature because it points at the provider's payload (or our reading of it), not at the
 * signing secret.
 */
export class WebhookEventMalformedError extends Error {
  override name = 'WebhookEventMalformedError'
}

/** The provider failed or refused. `declined`: the card was refused (nothing charged). Safe to log. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError'
  readonly detail: {
    reason: 'declined' | 'refused' | 'unreachable' | 'timeout' | 'malformed' | 'unsupported'
    status?: number
    providerCode?: string
  }

  constructor(detail: PaymentProviderError['detail']) {
    super(`payment provider: ${detail.reason}${detail.providerCode ? ` (${detail.providerCode})` : ''}`)
    this.detail = detail
  }
}
