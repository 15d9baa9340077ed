/**
 * The temporary files a killed server leaves (an upload half-received in DATA_DIR/uploads-in-progress, a stored file
 * half-written in DATA_DIR/files/.partial) are gone after the next start and after each housekeeping run; the
 * recent files of a process still running are kept.
 */
import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { temporaryFileName } from '#server/kernel/leftover-files.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { housekeepingJob } from './jobs.ts'

let dataDir: string
let runtime: TestRuntime | undefined

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'leftovers-'))
})

afterEach(async () => {
  await runtime?.close()
  runtime = undefined
  await rm(dataDir, { recursive: true, force: true })
})

const folders = () => ({
  uploads: path.join(dataDir, 'uploads-in-progress'),
  partial: path.join(dataDir, 'files', '.partial'),
})

/** Files as a killed process leaves them: named after it (it has ended), or older than an hour. */
async function leaveLeftovers(): Promise<{ kept: string[] }> {
  const killed = spawnSync(process.execPath, ['-e', '']).pid!
  const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
  const kept: string[] = []
  for (const folder of Object.values(folders())) {
    await mkdir(folder, { recursive: true })
    await writeFile(path.join(folder, temporaryFileName(killed)), 'half an upload')
    await writeFile(path.join(folder, 'from-an-older-version'), 'half an upload')
    await utimes(path.join(folder, 'from-an-older-version'), twoHoursAgo, twoHoursAgo)
    // Another worker sharing DATA_DIR, writing now (our parent process stands for it: it is alive).
    const live = temporaryFileName(process.ppid)
    await writeFile(path.join(folder, live), 'being written')
    kept.push(live)
  }
  return { kept }
}

const remaining = async () => [...(await readdir(folders().uploads)), ...(await readdir(folders().partial))]

describe('temporary files left by a killed process', () => {
  it('are removed when the server starts, and recent files of a live process are kept', async () => {
    const { kept } = await leaveLeftovers()
    runtime = await createTestRuntime({ DATA_DIR: dataDir })
    expect((await remaining()).sort()).toEqual(kept.sort())
  })

  it('are removed by the housekeeping job while the server runs', async () => {
    runtime = await createTestRuntime({ DATA_DIR: dataDir })
    const { kept } = await leaveLeftovers()
    expect((await remaining()).length).toBe(6)
    await housekeepingJob(runtime).run(new AbortController().signal)
    expect((await remaining()).sort()).toEqual(kept.sort())
  })
})
