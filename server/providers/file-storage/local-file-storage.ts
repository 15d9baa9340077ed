/**
 * The default file storage: a folder on this machine, `<DATA_DIR>/files/`, one file per key at the key's path
 * (`chat/<uuid>` → `<DATA_DIR>/files/chat/<uuid>`). Folders are 0700 and files 0600: only the server's user reads
 * them. Right for one server, or several processes of one machine sharing DATA_DIR; several machines need `s3`.
 *
 * A write goes to a temporary file in `files/.partial/` (on the same file system, so the final rename is atomic)
 * and is flushed to disk before the rename: a reader sees the whole file or none, and a failed or aborted write
 * leaves nothing under the key. Keys cannot contain `.`, so `.partial` is never a key. Temporary files of a killed
 * process are removed on first use and by `removeLeftovers` (housekeeping): at once when their process is gone,
 * after an hour otherwise — never one another live process may still be writing (server/kernel/leftover-files.ts).
 * Content types are not kept: callers keep what a file is in their own tables.
 */
import { randomUUID } from 'node:crypto'
import { constants, createWriteStream } from 'node:fs'
import {
  chmod,
  copyFile,
  type FileHandle,
  mkdir,
  open,
  rename,
  rm,
  stat,
  unlink,
  writeFile,
} from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { removeLeftoverFilesIn, temporaryFileName } from '#server/kernel/leftover-files.ts'
import {
  assertFileKey,
  createSizeCheck,
  FileNotFoundError,
  type FileStorage,
  FileStorageError,
} from './file-storage.ts'

const temporaryFolderName = '.partial'

export function createLocalFileStorage({ dataDir }: { dataDir: string }): FileStorage {
  const root = path.join(path.resolve(dataDir), 'files')
  const temporaryFolder = path.join(root, temporaryFolderName)
  /** This process's writes under way: their temporary files are never leftovers. */
  const writing = new Set<string>()
  let folders: Promise<void> | undefined

  /** Creates the folders on first use (not at boot: a deployment on `s3` never needs them). */
  function prepareFolders(): Promise<void> {
    folders ??= (async () => {
      await mkdir(temporaryFolder, { recursive: true, mode: 0o700 })
      await removeLeftoverFilesIn(temporaryFolder, { inUse: writing })
    })().catch((error: unknown) => {
      folders = undefined
      throw storageErrorOf(error, root)
    })
    return folders
  }

  function pathOf(key: string): string {
    assertFileKey(key)
    return path.join(root, ...key.split('/'))
  }

  async function openFile(key: string): Promise<FileHandle> {
    const file = pathOf(key)
    let handle: FileHandle
    try {
      handle = await open(file, 'r')
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key)
      throw storageErrorOf(error, root)
    }
    // Opening a folder succeeds on Linux: `chat` is where `chat/<uuid>` files live, not a file.
    if (!(await handle.stat()).isFile()) {
      await handle.close()
      throw new FileNotFoundError(key)
    }
    return handle
  }

  return {
    kind: 'local',

    async put(key, source, options) {
      const target = pathOf(key)
      await prepareFolders()
      const temporary = path.join(temporaryFolder, temporaryFileName())
      writing.add(temporary)
      try {
        if ('filePath' in source) await copyToTemporary(source.filePath, temporary, key, options.size)
        else await writeToTemporary(source.stream, temporary, key, options.size)
        await mkdir(path.dirname(target), { recursive: true, mode: 0o700 })
        // rename(2) replaces the target atomically.
        await rename(temporary, target)
      } catch (error) {
        await rm(temporary, { force: true })
        throw storageErrorOf(error, root)
      } finally {
        writing.delete(temporary)
      }
    },

    async open(key) {
      const handle = await openFile(key)
      return handle.createReadStream()
    },

    async download(key, toFilePath) {
      const handle = await openFile(key)
      try {
        await pipeline(handle.createReadStream(), createWriteStream(toFilePath, { mode: 0o600 }))
      } catch (error) {
        await rm(toFilePath, { force: true })
        throw storageErrorOf(error, root)
      }
    },

    async delete(keys) {
      const files = keys.map(pathOf)
      for (const file of files) {
        try {
          await unlink(file)
        } catch (error) {
          // No file there: ENOENT, or a key whose folder is a file or whose path is a folder.
          if (!isMissing(error) && (error as NodeJS.ErrnoException).code !== 'EISDIR')
            throw storageErrorOf(error, root)
        }
      }
    },

    async removeLeftovers() {
      try {
        return await removeLeftoverFilesIn(temporaryFolder, { inUse: writing })
      } catch (error) {
        throw storageErrorOf(error, root)
      }
    },

    async check() {
      await prepareFolders()
      const probe = path.join(temporaryFolder, `check-${randomUUID()}`)
      try {
        await writeFile(probe, 'ok', { mode: 0o600, flag: 'wx' })
      } catch (error) {
        throw storageErrorOf(error, root)
      } finally {
        await rm(probe, { force: true })
      }
    },
  }
}

async function writeToTemporary(
  stream: Readable,
  temporary: string,
  key: string,
  size: number | undefined,
): Promise<void> {
  // `flush` fsyncs before the file is closed, so the rename never publishes a file whose bytes are still in memory.
  const file = createWriteStream(temporary, { flags: 'wx', mode: 0o600, flush: true })
  if (size === undefined) await pipeline(stream, file)
  else await pipeline(stream, createSizeCheck(key, size), file)
}

async function copyToTemporary(
  from: string,
  temporary: string,
  key: string,
  size: number | undefined,
): Promise<void> {
  if (size !== undefined) {
    const actual = (await stat(from)).size
    if (actual !== size) {
      throw new FileStorageError(
        'size-mismatch',
        `file ${key}: expected ${size} bytes, the source has ${actual}`,
      )
    }
  }
  // A clone where the file system can (btrfs, XFS): no bytes copied; otherwise the kernel copies.
  await copyFile(from, temporary, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE)
  await chmod(temporary, 0o600)
  const handle = await open(temporary, 'r+')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code
  return code === 'ENOENT' || code === 'ENOTDIR'
}

/**
 * A file-system failure inside the storage folder (a full disk, a read-only mount, a file where a folder should be)
 * becomes a FileStorageError naming DATA_DIR; anything else — the source stream's own failure, a caller's path —
 * passes through unchanged, so the caller still sees why its upload broke.
 */
function storageErrorOf(error: unknown, root: string): unknown {
  const failure = error as NodeJS.ErrnoException
  if (
    error instanceof FileStorageError ||
    typeof failure?.code !== 'string' ||
    typeof failure.path !== 'string'
  )
    return error
  if (failure.path !== root && !failure.path.startsWith(`${root}${path.sep}`)) return error
  return new FileStorageError(
    'refused',
    `cannot use ${root} (${failure.code}): check DATA_DIR and its free space`,
    {
      providerCode: failure.code,
      cause: error,
    },
  )
}
