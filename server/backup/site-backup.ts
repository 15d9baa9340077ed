/**
 * `npm run ops -- backup <file>` and `npm run ops -- restore <file>` (ADR 0029), for a PGlite site. A backup asks
 * the running server over its control socket (control-socket.ts) and, when no server runs, takes the data folder's
 * lock and packs it itself; either way the file appears under its name only once it is complete and read back whole
 * (written beside it under a temporary name first, never over an existing file). A restore goes only into an empty
 * data folder, unpacks beside the final folders and moves them into place at the end, then opens the database once
 * to show it works. PostgreSQL is backed up with its own tools (README, "Backups"): both commands say so.
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { link, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { finished } from 'node:stream/promises'
import { sql } from 'drizzle-orm'
import type { Config } from '#server/config.ts'
import { lockDataDir } from '#server/db/data-dir-lock.ts'
import { openDatabase, selectRows } from '#server/db/database.ts'
import { BackupArchiveError, isFolder, packBackup, unpackBackup } from './backup-archive.ts'
import { appVersion, controlSocketPathOf, manifestNow } from './control-socket.ts'
import { foldersAtRest } from './data-snapshot.ts'

/** A backup or restore refused for a reason the operator can act on: said in one line, exit 1. */
export class BackupRefusal extends Error {}

const postgresBackup =
  'DATABASE_URL is set: back up PostgreSQL with its own tools — pg_dump -Fc "$DATABASE_URL" -f tickerwise.dump (restore: pg_restore --no-owner -d "$DATABASE_URL" tickerwise.dump), or your host\'s base backups — and the uploads with the storage (README, "Backups")'

export async function backupSite(config: Config, file: string | undefined): Promise<string> {
  if (!file) throw new BackupRefusal('Usage: npm run ops -- backup <file.tar.gz>')
  if (config.databaseUrl) throw new BackupRefusal(postgresBackup)
  const target = path.resolve(file)
  if (await exists(target)) throw new BackupRefusal(`${target} already exists: choose another name`)
  if (!(await isFolder(path.join(config.dataDir, 'pglite'))))
    throw new BackupRefusal(`DATA_DIR ${config.dataDir} holds no database: nothing to back up`)
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.partial`)
  try {
    const from = (await receiveFromServer(config.dataDir, temporary)) ? 'the running server' : null
    const source = from ?? (await packAtRest(config.dataDir, temporary))
    // Read back whole before it takes its name: a backup that would not restore is not kept.
    const { manifest, files, bytes } = await unpackBackup(temporary).catch((error: unknown) => {
      if (!(error instanceof BackupArchiveError)) throw error
      throw new BackupRefusal(
        `the backup from ${source} came out incomplete (${error.message}); nothing was written to ${target} — see the server's log, and try again`,
      )
    })
    await syncFile(temporary)
    try {
      await link(temporary, target)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        throw new BackupRefusal(`${target} already exists: choose another name`)
      throw error
    }
    const size = (await stat(target)).size
    return `${target}: ${formatBytes(size)}, ${files} files (${formatBytes(bytes)}) of ${source}, taken at ${manifest.takenAt}`
  } finally {
    await rm(temporary, { force: true })
  }
}

/** Asks the running server for the backup; false when no server answers on the control socket. */
async function receiveFromServer(dataDir: string, temporary: string): Promise<boolean> {
  const socket = net.connect(controlSocketPathOf(dataDir))
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve)
      socket.once('error', reject)
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // No socket, or one a killed server left: no server is running (the lock will tell).
    if (code === 'ENOENT' || code === 'ECONNREFUSED') return false
    throw error
  }
  socket.write(`${JSON.stringify({ command: 'backup' })}\n`)
  const out = createWriteStream(temporary, { flags: 'wx', mode: 0o600 })
  let pending: Buffer | null = Buffer.alloc(0)
  try {
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      let bytes = chunk
      if (pending) {
        pending = Buffer.concat([pending, chunk])
        const end = pending.indexOf(10)
        if (end < 0) continue
        const answer = JSON.parse(pending.subarray(0, end).toString('utf8')) as {
          ok: boolean
          error?: string
        }
        if (!answer.ok) throw new BackupRefusal(`the server refused the backup: ${answer.error}`)
        bytes = pending.subarray(end + 1)
        pending = null
      }
      if (!out.write(bytes)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
    }
    if (pending) throw new BackupRefusal('the server closed the connection without an answer')
  } finally {
    socket.destroy()
    out.end()
    await finished(out).catch(() => undefined)
  }
  return true
}

/** No server runs: the folder is taken (its lock) and packed as it is. */
async function packAtRest(dataDir: string, temporary: string): Promise<string> {
  const lock = lockDataDir(dataDir)
  try {
    const out = createWriteStream(temporary, { flags: 'wx', mode: 0o600 })
    await packBackup(manifestNow(), await foldersAtRest(dataDir), out)
    return 'the data folder (no server running)'
  } finally {
    lock.release()
  }
}

/** Entries that do not make a folder "not empty": a mount point's lost+found. */
const ignoredInEmptyFolder = new Set(['lost+found'])

export async function restoreSite(config: Config, file: string | undefined): Promise<string> {
  if (!file) throw new BackupRefusal('Usage: npm run ops -- restore <file.tar.gz>')
  if (config.databaseUrl) throw new BackupRefusal(postgresBackup)
  const source = path.resolve(file)
  if (!(await exists(source))) throw new BackupRefusal(`${source}: no such file`)
  const dataDir = config.dataDir
  const present = await contentsOf(dataDir)
  if (present.length > 0)
    throw new BackupRefusal(
      `DATA_DIR ${dataDir} is not empty (${present.slice(0, 5).join(', ')}${present.length > 5 ? ', …' : ''}): a backup is restored only into an empty data folder. Move this one aside (keep it until the restored site is checked) or set DATA_DIR to a new folder`,
    )
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  // Held while unpacking, so no server starts on a half-restored folder.
  const lock = lockDataDir(dataDir)
  const unpacking = path.join(dataDir, `.restoring-${randomUUID()}`)
  let summary: Awaited<ReturnType<typeof unpackBackup>>
  try {
    summary = await unpackBackup(source, {
      into: unpacking,
      accept: (manifest) => {
        if (manifest.database !== 'pglite')
          throw new BackupRefusal(`${source} is a backup of ${manifest.database}, not of a PGlite site`)
      },
    })
    if (!(await isFolder(path.join(unpacking, 'pglite'))))
      throw new BackupRefusal(`${source} holds no database`)
    for (const name of ['pglite', 'files'])
      if (await isFolder(path.join(unpacking, name)))
        await rename(path.join(unpacking, name), path.join(dataDir, name))
  } catch (error) {
    if (error instanceof BackupArchiveError) throw new BackupRefusal(`${source}: ${error.message}`)
    throw error
  } finally {
    await rm(unpacking, { recursive: true, force: true })
    lock.release()
  }
  // Opened once: PGlite replays what the snapshot's log holds, and the counts show the site is there.
  const database = await openDatabase({ kind: 'pglite', dataDir })
  let counts: { members: number; articles: number }
  try {
    const [row] = await selectRows<{ members: number; articles: number }>(
      database.db,
      sql`select (select count(*)::int from members) as members, (select count(*)::int from articles) as articles`,
    )
    counts = row ?? { members: 0, articles: 0 }
  } finally {
    await database.close()
  }
  const { manifest } = summary
  const versionNote =
    manifest.appVersion === appVersion
      ? ''
      : `\nnote: taken by version ${manifest.appVersion}, this is ${appVersion}; the server migrates the database at start`
  return `restored ${source} (taken at ${manifest.takenAt}) into ${dataDir}: ${summary.files} files (${formatBytes(summary.bytes)}); the database opens with ${counts.members} members and ${counts.articles} articles. Start the server.${versionNote}`
}

async function contentsOf(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter((name) => !ignoredInEmptyFolder.has(name))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw error
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
