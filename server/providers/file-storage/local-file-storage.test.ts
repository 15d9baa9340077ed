/**
 * The local file storage in a fresh temporary DATA_DIR per test: where files land and with which permissions, that
 * a failed write leaves nothing behind, and that no key reaches outside `<DATA_DIR>/files/`.
 */
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileNotFoundError, FileStorageError } from './file-storage.ts'
import { createFileStorage } from './file-storage-factory.ts'
import { createLocalFileStorage } from './local-file-storage.ts'

const MB = 1024 * 1024

let dataDir: string
let files: string

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'local-file-storage-'))
  files = path.join(dataDir, 'files')
})

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/** Yields `totalBytes` in 64 KB chunks, then fails if `failAt` is given and reached (a client that went away). */
function sourceOf(totalBytes: number, failAt?: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < totalBytes; sent += 64 * 1024) {
        if (failAt !== undefined && sent >= failAt) throw new Error('client aborted the upload')
        yield Buffer.alloc(Math.min(64 * 1024, totalBytes - sent), sent % 251)
      }
    })(),
  )
}

const partialFiles = () => readdir(path.join(files, '.partial'))

describe('the local file storage', () => {
  it('stores a stream under DATA_DIR/files, readable only by the server, and reads it back', async () => {
    const storage = createLocalFileStorage({ dataDir })
    expect(storage.kind).toBe('local')
    await storage.put(
      'chat/3f9c2a',
      { stream: Readable.from([Buffer.from('quarterly '), Buffer.from('report')]) },
      {
        contentType: 'text/plain',
      },
    )
    expect(await readFile(path.join(files, 'chat', '3f9c2a'), 'utf8')).toBe('quarterly report')
    expect((await stat(path.join(files, 'chat', '3f9c2a'))).mode & 0o777).toBe(0o600)
    expect((await stat(files)).mode & 0o777).toBe(0o700)
    expect((await stat(path.join(files, 'chat'))).mode & 0o777).toBe(0o700)
    expect((await readAll(await storage.open('chat/3f9c2a'))).toString()).toBe('quarterly report')
    expect(await partialFiles()).toEqual([])
  })

  it('stores a 20 MB stream intact', async () => {
    const storage = createLocalFileStorage({ dataDir })
    const expected = createHash('sha256')
    for await (const chunk of sourceOf(20 * MB)) expected.update(chunk as Buffer)
    await storage.put(
      'chat/large',
      { stream: sourceOf(20 * MB) },
      { contentType: 'application/pdf', size: 20 * MB },
    )
    const stored = createHash('sha256')
    for await (const chunk of await storage.open('chat/large')) stored.update(chunk as Buffer)
    expect(stored.digest('hex')).toBe(expected.digest('hex'))
  })

  it('copies a file from a path, leaving the original, and replaces what the key held', async () => {
    const storage = createLocalFileStorage({ dataDir })
    const source = path.join(dataDir, 'upload.tmp')
    await writeFile(source, '%PDF-1.7 first', { mode: 0o644 })
    await storage.put('chat/doc', { filePath: source }, { contentType: 'application/pdf', size: 14 })
    expect(await readFile(source, 'utf8')).toBe('%PDF-1.7 first')
    expect((await stat(path.join(files, 'chat', 'doc'))).mode & 0o777).toBe(0o600)

    await writeFile(source, '%PDF-1.7 second')
    await storage.put('chat/doc', { filePath: source }, { contentType: 'application/pdf' })
    expect(await readFile(path.join(files, 'chat', 'doc'), 'utf8')).toBe('%PDF-1.7 second')
  })

  it('downloads a file to a path', async () => {
    const storage = createLocalFileStorage({ dataDir })
    await storage.put(
      'chat/doc',
      { stream: Readable.from([Buffer.from('content')]) },
      { contentType: 'text/plain' },
    )
    const target = path.join(dataDir, 'copy.txt')
    await storage.download('chat/doc', target)
    expect(await readFile(target, 'utf8')).toBe('content')
  })

  it('leaves nothing when the source fails mid-way, and keeps what the key held', async () => {
    const storage = createLocalFileStorage({ dataDir })
    const source = sourceOf(4 * MB, MB)
    await expect(
      storage.put('chat/aborted', { stream: source }, { contentType: 'text/plain' }),
    ).rejects.toThrow('client aborted the upload')
    await expect(stat(path.join(files, 'chat', 'aborted'))).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await partialFiles()).toEqual([])
    expect(source.destroyed).toBe(true)

    await storage.put(
      'chat/kept',
      { stream: Readable.from([Buffer.from('old')]) },
      { contentType: 'text/plain' },
    )
    await expect(
      storage.put('chat/kept', { stream: sourceOf(MB, 0) }, { contentType: 'text/plain' }),
    ).rejects.toThrow()
    expect(await readFile(path.join(files, 'chat', 'kept'), 'utf8')).toBe('old')
    expect(await partialFiles()).toEqual([])
  })

  it('refuses a source longer or shorter than its stated size, storing nothing', async () => {
    const storage = createLocalFileStorage({ dataDir })
    for (const size of [MB - 1, MB + 1]) {
      await expect(
        storage.put('chat/sized', { stream: sourceOf(MB) }, { contentType: 'text/plain', size }),
      ).rejects.toMatchObject({ name: 'FileStorageError', reason: 'size-mismatch' })
    }
    const source = path.join(dataDir, 'sized.txt')
    await writeFile(source, 'twelve bytes')
    await expect(
      storage.put('chat/sized', { filePath: source }, { contentType: 'text/plain', size: 13 }),
    ).rejects.toMatchObject({ reason: 'size-mismatch' })
    await expect(stat(path.join(files, 'chat', 'sized'))).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await partialFiles()).toEqual([])
  })

  it('reports a missing key, or a key that names a folder, as FileNotFoundError', async () => {
    const storage = createLocalFileStorage({ dataDir })
    await storage.put('chat/x', { stream: Readable.from([Buffer.from('x')]) }, { contentType: 'text/plain' })
    for (const key of ['chat/never-stored', 'chat', 'chat/x/y', 'other/x']) {
      await expect(storage.open(key)).rejects.toBeInstanceOf(FileNotFoundError)
    }
    const target = path.join(dataDir, 'missing.bin')
    await expect(storage.download('chat/never-stored', target)).rejects.toMatchObject({
      name: 'FileNotFoundError',
      key: 'chat/never-stored',
    })
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('deletes the listed files and ignores keys with no file', async () => {
    const storage = createLocalFileStorage({ dataDir })
    for (const key of ['chat/a', 'chat/b', 'chat/c']) {
      await storage.put(key, { stream: Readable.from([Buffer.from(key)]) }, { contentType: 'text/plain' })
    }
    await storage.delete(['chat/a', 'chat/never-stored', 'chat', 'chat/b/c', 'chat/b'])
    expect(await readdir(path.join(files, 'chat'))).toEqual(['c'])
    await expect(storage.delete([])).resolves.toBeUndefined()
  })

  it('refuses a key that could leave the folder, touching nothing', async () => {
    const storage = createLocalFileStorage({ dataDir: path.join(dataDir, 'data') })
    for (const key of [
      '../escape',
      '/etc/passwd',
      'chat/../../x',
      '.partial/x',
      'chat/x.pdf',
      'CHAT/x',
      'chat\\x',
    ]) {
      await expect(
        storage.put(key, { stream: Readable.from([Buffer.from('x')]) }, { contentType: 'text/plain' }),
      ).rejects.toMatchObject({ reason: 'invalid-key' })
      await expect(storage.open(key)).rejects.toMatchObject({ reason: 'invalid-key' })
      await expect(storage.download(key, path.join(dataDir, 'out'))).rejects.toMatchObject({
        reason: 'invalid-key',
      })
      await expect(storage.delete([key])).rejects.toMatchObject({ reason: 'invalid-key' })
    }
    expect(await readdir(dataDir)).toEqual([])
  })

  it('checks at boot that the folder can be written, naming DATA_DIR when it cannot', async () => {
    await createLocalFileStorage({ dataDir }).check()
    expect((await stat(files)).isDirectory()).toBe(true)
    expect(await partialFiles()).toEqual([])

    const blocked = path.join(dataDir, 'blocked')
    await mkdir(blocked)
    await writeFile(path.join(blocked, 'files'), 'a file where the folder should be')
    const failure = await createLocalFileStorage({ dataDir: blocked })
      .check()
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FileStorageError)
    expect(failure).toMatchObject({ reason: 'refused' })
    expect((failure as Error).message).toMatch(/DATA_DIR/)
  })

  it('removes on first use the temporary files a killed process left, never a recent one another may be writing', async () => {
    const partial = path.join(files, '.partial')
    await mkdir(partial, { recursive: true })
    await writeFile(path.join(partial, 'stale'), 'half a file')
    await writeFile(path.join(partial, 'recent'), 'another process is writing this')
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await utimes(path.join(partial, 'stale'), twoHoursAgo, twoHoursAgo)
    await createLocalFileStorage({ dataDir }).check()
    expect(await partialFiles()).toEqual(['recent'])
  })

  it('removes leftovers when asked (housekeeping) while its own write goes on, and the write completes', async () => {
    const storage = createLocalFileStorage({ dataDir })
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const slow = Readable.from(
      (async function* () {
        yield Buffer.alloc(64 * 1024, 1)
        await held
        yield Buffer.alloc(64 * 1024, 2)
      })(),
    )
    const writing = storage.put(
      'chat/slow',
      { stream: slow },
      { contentType: 'text/plain', size: 128 * 1024 },
    )
    while ((await partialFiles().catch(() => [])).length === 0) await new Promise((r) => setTimeout(r, 10))
    const [ownWrite] = await partialFiles()
    // Its own write, named after this process and unfinished for longer than an hour: still not a leftover.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await utimes(path.join(files, '.partial', ownWrite!), twoHoursAgo, twoHoursAgo)
    await writeFile(path.join(files, '.partial', 'stale'), 'half a file')
    await utimes(path.join(files, '.partial', 'stale'), twoHoursAgo, twoHoursAgo)
    expect(await storage.removeLeftovers()).toBe(1)
    expect(await partialFiles()).toEqual([ownWrite])
    release()
    await writing
    expect((await readAll(await storage.open('chat/slow'))).length).toBe(128 * 1024)
    expect(await partialFiles()).toEqual([])
  })

  it('is what FILE_STORAGE=local builds', () => {
    expect(createFileStorage({ kind: 'local' }, { dataDir }).kind).toBe('local')
  })
})
