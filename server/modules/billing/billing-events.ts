/**
 * The one completion path: every `PaymentEvent` — the demo checkout page's outcome, a demo renewal, a verified
 * Stripe webhook — is applied here, once. Each event runs in one transaction that first remembers its id
 * (billing_provider_events): a duplicate finds the row and does nothing; a failure rolls the row back with the
 * change, so the provider's retry applies it.
 *
 * Order does not matter. Any event about a subscription we have not started yet carries our checkout id (Stripe:
 * the subscription's metadata), so whichever arrives first — checkout.session.completed, invoice.paid or
 * customer.subscription.updated — completes the checkout and starts the subscription, under a lock on the checkout
 * row; the others find it done. A payment is one row however often it is reported. A renewal only moves the paid
 * period forward, and a subscription snapshot older than the last one applied (or than our own last call to the
 * provider) is ignored. An ended or refunded subscription stays so.
 */
import type { Currency, PaymentsProviderName, SubscriptionPeriod, Tier } from '#contracts/billing-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import {
  periodEnd as periodEndOf,
  type SubscriptionRow,
  type SubscriptionService,
} from '#server/modules/subscriptions/subscriptions.service.ts'
import type { PaymentEvent } from '#server/providers/payments/payments-provider.ts'
import {
  findCheckout,
  insertProviderEventIfNew,
  recordPaymentRefund,
  selectPaymentsByRefs,
  selectPriceByStripeId,
  updateCheckout,
  upsertPayment,
} from './billing.repo.ts'
import type { BillingMail } from './billing-mail.ts'
import type { BillingLog } from './billing-terms.ts'

const tierRank: Record<Tier, number> = { base: 0, plus: 1, premium: 2 }

/** Stripe statuses in which the paid period stands; past_due and the rest stop access at the period's start. */
const statusesInForce = new Set(['active', 'trialing'])

/** How far the provider's period boundaries may differ from ours and still be the same instant. */
const periodClockSlackMs = 60 * 60 * 1000

/**
 * When a paid subscription starts — and with it the 7-day refund window: when the provider says the reader paid, not
 * when its word reached us (a webhook retried for hours must not stretch the window). A time after ours is the
 * provider's clock running ahead (now, then); one before the checkout was opened is no payment time at all (a missing
 * stamp read as 1970), so the checkout's opening bounds it.
 */
export function startOfPaidSubscription(paidAt: Date | null, checkoutOpenedAt: Date, now: Date): Date {
  if (!paidAt || paidAt > now) return now
  return paidAt < checkoutOpenedAt ? checkoutOpenedAt : paidAt
}

export function createPaymentEventHandler({
  db,
  clock,
  subscriptions,
  providerName,
  mail,
  log,
}: {
  db: Db
  clock: Clock
  subscriptions: SubscriptionService
  providerName: PaymentsProviderName
  /** The member's receipts and failing-payment notices, queued once the event is applied. */
  mail?: BillingMail | undefined
  log?: BillingLog | undefined
}) {
  /** What an event's transaction found worth mailing: sent after it commits, so a rolled-back event mails nothing. */
  type Notice = () => Promise<unknown>

  async function planOfStripePrice(tx: Db, stripePriceId: string | null) {
    return stripePriceId ? selectPriceByStripeId(tx, stripePriceId) : undefined
  }

  /**
   * Completes a checkout the provider says is paid, once: starts the subscription through the subscription
   * service and marks the checkout paid. Answers the subscription (the existing one when already completed).
   */
  async function completeCheckout(
    tx: Db,
    input: {
      checkoutId: string
      providerSubscriptionId: string
      providerCustomerId: string | null
      /** The payment's own time, by the provider's clock. */
      paidAt?: Date | null
      periodStart?: Date | null
      periodEnd?: Date | null
    },
  ): Promise<SubscriptionRow | undefined> {
    const checkout = await findCheckout(tx, input.checkoutId, { forUpdate: true })
    if (!checkout) return undefined
    if (checkout.subscriptionId)
      return subscriptions.findSubscription(checkout.subscriptionId, { tx, forUpdate: true })
    const now = clock.now()
    if (!checkout.memberId) {
      // The member deleted their account before the provider's word arrived: the payment is still recorded.
      await updateCheckout(tx, checkout.id, { status: 'paid', completedAt: now })
      return undefined
    }
    const startsAt = startOfPaidSubscription(
      input.paidAt ?? input.periodStart ?? null,
      checkout.createdAt,
      now,
    )
    const subscription = await subscriptions.startPaidSubscription(
      {
        memberId: checkout.memberId,
        tier: checkout.tier,
        period: checkout.period,
        provider: providerName,
        providerSubscriptionId: input.providerSubscriptionId,
        providerCustomerId: input.providerCustomerId,
        currency: checkout.currency,
        priceMinor: checkout.amountMinor,
        startsAt,
        endsAt:
          input.periodEnd && input.periodEnd > now ? input.periodEnd : periodEndOf(startsAt, checkout.period),
      },
      { actor: 'provider', reference: checkout.id },
      tx,
    )
    await updateCheckout(tx, checkout.id, {
      status: 'paid',
      completedAt: now,
      subscriptionId: subscription.id,
    })
    return subscription
  }

  async function subscriptionOf(
    tx: Db,
    providerSubscriptionId: string,
    completion: {
      checkoutId: string | null
      providerCustomerId: string | null
      paidAt?: Date | null
      periodStart?: Date | null
      periodEnd?: Date | null
    } | null,
  ): Promise<SubscriptionRow | undefined> {
    const found = await subscriptions.findByProviderSubscription(providerName, providerSubscriptionId, {
      tx,
      forUpdate: true,
    })
    if (found || !completion?.checkoutId) return found
    return completeCheckout(tx, { ...completion, checkoutId: completion.checkoutId, providerSubscriptionId })
  }

  async function applyPayment(
    tx: Db,
    event: Extract<PaymentEvent, { type: 'payment.succeeded' }>,
    notices: Notice[],
  ) {
    let subscription = await subscriptionOf(tx, event.providerSubscriptionId, {
      checkoutId: event.checkoutId,
      providerCustomerId: event.providerCustomerId,
      ...(event.reason === 'create'
        ? { paidAt: event.payment.paidAt, periodStart: event.periodStart, periodEnd: event.periodEnd }
        : {}),
    })
    if (!subscription) return
    const plan = await planOfStripePrice(tx, event.stripePriceId)
    const cause = { actor: 'provider' as const, reference: event.payment.providerPaymentId }
    if (event.reason === 'cycle' && subscription.status === 'active') {
      subscription = await subscriptions.renewSubscription(
        subscription,
        {
          periodStartsAt: event.periodStart,
          endsAt: event.periodEnd,
          tier: plan?.tier,
          period: plan?.period,
          priceMinor: event.payment.amountMinor,
        },
        cause,
        tx,
      )
    }
    const checkout = event.reason === 'create' ? event.checkoutId : null
    const recorded = await upsertPayment(tx, {
      memberId: subscription.memberId,
      subscriptionId: subscription.id,
      checkoutId: checkout,
      kind: event.reason === 'create' ? 'checkout' : event.reason === 'cycle' ? 'renewal' : 'upgrade',
      provider: providerName,
      providerPaymentId: event.payment.providerPaymentId,
      providerChargeRef: event.payment.chargeRef,
      tier: plan?.tier ?? subscription.tier,
      period: plan?.period ?? subscription.period,
      currency: event.payment.currency,
      amountMinor: event.payment.amountMinor,
      paidAt: event.payment.paidAt,
      receiptUrl: event.payment.receiptUrl,
    })
    const payment = recorded.row
    const memberId = payment.memberId
    if (recorded.isNew && memberId && mail)
      notices.push(() =>
        mail.sendPaymentReceipt({
          memberId,
          paymentId: payment.providerPaymentId,
          receiptKey: payment.id,
          tier: payment.tier,
          period: payment.period,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          paidAt: payment.paidAt,
        }),
      )
  }

  async function applySubscriptionSnapshot(
    tx: Db,
    event: Extract<PaymentEvent, { type: 'subscription.updated' }>,
    notices: Notice[],
  ) {
    const inForce = statusesInForce.has(event.status)
    let subscription = await subscriptionOf(
      tx,
      event.providerSubscriptionId,
      inForce
        ? {
            checkoutId: event.checkoutId,
            providerCustomerId: event.providerCustomerId,
            periodStart: event.periodStart,
            periodEnd: event.periodEnd,
          }
        : null,
    )
    if (subscription?.status !== 'active') return
    if (subscription.providerSyncedAt && event.occurredAt < subscription.providerSyncedAt) return
    const cause = { actor: 'provider' as const, reference: event.eventId }
    const plan = await planOfStripePrice(tx, event.stripePriceId)
    if (!inForce) {
      // Renewal not paid (past_due, unpaid…): the new period is not granted.
      const stop =
        event.periodStart && event.periodStart < subscription.endsAt ? event.periodStart : undefined
      const failing = subscription
      if (mail && event.status === 'past_due')
        notices.push(() =>
          mail.sendPaymentFailing({
            memberId: failing.memberId,
            subscriptionId: failing.id,
            tier: failing.tier,
            periodEndsAt: failing.endsAt,
          }),
        )
      await subscriptions.applyProviderState(subscription, { endsAt: stop }, event.occurredAt, cause, tx)
      return
    }
    // A period that starts where ours ends (give or take the provider's clock) is the next one: a renewal. Otherwise
    // it is the period in force, and the provider's end of it is the one that counts.
    const isNextPeriod =
      event.periodStart !== null &&
      event.periodEnd !== null &&
      event.periodStart.getTime() >= subscription.endsAt.getTime() - periodClockSlackMs
    if (isNextPeriod && event.periodStart && event.periodEnd) {
      subscription = await subscriptions.renewSubscription(
        subscription,
        {
          periodStartsAt: event.periodStart,
          endsAt: event.periodEnd,
          tier: plan?.tier,
          period: plan?.period,
          priceMinor: plan?.amountMinor,
        },
        cause,
        tx,
      )
    }
    // A higher tier set at the provider (its portal) is an upgrade in force now; a lower one waits for renewal.
    const upgradedElsewhere = plan && tierRank[plan.tier] > tierRank[subscription.tier]
    await subscriptions.applyProviderState(
      subscription,
      {
        cancelAtPeriodEnd: event.cancelAtPeriodEnd,
        ...(upgradedElsewhere ? { tier: plan.tier } : {}),
        ...(!isNextPeriod && event.periodEnd ? { endsAt: event.periodEnd } : {}),
      },
      event.occurredAt,
      cause,
      tx,
    )
  }

  async function apply(tx: Db, event: PaymentEvent, notices: Notice[]): Promise<void> {
    switch (event.type) {
      case 'checkout.completed':
        await completeCheckout(tx, event)
        return
      case 'checkout.failed': {
        const checkout = await findCheckout(tx, event.checkoutId, { forUpdate: true })
        if (checkout?.status === 'open')
          await updateCheckout(tx, checkout.id, {
            status: event.expired ? 'expired' : 'failed',
            completedAt: clock.now(),
          })
        return
      }
      case 'payment.succeeded':
        await applyPayment(tx, event, notices)
        return
      case 'subscription.updated':
        await applySubscriptionSnapshot(tx, event, notices)
        return
      case 'subscription.deleted': {
        const subscription = await subscriptions.findByProviderSubscription(
          providerName,
          event.providerSubscriptionId,
          {
            tx,
            forUpdate: true,
          },
        )
        if (subscription)
          await subscriptions.endPaidSubscription(
            subscription,
            event.endedAt,
            { actor: 'provider', reference: event.eventId },
            tx,
          )
        return
      }
      case 'charge.refunded': {
        for (const payment of await selectPaymentsByRefs(tx, providerName, event.refs))
          await recordPaymentRefund(
            tx,
            payment.id,
            Math.min(payment.amountMinor, event.amountRefundedMinor),
            event.occurredAt,
          )
        return
      }
      case 'ignored':
        return
    }
  }

  /** Applies one provider event, once. `duplicate`: its id was handled before, nothing done. */
  async function processPaymentEvent(event: PaymentEvent): Promise<'processed' | 'duplicate'> {
    const notices: Notice[] = []
    const outcome = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const isNew = await insertProviderEventIfNew(tx, {
        provider: providerName,
        eventId: event.eventId,
        type: event.type === 'ignored' ? event.providerType : event.type,
        occurredAt: event.occurredAt,
        processedAt: clock.now(),
      })
      if (!isNew) return 'duplicate'
      await apply(tx, event, notices)
      return 'processed' as const
    })
    // The event stands whatever happens to its mail: a failure to queue one is logged, not the event's failure.
    // (A process stopped between the commit and here sends no receipt; the payment history still shows it.)
    for (const notice of notices)
      await notice().catch((error: unknown) =>
        log?.warn({ eventId: event.eventId, err: error }, 'billing mail not queued'),
      )
    return outcome
  }

  return { processPaymentEvent, completeCheckout }
}

export type PaymentEventHandler = ReturnType<typeof createPaymentEventHandler>

/** The price fields billing keeps on a payment or checkout. */
export interface PlanPrice {
  tier: Tier
  period: SubscriptionPeriod
  currency: Currency
  amountMinor: number
}
