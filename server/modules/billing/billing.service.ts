/**
 * Billing: buying a plan and changing it (issue 13; spec §1, §4, §6, §8, §9) — the service (`services.billing`)
 * that billing's routes, the account page and the console call. It composes the use cases, each in its own file:
 *
 *   billing-prices.ts     the price catalogue (listPrices; setPrice and listAllPrices for operators)
 *   billing-checkout.ts   buying a plan (startCheckout, getCheckout, completeDemoCheckout)
 *   plan-changes.ts       upgrade, downgrade, cancel and resume renewal, the 7-day refund
 *   billing-renewals.ts   renewals billing charges itself (renewDueSubscriptions); reminders (remindRenewals)
 *   billing-events.ts     what happened at the provider, applied by one path (processPaymentEvent)
 *
 * and answers the reader's billing state, the payment history, the provider's portal, Stripe's webhooks and the
 * closing of a member's billing itself. Decides the rules (CONTEXT.md); leaves the tier in force to subscriptions
 * (written only through its service), money to the payments adapter (asked what it can do, never its name), and
 * members to accounts.
 */

import type { PaymentListQuery } from '#contracts/billing.ts'
import {
  type BillingState,
  BillingErrorCode as Code,
  currencyOfRegion,
  type PaymentPage,
  type PaymentRow,
  type PortalLink,
} from '#contracts/billing-rules.ts'
import type { Region } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type {
  SubscriptionRow,
  SubscriptionService,
} from '#server/modules/subscriptions/subscriptions.service.ts'
import {
  type PaymentEvent,
  type PaymentsProvider,
  WebhookEventMalformedError,
  WebhookSignatureError,
} from '#server/providers/payments/payments-provider.ts'
import type { PaymentsConfig } from './billing.config.ts'
import { type PaymentRowRecord, selectMemberPayments, selectSubscriptionPayments } from './billing.repo.ts'
import { createCheckouts } from './billing-checkout.ts'
import { createPaymentEventHandler } from './billing-events.ts'
import type { BillingMail } from './billing-mail.ts'
import { createBillingPrices } from './billing-prices.ts'
import { createRenewals } from './billing-renewals.ts'
import { billingStateOf } from './billing-state.ts'
import { type BillingLog, conflict, memberOf, providerFailure } from './billing-terms.ts'
import { createPlanChanges } from './plan-changes.ts'

function toPaymentRow(row: PaymentRowRecord): PaymentRow {
  return {
    id: row.id,
    kind: row.kind,
    status:
      row.refundedMinor === 0
        ? 'paid'
        : row.refundedMinor >= row.amountMinor
          ? 'refunded'
          : 'partially_refunded',
    tier: row.tier,
    period: row.period,
    currency: row.currency,
    amountMinor: row.amountMinor,
    refundedMinor: row.refundedMinor,
    paidAt: row.paidAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
    provider: row.provider,
    isDemo: row.provider === 'demo',
    receiptUrl: row.receiptUrl,
  }
}

export function createBillingService({
  db,
  clock,
  payments,
  siteOrigins,
  provider,
  subscriptions,
  mail,
  log,
}: {
  db: Db
  clock: Clock
  payments: PaymentsConfig
  siteOrigins: Record<Region, string>
  provider: PaymentsProvider
  subscriptions: SubscriptionService
  /** The member's transactional mail (receipts, refund, renewal reminders, failing payments); none without it. */
  mail?: BillingMail | undefined
  log: BillingLog
}) {
  const events = createPaymentEventHandler({
    db,
    clock,
    subscriptions,
    providerName: provider.name,
    mail,
    log,
  })
  const prices = createBillingPrices({ db, payments, provider })

  async function refundableOf(subscription: SubscriptionRow | undefined): Promise<PaymentRowRecord[]> {
    if (!subscription) return []
    return (await selectSubscriptionPayments(db, subscription.id)).filter(
      (p) => p.refundedMinor < p.amountMinor,
    )
  }

  /** The reader's plan and what they may do with it (`GET /billing/state`, and the account page's loader). */
  async function getBillingState(memberId: string, region: Region): Promise<BillingState> {
    const [inForce, latestPaid] = await Promise.all([
      subscriptions.findSubscriptionInForce(memberId),
      subscriptions.findLatestPaidSubscription(memberId),
    ])
    const [latestPaidIsFirst, refundable, pricedTiers] = await Promise.all([
      latestPaid ? subscriptions.isFirstPaidSubscription(latestPaid) : Promise.resolve(false),
      refundableOf(latestPaid),
      prices.pricedTiersOf(inForce?.source === 'billing' ? inForce : undefined),
    ])
    return billingStateOf({
      provider: provider.name,
      isDemo: provider.isDemo,
      hasPortal: provider.hasPortal,
      checkoutOpen: payments.checkoutOpen,
      currency: currencyOfRegion(region),
      now: clock.now(),
      inForce,
      latestPaid,
      latestPaidIsFirst,
      refundableMinor: refundable.reduce((sum, p) => sum + p.amountMinor - p.refundedMinor, 0),
      pricedTiers,
      hasProviderCustomer: Boolean(latestPaid?.providerCustomerId),
    })
  }

  /** `GET /billing/state`: the logged-in reader's (401 for a visitor). */
  async function getReaderState(reader: Reader, client: { region: Region }): Promise<BillingState> {
    return getBillingState(memberOf(reader), client.region)
  }

  const planChanges = createPlanChanges({
    db,
    clock,
    provider,
    subscriptions,
    priceOf: prices.priceOf,
    refundableOf,
    getBillingState,
    mail,
    log,
  })

  const checkouts = createCheckouts({
    db,
    clock,
    payments,
    siteOrigins,
    provider,
    subscriptions,
    prices,
    processPaymentEvent: events.processPaymentEvent,
    log,
  })
  const renewals = createRenewals({
    db,
    clock,
    provider,
    subscriptions,
    processPaymentEvent: events.processPaymentEvent,
    mail,
    log,
  })

  /** `GET /billing/payments`: the reader's payments, newest first, with receipt links. */
  async function listPayments(reader: Reader, query: PaymentListQuery): Promise<PaymentPage> {
    const { rows, total } = await selectMemberPayments(db, memberOf(reader), query)
    return { rows: rows.map(toPaymentRow), total, page: query.page, pageSize: query.pageSize }
  }

  /** The console's member page: a member's payments, newest first (support staff, not the member). */
  async function listMemberPayments(
    memberId: string,
    query: { page: number; pageSize: number },
  ): Promise<PaymentPage> {
    const { rows, total } = await selectMemberPayments(db, memberId, query)
    return { rows: rows.map(toPaymentRow), total, page: query.page, pageSize: query.pageSize }
  }

  /** `POST /billing/portal`: Stripe's Customer Portal for card changes and invoices. */
  async function openPortal(
    reader: Reader,
    returnPath: string,
    client: { region: Region },
  ): Promise<PortalLink> {
    const memberId = memberOf(reader)
    if (!provider.hasPortal) throw conflict(Code.portalUnavailable)
    const latestPaid = await subscriptions.findLatestPaidSubscription(memberId)
    if (!latestPaid?.providerCustomerId) throw conflict(Code.portalUnavailable)
    try {
      return await provider.openPortal({
        providerCustomerId: latestPaid.providerCustomerId,
        returnUrl: `${siteOrigins[client.region]}${returnPath}`,
      })
    } catch (error) {
      throw providerFailure(error)
    }
  }

  /**
   * `POST /billing/webhooks/stripe`: verified against the raw body by the adapter, then applied once. A bad signature,
   * or a correctly signed body that is not an event, is a 400 (each its own code) with nothing written; an event we cannot apply now throws (500), so Stripe retries it. An adapter that
   * reports no webhooks answers 404.
   */
  async function handleStripeWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate: boolean }> {
    if (!provider.readWebhook) throw new AppError('not_found', 'NOT_FOUND')
    let event: PaymentEvent
    try {
      event = provider.readWebhook(rawBody, signature, clock.now())
    } catch (error) {
      if (error instanceof WebhookSignatureError)
        throw new AppError('invalid', Code.webhookSignatureInvalid, { cause: error })
      if (error instanceof WebhookEventMalformedError)
        throw new AppError('invalid', Code.webhookEventMalformed, { cause: error })
      throw error
    }
    const outcome = await events.processPaymentEvent(event)
    return { received: true, duplicate: outcome === 'duplicate' }
  }

  /**
   * Before an account is deleted: the provider's subscription ends now (no refund), so nothing is charged again;
   * the payment records stay (their member becomes null).
   */
  async function closeBillingOfMember(memberId: string): Promise<void> {
    const subscription = await subscriptions.findSubscriptionInForce(memberId)
    if (!subscription?.providerSubscriptionId) return
    try {
      await provider.cancelNow({
        providerSubscriptionId: subscription.providerSubscriptionId,
        idempotencyKey: `cancel-${subscription.id}`,
      })
    } catch (error) {
      // Nothing is deleted while the provider might still charge: the reader can try again.
      throw providerFailure(error)
    }
  }

  return {
    provider: { name: provider.name, isDemo: provider.isDemo },
    listPrices: prices.listPrices,
    getBillingState,
    getReaderState,
    startCheckout: checkouts.startCheckout,
    getCheckout: checkouts.getCheckout,
    completeDemoCheckout: checkouts.completeDemoCheckout,
    ...planChanges,
    listPayments,
    listMemberPayments,
    openPortal,
    handleStripeWebhook,
    processPaymentEvent: events.processPaymentEvent,
    renewDueSubscriptions: renewals.renewDueSubscriptions,
    remindRenewals: renewals.remindRenewals,
    closeBillingOfMember,
    setPrice: prices.setPrice,
    listAllPrices: prices.listAllPrices,
  }
}

export type BillingService = ReturnType<typeof createBillingService>
