/**
 * Uploaded covers: what a picture is (read from its first bytes, never from its name or declared type), and the
 * sizes and formats made from it — widths 480, 960 and 1600 (never wider than the original), each in AVIF, WebP
 * and the upload's own format — with sharp (libvips, prebuilt in its npm package). The picture is turned upright by
 * its EXIF orientation and everything else in its metadata (location, camera) is dropped. Decides names and URLs
 * of the files; storing them is the editing service's, serving them article-media.routes.ts's.
 */
import { type CoverImage, coverUploadPath, coverWidths } from '#contracts/console-rules.ts'

export type CoverFormat = CoverImage['format']
type RenditionFormat = CoverFormat | 'avif'

/** The picture's format by its signature, or undefined when it is none we take. */
export function sniffCoverFormat(head: Uint8Array): CoverFormat | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 16))
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp'
  return undefined
}

const extensionOf: Record<RenditionFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' }
const mimeOf: Record<RenditionFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
}
const formatOfExtension = new Map(
  Object.entries(extensionOf).map(([format, ext]) => [ext, format as RenditionFormat]),
)

/** Storage key of one file (file keys allow no dots: `covers/{id}/{width}-{format}`). */
export function coverFileKey(id: string, width: number, format: RenditionFormat): string {
  return `covers/${id}/${width}-${format}`
}

export function coverFileUrl(id: string, width: number, format: RenditionFormat): string {
  return `${coverUploadPath}covers/${id}/${width}.${extensionOf[format]}`
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** `/media/uploads/covers/{id}/{file}` → the stored file's key and type, or undefined for any other name. */
export function coverFileOfUrl(id: string, file: string): { key: string; type: string } | undefined {
  const match = /^(\d{2,4})\.(jpg|png|webp|avif)$/.exec(file)
  const format = match ? formatOfExtension.get(match[2] as string) : undefined
  if (!match || !format || !uuidPattern.test(id)) return undefined
  const width = Number(match[1])
  if (!(coverWidths as readonly number[]).includes(width)) return undefined
  return { key: coverFileKey(id, width, format), type: mimeOf[format] }
}

export interface CoverRendition {
  width: number
  format: RenditionFormat
  body: Buffer
}

/** Pictures larger than this many pixels are refused before decoding (a decompression bomb is small on disk). */
const maxInputPixels = 60_000_000

export class CoverUnreadableError extends Error {
  override name = 'CoverUnreadableError'
}

/** Every width × format of the picture; throws CoverUnreadableError when sharp cannot read it. */
export async function makeCoverRenditions(
  input: Buffer,
  format: CoverFormat,
): Promise<{ width: number; height: number; widths: number[]; renditions: CoverRendition[] }> {
  const { default: sharp } = await import('sharp')
  let width: number
  let height: number
  try {
    const upright = await sharp(input, { limitInputPixels: maxInputPixels })
      .rotate()
      .toBuffer({ resolveWithObject: true })
    width = upright.info.width
    height = upright.info.height
    input = upright.data
  } catch (error) {
    throw new CoverUnreadableError('the picture could not be read', { cause: error })
  }
  // Each standard width below the picture's own, and the next one up made at the picture's own width (never
  // enlarged): 1200 px wide gives 480, 960 and "1600" (1200 px); 300 px wide gives only "480" (300 px).
  const atOrAbove = coverWidths.find((candidate) => candidate >= width)
  const widths: number[] = [
    ...coverWidths.filter((candidate) => candidate < width),
    ...(atOrAbove ? [atOrAbove] : []),
  ]
  const renditions: CoverRendition[] = []
  for (const target of widths) {
    const resized = sharp(input, { limitInputPixels: maxInputPixels }).resize({
      width: Math.min(target, width),
      withoutEnlargement: true,
    })
    const [avif, webp, own] = await Promise.all([
      resized.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
      resized.clone().webp({ quality: 78 }).toBuffer(),
      format === 'png'
        ? resized.clone().png({ compressionLevel: 9 }).toBuffer()
        : format === 'webp'
          ? resized.clone().webp({ quality: 82 }).toBuffer()
          : resized.clone().jpeg({ quality: 82, mozjpeg: true }).toBuffer(),
    ])
    renditions.push(
      { width: target, format: 'avif', body: avif },
      { width: target, format: 'webp', body: webp },
      { width: target, format, body: own },
    )
  }
  return { width, height, widths, renditions }
}

/** The article's picture: sources best first, and the fallback (960, or the widest below it) in the own format. */
export function describeCoverImage(
  id: string,
  picture: { format: CoverFormat; width: number; height: number; widths: number[] },
): CoverImage {
  const srcsetOf = (format: RenditionFormat) =>
    picture.widths
      .map((width) => `${coverFileUrl(id, width, format)} ${Math.min(width, picture.width)}w`)
      .join(', ')
  const fallbackWidth =
    [...picture.widths].reverse().find((width) => width <= 960) ?? picture.widths[0] ?? 480
  return {
    id,
    format: picture.format,
    width: picture.width,
    height: picture.height,
    widths: picture.widths,
    fallbackUrl: coverFileUrl(id, fallbackWidth, picture.format),
    sources: (['avif', 'webp', picture.format] as RenditionFormat[])
      .filter((format, index, all) => all.indexOf(format) === index)
      .map((format) => ({ type: mimeOf[format], srcset: srcsetOf(format) })),
  }
}
