/**
 * Starts the production entry (`node server/main.ts`, with its workers when WEB_CONCURRENCY says so) as a child
 * process on a free loopback port, for benchmarks that need whole processes; and a fresh PostgreSQL database beside
 * DATABASE_URL's for them.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { databaseUrlWithName } from '#server/testing/test-database.ts'

export interface BenchProcess {
  url: string
  port: number
  /** The server process (the primary when WEB_CONCURRENCY starts workers). */
  pid: number
  /** Milliseconds from spawning the process to its first answer (opening, migrating and seeding the database included). */
  startMs: number
  dataDir: string
  hostOf(region: 'en' | 'hant' | 'hk' | 'kr' | 'jp'): string
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export async function startBenchProcess(
  env: Record<string, string>,
  options: {
    /** A data folder of an earlier process (a restart); left in place by `stop()`. Default: a new one, removed. */
    dataDir?: string
    /** How long the first answer may take (default 600 s: a fresh database is seeded first, slowly on a busy machine). */
    startTimeoutMs?: number
  } = {},
): Promise<BenchProcess> {
  const port = await freePort()
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'tickerwise-bench-process-')))
  const spawnedAt = performance.now()
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      APP_ENV: 'develop',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  const startTimeoutMs = options.startTimeoutMs ?? 600_000
  const deadline = Date.now() + startTimeoutMs
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server/main.ts exited with ${child.exitCode} before serving`)
    try {
      if ((await fetch(`${url}/api/portal`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`server/main.ts did not answer within ${startTimeoutMs / 1000} s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const startMs = Math.round(performance.now() - spawnedAt)
  return {
    url,
    port,
    pid: child.pid ?? 0,
    startMs,
    dataDir,
    hostOf: (region) => `${region}.localhost:${port}`,
    async stop() {
      child.kill('SIGTERM')
      const code = await exited
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true })
      return code
    },
  }
}

/** A new, empty PostgreSQL database beside DATABASE_URL's, dropped by `drop()`. */
export async function createFreshPostgres(
  url: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.query(`create database ${name}`)
  await admin.end()
  return {
    url: databaseUrlWithName(url, name),
    async drop() {
      const cleaner = new pg.Client({ connectionString: url })
      await cleaner.connect()
      await cleaner.query(`drop database if exists ${name} with (force)`)
      await cleaner.end()
    },
  }
}
