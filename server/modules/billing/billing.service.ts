/**
 * Billing: buying a plan and changing it (issue 13; spec §1, §4, §6, §8, §9) — the price catalogue, checkout,
 * upgrade (at once, prorated), downgrade (at renewal), cancel and resume renewal, the 7-day no-reason refund, the
 * payment history, renewals of the demo provider, and Stripe's webhooks. Decides the rules (CONTEXT.md); leaves the
 * tier in force to subscriptions (written only through its service), money to the payments adapter, and members
 * to accounts. What happened at the provider is applied by one path (billing-events.ts); changes to a paid plan
 * are plan-changes.ts.
 */

import type { CheckoutRequest, PaymentListQuery } from '#contracts/billing.ts'
import {
  type BillingState,
  type CheckoutStart,
  type CheckoutView,
  BillingErrorCode as Code,
  type Currency,
  currencyOfRegion,
  type DemoOutcome,
  monthsOfPeriod,
  type PaymentPage,
  type PaymentRow,
  type PortalLink,
  type PriceCatalogue,
  type SubscriptionPeriod,
  type Tier,
} from '#contracts/billing-rules.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import {
  periodEnd,
  type SubscriptionRow,
  type SubscriptionService,
} from '#server/modules/subscriptions/subscriptions.service.ts'
import {
  type PaymentEvent,
  type PaymentsProvider,
  WebhookSignatureError,
} from '#server/providers/payments/payments-provider.ts'
import type { PaymentsConfig } from './billing.config.ts'
import {
  type CheckoutRow,
  findCheckout,
  insertCheckout,
  type PaymentRowRecord,
  type PriceRow,
  selectMemberPayments,
  selectPrice,
  selectPrices,
  selectSubscriptionPayments,
  updateCheckout,
  upsertPrice,
} from './billing.repo.ts'
import { createPaymentEventHandler } from './billing-events.ts'
import { billingStateOf } from './billing-state.ts'
import { conflict, memberOf, providerFailure, toProviderPrice } from './billing-terms.ts'
import { createPlanChanges } from './plan-changes.ts'

/** Stripe's own Checkout Session lifetime; a demo checkout left open as long expires too. */
const checkoutLifetimeMs = 24 * 60 * 60 * 1000
/**
 * Subscriptions billing renews itself (the demo provider's) are renewed this long before their period ends, so no
 * one loses access in between.
 */
const renewalLeadMs = 10 * 60 * 1000

export interface BillingLog {
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

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

/** The whole-percent saving of a period against paying the tier's monthly price for as many months. */
function savingPercentOf(amountMinor: number, monthlyMinor: number | undefined, months: number): number {
  if (!monthlyMinor || months === 1) return 0
  const full = monthlyMinor * months
  return full > amountMinor ? Math.floor(((full - amountMinor) * 100) / full) : 0
}

export function createBillingService({
  db,
  clock,
  payments,
  siteOrigins,
  provider,
  subscriptions,
  log,
}: {
  db: Db
  clock: Clock
  payments: PaymentsConfig
  siteOrigins: Record<Region, string>
  provider: PaymentsProvider
  subscriptions: SubscriptionService
  log: BillingLog
}) {
  const events = createPaymentEventHandler({ db, clock, subscriptions, providerName: provider.name })

  function taxNoteOf(locale: Locale): string | null {
    return payments.taxNote[locale]
  }

  async function priceOf(tier: Tier, period: SubscriptionPeriod, currency: Currency): Promise<PriceRow> {
    const price = await selectPrice(db, { tier, period, currency })
    if (!price) throw new AppError('not_found', Code.priceNotFound)
    return price
  }

  /** `GET /billing/prices`: the catalogue in the region's currency, with per-month amounts and savings. */
  async function listPrices(region: Region, locale: Locale): Promise<PriceCatalogue> {
    const currency = currencyOfRegion(region)
    const rows = await selectPrices(db, currency)
    const monthly = new Map(rows.filter((r) => r.period === 'month').map((r) => [r.tier, r.amountMinor]))
    return {
      currency,
      provider: provider.name,
      isDemo: provider.isDemo,
      checkoutOpen: payments.checkoutOpen,
      taxNote: taxNoteOf(locale),
      prices: rows.map((row) => {
        const months = monthsOfPeriod[row.period]
        return {
          tier: row.tier,
          period: row.period,
          currency: row.currency,
          amountMinor: row.amountMinor,
          perMonthMinor: Math.round(row.amountMinor / months),
          savingPercent: savingPercentOf(row.amountMinor, monthly.get(row.tier), months),
          isDefault: row.isDefault,
        }
      }),
    }
  }

  async function pricedTiersOf(subscription: SubscriptionRow | undefined): Promise<Tier[]> {
    if (!subscription?.currency) return []
    const rows = await selectPrices(db, subscription.currency)
    return rows.filter((r) => r.period === subscription.period).map((r) => r.tier)
  }

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
      pricedTiersOf(inForce?.source === 'billing' ? inForce : undefined),
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
    priceOf,
    refundableOf,
    getBillingState,
  })

  function returnUrlOf(checkout: CheckoutRow, region: Region, outcome?: 'cancelled'): string {
    const separator = checkout.returnPath.includes('?') ? '&' : '?'
    const query = `checkout=${checkout.id}${outcome ? `&outcome=${outcome}` : ''}`
    return `${siteOrigins[region]}${checkout.returnPath}${separator}${query}`
  }

  function checkoutViewOf(checkout: CheckoutRow, region: Region, locale: Locale): CheckoutView {
    const now = clock.now()
    const status = checkout.status === 'open' && checkout.expiresAt <= now ? 'expired' : checkout.status
    const start = checkout.completedAt && checkout.status === 'paid' ? checkout.completedAt : now
    return {
      checkoutId: checkout.id,
      status,
      provider: checkout.provider,
      isDemo: checkout.provider === 'demo',
      tier: checkout.tier,
      period: checkout.period,
      currency: checkout.currency,
      amountMinor: checkout.amountMinor,
      renewsOn: periodEnd(start, checkout.period).toISOString(),
      taxNote: taxNoteOf(locale),
      returnUrl: returnUrlOf(checkout, region).slice(siteOrigins[region].length),
      createdAt: checkout.createdAt.toISOString(),
    }
  }

  /** `POST /billing/checkout`: a checkout at the catalogue's price in the region's currency, at the provider. */
  async function startCheckout(
    reader: Reader,
    request: CheckoutRequest,
    client: { region: Region },
  ): Promise<CheckoutStart> {
    const memberId = memberOf(reader)
    if (!payments.checkoutOpen) throw new AppError('unavailable', Code.checkoutClosed)
    const inForce = await subscriptions.findSubscriptionInForce(memberId)
    if (inForce?.source === 'billing') {
      throw conflict(
        inForce.tier === request.tier && inForce.period === request.period
          ? Code.alreadySubscribed
          : Code.hasSubscription,
      )
    }
    const price = await priceOf(request.tier, request.period, currencyOfRegion(client.region))
    if (provider.needsPriceId && !price.stripePriceId) {
      log.error(
        { tier: price.tier, period: price.period, currency: price.currency, provider: provider.name },
        'no provider price id for a catalogue price',
      )
      throw new AppError('unavailable', Code.checkoutClosed)
    }
    const now = clock.now()
    const checkout = await insertCheckout(db, {
      memberId,
      tier: price.tier,
      period: price.period,
      currency: price.currency,
      amountMinor: price.amountMinor,
      provider: provider.name,
      returnPath: request.returnPath,
      createdAt: now,
      expiresAt: new Date(now.getTime() + checkoutLifetimeMs),
    })
    const latestPaid = await subscriptions.findLatestPaidSubscription(memberId)
    let session: { providerCheckoutId: string | null; redirectUrl: string }
    try {
      session = await provider.startCheckout({
        checkoutId: checkout.id,
        memberId,
        providerCustomerId: latestPaid?.providerCustomerId ?? null,
        price: toProviderPrice(price),
        successUrl: returnUrlOf(checkout, client.region),
        cancelUrl: returnUrlOf(checkout, client.region, 'cancelled'),
      })
    } catch (error) {
      await events.processPaymentEvent({
        type: 'checkout.failed',
        eventId: `local_${checkout.id}_not_started`,
        occurredAt: now,
        checkoutId: checkout.id,
        expired: false,
      })
      throw providerFailure(error)
    }
    if (session.providerCheckoutId)
      await updateCheckout(db, checkout.id, { providerCheckoutId: session.providerCheckoutId })
    return {
      checkoutId: checkout.id,
      provider: provider.name,
      isDemo: provider.isDemo,
      redirectUrl: session.redirectUrl,
    }
  }

  async function ownCheckout(reader: Reader, checkoutId: string): Promise<CheckoutRow> {
    const memberId = memberOf(reader)
    const checkout = await findCheckout(db, checkoutId)
    if (!checkout || checkout.memberId !== memberId) throw new AppError('not_found', Code.checkoutNotFound)
    return checkout
  }

  async function getCheckout(
    reader: Reader,
    checkoutId: string,
    client: { region: Region; locale: Locale },
  ): Promise<CheckoutView> {
    return checkoutViewOf(await ownCheckout(reader, checkoutId), client.region, client.locale)
  }

  /**
   * `POST /billing/demo/complete`: the demo checkout page's pay or fail, turned into the events a provider's webhook
   * would bring and applied on the same completion path. Repeating the same outcome answers the same view.
   */
  async function completeDemoCheckout(
    reader: Reader,
    request: { checkoutId: string; outcome: DemoOutcome },
    client: { region: Region; locale: Locale },
  ): Promise<CheckoutView> {
    if (!provider.checkoutPageEvents) throw new AppError('not_found', 'NOT_FOUND')
    const checkout = await ownCheckout(reader, request.checkoutId)
    const view = checkoutViewOf(checkout, client.region, client.locale)
    if (view.status !== 'open') {
      if (view.status === request.outcome) return view
      throw conflict(Code.checkoutFinished)
    }
    const now = clock.now()
    for (const event of provider.checkoutPageEvents({
      checkoutId: checkout.id,
      outcome: request.outcome,
      price: { ...checkout, stripePriceId: null },
      now,
      periodEnd: periodEnd(now, checkout.period),
    })) {
      await events.processPaymentEvent(event)
    }
    const after = await ownCheckout(reader, request.checkoutId)
    const answer = checkoutViewOf(after, client.region, client.locale)
    // Two tabs: the other outcome won the race.
    if (answer.status !== request.outcome) throw conflict(Code.checkoutFinished)
    return answer
  }

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
   * `POST /billing/webhooks/stripe`: verified against the raw body by the adapter, then applied once. A bad signature
   * is a 400 with nothing written; an event we cannot apply now throws (500), so Stripe retries it. An adapter that
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
      if (error instanceof WebhookSignatureError || error instanceof SyntaxError)
        throw new AppError('invalid', Code.webhookSignatureInvalid, { cause: error })
      throw error
    }
    const outcome = await events.processPaymentEvent(event)
    return { received: true, duplicate: outcome === 'duplicate' }
  }

  /**
   * The demo provider's renewals (a job, every few minutes): each renewing subscription whose period ends within
   * the lead time is charged the catalogue price of the plan it renews into, through the same event path (ids
   * derived from the period, so two processes renewing at once renew once). A plan whose renewal was cancelled
   * ends when its period does.
   */
  async function renewDueSubscriptions(): Promise<{ renewed: number; ended: number }> {
    const { renewalEvent } = provider
    if (!renewalEvent) return { renewed: 0, ended: 0 }
    const now = clock.now()
    let renewed = 0
    let ended = 0
    for (const subscription of await subscriptions.listDueRenewals(
      provider.name,
      new Date(now.getTime() + renewalLeadMs),
    )) {
      if (subscription.cancelAtPeriodEnd) {
        if (subscription.endsAt > now) continue
        await db.transaction(async (t) => {
          const tx = t as unknown as Db
          const row = await subscriptions.findSubscription(subscription.id, { tx, forUpdate: true })
          if (row) await subscriptions.endPaidSubscription(row, row.endsAt, { actor: 'system' }, tx)
        })
        ended += 1
        continue
      }
      const tier = subscription.scheduledTier ?? subscription.tier
      const period = subscription.scheduledPeriod ?? subscription.period
      const price = subscription.currency
        ? await selectPrice(db, { tier, period, currency: subscription.currency })
        : undefined
      if (!price || !subscription.providerSubscriptionId) {
        log.warn(
          { subscriptionId: subscription.id },
          'renewal without a catalogue price; the plan will lapse',
        )
        continue
      }
      await events.processPaymentEvent(
        renewalEvent({
          providerSubscriptionId: subscription.providerSubscriptionId,
          price: toProviderPrice(price),
          periodStart: subscription.endsAt,
          periodEnd: periodEnd(subscription.endsAt, period),
          now,
        }),
      )
      renewed += 1
    }
    return { renewed, ended }
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

  /**
   * Operators and admins: set a price (`npm run ops -- prices:set`, the console's price catalogue), in the caller's
   * transaction when given (the console writes its audit entry there).
   */
  async function setPrice(
    input: {
      tier: Tier
      period: SubscriptionPeriod
      currency: Currency
      amountMinor: number
      stripePriceId?: string | null
    },
    inDb: Db = db,
  ): Promise<PriceRow> {
    return upsertPrice(inDb, input)
  }

  async function listAllPrices(): Promise<PriceRow[]> {
    return selectPrices(db)
  }

  return {
    provider: { name: provider.name, isDemo: provider.isDemo },
    listPrices,
    getBillingState,
    getReaderState,
    startCheckout,
    getCheckout,
    completeDemoCheckout,
    ...planChanges,
    listPayments,
    listMemberPayments,
    openPortal,
    handleStripeWebhook,
    processPaymentEvent: events.processPaymentEvent,
    renewDueSubscriptions,
    closeBillingOfMember,
    setPrice,
    listAllPrices,
  }
}

export type BillingService = ReturnType<typeof createBillingService>
