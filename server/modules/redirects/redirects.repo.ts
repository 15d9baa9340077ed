import { and, asc, eq, isNull } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { redirects } from './redirects.sql.ts'

export type RedirectRow = typeof redirects.$inferSelect

/** The rules in force (removed ones left out), by path. */
export function selectAllRedirects(db: Db): Promise<RedirectRow[]> {
  return db.select().from(redirects).where(isNull(redirects.removedAt)).orderBy(asc(redirects.fromPath))
}

/** The rule in force from this path, locked for the caller's transaction. */
export async function selectRedirectForUpdate(db: Db, fromPath: string): Promise<RedirectRow | undefined> {
  const rows = await db
    .select()
    .from(redirects)
    .where(and(eq(redirects.fromPath, fromPath), isNull(redirects.removedAt)))
    .for('update')
  return rows[0]
}

/** Adds or replaces a rule; a removed rule of the same path comes back with the new target. */
export async function upsertRedirect(db: Db, row: typeof redirects.$inferInsert): Promise<void> {
  await db
    .insert(redirects)
    .values({ ...row, removedAt: null })
    .onConflictDoUpdate({
      target: redirects.fromPath,
      set: { toLocation: row.toLocation, statusCode: row.statusCode, removedAt: null },
    })
}

/** Marks a rule removed (kept, so the seed does not add it again). False when no rule was in force. */
export async function markRedirectRemoved(db: Db, fromPath: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(redirects)
    .set({ removedAt: at })
    .where(and(eq(redirects.fromPath, fromPath), isNull(redirects.removedAt)))
    .returning({ fromPath: redirects.fromPath })
  return rows.length > 0
}

export async function insertRedirectsIfAbsent(
  db: Db,
  rows: (typeof redirects.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(redirects).values(rows).onConflictDoNothing()
}
