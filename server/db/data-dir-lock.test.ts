import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { dataDirLockFileName, lockDataDir } from './data-dir-lock.ts'

let dataDir: string
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tickerwise-lock-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

const lockFile = () => path.join(dataDir, dataDirLockFileName)

/** A pid no process has any more: a child that has already exited. */
function endedPid(): number {
  const child = spawnSync(process.execPath, ['-e', ''])
  if (!child.pid) throw new Error('could not start a child process')
  return child.pid
}

function writeLock(record: Record<string, unknown>): void {
  writeFileSync(
    lockFile(),
    JSON.stringify({ startedAt: '2026-11-01T00:00:00.000Z', token: 'old', ...record }),
  )
}

describe('the data folder lock', () => {
  it('records the holding process and removes the file on release', () => {
    const lock = lockDataDir(dataDir)
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid })
    lock.release()
    expect(existsSync(lockFile())).toBe(false)
  })

  it('refuses a second holder, naming the process, until the first releases it', () => {
    const lock = lockDataDir(dataDir)
    expect(() => lockDataDir(dataDir)).toThrow(ConfigError)
    expect(() => lockDataDir(dataDir)).toThrow(
      new RegExp(`^DATA_DIR .* is in use by process ${process.pid} .*DATABASE_URL`),
    )
    lock.release()
    lockDataDir(dataDir).release()
  })

  it('refuses a lock held by another running process', () => {
    writeLock({ pid: process.ppid, processStart: null })
    expect(() => lockDataDir(dataDir)).toThrow(`is in use by process ${process.ppid}`)
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.ppid })
  })

  it('takes over a lock left by a process that has ended', () => {
    const pid = endedPid()
    writeLock({ pid, processStart: null })
    const lock = lockDataDir(dataDir)
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid })
    lock.release()
  })

  it('takes over a lock whose pid now belongs to a process started at another time', () => {
    if (!existsSync('/proc/self/stat')) return // the start time comes from /proc (Linux)
    writeLock({ pid: process.ppid, processStart: '1' })
    lockDataDir(dataDir).release()
  })

  it('takes over a lock an earlier process with this same pid left (a restarted container)', () => {
    writeLock({ pid: process.pid, processStart: null })
    lockDataDir(dataDir).release()
  })

  it('takes over an old lock file without a readable record, and waits out a fresh one', () => {
    writeFileSync(lockFile(), '')
    expect(() => lockDataDir(dataDir)).toThrow('is in use by another process')
    const minuteAgo = new Date(Date.now() - 60_000)
    utimesSync(lockFile(), minuteAgo, minuteAgo)
    lockDataDir(dataDir).release()
  })

  it('leaves a lock file that another holder wrote meanwhile', () => {
    const lock = lockDataDir(dataDir)
    writeLock({ pid: process.ppid, processStart: null, token: 'someone-else' })
    lock.release()
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ token: 'someone-else' })
  })
})
