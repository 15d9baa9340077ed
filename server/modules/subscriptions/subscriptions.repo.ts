import { and, desc, eq, gt, lte } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { subscriptions } from './subscriptions.sql.ts'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type NewSubscription = typeof subscriptions.$inferInsert

/** The member's subscription in force at `now`, the one ending last when several overlap. */
export async function findActiveSubscription(
  db: Db,
  memberId: string,
  now: Date,
): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.startsAt, now),
        gt(subscriptions.endsAt, now),
      ),
    )
    .orderBy(desc(subscriptions.endsAt))
    .limit(1)
  return rows[0]
}

export async function insertSubscription(db: Db, subscription: NewSubscription): Promise<SubscriptionRow> {
  const rows = await db.insert(subscriptions).values(subscription).returning()
  const row = rows[0]
  if (!row) throw new Error('subscription insert returned no row')
  return row
}

/** Ends every active subscription of the member now; answers how many were active. */
export async function endActiveSubscriptions(db: Db, memberId: string, now: Date): Promise<number> {
  const rows = await db
    .update(subscriptions)
    .set({ status: 'ended', endedAt: now, endsAt: now })
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endsAt, now),
      ),
    )
    .returning({ id: subscriptions.id })
  return rows.length
}
