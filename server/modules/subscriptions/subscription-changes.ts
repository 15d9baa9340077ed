/**
 * A change to a subscription and its history row, written together (`subscription_changes`: who, what, when, the
 * reference that caused it, the subscription before and after): the one way this module changes a row it has,
 * and ends the ones in force when a new one replaces them. Functions take the caller's transaction; one that is
 * given none opens its own (`inTransactionOf`).
 */
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import {
  insertSubscriptionChange,
  lockActiveSubscriptions,
  type SubscriptionChangeRow,
  type SubscriptionPatch,
  type SubscriptionRow,
  updateSubscription,
} from './subscriptions.repo.ts'
import type { SubscriptionSnapshot } from './subscriptions.sql.ts'

export function snapshotOf(row: SubscriptionRow): SubscriptionSnapshot {
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

/** Runs `fn` in `tx` when the caller holds one, else in a transaction of its own. */
export function inTransactionOf<T>(db: Db, tx: Db | undefined, fn: (tx: Db) => Promise<T>): Promise<T> {
  return tx ? fn(tx) : db.transaction(async (t) => fn(t as unknown as Db))
}

export function createChangeWriter({ clock }: { clock: Clock }) {
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

  return { change, endInForce }
}

export type ChangeWriter = ReturnType<typeof createChangeWriter>
