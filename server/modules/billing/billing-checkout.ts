/**
 * Buying a plan (spec §1, §8): a checkout at the catalogue's price in the region's currency, started at the payments
 * adapter, read back by the return page, and — when the checkout page is our own (the demo provider's) — completed
 * by the page's pay or fail through the same event path as a provider's report. Decides who may start one (nobody
 * with a paid plan in force), that the price and currency are fixed on the checkout when it starts, when it expires,
 * and where the reader returns to; what a completed checkout starts is billing-events.ts's.
 */
import type { CheckoutRequest } from '#contracts/billing.ts'
import {
  type CheckoutStart,
  type CheckoutView,
  BillingErrorCode as Code,
  currencyOfRegion,
  type DemoOutcome,
} from '#contracts/billing-rules.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { periodEnd, type SubscriptionService } from '#server/modules/subscriptions/subscriptions.service.ts'
import type { PaymentEvent, PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import type { PaymentsConfig } from './billing.config.ts'
import { type CheckoutRow, findCheckout, insertCheckout, updateCheckout } from './billing.repo.ts'
import type { BillingPrices } from './billing-prices.ts'
import { type BillingLog, conflict, memberOf, providerFailure, toProviderPrice } from './billing-terms.ts'

/** Stripe's own Checkout Session lifetime; a demo checkout left open as long expires too. */
const checkoutLifetimeMs = 24 * 60 * 60 * 1000

export function createCheckouts({
  db,
  clock,
  payments,
  siteOrigins,
  provider,
  subscriptions,
  prices,
  processPaymentEvent,
  log,
}: {
  db: Db
  clock: Clock
  payments: PaymentsConfig
  siteOrigins: Record<Region, string>
  provider: PaymentsProvider
  subscriptions: SubscriptionService
  prices: Pick<BillingPrices, 'priceOf'>
  processPaymentEvent(event: PaymentEvent): Promise<unknown>
  log: BillingLog
}) {
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
      taxNote: payments.taxNote[locale],
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
    const price = await prices.priceOf(request.tier, request.period, currencyOfRegion(client.region))
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
      await processPaymentEvent({
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
      await processPaymentEvent(event)
    }
    const after = await ownCheckout(reader, request.checkoutId)
    const answer = checkoutViewOf(after, client.region, client.locale)
    // Two tabs: the other outcome won the race.
    if (answer.status !== request.outcome) throw conflict(Code.checkoutFinished)
    return answer
  }

  return { startCheckout, getCheckout, completeDemoCheckout }
}
