/**
 * The backup file: one gzip-compressed tar (ustar) holding `manifest.json` first, then the PGlite data folder under
 * `pglite/` and the local uploads under `files/`. Written and read here as streams, so neither side holds a whole
 * backup in memory. Only folders and regular files go in or come out; on the way out every name is checked to stay
 * under `pglite/` or `files/` (no `..`, no absolute path, no link), headers are checksummed, and an archive that
 * ends before its end-of-archive blocks is refused: a half-written backup never restores as a whole one.
 */
import { createReadStream } from 'node:fs'
import { type FileHandle, lstat, mkdir, open, readdir } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'

export const backupFormat = 'tickerwise-backup'
export const backupFormatVersion = 1
export const manifestName = 'manifest.json'

export interface BackupManifest {
  format: typeof backupFormat
  version: number
  /** When the snapshot was taken (ISO). */
  takenAt: string
  /** package.json's version of the build that took it. */
  appVersion: string
  database: 'pglite'
  /** The top folders the archive holds. */
  contents: Array<'pglite' | 'files'>
}

/** A folder of the data folder to pack, under the name it takes in the archive. */
export interface PackedFolder {
  name: 'pglite' | 'files'
  path: string
  /** Entries left out, by name relative to `path` (the uploads' `.partial/` temporary files). */
  skip?: (relative: string) => boolean
}

export class BackupArchiveError extends Error {}

const block = 512
const zeroBlock = Buffer.alloc(block)
/** ustar's size field: 11 octal digits. PGlite's files are at most 1 GB, uploads far less. */
const maxEntrySize = 8 * 1024 ** 3 - 1

export interface PackSummary {
  files: number
  bytes: number
}

/** Writes the manifest and the folders as a tar.gz to `destination` (a stream: a file, or a socket). */
export async function packBackup(
  manifest: BackupManifest,
  folders: readonly PackedFolder[],
  destination: NodeJS.WritableStream,
): Promise<PackSummary> {
  const summary: PackSummary = { files: 0, bytes: 0 }
  await pipeline(Readable.from(tarEntries(manifest, folders, summary)), createGzip({ level: 6 }), destination)
  return summary
}

async function* tarEntries(
  manifest: BackupManifest,
  folders: readonly PackedFolder[],
  summary: PackSummary,
): AsyncGenerator<Buffer> {
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
  yield header(manifestName, manifestBytes.length, 'file')
  yield manifestBytes
  yield padding(manifestBytes.length)
  for (const folder of folders) {
    yield header(`${folder.name}/`, 0, 'folder')
    yield* folderEntries(folder, '', summary)
  }
  yield zeroBlock
  yield zeroBlock
}

async function* folderEntries(
  folder: PackedFolder,
  relative: string,
  summary: PackSummary,
): AsyncGenerator<Buffer> {
  const entries = await readdir(path.join(folder.path, relative), { withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      // A folder removed while packing (an upload folder emptied): nothing of it to keep.
      if (error.code === 'ENOENT') return []
      throw error
    },
  )
  entries.sort((a, b) => a.name.localeCompare(b.name))
  for (const entry of entries) {
    const name = relative ? `${relative}/${entry.name}` : entry.name
    if (folder.skip?.(name)) continue
    const archived = `${folder.name}/${name}`
    if (entry.isDirectory()) {
      yield header(`${archived}/`, 0, 'folder')
      yield* folderEntries(folder, name, summary)
    } else if (entry.isFile()) {
      yield* fileEntry(path.join(folder.path, name), archived, summary)
    }
    // Sockets, links and the like are no part of a data folder's contents.
  }
}

async function* fileEntry(file: string, archived: string, summary: PackSummary): AsyncGenerator<Buffer> {
  const handle = await open(file, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  if (!handle) return
  try {
    // The size is read from the open file: it is what the header promises, and exactly that many bytes follow.
    const { size } = await handle.stat()
    if (size > maxEntrySize) throw new BackupArchiveError(`${archived} is larger than a backup entry can be`)
    yield header(archived, size, 'file')
    let offset = 0
    while (offset < size) {
      const chunk = Buffer.alloc(Math.min(1024 * 1024, size - offset))
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, offset)
      // A file that shrank under us (it should not: the snapshot is at rest) is padded, keeping the archive whole.
      if (bytesRead === 0) {
        yield Buffer.alloc(size - offset)
        break
      }
      offset += bytesRead
      yield chunk.subarray(0, bytesRead)
    }
    yield padding(size)
    summary.files++
    summary.bytes += size
  } finally {
    await handle.close()
  }
}

function padding(size: number): Buffer {
  const rest = size % block
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(block - rest)
}

function header(name: string, size: number, kind: 'file' | 'folder'): Buffer {
  const bytes = Buffer.alloc(block)
  const [prefix, base] = splitName(name)
  bytes.write(base, 0, 100, 'utf8')
  writeOctal(bytes, 100, 8, kind === 'folder' ? 0o700 : 0o600)
  writeOctal(bytes, 108, 8, 0)
  writeOctal(bytes, 116, 8, 0)
  writeOctal(bytes, 124, 12, size)
  writeOctal(bytes, 136, 12, Math.floor(Date.now() / 1000))
  bytes.fill(0x20, 148, 156)
  bytes.write(kind === 'folder' ? '5' : '0', 156, 1, 'ascii')
  bytes.write('ustar\u000000', 257, 8, 'ascii')
  bytes.write(prefix, 345, 155, 'utf8')
  writeOctal(bytes, 148, 7, checksumOf(bytes))
  return bytes
}

/** ustar keeps a name of up to 100 bytes, with up to 155 more before the last `/` in the prefix field. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name]
  const trimmed = name.endsWith('/') ? name.slice(0, -1) : name
  for (let at = trimmed.lastIndexOf('/'); at > 0; at = trimmed.lastIndexOf('/', at - 1)) {
    const prefix = trimmed.slice(0, at)
    const base = name.slice(at + 1)
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return [prefix, base]
  }
  throw new BackupArchiveError(`${name}: a name too long for the backup format`)
}

function writeOctal(bytes: Buffer, offset: number, length: number, value: number): void {
  bytes.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'ascii')
}

function checksumOf(bytes: Buffer): number {
  let sum = 0
  for (let i = 0; i < block; i++) sum += i >= 148 && i < 156 ? 0x20 : (bytes[i] as number)
  return sum
}

function readOctal(bytes: Buffer, offset: number, length: number): number {
  const text = bytes
    .toString('ascii', offset, offset + length)
    .replace(/\0.*$/s, '')
    .trim()
  return text === '' ? 0 : Number.parseInt(text, 8)
}

function readText(bytes: Buffer, offset: number, length: number): string {
  const end = bytes.indexOf(0, offset)
  return bytes.toString('utf8', offset, end >= 0 && end < offset + length ? end : offset + length)
}

/** Reads exactly the bytes asked for from a stream of chunks (fewer only at its end). */
class ChunkReader {
  private buffered: Buffer[] = []
  private length = 0
  private readonly source: AsyncIterator<Buffer>
  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]()
  }
  async read(wanted: number): Promise<Buffer> {
    while (this.length < wanted) {
      const next = await this.source.next()
      if (next.done) break
      this.buffered.push(next.value)
      this.length += next.value.length
    }
    const all = this.buffered.length === 1 ? (this.buffered[0] as Buffer) : Buffer.concat(this.buffered)
    const taken = all.subarray(0, Math.min(wanted, all.length))
    const rest = all.subarray(taken.length)
    this.buffered = rest.length > 0 ? [rest] : []
    this.length = rest.length
    return taken
  }
}

export interface UnpackSummary {
  manifest: BackupManifest
  files: number
  bytes: number
}

/**
 * Reads a backup file: checks the manifest (`accept` may refuse it before anything is written) and every entry,
 * and, with `into`, writes its folders there (files 0600, folders 0700). Without `into` it only checks the whole
 * archive (a backup just written is read back once before it is kept).
 */
export async function unpackBackup(
  file: string,
  options: { into?: string; accept?: (manifest: BackupManifest) => void } = {},
): Promise<UnpackSummary> {
  const reader = new ChunkReader(createReadStream(file).pipe(createGunzip()))
  let manifest: BackupManifest | undefined
  let files = 0
  let bytes = 0
  try {
    for (;;) {
      const head = await reader.read(block)
      if (head.length < block) throw new BackupArchiveError('the archive ends before its last entry')
      if (head.equals(zeroBlock)) {
        const second = await reader.read(block)
        if (second.length < block || !second.equals(zeroBlock))
          throw new BackupArchiveError('the archive ends before its last entry')
        break
      }
      if (readOctal(head, 148, 8) !== checksumOf(head))
        throw new BackupArchiveError('an entry header is damaged (checksum)')
      const prefix = readText(head, 345, 155)
      const base = readText(head, 0, 100)
      const name = prefix ? `${prefix}/${base}` : base
      const size = readOctal(head, 124, 12)
      const type = head.toString('ascii', 156, 157)
      if (!manifest) {
        if (name !== manifestName || type !== '0' || size > 64 * 1024)
          throw new BackupArchiveError('not a Tickerwise backup (no manifest first)')
        const body = await reader.read(size)
        await reader.read(padding(size).length)
        manifest = parseManifest(body)
        options.accept?.(manifest)
        continue
      }
      const target = safeTargetOf(name)
      if (type === '5') {
        if (options.into) await mkdir(path.join(options.into, target), { recursive: true, mode: 0o700 })
        continue
      }
      if (type !== '0' && type !== '\0')
        throw new BackupArchiveError(`${name}: only folders and files belong in a backup`)
      const out = options.into ? await openTarget(path.join(options.into, target)) : null
      try {
        let left = size
        while (left > 0) {
          const chunk = await reader.read(Math.min(left, 1024 * 1024))
          if (chunk.length === 0) throw new BackupArchiveError('the archive ends inside a file')
          if (out) await writeWhole(out, chunk)
          left -= chunk.length
        }
        if (out) await out.sync()
      } finally {
        await out?.close()
      }
      if ((await reader.read(padding(size).length)).length < padding(size).length)
        throw new BackupArchiveError('the archive ends inside a file')
      files++
      bytes += size
    }
  } catch (error) {
    if (error instanceof BackupArchiveError) throw error
    // zlib: "unexpected end of file", "incorrect header check"…
    const code = (error as NodeJS.ErrnoException).code
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new BackupArchiveError(`the archive is damaged or cut short (${(error as Error).message})`)
    throw error
  }
  if (!manifest) throw new BackupArchiveError('not a Tickerwise backup (empty)')
  return { manifest, files, bytes }
}

function parseManifest(body: Buffer): BackupManifest {
  let value: Partial<BackupManifest>
  try {
    value = JSON.parse(body.toString('utf8')) as Partial<BackupManifest>
  } catch {
    throw new BackupArchiveError('not a Tickerwise backup (unreadable manifest)')
  }
  if (value.format !== backupFormat) throw new BackupArchiveError('not a Tickerwise backup')
  if (value.version !== backupFormatVersion)
    throw new BackupArchiveError(
      `backup format ${String(value.version)}: this build reads format ${backupFormatVersion}`,
    )
  return value as BackupManifest
}

/** The entry's path inside the data folder, or a refusal for anything that would land outside pglite/ or files/. */
function safeTargetOf(name: string): string {
  const trimmed = name.endsWith('/') ? name.slice(0, -1) : name
  const parts = trimmed.split('/')
  if (
    (parts[0] !== 'pglite' && parts[0] !== 'files') ||
    parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\'))
  )
    throw new BackupArchiveError(`${name}: outside what a backup restores`)
  return path.join(...parts)
}

async function writeWhole(out: FileHandle, chunk: Buffer): Promise<void> {
  let written = 0
  while (written < chunk.length) written += (await out.write(chunk, written)).bytesWritten
}

async function openTarget(file: string): Promise<FileHandle> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  return open(file, 'wx', 0o600)
}

/** Whether `folder` exists and is a folder (an absent uploads folder is simply left out). */
export async function isFolder(folder: string): Promise<boolean> {
  return lstat(folder).then(
    (info) => info.isDirectory(),
    () => false,
  )
}
