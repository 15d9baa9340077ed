/**
 * Subscriptions: which tier a member has, and for how long (spec §6: Base, Plus, Premium; month, quarter, year).
 * Decides what "active" means and how a period ends; leaves payment to billing and members to accounts.
 */
import type { ActiveSubscription, SubscriptionPeriod, Tier } from '#contracts/accounts.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import {
  endActiveSubscriptions,
  findActiveSubscription as findActiveRow,
  insertSubscription,
  type SubscriptionRow,
} from './subscriptions.repo.ts'

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
  async function findActiveSubscription(memberId: string): Promise<ActiveSubscription | null> {
    const row = await findActiveRow(db, memberId, clock.now())
    return row ? toActive(row) : null
  }

  /** Starts a subscription now, replacing the one in force (an upgrade or a renewal by an operator or billing). */
  async function grantSubscription(input: {
    memberId: string
    tier: Tier
    period: SubscriptionPeriod
    source: 'operator' | 'billing'
  }): Promise<ActiveSubscription> {
    const now = clock.now()
    return db.transaction(async (tx) => {
      await endActiveSubscriptions(tx as unknown as Db, input.memberId, now)
      const row = await insertSubscription(tx as unknown as Db, {
        memberId: input.memberId,
        tier: input.tier,
        period: input.period,
        source: input.source,
        startsAt: now,
        endsAt: periodEnd(now, input.period),
        status: 'active',
      })
      return toActive(row)
    })
  }

  /** Ends the member's subscription now; answers whether there was one in force. */
  async function endSubscription(memberId: string): Promise<boolean> {
    return (await endActiveSubscriptions(db, memberId, clock.now())) > 0
  }

  return { findActiveSubscription, grantSubscription, endSubscription }
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>
