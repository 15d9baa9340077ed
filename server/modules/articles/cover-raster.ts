/**
 * Share images: a cover drawing rasterised to the 1200 × 630 PNG that link previews show (social networks show
 * no SVG). Rendered by resvg (Rust, prebuilt inside its npm package) on libuv's thread pool, so a render does not
 * hold up the event loop; covers carry no text (seed-corpus.test.ts), so no font is loaded and no script — Latin
 * or Chinese — can come out as boxes. Decides the image's size, its limits and how rendered images are kept;
 * leaves which drawing a name means to article-media.routes.ts.
 */
import { createHash } from 'node:crypto'
import { shareImage } from '#contracts/media-paths.ts'

/** A drawing larger than this is not rendered (ours are under 4 KiB; a variant adds about 1 KiB). */
export const maxDrawingBytes = 64 * 1024

export class CoverRenderError extends Error {
  override name = 'CoverRenderError'
}

/** resvg is loaded on first use, so a machine without its binary still serves everything else. */
let resvg: Promise<typeof import('@resvg/resvg-js')> | undefined

/** The drawing as a 1200 × 630 PNG. Throws CoverRenderError for a drawing too large or of another shape. */
export async function renderSharePng(svg: string): Promise<Buffer> {
  if (Buffer.byteLength(svg) > maxDrawingBytes) throw new CoverRenderError('drawing too large to render')
  resvg ??= import('@resvg/resvg-js')
  const { renderAsync } = await resvg
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: shareImage.width },
    font: { loadSystemFonts: false },
    logLevel: 'off',
  })
  if (image.width !== shareImage.width || image.height !== shareImage.height)
    throw new CoverRenderError(`drawing renders at ${image.width} × ${image.height}, not 1200 × 630`)
  return image.asPng()
}

export interface RenderedImage {
  body: Buffer
  /** Strong validator: a hash of the bytes. */
  etag: string
}

/** A quoted strong ETag of some bytes (or text). */
export function etagOf(body: Buffer | string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
}

/**
 * Rendered share images by name, in memory: each image is rendered once however many ask for it at the same time,
 * kept until `maxEntries` others were asked for more recently, and forgotten when its render fails or its
 * drawing is missing (the next request tries again).
 */
export function createShareImageCache({
  maxEntries = 256,
  render = renderSharePng,
}: {
  maxEntries?: number
  render?: (svg: string) => Promise<Buffer>
} = {}) {
  const entries = new Map<string, { image: Promise<RenderedImage | undefined>; isReady: boolean }>()
  return {
    /** Whether the image is rendered and kept (asking for it costs no render). */
    isReady(name: string): boolean {
      return entries.get(name)?.isReady ?? false
    },
    /** The image of `name`, rendered from `drawingOf()` unless kept; undefined when there is no drawing. */
    get(name: string, drawingOf: () => Promise<string | undefined>): Promise<RenderedImage | undefined> {
      const kept = entries.get(name)
      if (kept) {
        entries.delete(name)
        entries.set(name, kept)
        return kept.image
      }
      const entry = {
        isReady: false,
        image: (async () => {
          const svg = await drawingOf()
          if (svg === undefined) return undefined
          const body = await render(svg)
          return { body, etag: etagOf(body) }
        })(),
      }
      entries.set(name, entry)
      entry.image.then(
        (image) => {
          if (image) entry.isReady = true
          else if (entries.get(name) === entry) entries.delete(name)
        },
        () => {
          if (entries.get(name) === entry) entries.delete(name)
        },
      )
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break
        entries.delete(oldest)
      }
      return entry.image
    },
    get size(): number {
      return entries.size
    },
  }
}

export type ShareImageCache = ReturnType<typeof createShareImageCache>
