import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { sessions, siteHandovers } from './accounts.sql.ts'

export type HandoverRow = typeof siteHandovers.$inferSelect

export async function insertHandover(db: Db, row: Omit<HandoverRow, 'id'>): Promise<void> {
  await db.insert(siteHandovers).values(row)
}

/**
 * Takes the pass out of the table: whoever deletes the row has it, so two concurrent redemptions cannot both get it.
 * Any presentation uses it up, valid or not.
 */
export async function takeHandover(db: Db, tokenHash: string): Promise<HandoverRow | undefined> {
  const rows = await db.delete(siteHandovers).where(eq(siteHandovers.tokenHash, tokenHash)).returning()
  return rows[0]
}

/** The absolute end of a session that can still be used (not past its end, used within the idle time). */
export async function findLiveSessionEnd(
  db: Db,
  sessionId: string,
  now: Date,
  idleMs: number,
): Promise<Date | undefined> {
  const idleSince = new Date(now.getTime() - idleMs)
  const rows = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        sql`${sessions.expiresAt} > ${now.toISOString()}::timestamptz`,
        sql`${sessions.lastSeenAt} > ${idleSince.toISOString()}::timestamptz`,
      ),
    )
    .limit(1)
  return rows[0]?.expiresAt
}

export async function deleteHandoversExpiredBefore(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(siteHandovers)
    .where(lt(siteHandovers.expiresAt, before))
    .returning({ id: siteHandovers.id })
  return rows.length
}
