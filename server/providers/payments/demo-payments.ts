/**
 * The demo payments provider (PAYMENTS_PROVIDER=demo, the default): no money moves. Its checkout is a page of our
 * own site (`/checkout/demo/{checkoutId}`, labelled DEMO) where the tester chooses to pay or to fail; the page's
 * `POST /api/portal/billing/demo/complete` turns that choice into the `PaymentEvent`s a real provider's webhook
 * would send, and billing handles them on the same completion path. Renewals are charged by billing's renewal job
 * the same way; upgrades, refunds and cancellations succeed at once.
 *
 * Event and payment ids are derived from what happened (the checkout, the renewal's period), so reporting the same
 * thing twice — a double click, two processes renewing at once — is a duplicate event, not a second payment.
 */
import { demoCheckoutPathOf } from '#contracts/billing-rules.ts'
import {
  type PaymentEvent,
  PaymentProviderError,
  type PaymentsProvider,
  type ProviderPrice,
} from './payments-provider.ts'

export function createDemoPaymentsProvider({ now }: { now: () => Date }): PaymentsProvider {
  return {
    name: 'demo',
    isDemo: true,
    hasPortal: false,
    needsPriceId: false,
    // The checkout is our own page, and renewals are charged by billing's renewal job.
    checkoutPageEvents: demoCheckoutEvents,
    renewalEvent: demoRenewalEvent,
    async startCheckout(input) {
      return { providerCheckoutId: null, redirectUrl: demoCheckoutPathOf(input.checkoutId) }
    },
    async upgradeSubscription(input) {
      if (input.prorationMinor <= 0) return { payment: null }
      const id = `demo_pay_${input.idempotencyKey}`
      return {
        payment: {
          providerPaymentId: id,
          chargeRef: id,
          amountMinor: input.prorationMinor,
          currency: input.price.currency,
          paidAt: now(),
          receiptUrl: null,
        },
      }
    },
    async changePriceAtRenewal() {},
    async setCancelAtPeriodEnd() {},
    async refund(input) {
      return { refundId: `demo_refund_${input.idempotencyKey}` }
    },
    async cancelNow() {},
    async openPortal() {
      throw new PaymentProviderError({ reason: 'unsupported' })
    },
  }
}

/** The demo subscription id of a checkout: one checkout, one subscription. */
export function demoSubscriptionIdOf(checkoutId: string): string {
  return `demo_sub_${checkoutId}`
}

/** What the demo checkout page's outcome means, as the events a provider would send about it. */
export function demoCheckoutEvents(input: {
  checkoutId: string
  outcome: 'paid' | 'failed'
  price: ProviderPrice
  now: Date
  periodEnd: Date
}): PaymentEvent[] {
  const { checkoutId, now } = input
  if (input.outcome === 'failed') {
    return [
      {
        type: 'checkout.failed',
        eventId: `demo_evt_${checkoutId}_failed`,
        occurredAt: now,
        checkoutId,
        expired: false,
      },
    ]
  }
  const providerSubscriptionId = demoSubscriptionIdOf(checkoutId)
  const paymentId = `demo_pay_${checkoutId}`
  return [
    {
      type: 'checkout.completed',
      eventId: `demo_evt_${checkoutId}_completed`,
      occurredAt: now,
      paidAt: now,
      checkoutId,
      providerSubscriptionId,
      providerCustomerId: null,
    },
    {
      type: 'payment.succeeded',
      eventId: `demo_evt_${checkoutId}_paid`,
      occurredAt: now,
      reason: 'create',
      providerSubscriptionId,
      checkoutId,
      providerCustomerId: null,
      payment: {
        providerPaymentId: paymentId,
        chargeRef: paymentId,
        amountMinor: input.price.amountMinor,
        currency: input.price.currency,
        paidAt: now,
        receiptUrl: null,
      },
      periodStart: now,
      periodEnd: input.periodEnd,
      stripePriceId: null,
    },
  ]
}

/** A demo renewal: the next period charged at the catalogue's price of the plan it renews into. */
export function demoRenewalEvent(input: {
  providerSubscriptionId: string
  price: ProviderPrice
  periodStart: Date
  periodEnd: Date
  now: Date
}): PaymentEvent {
  const key = `${input.providerSubscriptionId}_${input.periodStart.toISOString()}`
  return {
    type: 'payment.succeeded',
    eventId: `demo_evt_renewal_${key}`,
    occurredAt: input.now,
    reason: 'cycle',
    providerSubscriptionId: input.providerSubscriptionId,
    checkoutId: null,
    providerCustomerId: null,
    payment: {
      providerPaymentId: `demo_pay_renewal_${key}`,
      chargeRef: `demo_pay_renewal_${key}`,
      amountMinor: input.price.amountMinor,
      currency: input.price.currency,
      paidAt: input.now,
      receiptUrl: null,
    },
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    stripePriceId: null,
  }
}
