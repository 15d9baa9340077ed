/**
 * Changing a paid plan (issue 13, spec §1, §6): upgrade at once with the difference prorated, downgrade at the
 * renewal date, cancel and resume renewal, and the 7-day no-reason refund. Each asks the provider first, then
 * records the change through the subscription service in one transaction, and answers the reader's billing state.
 */
import {
  type BillingState,
  billingTiers,
  BillingErrorCode as Code,
  type Currency,
  type SubscriptionPeriod,
  type Tier,
  type UpgradeQuote,
} from '#contracts/billing-rules.ts'
import type { Region } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type {
  SubscriptionRow,
  SubscriptionService,
} from '#server/modules/subscriptions/subscriptions.service.ts'
import type { PaymentsProvider } from '#server/providers/payments/payments-provider.ts'
import { type PaymentRowRecord, type PriceRow, recordPaymentRefund, upsertPayment } from './billing.repo.ts'
import type { BillingMail } from './billing-mail.ts'
import { planChangeRefusal, refundRefusal } from './billing-state.ts'
import { type BillingLog, conflict, memberOf, providerFailure, toProviderPrice } from './billing-terms.ts'
import { prorateUpgrade } from './proration.ts'

/** How long a confirmed upgrade quote holds: long enough to read the dialog, short enough to matter nothing. */
const quoteValidMs = 15 * 60_000

export function createPlanChanges({
  db,
  clock,
  provider,
  subscriptions,
  priceOf,
  refundableOf,
  getBillingState,
  mail,
  log,
}: {
  db: Db
  clock: Clock
  provider: PaymentsProvider
  subscriptions: SubscriptionService
  priceOf(tier: Tier, period: SubscriptionPeriod, currency: Currency): Promise<PriceRow>
  refundableOf(subscription: SubscriptionRow | undefined): Promise<PaymentRowRecord[]>
  getBillingState(memberId: string, region: Region): Promise<BillingState>
  /** The refund's confirmation and an upgrade's receipt, queued once the change is recorded. */
  mail?: BillingMail | undefined
  log?: BillingLog | undefined
}) {
  /** The paid plan in force that the reader may change, or the refusal. */
  async function changeablePlan(memberId: string): Promise<SubscriptionRow> {
    const subscription = await subscriptions.findSubscriptionInForce(memberId)
    const refusal = planChangeRefusal(subscription)
    if (refusal || !subscription) throw conflict(refusal ?? Code.noSubscription)
    return subscription
  }

  function requireRenewing(subscription: SubscriptionRow): void {
    if (!subscription.renews || subscription.cancelAtPeriodEnd) throw conflict(Code.renewalCancelled)
  }

  /**
   * The upgrade's terms at `at` (now, or the time of the quote the reader confirmed: without it, the seconds between
   * quote and click would make the charge differ from the amount the reader agreed to by a minor unit or so).
   */
  async function upgradeTermsOf(subscription: SubscriptionRow, tier: Tier, at: Date = clock.now()) {
    if (billingTiers.indexOf(tier) <= billingTiers.indexOf(subscription.tier))
      throw conflict(Code.notAnUpgrade)
    if (!subscription.currency || subscription.priceMinor === null) throw conflict(Code.operatorGrant)
    const price = await priceOf(tier, subscription.period, subscription.currency)
    const proration = prorateUpgrade({
      currency: subscription.currency,
      oldPriceMinor: subscription.priceMinor,
      newPriceMinor: price.amountMinor,
      periodStart: subscription.periodStartsAt ?? subscription.startsAt,
      periodEnd: subscription.endsAt,
      now: at,
    })
    return { price, proration }
  }

  /** `GET /billing/upgrade-quote`: what the upgrade would cost now, before the reader confirms it. */
  async function quoteUpgrade(reader: Reader, tier: Tier): Promise<UpgradeQuote> {
    const subscription = await changeablePlan(memberOf(reader))
    requireRenewing(subscription)
    const now = clock.now()
    const { price, proration } = await upgradeTermsOf(subscription, tier, now)
    return {
      fromTier: subscription.tier,
      toTier: tier,
      period: subscription.period,
      currency: price.currency,
      newPriceMinor: price.amountMinor,
      prorationMinor: proration.prorationMinor,
      remainingSeconds: proration.remainingSeconds,
      periodSeconds: proration.periodSeconds,
      renewsOn: subscription.endsAt.toISOString(),
      isDemo: provider.isDemo,
      quotedAt: now.toISOString(),
    }
  }

  /** `POST /billing/upgrade`: the higher tier at once, the prorated difference charged now. */
  async function upgrade(
    reader: Reader,
    tier: Tier,
    client: { region: Region },
    quotedAt?: string,
  ): Promise<BillingState> {
    const memberId = memberOf(reader)
    const subscription = await changeablePlan(memberId)
    requireRenewing(subscription)
    const now = clock.now()
    const quoted = quotedAt ? new Date(quotedAt) : null
    const honoured =
      quoted && quoted.getTime() <= now.getTime() && now.getTime() - quoted.getTime() <= quoteValidMs
        ? quoted
        : now
    const { price, proration } = await upgradeTermsOf(subscription, tier, honoured)
    const providerSubscriptionId = subscription.providerSubscriptionId ?? ''
    let charge: Awaited<ReturnType<PaymentsProvider['upgradeSubscription']>>
    try {
      charge = await provider.upgradeSubscription({
        providerSubscriptionId,
        price: toProviderPrice(price),
        prorationMinor: proration.prorationMinor,
        idempotencyKey: `upgrade-${subscription.id}-${tier}-${subscription.endsAt.getTime()}`,
      })
    } catch (error) {
      throw providerFailure(error)
    }
    const recorded = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const row = await subscriptions.findSubscription(subscription.id, { tx, forUpdate: true })
      if (row?.status !== 'active') return undefined
      let current = row
      if (billingTiers.indexOf(row.tier) < billingTiers.indexOf(tier)) {
        current = await subscriptions.upgradeSubscription(
          row,
          { tier, priceMinor: price.amountMinor },
          { actor: 'reader', reference: charge.payment?.providerPaymentId ?? null },
          tx,
        )
      }
      await subscriptions.markProviderSynced(current.id, clock.now(), tx)
      if (!charge.payment) return undefined
      return upsertPayment(tx, {
        memberId,
        subscriptionId: current.id,
        kind: 'upgrade',
        provider: provider.name,
        providerPaymentId: charge.payment.providerPaymentId,
        providerChargeRef: charge.payment.chargeRef,
        tier,
        period: current.period,
        currency: charge.payment.currency,
        amountMinor: charge.payment.amountMinor,
        paidAt: charge.payment.paidAt,
        receiptUrl: charge.payment.receiptUrl,
      })
    })
    // The upgrade's own receipt (Stripe's later invoice.paid for the same payment finds it queued).
    if (recorded?.isNew && mail) {
      const payment = recorded.row
      await mail
        .sendPaymentReceipt({
          memberId,
          paymentId: payment.providerPaymentId,
          receiptKey: payment.id,
          tier: payment.tier,
          period: payment.period,
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          paidAt: payment.paidAt,
        })
        .catch((error: unknown) => log?.warn({ paymentId: payment.id, err: error }, 'receipt not queued'))
    }
    return getBillingState(memberId, client.region)
  }

  /** `POST /billing/downgrade`: a lower tier from the renewal date; nothing charged or refunded now. */
  async function downgrade(reader: Reader, tier: Tier, client: { region: Region }): Promise<BillingState> {
    const memberId = memberOf(reader)
    const subscription = await changeablePlan(memberId)
    requireRenewing(subscription)
    if (billingTiers.indexOf(tier) >= billingTiers.indexOf(subscription.tier))
      throw conflict(Code.notADowngrade)
    if (!subscription.currency) throw conflict(Code.operatorGrant)
    const price = await priceOf(tier, subscription.period, subscription.currency)
    try {
      await provider.changePriceAtRenewal({
        providerSubscriptionId: subscription.providerSubscriptionId ?? '',
        price: toProviderPrice(price),
        idempotencyKey: `downgrade-${subscription.id}-${tier}-${subscription.endsAt.getTime()}`,
      })
    } catch (error) {
      throw providerFailure(error)
    }
    await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const row = await subscriptions.findSubscription(subscription.id, { tx, forUpdate: true })
      if (row?.status !== 'active') return
      const changed = await subscriptions.scheduleChange(
        row,
        { tier, period: row.period },
        { actor: 'reader' },
        tx,
      )
      await subscriptions.markProviderSynced(changed.id, clock.now(), tx)
    })
    return getBillingState(memberId, client.region)
  }

  /** `DELETE /billing/downgrade`: the plan renews as it is. */
  async function cancelDowngrade(reader: Reader, client: { region: Region }): Promise<BillingState> {
    const memberId = memberOf(reader)
    const subscription = await changeablePlan(memberId)
    if (!subscription.scheduledTier) throw conflict(Code.noScheduledDowngrade)
    if (subscription.currency) {
      const price = await priceOf(subscription.tier, subscription.period, subscription.currency)
      try {
        await provider.changePriceAtRenewal({
          providerSubscriptionId: subscription.providerSubscriptionId ?? '',
          price: toProviderPrice(price),
          idempotencyKey: `keep-${subscription.id}-${subscription.tier}-${clock.now().getTime()}`,
        })
      } catch (error) {
        throw providerFailure(error)
      }
    }
    await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const row = await subscriptions.findSubscription(subscription.id, { tx, forUpdate: true })
      if (!row?.scheduledTier) return
      await subscriptions.scheduleChange(row, null, { actor: 'reader' }, tx)
      await subscriptions.markProviderSynced(row.id, clock.now(), tx)
    })
    return getBillingState(memberId, client.region)
  }

  async function setRenewal(
    reader: Reader,
    cancel: boolean,
    client: { region: Region },
  ): Promise<BillingState> {
    const memberId = memberOf(reader)
    const subscription = await changeablePlan(memberId)
    if (cancel && subscription.cancelAtPeriodEnd) throw conflict(Code.renewalAlreadyCancelled)
    if (!cancel && !subscription.cancelAtPeriodEnd) throw conflict(Code.renewalNotCancelled)
    try {
      await provider.setCancelAtPeriodEnd({
        providerSubscriptionId: subscription.providerSubscriptionId ?? '',
        cancel,
        idempotencyKey: `renewal-${subscription.id}-${cancel ? 'off' : 'on'}-${clock.now().getTime()}`,
      })
    } catch (error) {
      throw providerFailure(error)
    }
    await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const row = await subscriptions.findSubscription(subscription.id, { tx, forUpdate: true })
      if (row?.status !== 'active' || row.cancelAtPeriodEnd === cancel) return
      await subscriptions.setCancelAtPeriodEnd(row, cancel, { actor: 'reader' }, tx)
      await subscriptions.markProviderSynced(row.id, clock.now(), tx)
    })
    return getBillingState(memberId, client.region)
  }

  /**
   * `POST /billing/refund`: the 7-day no-reason refund of the first paid subscription — every payment of it, in
   * full, through the provider; the provider's subscription ends and access ends now. Two clicks refund once: the
   * first takes the subscription's refund claim, the second is refused while it holds it.
   */
  async function refund(reader: Reader, client: { region: Region }): Promise<BillingState> {
    const memberId = memberOf(reader)
    const latestPaid = await subscriptions.findLatestPaidSubscription(memberId)
    const refusal = refundRefusal({
      latestPaid,
      latestPaidIsFirst: latestPaid ? await subscriptions.isFirstPaidSubscription(latestPaid) : false,
      now: clock.now(),
    })
    if (refusal || !latestPaid) throw conflict(refusal ?? Code.noSubscription)
    const claimed = await subscriptions.claimRefund(latestPaid.id)
    if (!claimed) {
      const now = await subscriptions.findSubscription(latestPaid.id)
      throw conflict(now?.status === 'refunded' ? Code.refundAlreadyDone : Code.refundInProgress)
    }
    const paymentsToRefund = await refundableOf(claimed)
    const refunded: Array<{ payment: PaymentRowRecord; refundId: string }> = []
    try {
      for (const payment of paymentsToRefund) {
        const { refundId } = await provider.refund({
          chargeRef: payment.providerChargeRef ?? payment.providerPaymentId,
          amountMinor: payment.amountMinor - payment.refundedMinor,
          currency: payment.currency,
          idempotencyKey: `refund-${payment.id}`,
        })
        refunded.push({ payment, refundId })
      }
      if (claimed.providerSubscriptionId)
        await provider.cancelNow({
          providerSubscriptionId: claimed.providerSubscriptionId,
          idempotencyKey: `cancel-${claimed.id}`,
        })
    } catch (error) {
      // Refunds already made stay recorded; the claim is dropped so the reader can finish with another click (the
      // provider's idempotency keys make the repeated refunds no-ops).
      for (const done of refunded)
        await recordPaymentRefund(db, done.payment.id, done.payment.amountMinor, clock.now())
      await subscriptions.releaseRefund(claimed.id)
      throw providerFailure(error)
    }
    const refundedAt = clock.now()
    const isRefunded = await db.transaction(async (t) => {
      const tx = t as unknown as Db
      const row = await subscriptions.findSubscription(claimed.id, { tx, forUpdate: true })
      if (!row || row.status === 'refunded') return false
      for (const done of refunded)
        await recordPaymentRefund(tx, done.payment.id, done.payment.amountMinor, refundedAt)
      await subscriptions.markRefunded(row, { actor: 'reader', reference: refunded[0]?.refundId ?? null }, tx)
      return true
    })
    const currency = refunded[0]?.payment.currency ?? claimed.currency
    if (isRefunded && mail && currency)
      await mail
        .sendRefundConfirmation({
          memberId,
          subscriptionId: claimed.id,
          tier: claimed.tier,
          amountMinor: refunded.reduce(
            (sum, done) => sum + done.payment.amountMinor - done.payment.refundedMinor,
            0,
          ),
          currency,
          refundedAt,
        })
        // The refund stands whatever happens to its mail.
        .catch((error: unknown) =>
          log?.warn({ subscriptionId: claimed.id, err: error }, 'refund mail not queued'),
        )
    return getBillingState(memberId, client.region)
  }

  return {
    quoteUpgrade,
    upgrade,
    downgrade,
    cancelDowngrade,
    cancelRenewal: (reader: Reader, client: { region: Region }) => setRenewal(reader, true, client),
    resumeRenewal: (reader: Reader, client: { region: Region }) => setRenewal(reader, false, client),
    refund,
  }
}
