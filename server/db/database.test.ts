import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { checkDataDirWritable, isNewPgliteDataDir, openDatabase } from './database.ts'

let root: string
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'tickerwise-database-'))
})
afterEach(() => {
  chmodSync(root, 0o700)
  rmSync(root, { recursive: true, force: true })
})

/** Whether permissions stop this process (they do not stop root, who may run the tests in a container). */
function permissionsApply(): boolean {
  const probe = path.join(root, 'permission-probe')
  mkdirSync(probe, 0o500)
  try {
    writeFileSync(path.join(probe, 'file'), '')
    return false
  } catch {
    return true
  } finally {
    chmodSync(probe, 0o700)
    rmSync(probe, { recursive: true, force: true })
  }
}

describe('opening a PGlite data folder', () => {
  it('holds the folder: a second open stops naming this process, and after close it opens again', async () => {
    const dataDir = path.join(root, 'data')
    expect(isNewPgliteDataDir(dataDir)).toBe(true)
    const first = await openDatabase({ kind: 'pglite', dataDir })
    // The first start's (serve.ts starts again once it is seeded); the next ones open it.
    expect(isNewPgliteDataDir(dataDir)).toBe(false)
    try {
      const second = openDatabase({ kind: 'pglite', dataDir })
      await expect(second).rejects.toThrow(ConfigError)
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        `DATA_DIR ${dataDir} is in use by process ${process.pid}`,
      )
    } finally {
      await first.close()
    }
    const again = await openDatabase({ kind: 'pglite', dataDir })
    await again.close()
  }, 90_000)

  it('stops with one line naming DATA_DIR when the folder cannot be written', async () => {
    const failing = () =>
      Promise.reject(
        Object.assign(new Error(`EACCES: permission denied, open '${root}/pglite/.write-check'`), {
          code: 'EACCES',
        }),
      )
    await expect(checkDataDirWritable(root, failing)).rejects.toThrow(
      new RegExp(`^DATA_DIR ${root} is not writable: EACCES: permission denied.*Choose a writable folder`),
    )
  })

  it('refuses a read-only folder before PGlite opens it', async (context) => {
    if (!permissionsApply()) context.skip('running as root: file permissions do not stop writes')
    const dataDir = path.join(root, 'read-only')
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true })
    chmodSync(path.join(dataDir, 'pglite'), 0o500)
    chmodSync(dataDir, 0o500)
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        `DATA_DIR ${dataDir} is not writable: EACCES`,
      )
    } finally {
      chmodSync(dataDir, 0o700)
      chmodSync(path.join(dataDir, 'pglite'), 0o700)
    }
  })

  it('names DATA_DIR when PGlite cannot use what the folder holds, and leaves it unlocked', async () => {
    const dataDir = path.join(root, 'other-files')
    mkdirSync(path.join(dataDir, 'pglite'), { recursive: true })
    writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), 'not a database\n')
    const attempt = () => openDatabase({ kind: 'pglite', dataDir })
    await expect(attempt()).rejects.toThrow(new RegExp(`^DATA_DIR ${dataDir}: PGlite could not open`))
    await expect(attempt()).rejects.not.toThrow(/in use/)
  })
})

describe('opening PostgreSQL', () => {
  it('names DATABASE_URL, without its password, when the server does not answer', async () => {
    const opening = openDatabase({ kind: 'postgres', url: 'postgres://tw:s3cret@127.0.0.1:1/tickerwise' })
    const error = await opening.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toMatch(
      /^DATABASE_URL postgres:\/\/tw:\*\*\*@127\.0\.0\.1:1\/tickerwise does not answer: /,
    )
    expect(message).not.toContain('s3cret')
    expect(message).not.toContain('\n')
  })
})
