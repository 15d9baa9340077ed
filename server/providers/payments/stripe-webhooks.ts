/**
 * Stripe's webhooks: the signature check on the raw body, and the events billing acts on, normalised to
 * `PaymentEvent`s.
 *
 * Signature (https://docs.stripe.com/webhooks#verify-manually): the `Stripe-Signature` header is
 * `t=<unix seconds>,v1=<hex>[,v1=<hex>…][,v0=…]`; each v1 is HMAC-SHA256(signing secret, `${t}.${raw body}`) in hex
 * (several while a secret is being rolled). The body must be the bytes Stripe sent — a re-serialised JSON differs —
 * and `t` within 300 s of now, so a captured delivery cannot be replayed later. Compared in constant time.
 *
 * Events read (fields of both the pinned API version and the newer ones, where Stripe moved them):
 * checkout.session.completed / .expired / .async_payment_failed, invoice.paid, customer.subscription.created /
 * .updated / .deleted, charge.refunded. Anything else is `ignored` (acknowledged, remembered, nothing done).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  type PaymentEvent,
  type PaymentsProvider,
  WebhookEventMalformedError,
  WebhookSignatureError,
} from './payments-provider.ts'
import { idOf, paymentOfInvoice } from './stripe-payments.ts'

export const stripeSignatureToleranceSeconds = 300

/** The `Stripe-Signature` header Stripe would send for this body (tests, the fake server, the bench). */
export function stripeSignatureOf(
  rawBody: string | Buffer,
  secret: string,
  timestampSeconds: number,
): string {
  const signature = createHmac('sha256', secret).update(`${timestampSeconds}.`).update(rawBody).digest('hex')
  return `t=${timestampSeconds},v1=${signature}`
}

export function verifyStripeSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = stripeSignatureToleranceSeconds,
): void {
  if (!header) throw new WebhookSignatureError('no Stripe-Signature header')
  let timestamp: number | undefined
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim())
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value)
    else if (key === 'v1' && value) signatures.push(value)
  }
  if (timestamp === undefined || signatures.length === 0)
    throw new WebhookSignatureError('malformed Stripe-Signature header')
  if (Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds)
    throw new WebhookSignatureError('timestamp outside the tolerance')
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest()
  const matches = signatures.some((candidate) => {
    if (!/^[0-9a-f]+$/i.test(candidate) || candidate.length !== expected.length * 2) return false
    return timingSafeEqual(Buffer.from(candidate, 'hex'), expected)
  })
  if (!matches) throw new WebhookSignatureError('no signature matches')
}

type StripeObject = Record<string, unknown>

function textOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null
}

function dateOf(seconds: unknown): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null
}

function metadataOf(value: unknown): Record<string, string> {
  return value && typeof value === 'object' ? (value as Record<string, string>) : {}
}

function firstItemOf(subscription: StripeObject): StripeObject | undefined {
  return (subscription.items as { data?: StripeObject[] } | undefined)?.data?.[0]
}

function priceIdOfLine(line: StripeObject | undefined): string | null {
  if (!line) return null
  const pricing = line.pricing as { price_details?: { price?: unknown } } | undefined
  return idOf(line.price) ?? idOf(pricing?.price_details?.price)
}

function invoiceEvent(eventId: string, occurredAt: Date, invoice: StripeObject): PaymentEvent {
  const parent = invoice.parent as { subscription_details?: StripeObject } | undefined
  const details = (invoice.subscription_details as StripeObject | undefined) ?? parent?.subscription_details
  const providerSubscriptionId = idOf(invoice.subscription) ?? idOf(details?.subscription)
  const payment = paymentOfInvoice(invoice)
  const lines = ((invoice.lines as { data?: StripeObject[] } | undefined)?.data ?? []).filter(
    (line) => line.proration !== true,
  )
  // The period a renewal pays for is its subscription line's; a proration-only invoice has the remaining period.
  const line =
    lines[0] ?? ((invoice.lines as { data?: StripeObject[] } | undefined)?.data ?? [])[0] ?? undefined
  const period = (line?.period ?? {}) as { start?: unknown; end?: unknown }
  const periodStart = dateOf(period.start) ?? dateOf(invoice.period_start)
  const periodEnd = dateOf(period.end) ?? dateOf(invoice.period_end)
  if (!providerSubscriptionId || !payment || !periodStart || !periodEnd)
    return { type: 'ignored', eventId, occurredAt, providerType: 'invoice.paid' }
  const billingReason = textOf(invoice.billing_reason)
  return {
    type: 'payment.succeeded',
    eventId,
    occurredAt,
    reason:
      billingReason === 'subscription_create'
        ? 'create'
        : billingReason === 'subscription_cycle'
          ? 'cycle'
          : 'update',
    providerSubscriptionId,
    checkoutId: textOf(metadataOf(details?.metadata).checkout_id),
    providerCustomerId: idOf(invoice.customer),
    payment,
    periodStart,
    periodEnd,
    stripePriceId: priceIdOfLine(line),
  }
}

function subscriptionEvent(eventId: string, occurredAt: Date, subscription: StripeObject): PaymentEvent {
  const id = textOf(subscription.id)
  if (!id) return { type: 'ignored', eventId, occurredAt, providerType: 'customer.subscription.updated' }
  const item = firstItemOf(subscription)
  return {
    type: 'subscription.updated',
    eventId,
    occurredAt,
    providerSubscriptionId: id,
    checkoutId: textOf(metadataOf(subscription.metadata).checkout_id),
    providerCustomerId: idOf(subscription.customer),
    status: textOf(subscription.status) ?? 'unknown',
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    periodStart: dateOf(subscription.current_period_start) ?? dateOf(item?.current_period_start),
    periodEnd: dateOf(subscription.current_period_end) ?? dateOf(item?.current_period_end),
    stripePriceId: idOf(item?.price),
  }
}

/** A verified event's JSON as billing's `PaymentEvent`. */
export function readStripeEvent(event: unknown): PaymentEvent {
  if (!event || typeof event !== 'object' || Array.isArray(event))
    throw new WebhookEventMalformedError('the event is not an object')
  const fields = event as StripeObject
  const eventId = textOf(fields.id)
  const type = textOf(fields.type) ?? 'unknown'
  const occurredAt = dateOf(fields.created) ?? new Date(0)
  if (!eventId) throw new WebhookEventMalformedError('event without id')
  const dataObject = (fields.data as { object?: unknown } | null | undefined)?.object
  const object = (dataObject && typeof dataObject === 'object' ? dataObject : {}) as StripeObject
  switch (type) {
    case 'checkout.session.completed': {
      const checkoutId = textOf(metadataOf(object.metadata).checkout_id) ?? textOf(object.client_reference_id)
      const providerSubscriptionId = idOf(object.subscription)
      const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required'
      // Not yet paid (a bank debit in progress): invoice.paid completes it when the money arrives.
      if (!checkoutId || !providerSubscriptionId || !paid)
        return { type: 'ignored', eventId, occurredAt, providerType: type }
      return {
        type: 'checkout.completed',
        eventId,
        occurredAt,
        // The session carries no payment time of its own; the event is stamped when Stripe completed it (paid).
        paidAt: dateOf(fields.created),
        checkoutId,
        providerSubscriptionId,
        providerCustomerId: idOf(object.customer),
      }
    }
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const checkoutId = textOf(metadataOf(object.metadata).checkout_id) ?? textOf(object.client_reference_id)
      if (!checkoutId) return { type: 'ignored', eventId, occurredAt, providerType: type }
      return {
        type: 'checkout.failed',
        eventId,
        occurredAt,
        checkoutId,
        expired: type === 'checkout.session.expired',
      }
    }
    case 'invoice.paid':
      return invoiceEvent(eventId, occurredAt, object)
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return subscriptionEvent(eventId, occurredAt, object)
    case 'customer.subscription.deleted': {
      const id = textOf(object.id)
      if (!id) return { type: 'ignored', eventId, occurredAt, providerType: type }
      return {
        type: 'subscription.deleted',
        eventId,
        occurredAt,
        providerSubscriptionId: id,
        endedAt: dateOf(object.ended_at) ?? dateOf(object.canceled_at) ?? occurredAt,
      }
    }
    case 'charge.refunded': {
      const refs = [idOf(object.id), idOf(object.payment_intent), idOf(object.invoice)].filter(
        (ref): ref is string => ref !== null,
      )
      const amount = typeof object.amount_refunded === 'number' ? object.amount_refunded : 0
      return { type: 'charge.refunded', eventId, occurredAt, refs, amountRefundedMinor: amount }
    }
    default:
      return { type: 'ignored', eventId, occurredAt, providerType: type }
  }
}

/** The Stripe adapter's `readWebhook`: a delivery verified against the endpoint's signing secret, then read. */
export function createStripeWebhookReader(secret: string): NonNullable<PaymentsProvider['readWebhook']> {
  return (rawBody, signature, now) => {
    verifyStripeSignature(rawBody, signature, secret, now)
    let event: unknown
    try {
      event = JSON.parse(rawBody.toString('utf8'))
    } catch (error) {
      throw new WebhookEventMalformedError('the body is not JSON', { cause: error })
    }
    return readStripeEvent(event)
  }
}
