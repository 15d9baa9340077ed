import { sql } from 'drizzle-orm'
import { type Db, selectRows } from '#server/db/database.ts'

/** Counts one hit in the key's current fixed window (starting a new window when the last one ended). */
export async function incrementCounter(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ hits: number; ttlMs: number }> {
  const interval = `${Math.max(1, Math.round(windowMs))} milliseconds`
  const rows = await selectRows<{ hits: number; ttl_ms: number }>(
    db,
    sql`
      insert into rate_limit_counters as c (key, hits, window_ends_at)
      values (${key}, 1, now() + ${interval}::interval)
      on conflict (key) do update set
        hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
        window_ends_at = case when c.window_ends_at <= now() then now() + ${interval}::interval else c.window_ends_at end
      returning hits, greatest(0, extract(epoch from (window_ends_at - now())) * 1000)::float8 as ttl_ms`,
  )
  const row = rows[0]
  return { hits: Number(row?.hits ?? 1), ttlMs: Math.round(Number(row?.ttl_ms ?? windowMs)) }
}

export async function deleteExpiredCounters(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limit_counters where window_ends_at < now() - interval '1 hour'`)
}
