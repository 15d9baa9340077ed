import { sql } from 'drizzle-orm'
import { type Db, selectRows } from '#server/db/database.ts'

export interface UsageKey {
  kind: string
  subject: string
  month: string
}

export interface UsageLimits {
  /** null: no monthly limit. */
  monthly: number | null
  daily: number
  /** Visitors: most uses per day from one network, across all devices. null: not checked. */
  network: { key: string; daily: number } | null
}

export interface UsageRow {
  monthUsed: number
  day: string
  dayUsed: number
}

/**
 * Counts one use if, and only if, every limit still allows it — in one statement, so concurrent requests cannot
 * both take the last use: the conflict branch locks the row and re-checks the WHERE against its latest version.
 * Returns the counts after the use, or undefined when a limit refused it (nothing is counted then).
 * Limits must be at least 1 (a zero limit is refused before asking the database).
 */
export async function consumeUse(
  db: Db,
  key: UsageKey,
  today: string,
  limits: UsageLimits,
  now: Date,
): Promise<UsageRow | undefined> {
  const network = limits.network?.key ?? null
  const networkAllows = limits.network
    ? sql`(select coalesce(sum(n.day_used), 0) from quota_usage n
           where n.kind = ${key.kind} and n.month = ${key.month} and n.day = ${today}
             and n.network = ${network}) < ${limits.network.daily}`
    : sql`true`
  const rows = await selectRows<{ month_used: number; day: string; day_used: number }>(
    db,
    sql`
      insert into quota_usage as q (kind, subject, month, month_used, day, day_used, network, updated_at)
      select ${key.kind}, ${key.subject}, ${key.month}, 1, ${today}, 1, ${network}, ${now.toISOString()}::timestamptz
      where ${networkAllows}
      on conflict (kind, subject, month) do update set
        month_used = q.month_used + 1,
        day_used = case when q.day = excluded.day then q.day_used + 1 else 1 end,
        day = excluded.day,
        network = coalesce(excluded.network, q.network),
        updated_at = excluded.updated_at
      where (${limits.monthly}::int is null or q.month_used < ${limits.monthly}::int)
        and (q.day <> excluded.day or q.day_used < ${limits.daily})
        and ${networkAllows}
      returning month_used, day, day_used`,
  )
  const row = rows[0]
  return row ? { monthUsed: Number(row.month_used), day: row.day, dayUsed: Number(row.day_used) } : undefined
}

export async function findUsage(db: Db, key: UsageKey): Promise<UsageRow | undefined> {
  const rows = await selectRows<{ month_used: number; day: string; day_used: number }>(
    db,
    sql`select month_used, day, day_used from quota_usage
        where kind = ${key.kind} and subject = ${key.subject} and month = ${key.month}`,
  )
  const row = rows[0]
  return row ? { monthUsed: Number(row.month_used), day: row.day, dayUsed: Number(row.day_used) } : undefined
}

export async function countNetworkUses(
  db: Db,
  kind: string,
  month: string,
  day: string,
  network: string,
): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`select coalesce(sum(day_used), 0)::int as n from quota_usage
        where kind = ${kind} and month = ${month} and day = ${day} and network = ${network}`,
  )
  return Number(rows[0]?.n ?? 0)
}

/** Gives one use back (a failed diagnosis); never below zero, and the day's count only if still the same day. */
export async function returnUse(db: Db, key: UsageKey, day: string): Promise<void> {
  await db.execute(sql`
    update quota_usage set
      month_used = greatest(month_used - 1, 0),
      day_used = case when day = ${day} then greatest(day_used - 1, 0) else day_used end
    where kind = ${key.kind} and subject = ${key.subject} and month = ${key.month}`)
}

export async function deleteUsageBefore(db: Db, month: string): Promise<void> {
  await db.execute(sql`delete from quota_usage where month < ${month}`)
}
