/** Queries on push_subscriptions and push_deliveries: plain rows, no rules. Ownership is a `member_id` in every where. */
import { and, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Locale } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { pushDeliveries, pushSubscriptions } from './push.sql.ts'

export type PushSubscriptionRecord = typeof pushSubscriptions.$inferSelect

export interface NewPushSubscription {
  memberId: string
  deviceKey: string
  endpoint: string
  p256dh: string
  auth: string
  locale: Locale
  at: Date
}

/**
 * Stores the subscription under the member: an endpoint already known (this member's or, after a change of login on
 * the device, another's) is taken over with its new keys; the device's earlier endpoints for this member go.
 */
export async function upsertSubscription(db: Db, row: NewPushSubscription): Promise<PushSubscriptionRecord> {
  await db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.memberId, row.memberId),
        eq(pushSubscriptions.deviceKey, row.deviceKey),
        ne(pushSubscriptions.endpoint, row.endpoint),
      ),
    )
  const values = {
    memberId: row.memberId,
    deviceKey: row.deviceKey,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
    locale: row.locale,
    lastActiveAt: row.at,
  }
  const [stored] = await db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: row.at })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
    .returning()
  if (!stored) throw new Error('push subscription not stored')
  return stored
}

/** The member's subscriptions, the least recently active first. */
export async function selectMemberSubscriptions(db: Db, memberId: string): Promise<PushSubscriptionRecord[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(asc(pushSubscriptions.lastActiveAt), asc(pushSubscriptions.createdAt))
}

/** Which of these members have at least one device (one query for a batch of recipients). */
export async function selectMembersWithSubscriptions(
  db: Db,
  memberIds: readonly string[],
): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set()
  const rows = await db
    .selectDistinct({ memberId: pushSubscriptions.memberId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.memberId, [...memberIds]))
  return new Set(rows.map((row) => row.memberId))
}

export async function selectMemberSubscription(
  db: Db,
  memberId: string,
  endpoint: string,
): Promise<PushSubscriptionRecord | undefined> {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
  return row
}

/** Deletes the member's subscription at that endpoint; whether there was one. */
export async function deleteMemberSubscription(db: Db, memberId: string, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return deleted.length > 0
}

export async function deleteSubscription(db: Db, subscriptionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId))
}

export async function markSubscriptionActive(db: Db, subscriptionId: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastActiveAt: at }).where(eq(pushSubscriptions.id, subscriptionId))
}

/**
 * Claims the message named by the key for the device: a first claim, or a claim whose lease ended while it was still
 * `sending` (its sender stopped). Nothing when the device has it, gave up on it, or another sender holds it.
 */
export async function claimDelivery(
  db: Db,
  subscriptionId: string,
  idempotencyKey: string,
  at: Date,
  leaseEndedBefore: Date,
): Promise<boolean> {
  const claimed = await db
    .insert(pushDeliveries)
    .values({ subscriptionId, idempotencyKey, state: 'sending', attempts: 1, claimedAt: at })
    .onConflictDoUpdate({
      target: [pushDeliveries.subscriptionId, pushDeliveries.idempotencyKey],
      set: { claimedAt: at, attempts: sql`${pushDeliveries.attempts} + 1` },
      setWhere: and(eq(pushDeliveries.state, 'sending'), lt(pushDeliveries.claimedAt, leaseEndedBefore)),
    })
    .returning({ subscriptionId: pushDeliveries.subscriptionId })
  return claimed.length > 0
}

export async function settleDelivery(
  db: Db,
  subscriptionId: string,
  idempotencyKey: string,
  state: 'sent' | 'failed',
): Promise<void> {
  await db
    .update(pushDeliveries)
    .set({ state })
    .where(
      and(
        eq(pushDeliveries.subscriptionId, subscriptionId),
        eq(pushDeliveries.idempotencyKey, idempotencyKey),
      ),
    )
}

/** Gives a claim back: the push service could not take the message now, so a later call with the key sends it. */
export async function releaseDelivery(db: Db, subscriptionId: string, idempotencyKey: string): Promise<void> {
  await db
    .delete(pushDeliveries)
    .where(
      and(
        eq(pushDeliveries.subscriptionId, subscriptionId),
        eq(pushDeliveries.idempotencyKey, idempotencyKey),
      ),
    )
}

/** Forgets the member's deliveries claimed before the instant (a key is not reused that long after). */
export async function deleteMemberDeliveriesBefore(db: Db, memberId: string, before: Date): Promise<void> {
  await db.execute(sql`
    delete from ${pushDeliveries} d using ${pushSubscriptions} s
    where d.subscription_id = s.id and s.member_id = ${memberId} and d.claimed_at < ${before.toISOString()}`)
}
