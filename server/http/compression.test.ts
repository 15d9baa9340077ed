import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { compressAssets } from '../../scripts/compress-assets.ts'
import { compressStream, isCompressibleType, negotiateEncoding } from './compression.ts'

const bytesOf = async (stream: Readable) => Buffer.concat(await stream.toArray())

describe('choosing an encoding', () => {
  it('prefers brotli, honours q-values and refusals, and reads * as any other encoding', () => {
    const offered = ['br', 'gzip'] as const
    expect(negotiateEncoding('gzip, deflate, br, zstd', offered)).toBe('br')
    expect(negotiateEncoding('gzip', offered)).toBe('gzip')
    expect(negotiateEncoding('br;q=0.5, gzip;q=0.8', offered)).toBe('gzip')
    expect(negotiateEncoding('br;q=0, *', offered)).toBe('gzip')
    expect(negotiateEncoding('*', offered)).toBe('br')
    expect(negotiateEncoding('identity', offered)).toBeUndefined()
    expect(negotiateEncoding('', offered)).toBeUndefined()
    expect(negotiateEncoding(undefined, offered)).toBeUndefined()
    expect(negotiateEncoding('br', ['gzip'])).toBeUndefined()
  })

  it('compresses text formats only', () => {
    for (const type of ['text/html; charset=utf-8', 'application/json', 'text/x-script', 'image/svg+xml']) {
      expect(isCompressibleType(type), type).toBe(true)
    }
    for (const type of ['image/png', 'font/woff2', 'application/octet-stream', null]) {
      expect(isCompressibleType(type), String(type)).toBe(false)
    }
  })

  it('compresses a stream as it streams', async () => {
    const text = '<p>a streamed page</p>'.repeat(500)
    const source = new Response(text).body as ReadableStream<Uint8Array>
    const compressed = await bytesOf(compressStream(source, 'br'))
    expect(zlib.brotliDecompressSync(compressed).toString()).toBe(text)
    const gzipped = compressStream(new Response(text).body as ReadableStream<Uint8Array>, 'gzip')
    expect(zlib.gunzipSync(await bytesOf(gzipped)).toString()).toBe(text)
  })

  it('sends the shell before the rest is rendered, and stops the render when the reader leaves', async () => {
    let cancelled = false
    let writeRest: () => void = () => undefined
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        // The shell arrives in many small pieces, as React writes it.
        for (let i = 0; i < 50; i++) controller.enqueue(Buffer.from(`<div>shell ${i}</div>`))
        writeRest = () => controller.enqueue(Buffer.from('<p>the rest</p>'))
      },
      cancel() {
        cancelled = true
      },
    })
    const compressed = compressStream(source, 'gzip')
    const chunks = compressed[Symbol.asyncIterator]()
    const received: Buffer[] = []
    let shell = ''
    while (!shell.includes('shell 49')) {
      const { value } = await chunks.next()
      received.push(Buffer.from(value as Uint8Array))
      shell = zlib
        .gunzipSync(Buffer.concat(received), { finishFlush: zlib.constants.Z_SYNC_FLUSH })
        .toString()
    }
    expect(shell).toContain('<div>shell 0</div>')
    expect(shell).not.toContain('the rest')
    writeRest()
    compressed.destroy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(cancelled).toBe(true)
  })
})

describe('compression at the origin', () => {
  let runtime: TestRuntime
  let plainRuntime: TestRuntime
  let staticDir: string
  const stylesheet = `.card{color:#111;margin:0 auto}\n`.repeat(400)

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-static-'))
    await mkdir(path.join(staticDir, 'assets'))
    await writeFile(path.join(staticDir, 'assets/app-Ab12Cd34.css'), stylesheet)
    await writeFile(path.join(staticDir, 'assets/tiny-Ab12Cd34.js'), 'export const a = 1\n')
    await compressAssets(staticDir)
    runtime = await createTestRuntime({}, { staticDir })
    plainRuntime = await createTestRuntime({ COMPRESSION: 'off' }, { staticDir })
  })
  afterAll(async () => {
    await runtime.close()
    await plainRuntime.close()
    await rm(staticDir, { recursive: true, force: true })
  })

  const getAsset = (app: TestRuntime['app'], file: string, acceptEncoding?: string) =>
    app.inject({
      url: `/assets/${file}`,
      headers: { ...regionalHeaders(), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    })

  it('sends an asset’s brotli or gzip file by Accept-Encoding, saying it varies on it', async () => {
    const br = await getAsset(runtime.app, 'app-Ab12Cd34.css', 'gzip, deflate, br')
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['content-type']).toMatch(/^text\/css/)
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(stylesheet)
    expect(br.rawPayload.length).toBeLessThan(stylesheet.length / 10)

    const gzip = await getAsset(runtime.app, 'app-Ab12Cd34.css', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(stylesheet)

    const plain = await getAsset(runtime.app, 'app-Ab12Cd34.css')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    expect(plain.body).toBe(stylesheet)
  })

  it('sends a file too small to compress as it is', async () => {
    const tiny = await getAsset(runtime.app, 'tiny-Ab12Cd34.js', 'br, gzip')
    expect(tiny.statusCode).toBe(200)
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.body).toBe('export const a = 1\n')
  })

  it('compresses API answers above 1 KB with brotli or gzip, and leaves small ones alone', async () => {
    const headers = { ...regionalHeaders(), 'accept-encoding': 'gzip, deflate, br' }
    const list = await runtime.app.inject({ url: '/api/portal/article/list?pageSize=10', headers })
    expect(list.headers['content-encoding']).toBe('br')
    expect(list.headers.vary).toMatch(/accept-encoding/i)
    expect(JSON.parse(zlib.brotliDecompressSync(list.rawPayload).toString()).code).toBe(200)

    const gzip = await runtime.app.inject({
      url: '/api/portal/article/list?pageSize=10',
      headers: { ...headers, 'accept-encoding': 'gzip' },
    })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString()).code).toBe(200)

    const small = await runtime.app.inject({ url: '/api/portal', headers })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json().code).toBe(200)
  })

  it('compresses nothing with COMPRESSION=off (a proxy or CDN does it)', async () => {
    const headers = { ...regionalHeaders(), 'accept-encoding': 'gzip, br' }
    const asset = await getAsset(plainRuntime.app, 'app-Ab12Cd34.css', 'gzip, br')
    expect(asset.headers['content-encoding']).toBeUndefined()
    expect(asset.body).toBe(stylesheet)
    const list = await plainRuntime.app.inject({ url: '/api/portal/article/list?pageSize=10', headers })
    expect(list.headers['content-encoding']).toBeUndefined()
    expect(list.json().code).toBe(200)
  })
})
