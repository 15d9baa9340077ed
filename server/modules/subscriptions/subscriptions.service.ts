/**
 * Subscriptions: which tier a member has, and for how long (spec §6: Base, Plus, Premium; month, quarter, year).
 * The one writer of the subscriptions table, which quotas, picks and pages read: decides what "active" means, how
 * a period ends and renews, and keeps the history of every change (who, what, when, before, after) in the same
 * transaction. Leaves prices, payments and the rules of buying to billing, and members to accounts.
 *
 * Functions that billing calls inside its own transaction take it as `tx`; without one they open their own.
 */
import type { ActiveSubscription, SubscriptionPeriod, Tier } from '#contracts/accounts.ts'
import type { Currency, PaymentsProviderName } from '#contracts/billing-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import {
  claimRefund as claimRefundRow,
  findActiveSubscription as findActiveRow,
  findLatestPaidSubscription as findLatestPaidRow,
  findSubscriptionById,
  findSubscriptionByProviderId,
  hasEarlierPaidSubscription,
  insertSubscription,
  insertSubscriptionChange,
  lockActiveSubscriptions,
  type SubscriptionChangeRow,
  type SubscriptionPatch,
  type SubscriptionRow,
  selectDueRenewals,
  selectMemberChanges,
  selectSubscriptionChanges,
  updateSubscription,
} from './subscriptions.repo.ts'
import type { SubscriptionSnapshot } from './subscriptions.sql.ts'

export type { SubscriptionChangeRow, SubscriptionRow } from './subscriptions.repo.ts'

const monthsOfPeriod: Record<SubscriptionPeriod, number> = { month: 1, quarter: 3, year: 12 }

/** A refund claim older than this belongs to a process that died before it finished. */
const refundClaimStaleMs = 5 * 60 * 1000

/** The end of a period started at `start`: same day of month, clamped to the month's last day (31 Jan → 28 Feb). */
export function periodEnd(start: Date, period: SubscriptionPeriod): Date {
  const months = monthsOfPeriod[period]
  const end = new Date(start)
  const day = start.getUTCDate()
  end.setUTCDate(1)
  end.setUTCMonth(end.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  return end
}

function toActive(row: SubscriptionRow): ActiveSubscription {
  return {
    tier: row.tier,
    period: row.period,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
  }
}

function snapshotOf(row: SubscriptionRow): SubscriptionSnapshot {
  return {
    tier: row.tier,
    period: row.period,
    status: row.status,
    endsAt: row.endsAt.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    scheduledTier: row.scheduledTier,
    scheduledPeriod: row.scheduledPeriod,
  }
}

/** Who made a change: the reader on the site, an operator, a provider's event, or a scheduled job. */
export type ChangeActor = 'reader' | 'operator' | 'provider' | 'system'
export type ChangeKind = SubscriptionChangeRow['kind']
export interface ChangeCause {
  actor: ChangeActor
  /** A payment, checkout or provider event id. */
  reference?: string | null
}

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

export function createSubscriptionService({ db, clock }: { db: Db; clock: Clock }) {
  function inTransaction<T>(tx: Db | undefined, fn: (tx: Db) => Promise<T>): Promise<T> {
    return tx ? fn(tx) : db.transaction(async (t) => fn(t as unknown as Db))
  }

  /** Writes `patch` and its history row in one go (the caller holds the row). */
  async function change(
    tx: Db,
    before: SubscriptionRow,
    patch: SubscriptionPatch,
    kind: ChangeKind,
    cause: ChangeCause,
  ): Promise<SubscriptionRow> {
    const after = await updateSubscription(tx, before.id, patch)
    await insertSubscriptionChange(tx, {
      subscriptionId: before.id,
      memberId: before.memberId,
      actor: cause.actor,
      kind,
      before: snapshotOf(before),
      after: snapshotOf(after),
      reference: cause.reference ?? null,
      at: clock.now(),
    })
    return after
  }

  /** Ends every subscription of the member in force now (a new one replaces them), each with its history row. */
  async function endInForce(tx: Db, memberId: string, cause: ChangeCause, kind: ChangeKind): Promise<number> {
    const now = clock.now()
    const rows = await lockActiveSubscriptions(tx, memberId, now)
    for (const row of rows) {
      await change(tx, row, { status: 'ended', endedAt: now, endsAt: now, renews: false }, kind, cause)
    }
    return rows.length
  }

  async function findActiveSubscription(memberId: string): Promise<ActiveSubscription | null> {
    const row = await findActiveRow(db, memberId, clock.now())
    return row ? toActive(row) : null
  }

  /** The whole row of the subscription in force (billing's view); locked when asked inside a transaction. */
  async function findSubscriptionInForce(
    memberId: string,
    options: { tx?: Db; forUpdate?: boolean } = {},
  ): Promise<SubscriptionRow | undefined> {
    return findActiveRow(options.tx ?? db, memberId, clock.now(), { forUpdate: options.forUpdate })
  }

  async function findLatestPaidSubscription(memberId: string): Promise<SubscriptionRow | undefined> {
    return findLatestPaidRow(db, memberId)
  }

  async function findSubscription(
    id: string,
    options: { tx?: Db; forUpdate?: boolean } = {},
  ): Promise<SubscriptionRow | undefined> {
    return findSubscriptionById(options.tx ?? db, id, { forUpdate: options.forUpdate })
  }

  async function findByProviderSubscription(
    provider: PaymentsProviderName,
    providerSubscriptionId: string,
    options: { tx?: Db; forUpdate?: boolean } = {},
  ): Promise<SubscriptionRow | undefined> {
    return findSubscriptionByProviderId(options.tx ?? db, provider, providerSubscriptionId, {
      forUpdate: options.forUpdate,
    })
  }

  /**
   * Starts a subscription now, replacing the one in force (operators, console staff, and the test endpoint): no
   * payment, no renewal. Recorded as the operator's; `reference` names who in the console and why. Runs in `tx` when
   * given, so the console's audit entry is kept or lost with it. Ends one period from now unless `endsAt` says.
   */
  async function grantSubscription(
    input: {
      memberId: string
      tier: Tier
      period: SubscriptionPeriod
      source: 'operator' | 'billing'
      endsAt?: Date
    },
    options: { tx?: Db; reference?: string } = {},
  ): Promise<ActiveSubscription> {
    const now = clock.now()
    const cause: ChangeCause = { actor: 'operator', reference: options.reference ?? null }
    return inTransaction(options.tx, async (tx) => {
      await endInForce(tx, input.memberId, cause, 'operator_end')
      const row = await insertSubscription(tx, {
        memberId: input.memberId,
        tier: input.tier,
        period: input.period,
        source: input.source,
        startsAt: now,
        periodStartsAt: now,
        endsAt: input.endsAt ?? periodEnd(now, input.period),
        status: 'active',
      })
      await insertSubscriptionChange(tx, {
        subscriptionId: row.id,
        memberId: row.memberId,
        actor: 'operator',
        kind: 'operator_grant',
        before: null,
        after: snapshotOf(row),
        reference: cause.reference ?? null,
        at: now,
      })
      return toActive(row)
    })
  }

  /** Ends the member's subscription now (operators, console staff); answers whether there was one in force. */
  async function endSubscription(
    memberId: string,
    options: { tx?: Db; reference?: string } = {},
  ): Promise<boolean> {
    const cause: ChangeCause = { actor: 'operator', reference: options.reference ?? null }
    return inTransaction(
      options.tx,
      async (tx) => (await endInForce(tx, memberId, cause, 'operator_end')) > 0,
    )
  }

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

  async function isFirstPaidSubscription(row: SubscriptionRow): Promise<boolean> {
    return row.source === 'billing' && !(await hasEarlierPaidSubscription(db, row))
  }

  async function listDueRenewals(
    provider: PaymentsProviderName,
    before: Date,
    limit = 100,
  ): Promise<SubscriptionRow[]> {
    return selectDueRenewals(db, provider, before, limit)
  }

  async function listChanges(subscriptionId: string): Promise<SubscriptionChangeRow[]> {
    return selectSubscriptionChanges(db, subscriptionId)
  }

  async function listMemberChanges(memberId: string): Promise<SubscriptionChangeRow[]> {
    return selectMemberChanges(db, memberId)
  }

  return {
    findActiveSubscription,
    findSubscriptionInForce,
    findSubscription,
    findLatestPaidSubscription,
    findByProviderSubscription,
    grantSubscription,
    endSubscription,
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
    isFirstPaidSubscription,
    listDueRenewals,
    listChanges,
    listMemberChanges,
  }
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>
