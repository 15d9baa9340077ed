import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/database.ts'
import { newsletterSignups } from './newsletter.sql.ts'

export type NewSignup = typeof newsletterSignups.$inferInsert
export type SignupRow = typeof newsletterSignups.$inferSelect

/** Inserts or refreshes the row for this email; tells whether it already existed. */
export async function upsertSignup(
  db: Db,
  signup: NewSignup,
): Promise<{ id: string; existed: boolean; isReceiving: boolean }> {
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
    .returning({
      id: newsletterSignups.id,
      existed: sql<boolean>`(xmax <> 0)`,
      confirmedAt: newsletterSignups.confirmedAt,
      unsubscribedAt: newsletterSignups.unsubscribedAt,
    })
  const row = rows[0]
  return {
    id: row?.id ?? '',
    existed: row?.existed === true,
    // Confirmed and still on the list: the reader already receives the digest.
    isReceiving: Boolean(row?.confirmedAt) && !row?.unsubscribedAt,
  }
}

export async function selectSignup(db: Db, id: string): Promise<SignupRow | undefined> {
  const rows = await db.select().from(newsletterSignups).where(eq(newsletterSignups.id, id))
  return rows[0]
}

/** Marks a sign-up confirmed (again, after an unsubscribe); answers the row when it changed. */
export async function confirmSignupRow(db: Db, id: string, at: Date): Promise<SignupRow | undefined> {
  const rows = await db
    .update(newsletterSignups)
    .set({ confirmedAt: at, unsubscribedAt: null })
    .where(
      and(
        eq(newsletterSignups.id, id),
        or(isNull(newsletterSignups.confirmedAt), isNotNull(newsletterSignups.unsubscribedAt)),
      ),
    )
    .returning()
  return rows[0]
}

export async function markUnsubscribed(db: Db, email: string, at: Date): Promise<void> {
  await db
    .update(newsletterSignups)
    .set({ unsubscribedAt: at })
    .where(and(eq(newsletterSignups.email, email), isNull(newsletterSignups.unsubscribedAt)))
}

export async function countSignups(db: Db): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(newsletterSignups)
  return rows[0]?.n ?? 0
}

/** Which sign-ups the console lists or exports: words in the email, name or phone; signed up in [from, to). */
export interface SignupFilter {
  text?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
}

function conditionsOf(filter: SignupFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = []
  if (filter.text) {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
    conditions.push(
      or(
        ilike(newsletterSignups.email, pattern),
        ilike(newsletterSignups.name, pattern),
        ilike(newsletterSignups.phone, pattern),
      ),
    )
  }
  if (filter.from) conditions.push(gte(newsletterSignups.createdAt, filter.from))
  if (filter.to) conditions.push(lt(newsletterSignups.createdAt, filter.to))
  return and(...conditions)
}

/** A page of sign-ups, newest first, and how many match. */
export async function selectSignups(
  db: Db,
  filter: SignupFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: SignupRow[]; total: number }> {
  const where = conditionsOf(filter)
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(newsletterSignups)
      .where(where)
      .orderBy(desc(newsletterSignups.createdAt), desc(newsletterSignups.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(newsletterSignups).where(where),
  ])
  return { rows, total: totals[0]?.n ?? 0 }
}

/**
 * The matching sign-ups after `after` (newest first), `limit` at a time: an export walks the whole list in batches
 * by the order's key, so rows signed up meanwhile neither repeat nor shift the next batch.
 */
export async function selectSignupBatch(
  db: Db,
  filter: SignupFilter,
  after: { createdAt: Date; id: string } | null,
  limit: number,
): Promise<SignupRow[]> {
  // Keyed on milliseconds: the database keeps microseconds, a Date only milliseconds, so a key read back into a Date
  // must compare as it was ordered.
  const signedUpAt = sql`date_trunc('milliseconds', ${newsletterSignups.createdAt})`
  const afterKey = after
    ? sql`(${signedUpAt}, ${newsletterSignups.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
    : undefined
  return db
    .select()
    .from(newsletterSignups)
    .where(and(conditionsOf(filter), afterKey))
    .orderBy(desc(signedUpAt), desc(newsletterSignups.id))
    .limit(limit)
}

/** Removes one sign-up; answers the row as it was (undefined when there was none). */
export async function deleteSignup(db: Db, id: string): Promise<SignupRow | undefined> {
  const rows = await db.delete(newsletterSignups).where(eq(newsletterSignups.id, id)).returning()
  return rows[0]
}

/**
 * The digest's recipients after sign-up `after` (by id), `limit` at a time: confirmed and not unsubscribed. Keyed
 * on the id, so a sign-up confirmed while the issue is queued is neither read twice nor shifts the next batch.
 */
export async function selectDigestRecipients(
  db: Db,
  after: string | null,
  limit: number,
): Promise<Pick<SignupRow, 'id' | 'email' | 'locale' | 'region'>[]> {
  return db
    .select({
      id: newsletterSignups.id,
      email: newsletterSignups.email,
      locale: newsletterSignups.locale,
      region: newsletterSignups.region,
    })
    .from(newsletterSignups)
    .where(
      and(
        isNotNull(newsletterSignups.confirmedAt),
        isNull(newsletterSignups.unsubscribedAt),
        after ? sql`${newsletterSignups.id} > ${after}::uuid` : undefined,
      ),
    )
    .orderBy(newsletterSignups.id)
    .limit(limit)
}
