/**
 * Opens the one database the process uses: PGlite in a data folder (the embedded default) or PostgreSQL when
 * DATABASE_URL is set. Both speak the same SQL dialect, so modules never ask which one they have; only this file
 * and the migrator know. Each driver is loaded only by the process that opens it.
 */
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import { ConfigError } from '#server/config/config-error.ts'
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts'

export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PostgreSQL: the URL connected to (for a connection of its own, e.g. LISTEN). */
  url?: string
  /** Runs `fn` on one connection while holding a Postgres advisory lock (one holder across all processes). */
  withAdvisoryLock<T>(lockName: string, fn: (db: Db) => Promise<T>): Promise<T>
  /** Like withAdvisoryLock, but gives up at once (returns `skipped`) when another process holds the lock. */
  tryWithAdvisoryLock<T>(lockName: string, fn: (db: Db) => Promise<T>): Promise<T | 'skipped'>
  close(): Promise<void>
  /** PostgreSQL only: the connection pool's use now (metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number; max: number }
  /** PGlite only: the whole data folder as a tarball (used to copy a seeded template into tests). */
  dumpDataDir?: () => Promise<Blob>
  /**
   * PGlite in a data folder only: runs `work` with the database's files at rest — a checkpoint just taken, and no
   * query or transaction running until `work` returns — so that a copy `work` makes of the folder is a consistent
   * snapshot (server/backup/). Every query waits meanwhile: keep `work` to the copy.
   */
  withFilesAtRest?: <T>(work: (pgliteDir: string) => Promise<T>) => Promise<T>
  /**
   * PGlite in its thread: one full garbage collection there, once the start is over (node-flags.ts
   * `collectStartGarbage` does the same for the calling thread).
   */
  collectGarbage?: () => Promise<void>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob; thread?: PgliteThread }

/**
 * Where PGlite runs (PGLITE_THREAD, ADR 0028): in a worker thread (the default), so its synchronous WebAssembly
 * never holds up the event loop, or in the main thread (one thread and some memory less, the loop frozen while a
 * query runs).
 */
export type PgliteThread = 'worker' | 'main'

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize ?? 10) : openPglite(options)
}

/**
 * PostgreSQL's memory inside PGlite's WebAssembly memory, which never shrinks: every buffer touched once stays
 * resident for the life of the process. Its defaults are sized for a server of its own (128 MB of shared buffers,
 * 64 MB per index build); here the operating system already caches the data folder's files, so a small buffer pool
 * costs a system call per page it misses, not a disk read.
 */
const pgliteMemorySettings = ['-c', 'shared_buffers=16MB', '-c', 'maintenance_work_mem=16MB']

/** What drizzle's PGlite driver and this file call on either client: PGlite itself, or its worker thread's proxy. */
interface PgliteClient {
  dumpDataDir(): Promise<Blob>
  /** Only PGlite's own thread has garbage apart from the process's. */
  collectGarbage?(): Promise<void>
  /**
   * Runs `work` after a checkpoint while PGlite holds both of its mutexes: no transaction is open (a transaction
   * holds the first from BEGIN to COMMIT) and no statement runs (each holds the second), so the data folder's files
   * are what a clean stop would leave, plus the write-ahead log of what committed since the checkpoint.
   */
  withFilesAtRest<T>(work: () => Promise<T>): Promise<T>
  close(): Promise<void>
}

async function openPgliteInMainThread(options: {
  dataDir: string | undefined
  loadDataDir?: Blob
}): Promise<{ client: PgliteClient; driverClient: PGlite }> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ])
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
    relaxedDurability: !options.dataDir,
    startParams: [...PGlite.defaultStartParams, ...pgliteMemorySettings],
  })
  return {
    client: {
      dumpDataDir: () => pglite.dumpDataDir('gzip'),
      async withFilesAtRest(work) {
        await pglite.exec('CHECKPOINT')
        return pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(work))
      },
      close: () => pglite.close(),
    },
    driverClient: pglite,
  }
}

async function openPgliteInWorker(options: {
  dataDir: string | undefined
  loadDataDir?: Blob
}): Promise<{ client: PgliteClient; driverClient: PGlite }> {
  const { startPgliteWorker } = await import('./pglite-worker-client.ts')
  const worker = await startPgliteWorker({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: pgliteMemorySettings,
    // Without its database the process can serve nothing: end it, so that its supervisor starts it again.
    onUnexpectedStop: (error) =>
      setImmediate(() => {
        throw error
      }),
  })
  // drizzle's driver calls query and transaction, which the proxy answers.
  return { client: worker, driverClient: worker as unknown as PGlite }
}

async function openPglite(options: {
  dataDir: string | undefined
  loadDataDir?: Blob
  thread?: PgliteThread
}): Promise<Database> {
  const dataDir = options.dataDir ? path.join(options.dataDir, 'pglite') : undefined
  let lock: DataDirLock | undefined
  if (options.dataDir) {
    await checkDataDirWritable(options.dataDir)
    // One process per folder (data-dir-lock.ts): a second one would work on its own copy of the files.
    lock = lockDataDir(options.dataDir)
  }
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite')
  const open = options.thread === 'main' ? openPgliteInMainThread : openPgliteInWorker
  let client: PgliteClient
  let driverClient: PGlite
  try {
    ;({ client, driverClient } = await open({
      dataDir,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    }))
  } catch (error) {
    lock?.release()
    if (!dataDir) throw error
    // PGlite says only "failed to initialize properly": name the folder and what to try.
    throw new ConfigError(
      `DATA_DIR ${options.dataDir}: PGlite could not open ${dataDir} (${reasonOf(error)}). If the folder holds files of another program or another PGlite version, or a damaged database, move it away (a new database is created and seeded at start) or choose another DATA_DIR`,
    )
  }
  const db = drizzlePglite({ client: driverClient, casing: 'snake_case' }) as unknown as Db
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
    async close() {
      try {
        await client.close()
      } finally {
        lock?.release()
      }
    },
    dumpDataDir: () => client.dumpDataDir(),
    ...(client.collectGarbage
      ? { collectGarbage: () => client.collectGarbage?.() ?? Promise.resolve() }
      : {}),
    ...(dataDir
      ? {
          withFilesAtRest: <T>(work: (pgliteDir: string) => Promise<T>) =>
            // After any seed or migration in progress (the lock queue).
            withLock(() => client.withFilesAtRest(() => work(dataDir))),
        }
      : {}),
  }
}

/**
 * `mkdir -p`, one level at a time. Node's own recursive mkdir spins forever where creating a folder keeps failing
 * with ENOENT under a parent that exists (a path under /proc, for one); this gives up with that error instead.
 */
async function makeFolder(folder: string): Promise<void> {
  try {
    await mkdir(folder)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return
    if (code !== 'ENOENT' || path.dirname(folder) === folder) throw error
    await makeFolder(path.dirname(folder))
    await mkdir(folder).catch((again: NodeJS.ErrnoException) => {
      if (again.code !== 'EEXIST') throw again
    })
  }
}

/** Creates the folder and writes a file in it and in its PGlite folder, so a folder PGlite cannot use stops here. */
async function probeFolderWrites(dataDir: string): Promise<void> {
  const pgliteDir = path.join(dataDir, 'pglite')
  await makeFolder(pgliteDir)
  for (const folder of [dataDir, pgliteDir]) {
    const probe = path.join(folder, `.write-check-${randomUUID()}`)
    await writeFile(probe, '', { flag: 'wx' })
    await rm(probe, { force: true })
  }
}

/** Whether `dataDir` holds no PGlite database yet: the next open creates one (initdb) and the seed fills it. */
export function isNewPgliteDataDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))
}

/**
 * Stops with one line naming DATA_DIR when the folder cannot be created or written (PGlite itself would only say
 * it "failed to initialize properly"). `probe` is replaceable for tests run as root, whom permissions do not stop.
 */
export async function checkDataDirWritable(
  dataDir: string,
  probe: (dataDir: string) => Promise<void> = probeFolderWrites,
): Promise<void> {
  try {
    await probe(dataDir)
  } catch (error) {
    throw new ConfigError(
      `DATA_DIR ${dataDir} is not writable: ${reasonOf(error)}. Choose a writable folder (DATA_DIR=/path/to/folder) or give this user write access to it`,
    )
  }
}

/** A short reason from a thrown error; connection failures may come as an AggregateError without a message. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(reasonOf))].join('; ')
  }
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name
  return String(error)
}

/** The URL as it may be printed: without its password. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    if (parsed.searchParams.has('password')) parsed.searchParams.set('password', '***')
    return parsed.href
  } catch {
    return 'DATABASE_URL'
  }
}

/** Connects once, bounded in time, so a database that does not answer stops the boot with a line naming it. */
async function probePostgres(driver: typeof pg, url: string): Promise<void> {
  const client = new driver.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
  } catch (error) {
    throw new ConfigError(
      `DATABASE_URL ${redactedUrl(url)} does not answer: ${reasonOf(error)}. Start PostgreSQL there (and check the user, password and database name), or unset DATABASE_URL to use PGlite in DATA_DIR`,
    )
  } finally {
    await client.end().catch(() => undefined)
  }
}

/**
 * Runs guarded by an advisory lock at once in one process (the scheduled jobs, a market's refresh): each holds a
 * connection of the locks' pool while it runs. A run past this many waits for one, holding nothing else meanwhile.
 */
const lockConnectionsMax = 16

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzleNodePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ])
  // Fail at boot, with the real reason, rather than on the first request.
  await probePostgres(pg, url)
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // A connection the server ends while it sits idle or is closing (a restart, a failover, a test database dropped
  // while the pool is ending) emits 'error'; unheard, that would end the process. Queries in flight still fail
  // through their own promise, and the pool replaces the connection.
  pool.on('error', () => undefined)
  pool.on('connect', (client) => client.on('error', () => undefined))
  const db = drizzleNodePg({ client: pool, casing: 'snake_case' }) as unknown as Db
  // An advisory lock lives on one connection for the whole run it guards, and that run's own queries (a job's work)
  // take connections from the pool like any other: lock holders drawn from the same pool once held all of it, each
  // waiting for a connection to do its work, and every request of that process waited with them (more jobs due at
  // once than DATABASE_POOL_SIZE, as at a start). So the locks have connections of their own.
  const lockPool = new pg.Pool({ connectionString: url, max: lockConnectionsMax })
  lockPool.on('error', () => undefined)
  lockPool.on('connect', (client) => client.on('error', () => undefined))

  async function onLockedConnection<T>(
    lockName: string,
    acquire: 'pg_advisory_lock' | 'pg_try_advisory_lock',
    fn: (db: Db) => Promise<T>,
  ): Promise<T | 'skipped'> {
    const connection = await lockPool.connect()
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
    url,
    withAdvisoryLock: (name, fn) => onLockedConnection(name, 'pg_advisory_lock', fn) as Promise<never>,
    tryWithAdvisoryLock: (name, fn) => onLockedConnection(name, 'pg_try_advisory_lock', fn),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => Promise.all([pool.end(), lockPool.end()]).then(() => undefined),
  }
}

/** Rows of a raw SQL statement; both drivers answer `{ rows }`. */
/**
 * Runs `work` in one transaction, handing it the transaction as a plain `Db` (drizzle types a transaction apart,
 * though it runs every query a `Db` does): repositories take a `Db` and so serve both.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db))
}

export async function selectRows<T>(db: Db, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] }
  return result.rows
}
