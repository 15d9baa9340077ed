import type { Db } from '#server/db/database.ts'
import { redirects } from './redirects.sql.ts'

export type RedirectRow = typeof redirects.$inferSelect

export function selectAllRedirects(db: Db): Promise<RedirectRow[]> {
  return db.select().from(redirects)
}

export async function upsertRedirect(db: Db, row: typeof redirects.$inferInsert): Promise<void> {
  await db
    .insert(redirects)
    .values(row)
    .onConflictDoUpdate({
      target: redirects.fromPath,
      set: { toLocation: row.toLocation, statusCode: row.statusCode },
    })
}

export async function insertRedirectsIfAbsent(
  db: Db,
  rows: (typeof redirects.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(redirects).values(rows).onConflictDoNothing()
}
