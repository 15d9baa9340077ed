/**
 * Applies the drizzle-kit migrations in server/db/migrations at start. On PostgreSQL the run holds an advisory
 * lock so that N processes starting together migrate once.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { type Database, selectRows } from './database.ts'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export async function migrateDatabase(database: Database): Promise<void> {
  await database.withAdvisoryLock('tickerwise:migrate', async (db) => {
    if (database.kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder })
    else await migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder })
  })
}

/** Migrations this build ships (drizzle-kit's journal). */
const shippedMigrations = (
  JSON.parse(readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8')) as {
    entries: unknown[]
  }
).entries.length

/** Whether every migration this build ships has been applied (readiness, server/http/health.ts). */
export async function isDatabaseMigrated(database: Pick<Database, 'db'>): Promise<boolean> {
  const [row] = await selectRows<{ applied: number }>(
    database.db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  )
  return (row?.applied ?? 0) >= shippedMigrations
}
