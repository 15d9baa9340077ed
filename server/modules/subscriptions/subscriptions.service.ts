/**
 * Subscriptions: which tier a member has, and for how long (spec §6: Base, Plus, Premium; month, quarter, year).
 * The one writer of the subscriptions table, which quotas, picks and pages read: decides what "active" means, how
 * a period ends, and keeps the history of every change (who, what, when, before, after) in the same transaction
 * (subscription-changes.ts). This file answers the reads and the operators' grants and ends, and composes the paid
 * subscriptions' changes that billing makes (paid-subscriptions.ts). Leaves prices, payments and the rules of buying
 * to billing, and members to accounts.
 *
 * Functions that billing calls inside its own transaction take it as `tx`; without one they open their own.
 */
import type { ActiveSubscription, SubscriptionPeriod, Tier } from '#contracts/accounts.ts'
import type { PaymentsProviderName } from '#contracts/billing-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { createPaidSubscriptions } from './paid-subscriptions.ts'
import { type ChangeCause, createChangeWriter, inTransactionOf, snapshotOf } from './subscription-changes.ts'
import {
  findActiveSubscription as findActiveRow,
  findLatestPaidSubscription as findLatestPaidRow,
  findSubscriptionById,
  findSubscriptionByProviderId,
  hasEarlierPaidSubscription,
  insertSubscription,
  insertSubscriptionChange,
  type SubscriptionChangeRow,
  type SubscriptionRow,
  selectActiveTiers,
  selectDueRenewals,
  selectMemberChanges,
  selectRenewingBetween,
  selectSubscriptionChanges,
} from './subscriptions.repo.ts'

export type { SubscriptionChangeRow, SubscriptionRow } from './subscriptions.repo.ts'

const monthsOfPeriod: Record<SubscriptionPeriod, number> = { month: 1, quarter: 3, year: 12 }

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

export function createSubscriptionService({ db, clock }: { db: Db; clock: Clock }) {
  const writer = createChangeWriter({ clock })
  const { endInForce } = writer
  const inTransaction = <T>(tx: Db | undefined, fn: (tx: Db) => Promise<T>) => inTransactionOf(db, tx, fn)
  const paid = createPaidSubscriptions({ db, clock, writer })

  async function findActiveSubscription(memberId: string): Promise<ActiveSubscription | null> {
    const row = await findActiveRow(db, memberId, clock.now())
    return row ? toActive(row) : null
  }

  /**
   * The plan in force of each of many members (a batch of a job's recipients): one query for all of them; members
   * without a plan are absent from the map.
   */
  async function findActiveTiers(memberIds: readonly string[]): Promise<Map<string, Tier>> {
    const rows = await selectActiveTiers(db, memberIds, clock.now())
    return new Map(rows.map((row) => [row.memberId, row.tier]))
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

  /** Paid plans that renew with their period ending in (from, to], a page at a time (renewal reminders). */
  async function listRenewingBetween(
    from: Date,
    to: Date,
    after: { endsAt: Date; id: string } | null = null,
    limit = 500,
  ): Promise<SubscriptionRow[]> {
    return selectRenewingBetween(db, { from, to, after, limit })
  }

  async function listChanges(subscriptionId: string): Promise<SubscriptionChangeRow[]> {
    return selectSubscriptionChanges(db, subscriptionId)
  }

  async function listMemberChanges(memberId: string): Promise<SubscriptionChangeRow[]> {
    return selectMemberChanges(db, memberId)
  }

  return {
    findActiveSubscription,
    findActiveTiers,
    findSubscriptionInForce,
    findSubscription,
    findLatestPaidSubscription,
    findByProviderSubscription,
    grantSubscription,
    endSubscription,
    ...paid,
    isFirstPaidSubscription,
    listDueRenewals,
    listRenewingBetween,
    listChanges,
    listMemberChanges,
  }
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>
