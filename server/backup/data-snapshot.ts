/**
 * A snapshot of a PGlite site's data folder, taken while the server runs: the database's files copied while they
 * are at rest (database.ts `withFilesAtRest`: every query waits for the length of the copy), and the uploads of the
 * local file storage linked — not copied — in the same moment. Uploads are written once and replaced or removed
 * only by rename or unlink (local-file-storage.ts), so a hard link keeps the file as it was whatever happens to it
 * afterwards, and costs nothing; where linking fails (another file system) the file is copied. Temporary files of
 * uploads in progress (`files/.partial/`) are no part of a snapshot.
 *
 * The snapshot goes to a staging folder inside the data folder (the same file system, for the links), which the
 * caller packs and removes.
 */
import { constants } from 'node:fs'
import { copyFile, cp, link, mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '#server/db/database.ts'
import { isFolder, type PackedFolder } from './backup-archive.ts'

/** The uploads of the local file storage (local-file-storage.ts), and its temporary folder. */
export const filesFolderName = 'files'
const partialFolderName = '.partial'
export const stagingFolderName = 'backup-staging'

/** Leaves out the uploads' temporary files: a write in progress, never a whole upload. */
export const skipPartialUploads = (relative: string): boolean =>
  relative === partialFolderName || relative.startsWith(`${partialFolderName}/`)

/** The folders a backup holds, as they are in a data folder no process uses (ops, with the folder's lock). */
export async function foldersAtRest(dataDir: string): Promise<PackedFolder[]> {
  const folders: PackedFolder[] = [{ name: 'pglite', path: path.join(dataDir, 'pglite') }]
  const files = path.join(dataDir, filesFolderName)
  if (await isFolder(files)) folders.push({ name: 'files', path: files, skip: skipPartialUploads })
  return folders
}

/** Copies the running database's files and links the uploads into `staging` (created here). */
export async function snapshotRunningSite(
  database: Pick<Database, 'withFilesAtRest'>,
  dataDir: string,
  staging: string,
): Promise<PackedFolder[]> {
  if (!database.withFilesAtRest) throw new Error('a snapshot needs PGlite in a data folder')
  await mkdir(staging, { recursive: true, mode: 0o700 })
  const pglite = path.join(staging, 'pglite')
  const files = path.join(staging, filesFolderName)
  const uploads = path.join(dataDir, filesFolderName)
  const hasUploads = await isFolder(uploads)
  await database.withFilesAtRest(async (pgliteDir) => {
    // A clone where the file system can (btrfs, XFS): the pause is then a matter of metadata.
    await cp(pgliteDir, pglite, { recursive: true, mode: constants.COPYFILE_FICLONE })
    if (hasUploads) await linkTree(uploads, files, '')
  })
  return [{ name: 'pglite', path: pglite }, ...(hasUploads ? [{ name: 'files' as const, path: files }] : [])]
}

async function linkTree(from: string, to: string, relative: string): Promise<void> {
  await mkdir(path.join(to, relative), { recursive: true, mode: 0o700 })
  const entries = await readdir(path.join(from, relative), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return []
      throw error
    },
  )
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name
    if (skipPartialUploads(name)) continue
    if (entry.isDirectory()) await linkTree(from, to, name)
    else if (entry.isFile()) await linkOrCopy(path.join(from, name), path.join(to, name))
  }
}

async function linkOrCopy(source: string, target: string): Promise<void> {
  try {
    await link(source, target)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return // removed since the folder was listed: not in the snapshot
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'EMLINK') throw error
    await copyFile(source, target, constants.COPYFILE_FICLONE)
  }
}

/** Staging folders older than a day belong to a snapshot whose process died before removing it. */
export async function removeStaleStaging(dataDir: string): Promise<void> {
  const root = path.join(dataDir, stagingFolderName)
  const names = await readdir(root).catch(() => [] as string[])
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000
  for (const name of names) {
    const started = Number(name.split('-')[0])
    if (Number.isFinite(started) && started < dayAgo)
      await rm(path.join(root, name), { recursive: true, force: true })
  }
}
