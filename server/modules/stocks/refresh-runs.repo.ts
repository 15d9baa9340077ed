/**
 * Queries on the record of refreshes (`stock_refresh_runs`): one row per market refresh, opened when it starts and
 * closed with its figures; operators read the latest (`npm run ops -- stocks:status`). Plain rows; no rules.
 */
import { eq, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { type DataSource, stockRefreshRuns } from './stocks.sql.ts'

export async function insertRefreshRun(
  db: Db,
  run: {
    market: Market
    provider: DataSource
    trigger: 'fill' | 'schedule' | 'operator' | 'import'
    targetSession: string | null
    startedAt: Date
  },
): Promise<number> {
  const rows = await db
    .insert(stockRefreshRuns)
    .values({ ...run, status: 'running' })
    .returning({ id: stockRefreshRuns.id })
  return rows[0]?.id as number
}

export async function finishRefreshRun(
  db: Db,
  id: number,
  result: {
    status: 'succeeded' | 'partial' | 'failed'
    companies: number
    barsStored: number
    snapshots: number
    failures: Array<{ code: string; error: string }>
    finishedAt: Date
  },
): Promise<void> {
  await db.update(stockRefreshRuns).set(result).where(eq(stockRefreshRuns.id, id))
}

export async function selectRecentRuns(db: Db, limit: number) {
  return db.select().from(stockRefreshRuns).orderBy(sql`${stockRefreshRuns.startedAt} desc`).limit(limit)
}
