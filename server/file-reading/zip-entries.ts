/**
 * Opening the zip inside a .docx, .xlsx or .pptx without letting it become a zip bomb. The central directory is
 * read first, and the file is refused before anything is inflated when it has too many entries, declares too many
 * bytes in all, has an entry that inflates too many times its size, or holds an archive (42.zip-style nesting:
 * nothing found inside a zip is ever opened as a zip). Then only the XML parts a reader asks for are inflated, each
 * to at most a byte cap; yauzl checks that no entry inflates past the size it declares, so lying sizes fail too.
 */
import yauzl from 'yauzl'
import { refuseEncrypted, refuseUnreadable } from './file-reading.ts'

export interface ZipLimits {
  /** Entries in the central directory. */
  maxEntries: number
  /** Uncompressed bytes declared by all entries together. */
  maxTotalBytes: number
  /** Uncompressed ÷ compressed size of one entry, for entries above `ratioFloorBytes`. */
  maxRatio: number
  /** Entries smaller than this may compress well (an XML part full of repeated tags): their ratio is not checked. */
  ratioFloorBytes: number
  /** At most this many bytes of one part are inflated and read; the rest is left (the reading is truncated). */
  maxPartBytes: number
}

export const defaultZipLimits: ZipLimits = {
  maxEntries: 10_000,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
  maxPartBytes: 32 * 1024 * 1024,
}

/** Names of archives a document has no reason to hold (embedded Office files are not opened, just not refused). */
const archiveName = /\.(zip|jar|war|apk|gz|tgz|bz2|xz|7z|rar|tar|cab|zst|lz|lzma|z)$/i

export interface ZipPart {
  text: string
  /** True when the part was longer than `maxPartBytes` and only its start was read. */
  cut: boolean
}

export interface ZipEntries {
  has(name: string): boolean
  names(): string[]
  /** The part's text (UTF-8), or undefined when there is no such entry. */
  readText(name: string): Promise<ZipPart | undefined>
  close(): void
}

export async function openZipEntries(filePath: string, limits: ZipLimits): Promise<ZipEntries> {
  let zip: yauzl.ZipFile
  try {
    zip = await yauzl.openPromise(filePath, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: true,
      strictFileNames: false,
    })
  } catch (error) {
    throw refuseUnreadable(`not a zip: ${(error as Error).message}`)
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw refuseUnreadable(`zip has ${zip.entryCount} entries (limit ${limits.maxEntries})`)
    }
    const entries = new Map<string, yauzl.Entry>()
    let totalBytes = 0
    for await (const entry of zip.eachEntry()) {
      const name = entry.fileName.replace(/\\/g, '/').replace(/^\/+/, '')
      if (entry.fileName.endsWith('/')) continue
      if (archiveName.test(name)) throw refuseUnreadable(`zip holds an archive: ${name}`)
      if (entry.isEncrypted()) throw refuseEncrypted(`zip entry is encrypted: ${name}`)
      totalBytes += entry.uncompressedSize
      if (totalBytes > limits.maxTotalBytes) {
        throw refuseUnreadable(`zip declares more than ${limits.maxTotalBytes} uncompressed bytes`)
      }
      if (entry.uncompressedSize > limits.ratioFloorBytes) {
        const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1)
        if (ratio > limits.maxRatio) {
          throw refuseUnreadable(
            `zip entry ${name} inflates ${Math.round(ratio)} times (limit ${limits.maxRatio})`,
          )
        }
      }
      // Zip names are case-sensitive but Office's are not; the first of two that differ in case wins.
      const key = name.toLowerCase()
      if (!entries.has(key)) entries.set(key, entry)
    }

    return {
      has: (name) => entries.has(name.toLowerCase()),
      names: () => [...entries.values()].map((entry) => entry.fileName),
      async readText(name) {
        const entry = entries.get(name.toLowerCase())
        if (!entry) return undefined
        const { data, cut } = await readEntry(zip, entry, limits.maxPartBytes)
        if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 3 && data[3] === 4) {
          throw refuseUnreadable(`zip entry ${name} is itself a zip`)
        }
        return { text: decodeUtf(data), cut }
      },
      close: () => zip.close(),
    }
  } catch (error) {
    zip.close()
    throw error
  }
}

async function readEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  maxBytes: number,
): Promise<{ data: Buffer; cut: boolean }> {
  const stream = await zip.openReadStreamPromise(entry)
  const chunks: Buffer[] = []
  let length = 0
  let cut = false
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const room = maxBytes - length
    if (chunk.length >= room) {
      chunks.push(chunk.subarray(0, room))
      length += room
      cut = chunk.length > room || entry.uncompressedSize > maxBytes
      stream.destroy()
      break
    }
    chunks.push(chunk)
    length += chunk.length
  }
  return { data: Buffer.concat(chunks, length), cut }
}

/** XML parts are UTF-8 (with or without a BOM) or, rarely, UTF-16 with a BOM. */
function decodeUtf(data: Buffer): string {
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2))
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2))
  return new TextDecoder('utf-8').decode(data)
}
