import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { mailOutbox, mailQueue, mailSuppressions } from './mail.sql.ts'

export type QueuedMail = typeof mailQueue.$inferSelect
export type NewQueuedMail = typeof mailQueue.$inferInsert
export type OutboxRow = typeof mailOutbox.$inferSelect

/** Queues a message unless one with its idempotency key exists; tells whether it was queued now. */
export async function insertQueuedMail(db: Db, mail: NewQueuedMail): Promise<boolean> {
  const rows = await db
    .insert(mailQueue)
    .values(mail)
    .onConflictDoNothing({ target: mailQueue.idempotencyKey })
    .returning({ id: mailQueue.id })
  return rows.length > 0
}

/** Queues many messages in one statement; those whose idempotency key exists keep the first. Answers how many were queued. */
export async function insertQueuedMailBatch(db: Db, mails: NewQueuedMail[]): Promise<number> {
  const rows = await db
    .insert(mailQueue)
    .values(mails)
    .onConflictDoNothing({ target: mailQueue.idempotencyKey })
    .returning({ id: mailQueue.id })
  return rows.length
}

export interface IssueCounts {
  queued: number
  pending: number
  sent: number
  failed: number
  suppressed: number
  /** Addresses of the issue that left its list after it was queued. */
  unsubscribed: number
  firstQueuedAt: Date | null
}

/** The fate of the messages whose keys start with `keyPrefix`, counted in the database. */
export async function countMailByKeyPrefix(db: Db, keyPrefix: string): Promise<IssueCounts> {
  const pattern = `${keyPrefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  const rows = await db
    .select({
      queued: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${mailQueue.status} in ('pending', 'sending')))::int`,
      sent: sql<number>`(count(*) filter (where ${mailQueue.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${mailQueue.status} = 'failed'))::int`,
      suppressed: sql<number>`(count(*) filter (where ${mailQueue.status} = 'suppressed'))::int`,
      unsubscribed: sql<number>`(count(*) filter (where exists (
        select 1 from ${mailSuppressions}
        where ${mailSuppressions.address} = ${mailQueue.toAddress}
          and ${mailSuppressions.list} = ${mailQueue.list}
          and ${mailSuppressions.reason} = 'unsubscribe'
          and ${mailSuppressions.createdAt} >= ${mailQueue.createdAt})))::int`,
      firstQueuedAt: sql<string | null>`min(${mailQueue.createdAt})`,
    })
    .from(mailQueue)
    .where(sql`${mailQueue.idempotencyKey} like ${pattern}`)
  const row = rows[0]
  return {
    queued: row?.queued ?? 0,
    pending: row?.pending ?? 0,
    sent: row?.sent ?? 0,
    failed: row?.failed ?? 0,
    suppressed: row?.suppressed ?? 0,
    unsubscribed: row?.unsubscribed ?? 0,
    firstQueuedAt: row?.firstQueuedAt ? new Date(row.firstQueuedAt) : null,
  }
}

/**
 * Claims up to `limit` due messages for one attempt: pending ones whose time has come, oldest due first, and ones a
 * stopped worker left `sending` past their lease. SKIP LOCKED lets two workers claim at once without taking the same
 * row. The two are looked up apart: each reads `mail_queue_due_idx` in order and stops at `limit`, where one query
 * with both conditions sorted the whole backlog on every claim (4 s a claim behind a 100,000-reader digest), and
 * `id in (…) or id in (…)` read every row.
 */
export async function claimDueMail(
  db: Db,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<QueuedMail[]> {
  const at = sql`${now.toISOString()}::timestamptz`
  const pending = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(eq(mailQueue.status, 'pending'), sql`${mailQueue.nextAttemptAt} <= ${at}`))
    .orderBy(mailQueue.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true })
  const lapsed = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(eq(mailQueue.status, 'sending'), sql`${mailQueue.leaseUntil} < ${at}`))
    .limit(limit)
    .for('update', { skipLocked: true })
  return db
    .update(mailQueue)
    .set({ status: 'sending', leaseUntil, attempts: sql`${mailQueue.attempts} + 1` })
    .where(
      sql`${mailQueue.id} in (select id from (${lapsed}) as lapsed union all select id from (${pending}) as due)`,
    )
    .returning()
}

/**
 * Ends an attempt: only the worker whose claim this is (same attempt number, still sending) may, so a worker that
 * lost its lease to another cannot overwrite the other's outcome.
 */
export async function finishAttempt(
  db: Db,
  claim: Pick<QueuedMail, 'id' | 'attempts'>,
  outcome: Partial<Pick<QueuedMail, 'status' | 'nextAttemptAt' | 'lastError' | 'sentAt'>>,
): Promise<void> {
  await db
    .update(mailQueue)
    .set({ ...outcome, leaseUntil: null })
    .where(
      and(
        eq(mailQueue.id, claim.id),
        eq(mailQueue.attempts, claim.attempts),
        eq(mailQueue.status, 'sending'),
      ),
    )
}

export async function selectQueuedMail(db: Db, id: string): Promise<QueuedMail | undefined> {
  const rows = await db.select().from(mailQueue).where(eq(mailQueue.id, id))
  return rows[0]
}

export async function countQueuedMail(db: Db, where: { toAddress?: string; kind?: string }) {
  const conditions = [
    where.toAddress ? eq(mailQueue.toAddress, where.toAddress) : undefined,
    where.kind ? eq(mailQueue.kind, where.kind) : undefined,
  ]
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailQueue)
    .where(and(...conditions))
  return rows[0]?.n ?? 0
}

/** Whether anything was ever queued for this address (the confirmation must be the first message). */
export async function hasMailTo(db: Db, address: string): Promise<boolean> {
  const rows = await db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(eq(mailQueue.toAddress, address))
    .limit(1)
  return rows.length > 0
}

/** Keeps one message in the outbox; a repeated Message-ID keeps the first. Answers the kept row's id. */
export async function insertOutboxMessage(db: Db, row: typeof mailOutbox.$inferInsert): Promise<string> {
  await db.insert(mailOutbox).values(row).onConflictDoNothing({ target: mailOutbox.messageId })
  const kept = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(eq(mailOutbox.messageId, row.messageId))
  return kept[0]?.id ?? ''
}

export async function selectOutboxPage(
  db: Db,
  page: { page: number; pageSize: number },
): Promise<{ rows: Omit<OutboxRow, 'html' | 'text' | 'headers'>[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        messageId: mailOutbox.messageId,
        fromAddress: mailOutbox.fromAddress,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox),
  ])
  return { rows, total: totals[0]?.n ?? 0 }
}

export async function selectOutboxMessage(db: Db, id: string): Promise<OutboxRow | undefined> {
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  return rows[0]
}

export async function insertSuppression(
  db: Db,
  row: { address: string; list: string; reason: string },
): Promise<void> {
  await db.insert(mailSuppressions).values(row).onConflictDoNothing()
}

/** The suppression that stops a message to `address` on `list` (null: transactional), if any. */
export async function findSuppression(
  db: Db,
  address: string,
  list: string | null,
): Promise<{ list: string; reason: string } | undefined> {
  const lists = list ? ['*', list] : ['*']
  const rows = await db
    .select({ list: mailSuppressions.list, reason: mailSuppressions.reason })
    .from(mailSuppressions)
    .where(and(eq(mailSuppressions.address, address), inArray(mailSuppressions.list, lists)))
    .limit(1)
  return rows[0]
}

/** The suppressions of these addresses, every list (the queue reads a claimed batch's at once). */
export async function selectSuppressionsOf(
  db: Db,
  addresses: readonly string[],
): Promise<{ address: string; list: string; reason: string }[]> {
  if (addresses.length === 0) return []
  return db
    .select({
      address: mailSuppressions.address,
      list: mailSuppressions.list,
      reason: mailSuppressions.reason,
    })
    .from(mailSuppressions)
    .where(inArray(mailSuppressions.address, [...new Set(addresses)]))
}

/** Takes an address back onto a list it had left by an unsubscribe (it confirmed again); bounces stay. */
export async function deleteUnsubscribe(db: Db, address: string, list: string): Promise<void> {
  await db
    .delete(mailSuppressions)
    .where(
      and(
        eq(mailSuppressions.address, address),
        eq(mailSuppressions.list, list),
        eq(mailSuppressions.reason, 'unsubscribe'),
      ),
    )
}

/**
 * Retention: messages queued before `before` that are done with (sent, failed for good, suppressed), at most `limit`
 * of them, oldest first. A message still to send (pending, sending) is kept however old.
 */
export async function deleteFinishedMailBefore(db: Db, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(mailQueue)
    .where(
      inArray(
        mailQueue.id,
        db
          .select({ id: mailQueue.id })
          .from(mailQueue)
          .where(
            and(
              inArray(mailQueue.status, ['sent', 'failed', 'suppressed']),
              sql`${mailQueue.createdAt} < ${before.toISOString()}::timestamptz`,
            ),
          )
          .orderBy(mailQueue.createdAt)
          .limit(limit),
      ),
    )
    .returning({ id: mailQueue.id })
  return rows.length
}

/** Retention: what the outbox adapter kept before `before`, at most `limit` rows, oldest first. */
export async function deleteOutboxBefore(db: Db, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(
      inArray(
        mailOutbox.id,
        db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(sql`${mailOutbox.createdAt} < ${before.toISOString()}::timestamptz`)
          .orderBy(mailOutbox.createdAt)
          .limit(limit),
      ),
    )
    .returning({ id: mailOutbox.id })
  return rows.length
}
