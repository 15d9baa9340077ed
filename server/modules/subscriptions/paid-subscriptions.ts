/**
 * Paid subscriptions as billing changes them (the one writer billing has of `subscriptions`): started from a
 * completed checkout, renewed into a new paid period, upgraded, a change scheduled for the renewal, renewal cancelled
 * or resumed, the one refund claimed and recorded, ended by the provider or at the end of a cancelled period, and
 * the provider's own view applied when it differs. Decides that a renewal never moves the end backwards and applies
 * a scheduled change as the new period starts, that a refund ends access now, and that a refund claim left by a
 * crashed process expires. Each writes its history row (subscription-changes.ts); those taking `tx` run in billing's
 * transaction. What billing may do when is billing's.
 */
import type { SubscriptionPeriod, Tier } from '#contracts/accounts.ts'
import type { Currency, PaymentsProviderName } from '#contracts/billing-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { type ChangeCause, type ChangeWriter, inTransactionOf, snapshotOf } from './subscription-changes.ts'
import {
  claimRefund as claimRefundRow,
  insertSubscription,
  insertSubscriptionChange,
  type SubscriptionPatch,
  type SubscriptionRow,
  updateSubscription,
} from './subscriptions.repo.ts'

/** A refund claim older than this belongs to a process that died before it finished. */
const refundClaimStaleMs = 5 * 60 * 1000

export interface PaidSubscriptionStart {
  memberId: string
  tier: Tier
  period: SubscriptionPeriod
  provider: PaymentsProviderName
  providerSubscriptionId: string
  providerCustomerId: string | null
  currency: Currency
  priceMinor: number
  startsAt: Date
  endsAt: Date
}

export function createPaidSubscriptions({
  db,
  clock,
  writer,
}: {
  db: Db
  clock: Clock
  writer: ChangeWriter
}) {
  const { change, endInForce } = writer
  const inTransaction = <T>(tx: Db | undefined, fn: (tx: Db) => Promise<T>) => inTransactionOf(db, tx, fn)

  /** A paid subscription from a completed checkout; replaces the one in force (an operator's grant). */
  async function startPaidSubscription(
    input: PaidSubscriptionStart,
    cause: ChangeCause,
    tx?: Db,
  ): Promise<SubscriptionRow> {
    return inTransaction(tx, async (t) => {
      await endInForce(t, input.memberId, cause, 'ended')
      const row = await insertSubscription(t, {
        memberId: input.memberId,
        tier: input.tier,
        period: input.period,
        source: 'billing',
        startsAt: input.startsAt,
        periodStartsAt: input.startsAt,
        endsAt: input.endsAt,
        status: 'active',
        renews: true,
        provider: input.provider,
        providerSubscriptionId: input.providerSubscriptionId,
        providerCustomerId: input.providerCustomerId,
        currency: input.currency,
        priceMinor: input.priceMinor,
      })
      await insertSubscriptionChange(t, {
        subscriptionId: row.id,
        memberId: row.memberId,
        actor: cause.actor,
        kind: 'checkout',
        before: null,
        after: snapshotOf(row),
        reference: cause.reference ?? null,
        at: clock.now(),
      })
      return row
    })
  }

  /**
   * A new paid period [periodStartsAt, endsAt): a scheduled change takes effect now (it was waiting for this date),
   * then the tier, period and price the provider charged for, when it says. Never moves the end backwards: a
   * renewal reported twice (a snapshot, then the payment) is one renewal.
   */
  async function renewSubscription(
    row: SubscriptionRow,
    next: {
      periodStartsAt: Date
      endsAt: Date
      tier?: Tier | undefined
      period?: SubscriptionPeriod | undefined
      priceMinor?: number | undefined
    },
    cause: ChangeCause,
    tx: Db,
  ): Promise<SubscriptionRow> {
    if (next.endsAt.getTime() <= row.endsAt.getTime()) return row
    return change(
      tx,
      row,
      {
        periodStartsAt: next.periodStartsAt,
        endsAt: next.endsAt,
        tier: next.tier ?? row.scheduledTier ?? row.tier,
        period: next.period ?? row.scheduledPeriod ?? row.period,
        scheduledTier: null,
        scheduledPeriod: null,
        ...(next.priceMinor !== undefined ? { priceMinor: next.priceMinor } : {}),
      },
      'renewal',
      cause,
    )
  }

  /** An upgrade: the higher tier from now, at its price from the renewal on. */
  async function upgradeSubscription(
    row: SubscriptionRow,
    next: { tier: Tier; priceMinor: number },
    cause: ChangeCause,
    tx: Db,
  ): Promise<SubscriptionRow> {
    return change(
      tx,
      row,
      { tier: next.tier, priceMinor: next.priceMinor, scheduledTier: null, scheduledPeriod: null },
      'upgrade',
      cause,
    )
  }

  /** A change that waits for the renewal date (a downgrade, another period), or none (`null`). */
  async function scheduleChange(
    row: SubscriptionRow,
    next: { tier: Tier; period: SubscriptionPeriod } | null,
    cause: ChangeCause,
    tx?: Db,
  ): Promise<SubscriptionRow> {
    return inTransaction(tx, (t) =>
      change(
        t,
        row,
        { scheduledTier: next?.tier ?? null, scheduledPeriod: next?.period ?? null },
        next ? 'downgrade_scheduled' : 'scheduled_change_cancelled',
        cause,
      ),
    )
  }

  /** Renewal off (the plan runs to the end of the paid period) or back on. */
  async function setCancelAtPeriodEnd(
    row: SubscriptionRow,
    cancel: boolean,
    cause: ChangeCause,
    tx?: Db,
  ): Promise<SubscriptionRow> {
    return inTransaction(tx, (t) =>
      change(t, row, { cancelAtPeriodEnd: cancel }, cancel ? 'cancel_renewal' : 'resume_renewal', cause),
    )
  }

  /** The one refund of a subscription may start: answers the row to the one caller that got the claim. */
  async function claimRefund(id: string): Promise<SubscriptionRow | undefined> {
    const now = clock.now()
    return claimRefundRow(db, id, now, new Date(now.getTime() - refundClaimStaleMs))
  }

  /** The provider refused the refund: the claim is dropped so the reader can try again. */
  async function releaseRefund(id: string): Promise<void> {
    await updateSubscription(db, id, { refundStartedAt: null })
  }

  /** Refunded: access ends now, renewal stops, `refunded` is recorded. */
  async function markRefunded(row: SubscriptionRow, cause: ChangeCause, tx: Db): Promise<SubscriptionRow> {
    const now = clock.now()
    return change(
      tx,
      row,
      {
        status: 'refunded',
        refundedAt: now,
        endedAt: now,
        // biome-ignore lint/complexity/useMathMinMax: Dates: Math.min would answer a number of milliseconds.
        endsAt: now < row.endsAt ? now : row.endsAt,
        renews: false,
        scheduledTier: null,
        scheduledPeriod: null,
      },
      'refund',
      cause,
    )
  }

  /** Ended by the provider (cancelled there, or renewal not paid) or lapsed at the end of a cancelled period. */
  async function endPaidSubscription(
    row: SubscriptionRow,
    at: Date,
    cause: ChangeCause,
    tx: Db,
  ): Promise<SubscriptionRow> {
    if (row.status !== 'active') return row
    return change(
      tx,
      row,
      { status: 'ended', endedAt: at, endsAt: at < row.endsAt ? at : row.endsAt, renews: false },
      'ended',
      cause,
    )
  }

  /** What a provider says of a subscription (renewal off or on, the paid period's end) when it differs from ours. */
  async function applyProviderState(
    row: SubscriptionRow,
    state: { cancelAtPeriodEnd?: boolean; endsAt?: Date; tier?: Tier; period?: SubscriptionPeriod },
    occurredAt: Date,
    cause: ChangeCause,
    tx: Db,
  ): Promise<SubscriptionRow> {
    const patch: SubscriptionPatch = { providerSyncedAt: occurredAt }
    if (state.cancelAtPeriodEnd !== undefined && state.cancelAtPeriodEnd !== row.cancelAtPeriodEnd)
      patch.cancelAtPeriodEnd = state.cancelAtPeriodEnd
    if (state.endsAt && state.endsAt.getTime() !== row.endsAt.getTime()) patch.endsAt = state.endsAt
    if (state.tier && state.tier !== row.tier) patch.tier = state.tier
    if (state.period && state.period !== row.period) patch.period = state.period
    if (Object.keys(patch).length === 1) return updateSubscription(tx, row.id, patch)
    return change(tx, row, patch, 'provider_update', cause)
  }

  /** Marks when our own call changed the provider, so an older snapshot delivered later does not undo it. */
  async function markProviderSynced(id: string, at: Date, tx?: Db): Promise<void> {
    await updateSubscription(tx ?? db, id, { providerSyncedAt: at })
  }

  return {
    startPaidSubscription,
    renewSubscription,
    upgradeSubscription,
    scheduleChange,
    setCancelAtPeriodEnd,
    claimRefund,
    releaseRefund,
    markRefunded,
    endPaidSubscription,
    applyProviderState,
    markProviderSynced,
  }
}
