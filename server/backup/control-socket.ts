/**
 * The server's control socket: how `npm run ops -- backup` asks a running PGlite site for a snapshot, since the
 * data folder belongs to the server while it runs (server/db/data-dir-lock.ts). A Unix socket at
 * `<DATA_DIR>/run/control.sock`, in a folder only the server's user may enter (0700) and itself 0600: whoever can
 * connect could already read the data folder. One request a connection, one JSON line (`{"command":"backup"}`);
 * the answer is a JSON line (`{"ok":true}` or `{"ok":false,"error":…}`) followed, for a backup, by the backup file's
 * bytes (backup-archive.ts) until the connection ends. The snapshot is taken at once (data-snapshot.ts); the
 * packing that follows runs from the staging copy, while the site serves as usual.
 *
 * Opened by the serving entries (serve.ts, dev.ts) on PGlite with a data folder; PostgreSQL has its own tools.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { chmod, mkdir, rm } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import type { Database } from '#server/db/database.ts'
import { type BackupManifest, backupFormat, backupFormatVersion, packBackup } from './backup-archive.ts'
import { removeStaleStaging, snapshotRunningSite, stagingFolderName } from './data-snapshot.ts'

export function controlSocketPathOf(dataDir: string): string {
  return path.join(dataDir, 'run', 'control.sock')
}

export interface ControlSocketLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface ControlSocket {
  close(): Promise<void>
}

/** The build's version (package.json), written into each backup's manifest. */
export const appVersion: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version

export function manifestNow(): BackupManifest {
  return {
    format: backupFormat,
    version: backupFormatVersion,
    takenAt: new Date().toISOString(),
    appVersion,
    database: 'pglite',
    contents: ['pglite', 'files'],
  }
}

export async function openControlSocket({
  database,
  dataDir,
  log,
}: {
  database: Pick<Database, 'kind' | 'withFilesAtRest'>
  dataDir: string
  log: ControlSocketLogger
}): Promise<ControlSocket | undefined> {
  if (database.kind !== 'pglite' || !database.withFilesAtRest) return undefined
  const socketPath = controlSocketPathOf(dataDir)
  await mkdir(path.dirname(socketPath), { recursive: true, mode: 0o700 })
  await chmod(path.dirname(socketPath), 0o700)
  // This process holds the data folder's lock: a socket file there is one a killed server left.
  await rm(socketPath, { force: true })
  await removeStaleStaging(dataDir)
  const connections = new Set<net.Socket>()
  const server = net.createServer((connection) => {
    connections.add(connection)
    connection.once('close', () => connections.delete(connection))
    void answer(connection).catch((error: unknown) => {
      log.error({ err: error }, 'backup failed')
      connection.destroy()
    })
  })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(socketPath, () => resolve())
    })
  } catch (error) {
    // A path longer than a socket's address may be (about 100 bytes): backups then need the server stopped.
    log.warn(
      { err: error, socketPath },
      'control socket not opened: `npm run ops -- backup` works only with the server stopped',
    )
    return undefined
  }
  await chmod(socketPath, 0o600)

  async function answer(connection: net.Socket): Promise<void> {
    const request = await firstLine(connection)
    let command: unknown
    try {
      command = (JSON.parse(request) as { command?: unknown }).command
    } catch {
      command = undefined
    }
    if (command !== 'backup') {
      connection.end(`${JSON.stringify({ ok: false, error: 'unknown command' })}\n`)
      return
    }
    const staging = path.join(dataDir, stagingFolderName, `${Date.now()}-${randomUUID()}`)
    try {
      const started = performance.now()
      const manifest = manifestNow()
      const folders = await snapshotRunningSite(database, dataDir, staging)
      log.info({ pausedMs: Math.round(performance.now() - started) }, 'backup snapshot taken')
      connection.write(`${JSON.stringify({ ok: true, takenAt: manifest.takenAt })}\n`)
      const summary = await packBackup(manifest, folders, connection)
      log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'backup sent')
    } finally {
      await rm(staging, { recursive: true, force: true })
    }
  }

  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      for (const connection of connections) connection.destroy()
      await rm(socketPath, { force: true })
    },
  }
}

/** The request line (the client sends nothing after it). */
function firstLine(connection: net.Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const end = text.indexOf('\n')
      if (end >= 0) {
        connection.off('data', onData)
        resolve(text.slice(0, end))
      } else if (text.length > 4096) reject(new Error('request line too long'))
    }
    connection.on('data', onData)
    connection.once('error', reject)
    connection.once('end', () => reject(new Error('connection ended before the request')))
  })
}
