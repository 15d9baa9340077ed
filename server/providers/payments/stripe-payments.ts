/**
 * Stripe over its REST API with fetch (no SDK; ADR 0014): form-encoded bodies (`a[b][0]=c`), `Authorization:
 * Bearer <secret key>`, a pinned `Stripe-Version`, and an `Idempotency-Key` on every POST so a retried call never
 * charges, refunds or creates twice. The calls made:
 *   POST   /v1/checkout/sessions            mode=subscription, the catalogue's Price, our ids in metadata
 *   GET    /v1/subscriptions/{id}           the subscription item to change
 *   POST   /v1/subscriptions/{id}           upgrade (proration_behavior=always_invoice, charged now), price at
 *                                           renewal (proration_behavior=none), cancel_at_period_end
 *   DELETE /v1/subscriptions/{id}           end now
 *   POST   /v1/refunds                      payment_intent or charge, amount
 *   POST   /v1/billing_portal/sessions      the Customer Portal for card changes and invoices
 * Failures: Stripe answers { error: { type, code, decline_code, message } }; a card_error is `declined`, other
 * 4xx `refused`, 5xx and network errors `unreachable` / `timeout`. Stripe's message is never passed on.
 */
import { randomUUID } from 'node:crypto'
import type { Currency } from '#contracts/billing-rules.ts'
import { PaymentProviderError, type PaymentsProvider, type ProviderPayment } from './payments-provider.ts'

/** The API version our calls are written against; the webhook endpoint should be created with the same one. */
export const stripeApiVersion = '2024-06-20'

export interface StripeSettings {
  secretKey: string
  /** https://api.stripe.com, or a local stand-in in tests. */
  apiBase: string
  timeoutMs?: number
}

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue }

/** Stripe's form encoding: nested objects and arrays as `parent[child]` and `list[0]`; null and undefined left out. */
export function toStripeForm(values: Record<string, FormValue>): string {
  const form = new URLSearchParams()
  const add = (key: string, value: FormValue) => {
    if (value === null || value === undefined) return
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) add(`${key}[${index}]`, item)
    } else if (typeof value === 'object') for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v)
    else form.append(key, String(value))
  }
  for (const [key, value] of Object.entries(values)) add(key, value)
  return form.toString()
}

type StripeObject = Record<string, unknown>

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

/** An expandable field: the id, or the expanded object's id. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (value && typeof value === 'object') return textOf((value as StripeObject).id)
  return null
}

/** A paid invoice as the payment billing records: Stripe's invoice id, the PaymentIntent or Charge to refund. */
export function paymentOfInvoice(invoice: StripeObject): ProviderPayment | null {
  const id = textOf(invoice.id)
  const amount = invoice.amount_paid
  const currency = textOf(invoice.currency)?.toUpperCase()
  if (!id || typeof amount !== 'number' || !currency) return null
  const payments = (invoice.payments as { data?: Array<{ payment?: StripeObject }> } | undefined)?.data
  const chargeRef =
    idOf(invoice.payment_intent) ??
    idOf(invoice.charge) ??
    idOf(payments?.[0]?.payment?.payment_intent) ??
    idOf(payments?.[0]?.payment?.charge)
  const transitions = invoice.status_transitions as { paid_at?: unknown } | undefined
  const paidAtSeconds = typeof transitions?.paid_at === 'number' ? transitions.paid_at : invoice.created
  return {
    providerPaymentId: id,
    chargeRef,
    amountMinor: amount,
    currency: currency as Currency,
    paidAt: new Date((typeof paidAtSeconds === 'number' ? paidAtSeconds : 0) * 1000),
    receiptUrl: textOf(invoice.hosted_invoice_url),
  }
}

export function createStripePaymentsProvider(
  settings: StripeSettings,
  fetchImpl: typeof fetch = fetch,
): PaymentsProvider {
  const base = settings.apiBase.replace(/\/+$/, '')

  async function call(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options: { form?: Record<string, FormValue>; idempotencyKey?: string } = {},
  ): Promise<StripeObject> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${settings.secretKey}`,
      'stripe-version': stripeApiVersion,
      accept: 'application/json',
    }
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded'
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
    let response: Response
    try {
      response = await fetchImpl(`${base}${path}`, {
        method,
        headers,
        ...(options.form ? { body: toStripeForm(options.form) } : {}),
        signal: AbortSignal.timeout(settings.timeoutMs ?? 15_000),
      })
    } catch (error) {
      throw new PaymentProviderError({
        reason: (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable',
      })
    }
    const answer = (await response.json().catch(() => null)) as StripeObject | null
    if (!response.ok) {
      const error = (answer?.error ?? {}) as { type?: unknown; code?: unknown; decline_code?: unknown }
      const providerCode = textOf(error.decline_code) ?? textOf(error.code) ?? undefined
      throw new PaymentProviderError({
        reason: error.type === 'card_error' ? 'declined' : response.status >= 500 ? 'unreachable' : 'refused',
        status: response.status,
        ...(providerCode ? { providerCode } : {}),
      })
    }
    if (!answer || typeof answer !== 'object') throw new PaymentProviderError({ reason: 'malformed' })
    return answer
  }

  function priceIdOf(price: {
    stripePriceId: string | null
    tier: string
    period: string
    currency: string
  }) {
    if (!price.stripePriceId)
      throw new PaymentProviderError({ reason: 'unsupported', providerCode: 'no_price_id' })
    return price.stripePriceId
  }

  async function subscriptionItemOf(providerSubscriptionId: string): Promise<string> {
    const subscription = await call('GET', `/v1/subscriptions/${encodeURIComponent(providerSubscriptionId)}`)
    const items = (subscription.items as { data?: StripeObject[] } | undefined)?.data
    const itemId = textOf(items?.[0]?.id)
    if (!itemId) throw new PaymentProviderError({ reason: 'malformed' })
    return itemId
  }

  return {
    name: 'stripe',
    isDemo: false,
    hasPortal: true,
    // A checkout session names the Stripe Price it charges.
    needsPriceId: true,
    async startCheckout(input) {
      const metadata = { checkout_id: input.checkoutId, member_id: input.memberId }
      const session = await call('POST', '/v1/checkout/sessions', {
        form: {
          mode: 'subscription',
          line_items: [{ price: priceIdOf(input.price), quantity: 1 }],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.checkoutId,
          customer: input.providerCustomerId,
          metadata,
          // On the subscription too: every later event about it (invoices, updates) names our checkout.
          subscription_data: { metadata },
        },
        idempotencyKey: `checkout-${input.checkoutId}`,
      })
      const url = textOf(session.url)
      if (!url) throw new PaymentProviderError({ reason: 'malformed' })
      return { providerCheckoutId: textOf(session.id), redirectUrl: url }
    },
    async upgradeSubscription(input) {
      const itemId = await subscriptionItemOf(input.providerSubscriptionId)
      const subscription = await call(
        'POST',
        `/v1/subscriptions/${encodeURIComponent(input.providerSubscriptionId)}`,
        {
          form: {
            items: [{ id: itemId, price: priceIdOf(input.price) }],
            proration_behavior: 'always_invoice',
            // A declined card fails the call and changes nothing (instead of leaving the subscription past_due).
            payment_behavior: 'error_if_incomplete',
            expand: ['latest_invoice'],
          },
          idempotencyKey: input.idempotencyKey,
        },
      )
      const invoice = subscription.latest_invoice
      if (!invoice || typeof invoice !== 'object') return { payment: null }
      const payment = paymentOfInvoice(invoice as StripeObject)
      return { payment: payment && payment.amountMinor > 0 ? payment : null }
    },
    async changePriceAtRenewal(input) {
      const itemId = await subscriptionItemOf(input.providerSubscriptionId)
      await call('POST', `/v1/subscriptions/${encodeURIComponent(input.providerSubscriptionId)}`, {
        form: { items: [{ id: itemId, price: priceIdOf(input.price) }], proration_behavior: 'none' },
        idempotencyKey: input.idempotencyKey,
      })
    },
    async setCancelAtPeriodEnd(input) {
      await call('POST', `/v1/subscriptions/${encodeURIComponent(input.providerSubscriptionId)}`, {
        form: { cancel_at_period_end: input.cancel },
        idempotencyKey: input.idempotencyKey,
      })
    },
    async refund(input) {
      const target = input.chargeRef.startsWith('ch_')
        ? { charge: input.chargeRef }
        : { payment_intent: input.chargeRef }
      const refund = await call('POST', '/v1/refunds', {
        form: { ...target, amount: input.amountMinor, reason: 'requested_by_customer' },
        idempotencyKey: input.idempotencyKey,
      })
      const id = textOf(refund.id)
      if (!id) throw new PaymentProviderError({ reason: 'malformed' })
      return { refundId: id }
    },
    async cancelNow(input) {
      try {
        await call('DELETE', `/v1/subscriptions/${encodeURIComponent(input.providerSubscriptionId)}`)
      } catch (error) {
        // Already cancelled at Stripe (a retry, or ended in the Dashboard): the outcome we want.
        if (error instanceof PaymentProviderError && error.detail.providerCode === 'resource_missing') return
        throw error
      }
    },
    async openPortal(input) {
      const session = await call('POST', '/v1/billing_portal/sessions', {
        form: { customer: input.providerCustomerId, return_url: input.returnUrl },
        // A new session each time is what the reader wants; the key only makes a retried request harmless.
        idempotencyKey: `portal-${randomUUID()}`,
      })
      const url = textOf(session.url)
      if (!url) throw new PaymentProviderError({ reason: 'malformed' })
      return { url }
    },
  }
}
