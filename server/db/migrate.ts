/**
 * Applies the drizzle-kit migrations in server/db/migrations at start. On PostgreSQL the run holds an advisory
 * lock so that N processes starting together migrate once.
 */
import { fileURLToPath } from 'node:url'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import type { Database } from './database.ts'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export async function migrateDatabase(database: Database): Promise<void> {
  await database.withAdvisoryLock('tickerwise:migrate', async (db) => {
    if (database.kind === 'pglite') await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder })
    else await migrateNodePg(db as unknown as NodePgDatabase, { migrationsFolder })
  })
}
