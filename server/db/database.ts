/**
 * Opens the one database the process uses: PGlite in a data folder (the embedded default) or PostgreSQL when
 * DATABASE_URL is set. Both speak the same SQL dialect, so modules never ask which one they have; only this file
 * and the migrator know.
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'

export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Runs `fn` on one connection while holding a Postgres advisory lock (one holder across all processes). */
  withAdvisoryLock<T>(lockName: string, fn: (db: Db) => Promise<T>): Promise<T>
  /** Like withAdvisoryLock, but gives up at once (returns `skipped`) when another process holds the lock. */
  tryWithAdvisoryLock<T>(lockName: string, fn: (db: Db) => Promise<T>): Promise<T | 'skipped'>
  close(): Promise<void>
  /** PGlite only: the whole data folder as a tarball (used to copy a seeded template into tests). */
  dumpDataDir?: () => Promise<Blob>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob }

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options)
}

async function openPglite(options: { dataDir: string | undefined; loadDataDir?: Blob }): Promise<Database> {
  const dataDir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined
  if (dataDir) await mkdir(dataDir, { recursive: true })
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
    relaxedDurability: !dataDir,
  })
  const db = drizzlePglite({ client, casing: 'snake_case' }) as unknown as Db
  // PGlite is one connection in one process: a lock is only a queue here, and queries are already serial.
  let queue: Promise<unknown> = Promise.resolve()
  const withLock = <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    const run = queue.then(() => fn(db))
    queue = run.catch(() => undefined)
    return run
  }
  return {
    db,
    kind: 'pglite',
    withAdvisoryLock: (_name, fn) => withLock(fn),
    tryWithAdvisoryLock: (_name, fn) => withLock(fn),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  }
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // A connection the server ends while it sits idle or is closing (a restart, a failover, a test database dropped
  // while the pool is ending) emits 'error'; unheard, that would end the process. Queries in flight still fail
  // through their own promise, and the pool replaces the connection.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  // Fail at boot, with the real reason, rather than on the first request.
  const probe = await pool.connect()
  probe.release()
  const db = drizzleNodePg({ client: pool, casing: 'snake_case' }) as unknown as Db

  async function onLockedConnection<T>(
    lockName: string,
    acquire: 'pg_advisory_lock' | 'pg_try_advisory_lock',
    fn: (db: Db) => Promise<T>,
  ): Promise<T | 'skipped'> {
    const connection = await pool.connect()
    try {
      const result = await connection.query(`select ${acquire}(hashtext($1)) as locked`, [lockName])
      if (acquire === 'pg_try_advisory_lock' && result.rows[0]?.locked !== true) return 'skipped'
      try {
        return await fn(drizzleNodePg({ client: connection, casing: 'snake_case' }) as unknown as Db)
      } finally {
        await connection.query('select pg_advisory_unlock(hashtext($1))', [lockName])
      }
    } finally {
      connection.release()
    }
  }

  return {
    db,
    kind: 'postgres',
    withAdvisoryLock: (name, fn) => onLockedConnection(name, 'pg_advisory_lock', fn) as Promise<never>,
    tryWithAdvisoryLock: (name, fn) => onLockedConnection(name, 'pg_try_advisory_lock', fn),
    close: () => pool.end(),
  }
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}
