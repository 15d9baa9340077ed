/**
 * The s3 adapter against a local stand-in that speaks S3's REST API and checks every request's SigV4 signature
 * (testing/fake-s3-server.ts): what each call sends, how a large stream is cut into parts without reading ahead,
 * and what is left behind when a source, a size or the credentials are wrong.
 */
import { createHash } from 'node:crypto'
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { FileNotFoundError, FileStorageError } from './file-storage.ts'
import { createFileStorage } from './file-storage-factory.ts'
import { createS3FileStorage, type S3FileStorageSettings, s3PartBytes } from './s3-file-storage.ts'
import { type FakeS3Server, startFakeS3Server } from './testing/fake-s3-server.ts'

const MB = 1024 * 1024

let fake: FakeS3Server
let folder: string

beforeAll(async () => {
  fake = await startFakeS3Server()
  folder = await mkdtemp(path.join(tmpdir(), 's3-file-storage-'))
})

afterAll(async () => {
  await fake.close()
  await rm(folder, { recursive: true, force: true })
})

beforeEach(() => {
  fake.objects.clear()
  fake.operations.length = 0
})

function storageWith(overrides: Partial<S3FileStorageSettings> = {}) {
  return createS3FileStorage({
    bucket: fake.bucket,
    region: fake.region,
    endpoint: fake.endpoint,
    credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: fake.secretAccessKey },
    forcePathStyle: true,
    ...overrides,
  })
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * A source that makes its bytes only when asked (64 KB at a time), so `produced` says how far it has been read;
 * `failAt` makes it fail like an upload whose client went away.
 */
function lazySource(totalBytes: number, options: { failAt?: number } = {}) {
  const chunkBytes = 64 * 1024
  const digest = createHash('sha256')
  const state = { produced: 0, sha256: '' }
  const stream = new Readable({
    read() {
      if (options.failAt !== undefined && state.produced >= options.failAt) {
        this.destroy(new Error('client aborted the upload'))
        return
      }
      if (state.produced >= totalBytes) {
        state.sha256 = digest.digest('hex')
        this.push(null)
        return
      }
      const chunk = Buffer.alloc(
        Math.min(chunkBytes, totalBytes - state.produced),
        state.produced / chunkBytes,
      )
      chunk.writeUInt32BE(state.produced, 0)
      state.produced += chunk.length
      digest.update(chunk)
      this.push(chunk)
    },
  })
  return { stream, state }
}

const operationNames = () => fake.operations.map((entry) => entry.operation)

describe('the s3 file storage', () => {
  it('stores a stream, reads it back, downloads it and deletes it', async () => {
    const storage = storageWith()
    expect(storage.kind).toBe('s3')
    await storage.put(
      'chat/3f9c2a',
      { stream: Readable.from([Buffer.from('quarterly '), Buffer.from('report')]) },
      {
        contentType: 'text/plain',
      },
    )
    expect(fake.objects.get('chat/3f9c2a')).toMatchObject({ contentType: 'text/plain' })
    expect((await readAll(await storage.open('chat/3f9c2a'))).toString()).toBe('quarterly report')

    const target = path.join(folder, 'downloaded.txt')
    await storage.download('chat/3f9c2a', target)
    expect(await readFile(target, 'utf8')).toBe('quarterly report')
    expect((await stat(target)).mode & 0o777).toBe(0o600)

    await storage.delete(['chat/3f9c2a'])
    expect(fake.objects.size).toBe(0)
    await expect(storage.open('chat/3f9c2a')).rejects.toBeInstanceOf(FileNotFoundError)
    expect(operationNames()).toEqual(['PutObject', 'GetObject', 'GetObject', 'DeleteObject', 'GetObject'])
  })

  it('stores a file from a path, leaving the file where it was', async () => {
    const source = path.join(folder, 'upload.pdf')
    await writeFile(source, '%PDF-1.7 sample')
    await storageWith().put('chat/pdf-1', { filePath: source }, { contentType: 'application/pdf', size: 15 })
    expect(fake.objects.get('chat/pdf-1')?.body.toString()).toBe('%PDF-1.7 sample')
    expect(fake.objects.get('chat/pdf-1')?.contentType).toBe('application/pdf')
    expect(await readFile(source, 'utf8')).toBe('%PDF-1.7 sample')
  })

  it('sends a 20 MB stream as 8 MB parts, two at a time, reading the source no further than the parts in flight', async () => {
    const storage = storageWith()
    const source = lazySource(20 * MB)
    const gate = fake.holdUploadParts()
    const putting = storage.put(
      'chat/large',
      { stream: source.stream },
      { contentType: 'application/pdf', size: 20 * MB },
    )
    try {
      await vi.waitFor(() => expect(gate.held()).toBe(2), { timeout: 15_000, interval: 20 })
      // Both parts unanswered: no third is sent, and the source is read up to those two parts plus a little
      // read-ahead (stream buffers), not to its end.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(gate.held()).toBe(2)
      expect(source.state.produced).toBeGreaterThanOrEqual(2 * s3PartBytes)
      expect(source.state.produced).toBeLessThan(2 * s3PartBytes + MB)
    } finally {
      gate.release()
    }
    await putting

    const stored = fake.objects.get('chat/large')!
    expect(createHash('sha256').update(stored.body).digest('hex')).toBe(source.state.sha256)
    expect(stored.etag).toMatch(/-3"$/)
    expect(
      fake.operations.filter((entry) => entry.operation === 'UploadPart').map((entry) => entry.bytes),
    ).toEqual([8 * MB, 8 * MB, 4 * MB])
    expect(fake.pendingUploads()).toEqual([])
  })

  it('reads a large object back as a stream', async () => {
    const body = Buffer.alloc(12 * MB, 7)
    fake.objects.set('chat/big-read', {
      body,
      contentType: 'image/png',
      etag: '"x"',
      lastModified: new Date(),
    })
    const read = await readAll(await storageWith().open('chat/big-read'))
    expect(read.equals(body)).toBe(true)
  })

  it('leaves no object and no unfinished multipart upload when the source fails mid-way', async () => {
    const storage = storageWith()
    const source = lazySource(20 * MB, { failAt: 10 * MB })
    await expect(
      storage.put('chat/aborted', { stream: source.stream }, { contentType: 'application/pdf' }),
    ).rejects.toThrow('client aborted the upload')
    expect(fake.objects.has('chat/aborted')).toBe(false)
    expect(fake.pendingUploads()).toEqual([])
    expect(operationNames()).toContain('CreateMultipartUpload')
    expect(operationNames()).toContain('AbortMultipartUpload')
    expect(operationNames()).not.toContain('CompleteMultipartUpload')
    expect(source.stream.destroyed).toBe(true)
  })

  it('sends nothing when a source smaller than a part fails', async () => {
    const source = lazySource(MB, { failAt: 512 * 1024 })
    await expect(
      storageWith().put(
        'chat/aborted-small',
        { stream: source.stream },
        { contentType: 'text/plain', size: MB },
      ),
    ).rejects.toThrow('client aborted the upload')
    expect(fake.operations).toEqual([])
  })

  it('refuses a source longer or shorter than its stated size, storing nothing', async () => {
    const storage = storageWith()
    for (const [size, label] of [
      [10 * MB, 'short'],
      [9 * MB, 'long'],
      [1000, 'long-small'],
    ] as const) {
      const failure = await storage
        .put(`chat/${label}`, { stream: lazySource(9 * MB + 5).stream }, { contentType: 'text/plain', size })
        .catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(FileStorageError)
      expect(failure).toMatchObject({ reason: 'size-mismatch' })
      expect(fake.objects.has(`chat/${label}`)).toBe(false)
    }
    expect(fake.pendingUploads()).toEqual([])

    const source = path.join(folder, 'sized.txt')
    await writeFile(source, 'twelve bytes')
    await expect(
      storage.put('chat/sized', { filePath: source }, { contentType: 'text/plain', size: 13 }),
    ).rejects.toMatchObject({ reason: 'size-mismatch' })
  })

  it('removes a half-downloaded file when the connection breaks', async () => {
    const body = Buffer.alloc(2 * MB, 3)
    fake.objects.set('chat/broken', { body, contentType: 'image/png', etag: '"x"', lastModified: new Date() })
    fake.breakNextDownloadAfter(MB)
    const target = path.join(folder, 'broken.png')
    const failure = await storageWith()
      .download('chat/broken', target)
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FileStorageError)
    expect(failure).toMatchObject({ reason: 'unreachable' })
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' })

    fake.breakNextDownloadAfter(MB)
    await expect(readAll(await storageWith().open('chat/broken'))).rejects.toThrow()
  })

  it('reports a missing key as FileNotFoundError, and leaves no file where it would have downloaded', async () => {
    const storage = storageWith()
    await expect(storage.open('chat/never-stored')).rejects.toBeInstanceOf(FileNotFoundError)
    const target = path.join(folder, 'missing.bin')
    await expect(storage.download('chat/never-stored', target)).rejects.toMatchObject({
      name: 'FileNotFoundError',
      key: 'chat/never-stored',
    })
    await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('refuses a wrong secret or access key in a message naming the setting, storing nothing', async () => {
    const wrongSecret = storageWith({
      credentials: { accessKeyId: fake.accessKeyId, secretAccessKey: 'wrong' },
    })
    const failure = await wrongSecret.check().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FileStorageError)
    expect(failure).toMatchObject({ reason: 'refused', providerCode: 'SignatureDoesNotMatch', status: 403 })
    expect((failure as Error).message).toBe(
      `S3 ListObjectsV2 ${fake.bucket}: SignatureDoesNotMatch (HTTP 403); check S3_SECRET_ACCESS_KEY`,
    )
    expect((failure as Error).message).not.toContain('wrong')
    await expect(
      wrongSecret.put(
        'chat/refused',
        { stream: Readable.from([Buffer.from('x')]) },
        { contentType: 'text/plain' },
      ),
    ).rejects.toThrow(/SignatureDoesNotMatch .*S3_SECRET_ACCESS_KEY/)
    expect(fake.objects.size).toBe(0)

    const wrongKey = storageWith({ credentials: { accessKeyId: 'AKIAUNKNOWN', secretAccessKey: 'x' } })
    await expect(wrongKey.check()).rejects.toThrow(/InvalidAccessKeyId \(HTTP 403\); check S3_ACCESS_KEY_ID/)
  })

  it('checks the bucket and the endpoint at boot, naming what to fix', async () => {
    await expect(storageWith().check()).resolves.toBeUndefined()
    await expect(storageWith({ bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /^S3 ListObjectsV2 no-such-bucket: NoSuchBucket \(HTTP 404\); check S3_BUCKET/,
    )
    await expect(storageWith({ region: 'eu-west-1' }).check()).rejects.toThrow(/check S3_REGION/)
    await expect(storageWith({ endpoint: 'http://127.0.0.1:1' }).check()).rejects.toMatchObject({
      reason: 'unreachable',
      message: expect.stringMatching(/ECONNREFUSED.*S3_ENDPOINT/),
    })
  })

  it('deletes many keys in batches of 1000 and ignores keys with no object', async () => {
    const keys = Array.from({ length: 2500 }, (_, index) => `chat/file-${index}`)
    for (const key of keys) {
      fake.objects.set(key, {
        body: Buffer.from(key),
        contentType: 'text/plain',
        etag: '"e"',
        lastModified: new Date(),
      })
    }
    fake.objects.set('chat/kept', {
      body: Buffer.from('kept'),
      contentType: 'text/plain',
      etag: '"e"',
      lastModified: new Date(),
    })
    await storageWith().delete([...keys, 'chat/never-stored', 'chat/file-0'])
    expect([...fake.objects.keys()]).toEqual(['chat/kept'])
    const batches = fake.operations.filter((entry) => entry.operation === 'DeleteObjects')
    expect(batches.map((entry) => entry.deleteKeys?.length)).toEqual([1000, 1000, 501])
    expect(batches.every((entry) => entry.status === 200)).toBe(true)

    await expect(storageWith().delete(['chat/never-stored'])).resolves.toBeUndefined()
    await expect(storageWith().delete([])).resolves.toBeUndefined()
  })

  it('refuses a key that could leave the bucket prefix before sending anything', async () => {
    const storage = storageWith()
    for (const key of [
      '../etc/passwd',
      '/chat/x',
      'chat/../x',
      'Chat/x',
      'chat//x',
      'chat/x/',
      'chat/x.pdf',
      '',
    ]) {
      await expect(
        storage.put(key, { stream: Readable.from([Buffer.from('x')]) }, { contentType: 'text/plain' }),
      ).rejects.toMatchObject({ reason: 'invalid-key' })
      await expect(storage.open(key)).rejects.toMatchObject({ reason: 'invalid-key' })
      await expect(storage.download(key, path.join(folder, 'never'))).rejects.toMatchObject({
        reason: 'invalid-key',
      })
      await expect(storage.delete(['chat/fine', key])).rejects.toMatchObject({ reason: 'invalid-key' })
    }
    expect(fake.operations).toEqual([])
  })
})

describe('FILE_STORAGE=s3', () => {
  it('builds the s3 storage from the environment and uses it', async () => {
    const config = loadConfig({
      FILE_STORAGE: 's3',
      S3_BUCKET: fake.bucket,
      S3_REGION: fake.region,
      S3_ENDPOINT: fake.endpoint,
      S3_ACCESS_KEY_ID: fake.accessKeyId,
      S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    })
    const storage = createFileStorage(config.fileStorage, { dataDir: config.dataDir })
    expect(storage.kind).toBe('s3')
    await storage.check()
    await storage.put(
      'chat/from-env',
      { stream: Readable.from([Buffer.from('hello')]) },
      { contentType: 'text/plain' },
    )
    expect((await readAll(await storage.open('chat/from-env'))).toString()).toBe('hello')
  })
})
