/**
 * A local stand-in for Stripe (node:http) that speaks the calls the Stripe adapter makes — Bearer key, form bodies,
 * Idempotency-Key (a repeated key answers the first answer, as Stripe does), its error shape — and keeps enough
 * state (sessions, customers, subscriptions, invoices, refunds) to write the events Stripe would send, signed the
 * way Stripe signs them. Tests drive the "reader pays" step with `payCheckout`, then deliver the events in any
 * order. No network.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { stripeSignatureOf } from '../stripe-webhooks.ts'

export interface ReceivedStripeRequest {
  method: string
  path: string
  authorization: string | undefined
  idempotencyKey: string | undefined
  stripeVersion: string | undefined
  contentType: string | undefined
  form: Record<string, string>
}

type StripeJson = Record<string, unknown>

interface FakeSubscription {
  id: string
  customer: string
  status: string
  cancel_at_period_end: boolean
  current_period_start: number
  current_period_end: number
  itemId: string
  price: string
  metadata: Record<string, string>
}

export interface FakeStripe {
  baseUrl: string
  secretKey: string
  webhookSecret: string
  received: ReceivedStripeRequest[]
  /** The next subscription update with proration is declined (402 card_error). */
  declineNextCharge: boolean
  /** The next request answers 500 (Stripe's api_error). */
  failNext: boolean
  /** Stripe's charge for the next upgrade proration (its own arithmetic; tests set it). */
  nextProrationAmount: number
  /** Price id → amount and currency, as the Dashboard would hold them. */
  prices: Map<string, { amount: number; currency: string }>
  /** The reader pays a Checkout Session: customer, subscription and first invoice; answers the events Stripe sends. */
  payCheckout(sessionId: string, options?: { at?: Date }): Record<string, StripeJson>
  /** Stripe renews: the subscription moves a period on and its invoice is paid. */
  renew(subscriptionId: string, periodEnd: Date): Record<string, StripeJson>
  subscription(id: string): FakeSubscription | undefined
  /** An event as Stripe delivers it: the body and its Stripe-Signature header, signed now (or at `timestamp`). */
  sign(
    event: StripeJson,
    options?: { timestamp?: number; secret?: string },
  ): { body: string; signature: string }
  reset(): void
  close(): Promise<void>
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = ''
  for await (const chunk of request) body += chunk
  return body
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = 'sk_test_fake_0123456789'
  const webhookSecret = 'whsec_fake_signing_secret_0123456789'
  const received: ReceivedStripeRequest[] = []
  const idempotent = new Map<string, { status: number; body: string }>()
  const sessions = new Map<string, StripeJson>()
  const subscriptions = new Map<string, FakeSubscription>()
  let counter = 0
  const next = (prefix: string) => `${prefix}_fake${(++counter).toString().padStart(6, '0')}`
  let eventCounter = 0

  function event(type: string, object: StripeJson, created: number): StripeJson {
    eventCounter += 1
    return {
      id: `evt_fake${eventCounter.toString().padStart(6, '0')}`,
      object: 'event',
      api_version: '2024-06-20',
      created,
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
    }
  }

  function subscriptionJson(sub: FakeSubscription): StripeJson {
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customer,
      status: sub.status,
      cancel_at_period_end: sub.cancel_at_period_end,
      current_period_start: sub.current_period_start,
      current_period_end: sub.current_period_end,
      metadata: sub.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: sub.itemId,
            object: 'subscription_item',
            price: { id: sub.price, object: 'price' },
            current_period_start: sub.current_period_start,
            current_period_end: sub.current_period_end,
          },
        ],
      },
    }
  }

  function invoiceJson(
    sub: FakeSubscription,
    reason: string,
    amount: number,
    period: { start: number; end: number },
    proration: boolean,
  ): StripeJson {
    const id = next('in')
    const price = fake.prices.get(sub.price)
    return {
      id,
      object: 'invoice',
      customer: sub.customer,
      subscription: sub.id,
      subscription_details: { metadata: sub.metadata },
      billing_reason: reason,
      status: 'paid',
      amount_paid: amount,
      currency: price?.currency ?? 'usd',
      created: period.start,
      payment_intent: next('pi'),
      charge: null,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      status_transitions: { paid_at: period.start },
      lines: {
        object: 'list',
        data: [{ id: next('il'), price: { id: sub.price }, proration, period }],
      },
    }
  }

  function answer(response: ServerResponse, status: number, body: StripeJson, key?: string) {
    const text = JSON.stringify(body)
    if (key) idempotent.set(key, { status, body: text })
    response.statusCode = status
    response.setHeader('content-type', 'application/json')
    response.end(text)
  }

  function stripeError(response: ServerResponse, status: number, error: StripeJson) {
    answer(response, status, { error })
  }

  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request)
    const url = new URL(request.url ?? '/', 'http://fake')
    const form = Object.fromEntries(new URLSearchParams(body))
    const key =
      typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined
    received.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization: request.headers.authorization,
      idempotencyKey: key,
      stripeVersion:
        typeof request.headers['stripe-version'] === 'string' ? request.headers['stripe-version'] : undefined,
      contentType: request.headers['content-type'],
      form,
    })
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      stripeError(response, 401, { type: 'invalid_request_error', message: 'Invalid API Key provided' })
      return
    }
    if (key && idempotent.has(key)) {
      const stored = idempotent.get(key)
      response.statusCode = stored?.status ?? 200
      response.setHeader('content-type', 'application/json')
      response.setHeader('idempotent-replayed', 'true')
      response.end(stored?.body)
      return
    }
    if (fake.failNext) {
      fake.failNext = false
      stripeError(response, 500, { type: 'api_error', message: 'Something went wrong on our end' })
      return
    }
    const now = Math.floor(Date.now() / 1000)
    const parts = url.pathname.split('/').filter(Boolean)
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (form.mode !== 'subscription' || !form['line_items[0][price]']) {
        stripeError(response, 400, { type: 'invalid_request_error', code: 'parameter_missing' })
        return
      }
      const id = next('cs_test')
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        form,
      }
      sessions.set(id, session)
      answer(response, 200, { id, object: 'checkout.session', url: session.url, mode: 'subscription' }, key)
      return
    }
    if (parts[0] === 'v1' && parts[1] === 'subscriptions' && parts[2]) {
      const sub = subscriptions.get(parts[2])
      if (!sub) {
        stripeError(response, 404, { type: 'invalid_request_error', code: 'resource_missing' })
        return
      }
      if (request.method === 'GET') {
        answer(response, 200, subscriptionJson(sub))
        return
      }
      if (request.method === 'DELETE') {
        sub.status = 'canceled'
        answer(response, 200, subscriptionJson(sub))
        return
      }
      if (form['items[0][price]']) {
        if (form['items[0][id]'] !== sub.itemId) {
          stripeError(response, 400, { type: 'invalid_request_error', code: 'resource_missing' })
          return
        }
        if (form.proration_behavior === 'always_invoice' && fake.declineNextCharge) {
          fake.declineNextCharge = false
          stripeError(response, 402, {
            type: 'card_error',
            code: 'card_declined',
            decline_code: 'insufficient_funds',
          })
          return
        }
        sub.price = form['items[0][price]']
        const json = subscriptionJson(sub)
        if (form.proration_behavior === 'always_invoice') {
          json.latest_invoice = invoiceJson(
            sub,
            'subscription_update',
            fake.nextProrationAmount,
            {
              start: now,
              end: sub.current_period_end,
            },
            true,
          )
        }
        answer(response, 200, json, key)
        return
      }
      if (form.cancel_at_period_end) {
        sub.cancel_at_period_end = form.cancel_at_period_end === 'true'
        answer(response, 200, subscriptionJson(sub), key)
        return
      }
      stripeError(response, 400, { type: 'invalid_request_error', code: 'parameter_unknown' })
      return
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      if (!form.payment_intent && !form.charge) {
        stripeError(response, 400, { type: 'invalid_request_error', code: 'parameter_missing' })
        return
      }
      answer(
        response,
        200,
        { id: next('re'), object: 'refund', amount: Number(form.amount), status: 'succeeded' },
        key,
      )
      return
    }
    if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      answer(
        response,
        200,
        {
          id: next('bps'),
          object: 'billing_portal.session',
          url: `https://billing.stripe.test/p/session/${form.customer}`,
        },
        key,
      )
      return
    }
    stripeError(response, 404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))

  const fake: FakeStripe = {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    secretKey,
    webhookSecret,
    received,
    declineNextCharge: false,
    failNext: false,
    nextProrationAmount: 0,
    prices: new Map(),
    payCheckout(sessionId, options = {}) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`no session ${sessionId}`)
      const form = session.form as Record<string, string>
      const created = Math.floor((options.at ?? new Date()).getTime() / 1000)
      const customer = form.customer ?? next('cus')
      const metadata = {
        checkout_id: form['subscription_data[metadata][checkout_id]'] ?? '',
        member_id: form['subscription_data[metadata][member_id]'] ?? '',
      }
      const periodEnd = created + 30 * 86_400
      const sub: FakeSubscription = {
        id: next('sub'),
        customer,
        status: 'active',
        cancel_at_period_end: false,
        current_period_start: created,
        current_period_end: periodEnd,
        itemId: next('si'),
        price: form['line_items[0][price]'] ?? '',
        metadata,
      }
      subscriptions.set(sub.id, sub)
      const amount = fake.prices.get(sub.price)?.amount ?? 0
      const invoice = invoiceJson(
        sub,
        'subscription_create',
        amount,
        { start: created, end: periodEnd },
        false,
      )
      return {
        'checkout.session.completed': event(
          'checkout.session.completed',
          {
            id: sessionId,
            object: 'checkout.session',
            mode: 'subscription',
            payment_status: 'paid',
            status: 'complete',
            client_reference_id: form.client_reference_id,
            metadata: { checkout_id: form['metadata[checkout_id]'], member_id: form['metadata[member_id]'] },
            customer,
            subscription: sub.id,
            invoice: invoice.id,
            amount_total: amount,
          },
          created,
        ),
        'customer.subscription.created': event(
          'customer.subscription.created',
          subscriptionJson(sub),
          created,
        ),
        'invoice.paid': event('invoice.paid', invoice, created),
      }
    },
    renew(subscriptionId, periodEnd) {
      const sub = subscriptions.get(subscriptionId)
      if (!sub) throw new Error(`no subscription ${subscriptionId}`)
      const start = sub.current_period_end
      sub.current_period_start = start
      sub.current_period_end = Math.floor(periodEnd.getTime() / 1000)
      const amount = fake.prices.get(sub.price)?.amount ?? 0
      return {
        'customer.subscription.updated': event('customer.subscription.updated', subscriptionJson(sub), start),
        'invoice.paid': event(
          'invoice.paid',
          invoiceJson(sub, 'subscription_cycle', amount, { start, end: sub.current_period_end }, false),
          start + 3600,
        ),
      }
    },
    subscription: (id) => subscriptions.get(id),
    sign(event, options = {}) {
      const body = JSON.stringify(event)
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000)
      return { body, signature: stripeSignatureOf(body, options.secret ?? webhookSecret, timestamp) }
    },
    reset() {
      received.length = 0
      fake.declineNextCharge = false
      fake.failNext = false
    },
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  return fake
}
