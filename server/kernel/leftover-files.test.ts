import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { leftoverGraceMs, removeLeftoverFilesIn, temporaryFileName } from './leftover-files.ts'

let folder: string

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'leftover-files-'))
})

afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

/** The pid of a process that has ended (a `node -e ''` run and waited for). */
function endedPid(): number {
  const run = spawnSync(process.execPath, ['-e', ''])
  return run.pid!
}

async function put(name: string, ageMs = 0): Promise<string> {
  const file = path.join(folder, name)
  await writeFile(file, 'half a file')
  if (ageMs > 0) {
    const then = new Date(Date.now() - ageMs)
    await utimes(file, then, then)
  }
  return name
}

describe('removing the temporary files of killed processes', () => {
  it('removes at once the files of a process that has ended, and keeps the recent files of a live one', async () => {
    const ended = await put(temporaryFileName(endedPid()))
    const live = await put(temporaryFileName(process.ppid))
    const unnamed = await put('upload-of-an-older-version')
    expect(await removeLeftoverFilesIn(folder)).toBe(1)
    expect((await readdir(folder)).sort()).toEqual([live, unnamed].sort())
    expect(await readdir(folder)).not.toContain(ended)
  })

  it('removes any file not written for the grace period, even of a live process', async () => {
    const stale = await put(temporaryFileName(process.ppid), leftoverGraceMs + 60_000)
    const staleUnnamed = await put('stale', leftoverGraceMs + 60_000)
    const recent = await put(temporaryFileName(process.ppid), leftoverGraceMs - 60_000)
    expect(await removeLeftoverFilesIn(folder)).toBe(2)
    expect(await readdir(folder)).toEqual([recent])
    expect(await readdir(folder)).not.toContain(stale)
    expect(await readdir(folder)).not.toContain(staleUnnamed)
  })

  it('removes the files of an earlier process that had this pid (a restarted container), never its own', async () => {
    const own = await put(temporaryFileName())
    const [host, pid] = own.split('.')
    const earlier = await put(`${host}.${pid}.0000aaaa.${'1'.repeat(36)}`)
    expect(await removeLeftoverFilesIn(folder)).toBe(1)
    expect(await readdir(folder)).toEqual([own])
    expect(await readdir(folder)).not.toContain(earlier)
  })

  it('keeps a file its own process holds, however long ago it was written', async () => {
    const held = await put(temporaryFileName(), leftoverGraceMs * 3)
    expect(await removeLeftoverFilesIn(folder, { inUse: new Set([path.join(folder, held)]) })).toBe(0)
    expect(await readdir(folder)).toEqual([held])
  })

  it('finds nothing to remove in a folder that does not exist, and leaves folders alone', async () => {
    expect(await removeLeftoverFilesIn(path.join(folder, 'missing'))).toBe(0)
    await mkdir(path.join(folder, temporaryFileName(endedPid())))
    expect(await removeLeftoverFilesIn(folder)).toBe(0)
  })
})
