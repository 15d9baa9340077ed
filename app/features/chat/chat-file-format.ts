/**
 * How a file is named and sized on its chip, in the composer and under a sent question. A name is cut in the
 * middle, so the start (what it is) and the end (its extension, often a date or version before it) both stay.
 */
import type { DisplayLocale } from '#app/features/stocks/stock-format.ts'

/** Characters of a name a chip shows; the full name is in its title and label. */
export const chipNameLength = 28

/** Characters kept before the extension at the end of a cut name. */
const keptBeforeExtension = 4

/**
 * The name cut to at most `maxLength` characters (counted as code points, so a CJK name or an emoji is never split)
 * with an ellipsis in the middle; unchanged when it fits.
 */
export function shortenFileName(name: string, maxLength = chipNameLength): string {
  const chars = Array.from(name)
  if (chars.length <= maxLength) return name
  const dot = chars.lastIndexOf('.')
  const extensionLength = dot > 0 ? chars.length - dot : 0
  // The end never takes more than half, so a long "extension" cannot push out the start.
  const tailLength = Math.min(extensionLength + keptBeforeExtension, Math.floor((maxLength - 1) / 2))
  const headLength = maxLength - 1 - tailLength
  const head = chars.slice(0, headLength).join('').trimEnd()
  return `${head}…${chars.slice(chars.length - tailLength).join('')}`
}

const kibibyte = 1024
const mebibyte = 1024 * 1024

/** "512 bytes", "12.3 kB", "4.2 MB" in the reader's language; 1024-based, as the 50 MB limit is. */
export function formatFileSize(bytes: number, locale: DisplayLocale): string {
  if (bytes < kibibyte)
    return new Intl.NumberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes)
  const [value, unit] = bytes < mebibyte ? [bytes / kibibyte, 'kilobyte'] : [bytes / mebibyte, 'megabyte']
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value)
}
