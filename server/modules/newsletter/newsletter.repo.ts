import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { newsletterSignups } from './newsletter.sql.ts'

export type NewSignup = typeof newsletterSignups.$inferInsert

/** Inserts or refreshes the row for this email; tells whether it already existed. */
export async function upsertSignup(db: Db, signup: NewSignup): Promise<{ existed: boolean }> {
  const rows = await db
    .insert(newsletterSignups)
    .values(signup)
    .onConflictDoUpdate({
      target: newsletterSignups.email,
      set: {
        // Keep what we knew unless the reader gave something new.
        name: sql`coalesce(excluded.name, ${newsletterSignups.name})`,
        phone: sql`coalesce(excluded.phone, ${newsletterSignups.phone})`,
        locale: sql`excluded.locale`,
        region: sql`excluded.region`,
        updatedAt: sql`now()`,
      },
    })
    // xmax is 0 for a freshly inserted row and non-zero when the conflict branch updated an existing one.
    .returning({ existed: sql<boolean>`(xmax <> 0)` })
  return { existed: rows[0]?.existed === true }
}

export async function countSignups(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(newsletterSignups)
  return rows[0]?.n ?? 0
}
