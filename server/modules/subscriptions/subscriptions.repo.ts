import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { subscriptionChanges, subscriptions } from './subscriptions.sql.ts'

export type SubscriptionRow = typeof subscriptions.$inferSelect
export type NewSubscription = typeof subscriptions.$inferInsert
export type SubscriptionPatch = Partial<Omit<NewSubscription, 'id' | 'memberId' | 'createdAt'>>
export type SubscriptionChangeRow = typeof subscriptionChanges.$inferSelect
export type NewSubscriptionChange = typeof subscriptionChanges.$inferInsert

/** The member's subscription in force at `now`, the one ending last when several overlap. */
export async function findActiveSubscription(
  db: Db,
  memberId: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db
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
  const rows = options.forUpdate ? await query.for('update') : await query
  return rows[0]
}

/**
 * The tier in force at `now` of each of these members who has one (the one ending last when several overlap), in
 * one statement whatever their number.
 */
export async function selectActiveTiers(
  db: Db,
  memberIds: readonly string[],
  now: Date,
): Promise<{ memberId: string; tier: SubscriptionRow['tier'] }[]> {
  if (memberIds.length === 0) return []
  return db
    .selectDistinctOn([subscriptions.memberId], {
      memberId: subscriptions.memberId,
      tier: subscriptions.tier,
    })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.memberId, [...memberIds]),
        eq(subscriptions.status, 'active'),
        lte(subscriptions.startsAt, now),
        gt(subscriptions.endsAt, now),
      ),
    )
    .orderBy(subscriptions.memberId, desc(subscriptions.endsAt))
}

export async function findSubscriptionById(
  db: Db,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1)
  const rows = options.forUpdate ? await query.for('update') : await query
  return rows[0]
}

export async function findSubscriptionByProviderId(
  db: Db,
  provider: 'demo' | 'stripe',
  providerSubscriptionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  const query = db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.provider, provider),
        eq(subscriptions.providerSubscriptionId, providerSubscriptionId),
      ),
    )
    .limit(1)
  const rows = options.forUpdate ? await query.for('update') : await query
  return rows[0]
}

export async function insertSubscription(db: Db, subscription: NewSubscription): Promise<SubscriptionRow> {
  const rows = await db.insert(subscriptions).values(subscription).returning()
  const row = rows[0]
  if (!row) throw new Error('subscription insert returned no row')
  return row
}

export async function updateSubscription(
  db: Db,
  id: string,
  patch: SubscriptionPatch,
): Promise<SubscriptionRow> {
  const rows = await db.update(subscriptions).set(patch).where(eq(subscriptions.id, id)).returning()
  const row = rows[0]
  if (!row) throw new Error(`subscription ${id} vanished during an update`)
  return row
}

/** The member's subscriptions in force at `now`, locked for the caller's transaction. */
export async function lockActiveSubscriptions(
  db: Db,
  memberId: string,
  now: Date,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, memberId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endsAt, now),
      ),
    )
    .for('update')
}

/**
 * Takes the refund claim of an active subscription: only one caller gets the row back, however many ask at once
 * (a claim older than `staleBefore` belongs to a process that died and may be taken again).
 */
export async function claimRefund(
  db: Db,
  id: string,
  now: Date,
  staleBefore: Date,
): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .update(subscriptions)
    .set({ refundStartedAt: now })
    .where(
      and(
        eq(subscriptions.id, id),
        eq(subscriptions.status, 'active'),
        or(isNull(subscriptions.refundStartedAt), lt(subscriptions.refundStartedAt, staleBefore)),
      ),
    )
    .returning()
  return rows[0]
}

/** Whether the member had a paid subscription that started before this one (or at the same instant, created first). */
export async function hasEarlierPaidSubscription(db: Db, subscription: SubscriptionRow): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.memberId, subscription.memberId),
        eq(subscriptions.source, 'billing'),
        ne(subscriptions.id, subscription.id),
        or(
          lt(subscriptions.startsAt, subscription.startsAt),
          and(
            eq(subscriptions.startsAt, subscription.startsAt),
            lt(subscriptions.createdAt, subscription.createdAt),
          ),
        ),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/** The member's latest paid subscription, whatever its status (the refund rule looks at it). */
export async function findLatestPaidSubscription(
  db: Db,
  memberId: string,
): Promise<SubscriptionRow | undefined> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.memberId, memberId), eq(subscriptions.source, 'billing')))
    .orderBy(desc(subscriptions.startsAt), desc(subscriptions.createdAt))
    .limit(1)
  return rows[0]
}

/** Renewing subscriptions of a provider whose paid period ends before `before` (the demo provider's renewals). */
export async function selectDueRenewals(
  db: Db,
  provider: 'demo' | 'stripe',
  before: Date,
  limit: number,
): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.renews, true),
        eq(subscriptions.provider, provider),
        lte(subscriptions.endsAt, before),
      ),
    )
    .orderBy(asc(subscriptions.endsAt))
    .limit(limit)
}

export async function insertSubscriptionChange(db: Db, change: NewSubscriptionChange): Promise<void> {
  await db.insert(subscriptionChanges).values(change)
}

export async function selectSubscriptionChanges(
  db: Db,
  subscriptionId: string,
): Promise<SubscriptionChangeRow[]> {
  return db
    .select()
    .from(subscriptionChanges)
    .where(eq(subscriptionChanges.subscriptionId, subscriptionId))
    .orderBy(asc(subscriptionChanges.seq))
}

export async function selectMemberChanges(db: Db, memberId: string): Promise<SubscriptionChangeRow[]> {
  return db
    .select()
    .from(subscriptionChanges)
    .where(eq(subscriptionChanges.memberId, memberId))
    .orderBy(asc(subscriptionChanges.seq))
}

/**
 * Paid plans that renew (renewal not cancelled) with their period ending after `from` and by `to`, in order of
 * their end, a page at a time after `after` (the renewal reminders).
 */
export async function selectRenewingBetween(
  db: Db,
  input: { from: Date; to: Date; after: { endsAt: Date; id: string } | null; limit: number },
): Promise<SubscriptionRow[]> {
  const { after } = input
  return db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, 'active'),
        eq(subscriptions.source, 'billing'),
        eq(subscriptions.renews, true),
        eq(subscriptions.cancelAtPeriodEnd, false),
        gt(subscriptions.endsAt, input.from),
        lte(subscriptions.endsAt, input.to),
        after
          ? or(
              gt(subscriptions.endsAt, after.endsAt),
              and(eq(subscriptions.endsAt, after.endsAt), gt(subscriptions.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(subscriptions.endsAt), asc(subscriptions.id))
    .limit(input.limit)
}
