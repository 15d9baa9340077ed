/**
 * Buying a plan with PAYMENTS_PROVIDER=stripe against a local stand-in that speaks Stripe's API (fake-stripe.ts):
 * the calls we make (form bodies, Bearer key, pinned version, Idempotency-Key), webhooks signed the way Stripe signs
 * them and refused when they are not, events in any order and delivered twice, upgrades charged by Stripe (and
 * declined), renewal, cancellation, the refund, the Customer Portal.
 */

import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type {
  BillingState,
  CheckoutStart,
  CheckoutView,
  PaymentPage,
  PortalLink,
} from '#contracts/billing-rules.ts'
import { billingCheckouts, billingProviderEvents } from '#server/modules/billing/billing.sql.ts'
import { subscriptions as subscriptionsTable } from '#server/modules/subscriptions/subscriptions.sql.ts'
import { stripeApiVersion } from '#server/providers/payments/stripe-payments.ts'
import { stripeSignatureOf } from '#server/providers/payments/stripe-webhooks.ts'
import { type FakeStripe, startFakeStripe } from '#server/providers/payments/testing/fake-stripe.ts'
import {
  createReaderClients,
  dataOf,
  expectFailure,
  type ReaderClient,
} from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const readers = createReaderClients({ ipPrefix: '10.62', phonePrefix: '5162' })
let runtime: TestRuntime
let stripe: FakeStripe

const prices = {
  base: 'price_fake_base_month_usd',
  plus: 'price_fake_plus_month_usd',
  premium: 'price_fake_premium_month_usd',
} as const

beforeAll(async () => {
  stripe = await startFakeStripe()
  runtime = await createTestRuntime(
    {
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: `${stripe.baseUrl}/`,
    },
    { smsSender: readers.smsSender },
  )
  readers.bind(runtime)
  const amounts = { base: 1999, plus: 3999, premium: 7999 }
  for (const tier of ['base', 'plus', 'premium'] as const) {
    stripe.prices.set(prices[tier], { amount: amounts[tier], currency: 'usd' })
    await runtime.services.billing.setPrice({
      tier,
      period: 'month',
      currency: 'USD',
      amountMinor: amounts[tier],
      stripePriceId: prices[tier],
    })
  }
})
afterAll(async () => {
  await runtime.close()
  await stripe.close()
})
beforeEach(() => stripe.reset())

/** The `data.object` of a Stripe event the stand-in wrote. */
function objectOf(event: Record<string, unknown> | undefined): Record<string, string> {
  return ((event?.data as { object?: Record<string, string> } | undefined)?.object ?? {}) as Record<
    string,
    string
  >
}

function deliver(event: Record<string, unknown>, options: { timestamp?: number; secret?: string } = {}) {
  const { body, signature } = stripe.sign(event, options)
  return deliverRaw(body, signature)
}

function deliverRaw(body: string, signature: string | undefined) {
  return runtime.app.inject({
    method: 'POST',
    url: '/api/portal/billing/webhooks/stripe',
    headers: {
      host: 'en.localhost:3000',
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload: body,
  })
}

async function startCheckout(client: ReaderClient, tier: 'base' | 'plus' | 'premium' = 'plus') {
  const start = dataOf<CheckoutStart>(
    await readers.send(client, 'POST', '/billing/checkout', { tier, period: 'month' }),
  )
  const sessionId = start.redirectUrl.split('/').at(-1) ?? ''
  return { start, sessionId }
}

async function subscribed(client: ReaderClient, tier: 'base' | 'plus' | 'premium' = 'plus') {
  const { start, sessionId } = await startCheckout(client, tier)
  const events = stripe.payCheckout(sessionId)
  for (const name of ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'])
    expect((await deliver(events[name] ?? {})).statusCode).toBe(200)
  const subscriptionId = String(objectOf(events['customer.subscription.created']).id)
  return { start, sessionId, subscriptionId, events }
}

async function diagnosesPerMonth(client: ReaderClient) {
  return dataOf<{ monthlyLimit: number }>(await readers.get(client, '/member/quota', { kind: 'diagnosis' }))
    .monthlyLimit
}

async function paymentsOf(client: ReaderClient) {
  return dataOf<PaymentPage>(await readers.get(client, '/billing/payments'))
}

async function countRows() {
  const db = runtime.database.db
  const [events] = await db.select({ n: count() }).from(billingProviderEvents)
  const [subs] = await db.select({ n: count() }).from(subscriptionsTable)
  return { events: events?.n ?? 0, subscriptions: subs?.n ?? 0 }
}

describe('checkout through Stripe', () => {
  it('creates a subscription-mode Checkout Session for the catalogue price, with our ids and an idempotency key', async () => {
    const member = await readers.newMember()
    const { start, sessionId } = await startCheckout(member, 'plus')
    expect(start).toMatchObject({ provider: 'stripe', isDemo: false })
    expect(start.redirectUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`)
    const call = stripe.received.find((r) => r.path === '/v1/checkout/sessions')
    expect(call).toMatchObject({
      method: 'POST',
      authorization: `Bearer ${stripe.secretKey}`,
      stripeVersion: stripeApiVersion,
      contentType: 'application/x-www-form-urlencoded',
      idempotencyKey: `checkout-${start.checkoutId}`,
    })
    expect(call?.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': prices.plus,
      'line_items[0][quantity]': '1',
      client_reference_id: start.checkoutId,
      'metadata[checkout_id]': start.checkoutId,
      'subscription_data[metadata][checkout_id]': start.checkoutId,
      success_url: `http://en.localhost:3000/subscribe?checkout=${start.checkoutId}`,
      cancel_url: `http://en.localhost:3000/subscribe?checkout=${start.checkoutId}&outcome=cancelled`,
    })
  })

  it('puts the plan in force when the events arrive in order, with Stripe’s receipt link', async () => {
    const member = await readers.newMember()
    const { start } = await subscribed(member, 'plus')
    expect(await diagnosesPerMonth(member)).toBe(30)
    expect(
      dataOf<CheckoutView>(await readers.get(member, `/billing/checkout/${start.checkoutId}`)).status,
    ).toBe('paid')
    const payments = await paymentsOf(member)
    expect(payments.rows).toHaveLength(1)
    expect(payments.rows[0]).toMatchObject({
      kind: 'checkout',
      amountMinor: 3999,
      isDemo: false,
      provider: 'stripe',
    })
    expect(payments.rows[0]?.receiptUrl).toMatch(/^https:\/\/invoice\.stripe\.test\/i\/in_/)
  })

  it('starts the 7-day refund window when the reader paid, however late the word arrives', async () => {
    for (const first of ['checkout.session.completed', 'invoice.paid'] as const) {
      const member = await readers.newMember()
      const { start, sessionId } = await startCheckout(member, 'base')
      // Paid five days ago; Stripe's deliveries failed until now.
      const paidAt = new Date(Date.now() - 5 * 86_400_000)
      await runtime.database.db
        .update(billingCheckouts)
        .set({ createdAt: new Date(paidAt.getTime() - 60_000) })
        .where(eq(billingCheckouts.id, start.checkoutId))
      const events = stripe.payCheckout(sessionId, { at: paidAt })
      const rest = ['checkout.session.completed', 'customer.subscription.created', 'invoice.paid'].filter(
        (name) => name !== first,
      )
      for (const name of [first, ...rest]) expect((await deliver(events[name] ?? {})).statusCode).toBe(200)
      const state = dataOf<BillingState>(await readers.get(member, '/billing/state'))
      expect(state.actions.refund, first).toMatchObject({
        allowed: true,
        deadline: new Date(Math.floor(paidAt.getTime() / 1000) * 1000 + 7 * 86_400_000).toISOString(),
      })
    }
  })

  it('is not broken by events in another order, nor by deliveries repeated', async () => {
    const member = await readers.newMember()
    const { start, sessionId } = await startCheckout(member, 'premium')
    const events = stripe.payCheckout(sessionId)
    const order = ['customer.subscription.created', 'invoice.paid', 'checkout.session.completed'] as const
    for (const name of order) {
      const answer = dataOf<{ received: true; duplicate: boolean }>(await deliver(events[name] ?? {}))
      expect(answer.duplicate).toBe(false)
      expect(await diagnosesPerMonth(member)).toBe(60) // in force from the first event on
    }
    for (const name of order) {
      expect(dataOf<{ duplicate: boolean }>(await deliver(events[name] ?? {})).duplicate).toBe(true)
    }
    // Retried concurrently too.
    await Promise.all([deliver(events['invoice.paid'] ?? {}), deliver(events['invoice.paid'] ?? {})])
    const payments = await paymentsOf(member)
    expect(payments.rows).toHaveLength(1)
    expect(payments.rows[0]?.receiptUrl).not.toBeNull()
    const memberId = (
      await runtime.services.accounts.identifyReader({
        token: member.token,
        deviceId: member.device,
        ip: member.ip,
      })
    ).reader.memberId
    const history = await runtime.services.subscriptions.listMemberChanges(memberId ?? '')
    expect(history.map((c) => c.kind)).toEqual(['checkout'])
    expect(
      dataOf<CheckoutView>(await readers.get(member, `/billing/checkout/${start.checkoutId}`)).status,
    ).toBe('paid')
  })

  it('marks an expired session failed', async () => {
    const member = await readers.newMember()
    const { start, sessionId } = await startCheckout(member)
    await deliver({
      id: `evt_expired_${sessionId}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'checkout.session.expired',
      data: {
        object: { id: sessionId, object: 'checkout.session', metadata: { checkout_id: start.checkoutId } },
      },
    })
    expect(
      dataOf<CheckoutView>(await readers.get(member, `/billing/checkout/${start.checkoutId}`)).status,
    ).toBe('expired')
  })

  it('answers 503 and starts nothing when Stripe fails', async () => {
    const member = await readers.newMember()
    stripe.failNext = true
    expectFailure(
      await readers.send(member, 'POST', '/billing/checkout', { tier: 'base', period: 'month' }),
      503,
      'BILLING_PROVIDER_FAILED',
    )
  })
})

describe('webhook signatures', () => {
  it('refuses a delivery that is unsigned, signed with another secret, altered, replayed late or malformed, and writes nothing', async () => {
    const member = await readers.newMember()
    const { sessionId } = await startCheckout(member)
    const event = stripe.payCheckout(sessionId)['checkout.session.completed'] ?? {}
    const before = await countRows()
    const { body, signature } = stripe.sign(event)
    const attempts = [
      await deliverRaw(body, undefined),
      await deliver(event, { secret: 'whsec_someone_else' }),
      await deliverRaw(body.replace('"paid"', '"paid" '), signature),
      await deliverRaw(JSON.stringify(JSON.parse(body), null, 2), signature), // re-serialised: not the bytes signed
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }),
      await deliver(event, { timestamp: Math.floor(Date.now() / 1000) + 301 }),
      await deliverRaw(body, 't=abc,v1=zz'),
      await deliverRaw(body, `${signature.split(',')[0]},v1=${'0'.repeat(64)}`),
    ]
    for (const attempt of attempts) expectFailure(attempt, 400, 'BILLING_WEBHOOK_SIGNATURE_INVALID')
    expect(await countRows()).toEqual(before)
    expect(await diagnosesPerMonth(member)).toBe(10)
    // The same event, signed properly and just within the tolerance, is taken.
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 290 })).statusCode).toBe(200)
    expect(await diagnosesPerMonth(member)).toBe(30)
  })

  it('refuses a correctly signed delivery that is not an event with its own code, and writes nothing', async () => {
    const before = await countRows()
    const seconds = Math.floor(Date.now() / 1000)
    for (const body of [
      '{"id":',
      'null',
      '[]',
      '"evt_1"',
      JSON.stringify({ type: 'invoice.paid', data: {} }),
    ]) {
      const response = await deliverRaw(body, stripeSignatureOf(body, stripe.webhookSecret, seconds))
      expectFailure(response, 400, 'BILLING_WEBHOOK_EVENT_MALFORMED')
    }
    expect(await countRows()).toEqual(before)
  })

  it('accepts any of several v1 signatures (a secret being rolled)', async () => {
    const member = await readers.newMember()
    const { sessionId } = await startCheckout(member)
    const event = stripe.payCheckout(sessionId)['checkout.session.completed'] ?? {}
    const { body, signature } = stripe.sign(event)
    const [t, v1] = signature.split(',')
    expect((await deliverRaw(body, `${t},v1=${'a'.repeat(64)},${v1},v0=legacy`)).statusCode).toBe(200)
  })
})

describe('changing a Stripe subscription', () => {
  it('upgrades with Stripe’s proration charged now, and records Stripe’s amount', async () => {
    const member = await readers.newMember()
    const { subscriptionId } = await subscribed(member, 'base')
    stripe.nextProrationAmount = 3987
    const state = dataOf<BillingState>(
      await readers.send(member, 'POST', '/billing/upgrade', { tier: 'premium' }),
    )
    expect(state.subscription?.tier).toBe('premium')
    expect(await diagnosesPerMonth(member)).toBe(60)
    const update = stripe.received.find(
      (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscriptionId}`,
    )
    expect(update?.form).toMatchObject({
      'items[0][price]': prices.premium,
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
      'expand[0]': 'latest_invoice',
    })
    expect(update?.idempotencyKey).toMatch(/^upgrade-/)
    const upgrade = (await paymentsOf(member)).rows.find((p) => p.kind === 'upgrade')
    expect(upgrade).toMatchObject({ amountMinor: 3987, tier: 'premium' })
    expect(upgrade?.receiptUrl).toMatch(/^https:\/\/invoice\.stripe\.test\//)
  })

  it('changes nothing when the card is declined', async () => {
    const member = await readers.newMember()
    await subscribed(member, 'base')
    stripe.declineNextCharge = true
    expectFailure(
      await readers.send(member, 'POST', '/billing/upgrade', { tier: 'plus' }),
      409,
      'BILLING_PAYMENT_DECLINED',
    )
    expect(await diagnosesPerMonth(member)).toBe(20)
    expect((await paymentsOf(member)).rows).toHaveLength(1)
  })

  it('schedules a downgrade as the price from the next renewal, without proration', async () => {
    const member = await readers.newMember()
    const { subscriptionId } = await subscribed(member, 'premium')
    await readers.send(member, 'POST', '/billing/downgrade', { tier: 'base' })
    const update = stripe.received
      .filter((r) => r.path === `/v1/subscriptions/${subscriptionId}` && r.method === 'POST')
      .at(-1)
    expect(update?.form).toMatchObject({ 'items[0][price]': prices.base, proration_behavior: 'none' })
    expect(await diagnosesPerMonth(member)).toBe(60)
    // Stripe's snapshot now names the base price: still premium until the renewal.
    const snapshot = stripe.subscription(subscriptionId)
    expect(snapshot?.price).toBe(prices.base)
    // Renewal: the new period is base.
    const renewal = stripe.renew(subscriptionId, new Date(Date.now() + 60 * 86_400_000))
    await deliver(renewal['customer.subscription.updated'] ?? {})
    await deliver(renewal['invoice.paid'] ?? {})
    expect(await diagnosesPerMonth(member)).toBe(20)
    const payments = (await paymentsOf(member)).rows
    expect(payments.map((p) => [p.kind, p.tier, p.amountMinor])).toEqual([
      ['renewal', 'base', 1999],
      ['checkout', 'premium', 7999],
    ])
  })

  it('cancels renewal at Stripe, and an older snapshot delivered late does not undo it', async () => {
    const member = await readers.newMember()
    const { subscriptionId, events } = await subscribed(member, 'plus')
    const state = dataOf<BillingState>(await readers.send(member, 'POST', '/billing/cancel-renewal'))
    expect(state.subscription?.renewsOn).toBeNull()
    const call = stripe.received.find((r) => r.path === `/v1/subscriptions/${subscriptionId}`)
    expect(call?.form).toEqual({ cancel_at_period_end: 'true' })
    // A subscription.updated written before our call (cancel_at_period_end false), delivered now.
    const stale = structuredClone(events['customer.subscription.created'] ?? {})
    Object.assign(stale, {
      id: `${String(stale.id)}_late`,
      type: 'customer.subscription.updated',
      created: Number(stale.created) - 5,
    })
    await deliver(stale)
    expect(
      dataOf<BillingState>(await readers.get(member, '/billing/state')).subscription?.renewsOn,
    ).toBeNull()
    // Stripe ends it at the period's end.
    await deliver({
      id: `evt_deleted_${subscriptionId}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'customer.subscription.deleted',
      data: {
        object: {
          id: subscriptionId,
          object: 'subscription',
          status: 'canceled',
          ended_at: Math.floor(Date.now() / 1000),
        },
      },
    })
    expect(await diagnosesPerMonth(member)).toBe(10)
  })

  it('refunds through Stripe, ends the subscription there, and takes Stripe’s charge.refunded in its stride', async () => {
    const member = await readers.newMember()
    const { subscriptionId, events } = await subscribed(member, 'plus')
    const invoice = objectOf(events['invoice.paid'])
    const state = dataOf<BillingState>(await readers.send(member, 'POST', '/billing/refund'))
    expect(state.subscription).toBeNull()
    expect(await diagnosesPerMonth(member)).toBe(10)
    const refund = stripe.received.find((r) => r.path === '/v1/refunds')
    expect(refund?.form).toEqual({
      payment_intent: invoice.payment_intent,
      amount: '3999',
      reason: 'requested_by_customer',
    })
    expect(refund?.idempotencyKey).toMatch(/^refund-/)
    expect(
      stripe.received.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`),
    ).toBe(true)
    const chargeRefunded = {
      id: `evt_refunded_${subscriptionId}`,
      object: 'event',
      created: Math.floor(Date.now() / 1000),
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_fake',
          object: 'charge',
          payment_intent: invoice.payment_intent,
          invoice: invoice.id,
          amount_refunded: 3999,
          refunded: true,
        },
      },
    }
    expect((await deliver(chargeRefunded)).statusCode).toBe(200)
    const rows = (await paymentsOf(member)).rows
    expect(rows[0]).toMatchObject({ status: 'refunded', refundedMinor: 3999 })
  })

  it('opens the Customer Portal for the member’s Stripe customer', async () => {
    const member = await readers.newMember()
    const { events } = await subscribed(member, 'base')
    const customer = String(objectOf(events['invoice.paid']).customer)
    const link = dataOf<PortalLink>(
      await readers.send(member, 'POST', '/billing/portal', { returnPath: '/member/account' }),
    )
    expect(link.url).toBe(`https://billing.stripe.test/p/session/${customer}`)
    const call = stripe.received.find((r) => r.path === '/v1/billing_portal/sessions')
    expect(call?.form).toEqual({ customer, return_url: 'http://en.localhost:3000/member/account' })
    expect(call?.idempotencyKey).toBeTruthy()
  })
})
