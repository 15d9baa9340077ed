/**
 * The backup drill (ADR 0029): a PGlite site serving writes — newsletter sign-ups and uploads — is backed up with
 * `npm run ops -- backup` while the writes go on, the backup is restored with `npm run ops -- restore` into a new
 * data folder, and the restored site holds every write acknowledged before the backup began, every upload whole,
 * and no upload that was still being written. Runs on PGlite whatever database the rest of the suite uses: the
 * command backs up a PGlite data folder (on PostgreSQL it names pg_dump instead, as the last test shows).
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { bootRuntime } from '#server/boot.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase, selectRows } from '#server/db/database.ts'
import { createLocalFileStorage } from '#server/providers/file-storage/local-file-storage.ts'
import { testEnv } from '#server/testing/test-env.ts'
import { openControlSocket } from './control-socket.ts'

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }
/** Each `ops` command is a Node process of its own: on a busy 2-core machine its start alone can take seconds. */
const opsProcessTimeoutMs = 60_000

function runOps(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['server/ops.ts', ...args], {
    env: { ...process.env, ...testEnv, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk) => {
    stdout += chunk
  })
  child.stderr.on('data', (chunk) => {
    stderr += chunk
  })
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })))
}

async function filesUnder(folder: string, relative = ''): Promise<string[]> {
  const entries = await readdir(path.join(folder, relative), { withFileTypes: true }).catch(() => [])
  const found: string[] = []
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name
    if (entry.isDirectory()) found.push(...(await filesUnder(folder, name)))
    else found.push(name)
  }
  return found
}

const root = await mkdtemp(path.join(tmpdir(), 'tw-backup-'))
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('a backup of a running PGlite site', () => {
  it('restores into a new folder every write acknowledged before it began, and no half-written upload', async () => {
    const dataDir = path.join(root, 'site')
    const restoredDir = path.join(root, 'restored')
    const file = path.join(root, 'site.tar.gz')
    const config = loadConfig({ ...testEnv, PGLITE_THREAD: 'worker', DATA_DIR: dataDir })
    const database = await openDatabase({ kind: 'pglite', dataDir })
    const runtime = await bootRuntime({ config, database, seed: false })
    const controlSocket = await openControlSocket({ database, dataDir, log: quiet })
    const storage = createLocalFileStorage({ dataDir })

    // An upload still being written when the backup is taken: its temporary file is no part of the site.
    await storage.check()
    await writeFile(path.join(dataDir, 'files', '.partial', 'upload-in-progress'), 'half of a file')

    const written = new Map<string, Buffer>()
    const acknowledged: Array<{ email: string; key: string | null; at: number }> = []
    let writing = true
    const writer = (async () => {
      for (let n = 0; writing; n++) {
        const email = `reader-${n}@example.com`
        await runtime.services.newsletter.subscribeEmail(
          { email, source: 'footer' },
          { locale: 'en', region: 'en' },
        )
        let key: string | null = null
        if (n % 4 === 0) {
          key = `chat/upload-${n}`
          const bytes = randomBytes(1000 + ((n * 7919) % 200_000))
          written.set(key, bytes)
          await storage.put(
            key,
            { stream: Readable.from([bytes]) },
            {
              contentType: 'application/octet-stream',
              size: bytes.length,
            },
          )
        }
        acknowledged.push({ email, key, at: performance.now() })
      }
    })()
    while (acknowledged.length < 30) await new Promise((resolve) => setTimeout(resolve, 10))

    const began = performance.now()
    const backup = await runOps(['backup', file], { DATA_DIR: dataDir })
    const ended = performance.now()
    const countDuringBackup = acknowledged.filter((write) => write.at > began && write.at < ended).length
    writing = false
    await writer
    await controlSocket?.close()
    await runtime.close()
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain('of the running server')
    // The site kept writing while the backup ran.
    expect(countDuringBackup).toBeGreaterThan(0)
    // Only the finished file, under its own name: nothing left beside it.
    expect((await readdir(root)).filter((name) => name.includes('site.tar.gz'))).toEqual(['site.tar.gz'])

    const restore = await runOps(['restore', file], { DATA_DIR: restoredDir })
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)

    const before = acknowledged.filter((write) => write.at < began)
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir })
    try {
      const rows = await selectRows<{ email: string }>(restored.db, sql`select email from newsletter_signups`)
      const emails = new Set(rows.map((row) => row.email))
      expect(before.filter((write) => !emails.has(write.email))).toEqual([])
    } finally {
      await restored.close()
    }
    const uploads = path.join(restoredDir, 'files')
    for (const write of before.filter((write) => write.key)) {
      const key = write.key as string
      expect((await readFile(path.join(uploads, key))).equals(written.get(key) as Buffer)).toBe(true)
    }
    // Every file restored is a whole upload, and the one in progress is not there.
    const restoredFiles = await filesUnder(uploads)
    expect(restoredFiles.length).toBeGreaterThanOrEqual(before.filter((write) => write.key).length)
    for (const name of restoredFiles) {
      expect(written.has(name)).toBe(true)
      expect((await readFile(path.join(uploads, name))).equals(written.get(name) as Buffer)).toBe(true)
    }
    expect((await stat(path.join(restoredDir, 'pglite'))).isDirectory()).toBe(true)
  }, 120_000)

  it(
    'restores only into an empty data folder, and says so',
    async () => {
      const occupied = path.join(root, 'occupied')
      await mkdir(path.join(occupied, 'pglite'), { recursive: true })
      const restore = await runOps(['restore', path.join(root, 'site.tar.gz')], { DATA_DIR: occupied })
      expect(restore.code).toBe(1)
      expect(restore.stderr).toContain(`DATA_DIR ${occupied} is not empty (pglite)`)
      expect(await readdir(occupied)).toEqual(['pglite'])
    },
    opsProcessTimeoutMs,
  )

  it(
    'backs up a site whose server is stopped from its data folder, and refuses a file cut short',
    async () => {
      const file = path.join(root, 'stopped.tar.gz')
      const backup = await runOps(['backup', file], { DATA_DIR: path.join(root, 'restored') })
      expect(backup.code).toBe(0)
      expect(backup.stdout).toContain('no server running')
      const whole = await readFile(file)
      const cut = path.join(root, 'cut.tar.gz')
      await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)))
      const restore = await runOps(['restore', cut], { DATA_DIR: path.join(root, 'from-cut') })
      expect(restore.code).toBe(1)
      expect(restore.stderr).toMatch(/cut short|ends/)
      expect(await readdir(path.join(root, 'from-cut')).catch(() => [])).toEqual([])
    },
    2 * opsProcessTimeoutMs,
  )

  it(
    'on PostgreSQL, names the tools to use instead',
    async () => {
      const backup = await runOps(['backup', path.join(root, 'pg.tar.gz')], {
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
        DATA_DIR: path.join(root, 'pg'),
      })
      expect(backup.code).toBe(1)
      expect(backup.stderr).toContain('pg_dump')
    },
    opsProcessTimeoutMs,
  )
})
