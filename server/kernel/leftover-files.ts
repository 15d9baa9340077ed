/**
 * Temporary files a process writes on its way to somewhere else (an upload on its way to storage and reading, a
 * stored file on its way to its key), and removing the ones a process left behind when it was killed (kill -9, a
 * crash, the machine going down) — nothing else ever would. A temporary file is named after the process writing it
 * (`<host>.<pid>.<run>.<random>`; `run` is drawn when the process starts, so a process that got the pid of one before
 * it — pid 1 of a restarted container — is told from it), so a process that is gone is told from one still
 * writing: its files go at once, at the next start. A file of a live process — another worker sharing DATA_DIR — is
 * never removed before the grace period has passed since it was last written, nor one its own process still holds
 * (`inUse`).
 */
import { randomUUID } from 'node:crypto'
import { readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/** Longer than any upload (CHAT_UPLOAD_TIMEOUT_MS caps one at an hour) or reading a live process still holds. */
export const leftoverGraceMs = 60 * 60 * 1000

const hostTag =
  os
    .hostname()
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '') || 'host'
/** This run of this process (several services of one process share it: a test's servers, say). */
const runTag = randomUUID().slice(0, 8)

/** A new temporary file's name: this machine, the process writing it (this one), something random. */
export function temporaryFileName(pid = process.pid): string {
  return `${hostTag}.${pid}.${runTag}.${randomUUID()}`
}

/** Whether the process that named `name` is gone: on this machine, and no process has its pid (or not that run). */
function isOfEndedProcess(name: string): boolean {
  const [host, pid, run] = name.split('.')
  if (host !== hostTag || !pid || !/^\d+$/.test(pid)) return false
  // Our pid, another run: the process before us had it (a restarted container's pid 1).
  if (Number(pid) === process.pid) return run !== runTag
  try {
    process.kill(Number(pid), 0)
    return false
  } catch (error) {
    // EPERM: a process of another user has that pid now — alive, so only the grace period may tell.
    return (error as NodeJS.ErrnoException).code === 'ESRCH'
  }
}

/**
 * Removes the files of `folder` left by processes that ended, and any not written for `graceMs` (a name of another
 * machine, or of a pid taken again); `inUse` (full paths) are this process's own, never removed. A missing folder
 * holds none. Returns how many went.
 */
export async function removeLeftoverFilesIn(
  folder: string,
  options: { inUse?: ReadonlySet<string>; graceMs?: number; now?: number } = {},
): Promise<number> {
  const graceMs = options.graceMs ?? leftoverGraceMs
  const now = options.now ?? Date.now()
  let names: string[]
  try {
    names = await readdir(folder)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  let removed = 0
  for (const name of names) {
    const file = path.join(folder, name)
    if (options.inUse?.has(file)) continue
    const info = await stat(file).catch(() => undefined)
    // Gone meanwhile (its process finished with it), or a folder: not ours to judge.
    if (!info?.isFile()) continue
    if (isOfEndedProcess(name) || now - info.mtimeMs > graceMs) {
      await rm(file, { force: true })
      removed += 1
    }
  }
  return removed
}
