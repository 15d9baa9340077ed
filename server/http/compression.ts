/**
 * Compression at the origin (ADR 0012), unless COMPRESSION=off leaves it to a proxy or CDN:
 * - fingerprinted assets are compressed once at build (scripts/compress-assets.ts writes `.br` and `.gz` beside
 *   them) and @fastify/static sends the variant the browser accepts (http.ts, `preCompressed`);
 * - API answers (JSON) above 1 KB are compressed as they are sent, by @fastify/compress: brotli at a low quality
 *   (fast: a 50 KB answer in well under a millisecond), gzip for browsers without brotli;
 * - pages bypass Fastify's hooks (pages.ts hijacks the reply), so they are compressed here: rendered pages as they
 *   stream (`compressStream`), cached pages from gzip pieces made once (page-cache.ts).
 * Deliberately left to others: what may be cached (page-cache.ts) and the assets' own cache headers (http.ts).
 */
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

export type ContentEncoding = 'br' | 'gzip'

/** Smaller answers are sent as they are: the headers and the compressor's framing would eat the saving. */
export const compressionThresholdBytes = 1024

/** Brotli quality for what is compressed per response: 4 is several times faster than the default 11, ~10% larger. */
const onTheFlyBrotliQuality = 4

const compressibleTypePattern =
  /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json|ld\+json)|image\/svg\+xml)/i

/** Text formats (HTML, JSON, React Router's data stream `text/x-script`, XML, SVG); images and fonts are not. */
export function isCompressibleType(contentType: string | null | undefined): boolean {
  return contentType ? compressibleTypePattern.test(contentType.trim()) : false
}

/**
 * The encoding to answer with, given the request's Accept-Encoding and what the server can send, in the server's
 * order of preference: the highest `q` wins, ties go to the server's order; `q=0` refuses; `*` stands for any
 * encoding not named. No header (or only identity) means no compression.
 */
export function negotiateEncoding(
  acceptEncoding: string | string[] | undefined | null,
  offered: readonly ContentEncoding[],
): ContentEncoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding
  if (!header) return undefined
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [token = '', ...parameters] = part.trim().toLowerCase().split(';')
    if (!token) continue
    let q = 1
    for (const parameter of parameters) {
      const [name, value] = parameter.trim().split('=')
      if (name === 'q') q = Number(value)
    }
    weights.set(token.trim(), Number.isFinite(q) ? q : 0)
  }
  let best: ContentEncoding | undefined
  let bestWeight = 0
  for (const encoding of offered) {
    const weight = weights.get(encoding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = encoding
      bestWeight = weight
    }
  }
  return best
}

/** Adds Accept-Encoding to a Vary value (a cache must keep the compressed and plain answers apart). */
export function varyWithAcceptEncoding(current: string | null | undefined): string {
  if (!current) return 'Accept-Encoding'
  const names = current.split(',').map((name) => name.trim().toLowerCase())
  return names.includes('accept-encoding') || names.includes('*') ? current : `${current}, Accept-Encoding`
}

/** JSON answers of the API scope: brotli (quality 4) or gzip above 1 KB. Register before the scope's routes. */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    global: true,
    // Request bodies are never compressed by our clients; a compressed one is refused, not inflated.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: compressionThresholdBytes,
    customTypes: compressibleTypePattern,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: onTheFlyBrotliQuality } },
    zlibOptions: { level: 6 },
  })
}

function createCompressor(encoding: ContentEncoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br'
    ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: onTheFlyBrotliQuality } })
    : zlib.createGzip({ level: 6 })
}

/**
 * A streamed body, compressed as it streams. Whatever the render has written by the time the event loop turns is
 * handed to the compressor in one piece and flushed to the reader: the page's shell still arrives before its slow
 * parts, yet the many small pieces React writes in one go cost one compression step, not one each (each is a trip
 * to the thread pool and back). The result is the compressor itself, a Node stream the caller pipes into the
 * response: no second web stream between it and the socket. Destroying it (the reader left) cancels the source.
 * `onSourceDone` hears when the source has ended (or failed): the render is over, though its last bytes may still
 * be compressing.
 */
export function compressStream(
  body: ReadableStream<Uint8Array>,
  encoding: ContentEncoding,
  onSourceDone: () => void = () => undefined,
): Readable {
  const compressor = createCompressor(encoding)
  const reader = body.getReader()
  let pending: Uint8Array[] = []
  let writeScheduled = false
  let sourceDone = false

  const writePending = () => {
    writeScheduled = false
    if (pending.length === 0 || compressor.destroyed || compressor.writableEnded) return
    const piece = pending.length === 1 ? (pending[0] as Uint8Array) : Buffer.concat(pending)
    pending = []
    compressor.write(piece)
    compressor.flush()
  }
  // The reader left (or the compressor failed): stop the render's stream too.
  compressor.on('close', () => {
    if (sourceDone) return
    sourceDone = true
    onSourceDone()
    reader.cancel().catch(() => undefined)
  })

  const pump = async () => {
    try {
      for (;;) {
        if (compressor.destroyed) return
        if (compressor.writableNeedDrain) {
          await new Promise<void>((resolve) => {
            const done = () => {
              compressor.off('drain', done)
              compressor.off('close', done)
              resolve()
            }
            compressor.on('drain', done)
            compressor.on('close', done)
          })
          continue
        }
        const { done, value } = await reader.read()
        if (done) break
        pending.push(value)
        if (!writeScheduled) {
          writeScheduled = true
          setImmediate(writePending)
        }
      }
      if (sourceDone) return
      sourceDone = true
      onSourceDone()
      writePending()
      if (!compressor.destroyed) compressor.end()
    } catch (error) {
      if (!sourceDone) {
        sourceDone = true
        onSourceDone()
      }
      compressor.destroy(error as Error)
    }
  }
  void pump()
  return compressor
}
