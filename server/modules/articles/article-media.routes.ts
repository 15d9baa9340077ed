/**
 * Pictures of articles and topics, outside the API (pages, feeds and link previews point at them):
 * - `/media/covers/{drawing}.svg` — a drawing from the seed corpus's covers folder, as drawn (topics' covers);
 * - `/media/covers/{drawing}.v{n}.svg` — variant n of it (articles' covers, cover-art.ts);
 * - the same names with `.png` — the 1200 × 630 share image of that cover (og:image; cover-raster.ts);
 * - `/media/share/site.png` — the share image of pages without a cover;
 * - `/media/uploads/covers/{id}/{width}.{avif|webp|jpg|png}` — an uploaded cover (cover-images.ts), from file
 *   storage, cached for a year as immutable (a new picture is a new id).
 * Names are checked against a strict pattern, so no path can leave the folder. SVG is served with a policy that
 * forbids scripts, in case one is opened on its own. Every answer carries an ETag and is cached for a week; PNGs
 * are rendered on first request and kept in memory, and only renders count against the per-address rate limit
 * (link-preview crawlers fetch from few addresses, and a kept image costs nothing to send).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { coverUploadPath } from '#contracts/console-rules.ts'
import { coverUrlPrefix, siteShareImagePath } from '#contracts/media-paths.ts'
import {
  type CoverFileName,
  composeCoverVariant,
  parseCoverDrawing,
  parseCoverFileName,
  siteShareDrawing,
} from './cover-art.ts'
import {
  CoverRenderError,
  createShareImageCache,
  etagOf,
  maxDrawingBytes,
  type RenderedImage,
} from './cover-raster.ts'
import { defaultSeedCoversDirectory } from './seed/seed-corpus.ts'

/** A week: covers change only with a release, and the ETag makes a later check cheap. */
const cacheControl = 'public, max-age=604800'
const siteShareImageName = 'site-share'

export interface ArticleMediaOptions {
  coversDirectory?: string
  /** Share images one client address may have rendered per minute (kept ones do not count). */
  rendersPerMinute?: number
  /** Rendered share images kept in memory. */
  maxKeptImages?: number
  render?: (svg: string) => Promise<Buffer>
  /** An uploaded cover's file by its public name (article-covers.service.ts); absent, none is served. */
  openUploadedCover?: (id: string, file: string) => Promise<{ stream: Readable; type: string } | undefined>
}

export function registerArticleMediaRoutes(
  app: FastifyInstance,
  {
    coversDirectory = defaultSeedCoversDirectory,
    rendersPerMinute = 60,
    maxKeptImages,
    render,
    openUploadedCover,
  }: ArticleMediaOptions = {},
): void {
  const drawings = new Map<string, Promise<string | undefined>>()
  const readDrawing = (drawing: string) => {
    let file = drawings.get(drawing)
    if (!file) {
      file = readFile(path.join(coversDirectory, `${drawing}.svg`), 'utf8').then(
        (svg) => {
          if (Buffer.byteLength(svg) <= maxDrawingBytes) return svg
          app.log.warn({ drawing }, 'cover drawing too large to serve')
          return undefined
        },
        () => undefined,
      )
      drawings.set(drawing, file)
      file.then((svg) => {
        if (svg === undefined) drawings.delete(drawing)
      })
    }
    return file
  }
  const svgOf = async ({ drawing, variant }: CoverFileName): Promise<string | undefined> => {
    const source = await readDrawing(drawing)
    if (source === undefined || variant === 0) return source
    const parts = parseCoverDrawing(source)
    return parts && composeCoverVariant(parts, variant)
  }
  const shareImages = createShareImageCache({
    ...(maxKeptImages ? { maxEntries: maxKeptImages } : {}),
    ...(render ? { render } : {}),
  })

  const sendPng = async (
    request: FastifyRequest,
    reply: FastifyReply,
    name: string,
    drawingOf: () => Promise<string | undefined>,
  ) => {
    let image: RenderedImage | undefined
    try {
      image = await shareImages.get(name, drawingOf)
    } catch (error) {
      request.log.error({ err: error, image: name }, 'share image render failed')
      if (error instanceof CoverRenderError) return notFound(reply)
      return reply.code(500).type('text/plain; charset=utf-8').send('Internal error')
    }
    if (!image) return notFound(reply)
    return sendCached(request, reply, 'image/png', image)
  }

  // Only a render counts against the limit: an image already kept is let through uncounted.
  const renderLimit = {
    rateLimit: {
      max: rendersPerMinute,
      timeWindow: '1 minute',
      allowList: (request: FastifyRequest) => {
        const file = (request.params as { file?: string } | undefined)?.file
        if (file === undefined) return shareImages.isReady(siteShareImageName)
        return parseCoverFileName(file)?.format !== 'png' || shareImages.isReady(file)
      },
    },
  }

  app.get<{ Params: { file: string } }>(
    `${coverUrlPrefix}:file`,
    { config: renderLimit },
    async (request, reply) => {
      const file = request.params.file
      const name = parseCoverFileName(file)
      if (!name) return notFound(reply)
      if (name.format === 'png') return sendPng(request, reply, file, () => svgOf(name))
      const svg = await svgOf(name)
      if (svg === undefined) return notFound(reply)
      reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      return sendCached(request, reply, 'image/svg+xml', { body: Buffer.from(svg), etag: etagOf(svg) })
    },
  )

  app.get(siteShareImagePath, { config: renderLimit }, (request, reply) =>
    sendPng(request, reply, siteShareImageName, async () => siteShareDrawing),
  )

  if (openUploadedCover) {
    app.get<{ Params: { id: string; file: string } }>(
      `${coverUploadPath}covers/:id/:file`,
      async (request, reply) => {
        const { id, file } = request.params
        // The name never changes content (a new picture is a new id): a client holding any copy has this one.
        if (request.headers['if-none-match'] === `"${id}/${file}"`) return reply.code(304).send()
        const found = await openUploadedCover(id, file)
        if (!found) return notFound(reply)
        return reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('etag', `"${id}/${file}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .type(found.type)
          .send(found.stream)
      },
    )
  }
}

function notFound(reply: FastifyReply) {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
}

function sendCached(request: FastifyRequest, reply: FastifyReply, type: string, image: RenderedImage) {
  reply
    .header('cache-control', cacheControl)
    .header('etag', image.etag)
    .header('x-content-type-options', 'nosniff')
  if (isNotModified(request.headers['if-none-match'], image.etag)) return reply.code(304).send()
  return reply.type(type).send(image.body)
}

/** Whether a request's If-None-Match names this ETag (weak or strong, or `*`). */
export function isNotModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return [ifNoneMatch]
    .flat()
    .flatMap((value) => value.split(','))
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*')
}
