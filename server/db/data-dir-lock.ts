/**
 * One process at a time in a PGlite data folder. PGlite is PostgreSQL running inside the process: a second process
 * opening the same folder does not share the first one's database, it works on its own copy of the files, and the
 * two overwrite each other (an operator command "succeeds" and the server never sees the change). So the process
 * that opens the folder holds a lock file beside it, created exclusively (O_EXCL) with its pid and start time, and
 * any other process — a second server, `npm run ops` — stops with one line saying who holds the folder.
 *
 * The lock is released on close and when the process exits. A process killed outright (SIGKILL, a crash, a
 * container stop) leaves its file behind: a lock whose process is gone is stale and the next process takes it over.
 * "Gone" means no process has that pid, or the process with that pid started at another time than the one recorded
 * (a container restart reuses small pids). PostgreSQL (DATABASE_URL) needs none of this: many processes share it.
 */
import { randomUUID } from 'node:crypto'
import { closeSync, openSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'
import { ConfigError } from '#server/config/config-error.ts'

export const dataDirLockFileName = 'pglite.lock'

interface LockRecord {
  pid: number
  /** When the lock was taken (ISO), for people reading the message. */
  startedAt: string
  /** The holder's start time in clock ticks since boot (Linux /proc), to tell a reused pid from the holder. */
  processStart: string | null
  /** Tells this holder's file from another's, so a process only ever removes its own. */
  token: string
}

export interface DataDirLock {
  path: string
  release(): void
}

/** Lock files this process holds, by path: released together when the process exits. */
const held = new Map<string, LockRecord>()
let exitHookInstalled = false

/** Takes the folder's lock or throws a ConfigError naming the process that holds it. */
export function lockDataDir(dataDir: string): DataDirLock {
  const lockPath = path.join(dataDir, dataDirLockFileName)
  const record: LockRecord = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    processStart: processStartOf(process.pid),
    token: randomUUID(),
  }
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(lockPath, record)) {
      held.set(lockPath, record)
      installExitHook()
      return { path: lockPath, release: () => releaseLock(lockPath, record) }
    }
    const existing = readRecord(lockPath)
    if (existing === 'missing') continue
    if (existing === 'unreadable') {
      // A file without a record is one being written right now, or the remains of a crash mid-write.
      if (ageMsOf(lockPath) < 5_000) throw inUseError(dataDir, undefined)
      takeOverStale(lockPath, undefined)
      continue
    }
    if (isHolderAlive(lockPath, existing)) throw inUseError(dataDir, existing)
    takeOverStale(lockPath, existing.token)
  }
  throw inUseError(dataDir, undefined)
}

function inUseError(dataDir: string, holder: LockRecord | undefined): ConfigError {
  const who = holder ? `process ${holder.pid} (since ${holder.startedAt})` : 'another process'
  return new ConfigError(
    `DATA_DIR ${dataDir} is in use by ${who}: PGlite serves one process at a time. Stop that process first, or run this against PostgreSQL (DATABASE_URL), where several processes can share the database`,
  )
}

function tryCreate(lockPath: string, record: LockRecord): boolean {
  let fd: number
  try {
    fd = openSync(lockPath, 'wx', 0o644)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, `${JSON.stringify(record)}\n`)
  } finally {
    closeSync(fd)
  }
  return true
}

function readRecord(lockPath: string): LockRecord | 'missing' | 'unreadable' {
  let text: string
  try {
    text = readFileSync(lockPath, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing'
    throw error
  }
  try {
    const value = JSON.parse(text) as Partial<LockRecord>
    if (!Number.isInteger(value.pid) || typeof value.token !== 'string') return 'unreadable'
    return {
      pid: value.pid as number,
      startedAt: String(value.startedAt ?? 'an unknown time'),
      processStart: typeof value.processStart === 'string' ? value.processStart : null,
      token: value.token,
    }
  } catch {
    return 'unreadable'
  }
}

function ageMsOf(lockPath: string): number {
  try {
    return Date.now() - statSync(lockPath).mtimeMs
  } catch {
    return Number.POSITIVE_INFINITY
  }
}

function isHolderAlive(lockPath: string, record: LockRecord): boolean {
  // Our own pid: held by this process (opened twice), or left by an earlier process that had the same pid.
  if (record.pid === process.pid) return held.get(lockPath)?.token === record.token
  try {
    process.kill(record.pid, 0)
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const started = processStartOf(record.pid)
  return !(record.processStart && started && started !== record.processStart)
}

/**
 * Moves a stale lock out of the way. Two processes may find the same stale lock at once: the file is renamed
 * (atomic) and checked to be the one judged stale; if a faster process already replaced it, it is put back.
 */
function takeOverStale(lockPath: string, staleToken: string | undefined): void {
  const aside = `${lockPath}.stale-${randomUUID()}`
  try {
    renameSync(lockPath, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  const moved = readRecord(aside)
  const isTheStaleOne =
    staleToken === undefined
      ? moved === 'unreadable'
      : typeof moved === 'object' && moved.token === staleToken
  if (isTheStaleOne) unlinkSync(aside)
  else renameSync(aside, lockPath)
}

function releaseLock(lockPath: string, record: LockRecord): void {
  if (held.get(lockPath)?.token !== record.token) return
  held.delete(lockPath)
  const current = readRecord(lockPath)
  if (typeof current === 'object' && current.token === record.token) {
    try {
      unlinkSync(lockPath)
    } catch {
      // Already gone (the folder was removed): nothing to release.
    }
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const [lockPath, record] of held) releaseLock(lockPath, record)
  })
}

/** The process's start time in clock ticks since boot (field 22 of /proc/<pid>/stat); null where there is no /proc. */
function processStartOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}
