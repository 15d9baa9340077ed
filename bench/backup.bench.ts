/**
 * Backups of a running PGlite site (`node bench/backup.bench.ts`, or `npm run bench -- backup`; ADR 0029): a fresh
 * site seeded in a temporary data folder (the whole demo universe; BENCH_BACKUP_COMPANIES=test for the test
 * template's 40 companies) with 200 uploads of 100 kB, then `backupSite` against the server's control socket while
 * a reader queries the database in a loop. Prints the data folder's size, the pause (the snapshot's copy, as the
 * server measures it, and the longest wait the reader saw), the whole backup's time, the file's size, and the
 * restore's time into a new folder. Figures vary with the machine and its load; compare runs on the same machine.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { openControlSocket } from '#server/backup/control-socket.ts'
import { backupSite, restoreSite } from '#server/backup/site-backup.ts'
import { bootRuntime } from '#server/boot.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/database.ts'
import { createLocalFileStorage } from '#server/providers/file-storage/local-file-storage.ts'
import { testEnv } from '#server/testing/test-env.ts'

const root = await mkdtemp(path.join(tmpdir(), 'tw-backup-bench-'))
const dataDir = path.join(root, 'site')
const small = process.env.BENCH_BACKUP_COMPANIES === 'test'
const env = {
  ...(small ? testEnv : { NODE_ENV: 'test', APP_ENV: 'develop', LOG_LEVEL: 'silent' }),
  MARKET_DATA_DEMO_END_DATE: testEnv.MARKET_DATA_DEMO_END_DATE ?? '2026-11-20',
  DATA_DIR: dataDir,
}
const config = loadConfig(env)
let seconds = performance.now()
const database = await openDatabase({ kind: 'pglite', dataDir })
const runtime = await bootRuntime({ config, database })
console.log(
  `seeded ${small ? '40 companies' : 'the demo universe'} in ${((performance.now() - seconds) / 1000).toFixed(1)} s`,
)
const storage = createLocalFileStorage({ dataDir })
for (let n = 0; n < 200; n++) {
  const bytes = randomBytes(100 * 1024)
  await storage.put(
    `chat/bench-${n}`,
    { stream: Readable.from([bytes]) },
    { contentType: 'application/octet-stream', size: bytes.length },
  )
}
let pausedMs = 0
const socket = await openControlSocket({
  database,
  dataDir,
  log: {
    info: (details: { pausedMs?: number }) => {
      if (details.pausedMs !== undefined) pausedMs = details.pausedMs
    },
    warn: () => undefined,
    error: () => undefined,
  },
})

let reading = true
let longestWaitMs = 0
const reader = (async () => {
  while (reading) {
    const started = performance.now()
    await database.db.execute(sql`select count(*) from articles`)
    longestWaitMs = Math.max(longestWaitMs, performance.now() - started)
    await new Promise((resolve) => setImmediate(resolve))
  }
})()
await new Promise((resolve) => setTimeout(resolve, 300))
const beforeBackupWaitMs = longestWaitMs
longestWaitMs = 0

const file = path.join(root, 'site.tar.gz')
seconds = performance.now()
const line = await backupSite(config, file)
const backupSeconds = (performance.now() - seconds) / 1000
reading = false
await reader
await socket?.close()
await runtime.close()

const folderBytes = await sizeOf(path.join(dataDir, 'pglite'))
const restoredDir = path.join(root, 'restored')
seconds = performance.now()
await restoreSite(loadConfig({ ...env, DATA_DIR: restoredDir }), file)
const restoreSeconds = (performance.now() - seconds) / 1000

console.log(line)
console.log(`database folder: ${(folderBytes / 1024 / 1024).toFixed(1)} MB; uploads: 200 × 100 kB`)
console.log(
  `snapshot pause (server): ${pausedMs} ms; longest query wait during the backup: ${longestWaitMs.toFixed(0)} ms (before it: ${beforeBackupWaitMs.toFixed(0)} ms)`,
)
console.log(
  `backup: ${backupSeconds.toFixed(1)} s; file ${((await stat(file)).size / 1024 / 1024).toFixed(1)} MB; restore: ${restoreSeconds.toFixed(1)} s`,
)
await rm(root, { recursive: true, force: true })

async function sizeOf(folder: string): Promise<number> {
  const { readdir } = await import('node:fs/promises')
  let total = 0
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size
  return total
}
