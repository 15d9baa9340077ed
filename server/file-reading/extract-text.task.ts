/**
 * One reading, inside a reading process (extract-text.child.ts): checks that the file is what its kind says — our
 * detection again, file-type's opinion of its first bytes, and no archive hidden behind an image or a PDF (a
 * polyglot) — then hands it to its format's reader under the text budget. Every refusal and every failure comes
 * back as a FileReading; only a crash of the process or the time limit is left to the reader (extract-text.ts).
 */
import { open, readFile, stat } from 'node:fs/promises'
import { fileTypeFromBuffer } from 'file-type'
import type { ChatFileKind } from '#contracts/chat-file-rules.ts'
import { detectFileKind, detectionHeadBytes } from './detect-file-kind.ts'
import {
  createSectionCollector,
  type FileReading,
  FileRefusal,
  refuseEncrypted,
  refuseMismatch,
  refuseUnreadable,
} from './file-reading.ts'
import { readImage } from './read-image.ts'
import { readOle } from './read-ole.ts'
import { readOoxml } from './read-ooxml.ts'
import { readPdf } from './read-pdf.ts'
import { readTextFile } from './read-text-file.ts'
import type { ZipLimits } from './zip-entries.ts'

export interface ReadLimits {
  maxFileBytes: number
  maxTextChars: number
  zip: ZipLimits
  maxPdfPages: number
  maxImagePixels: number
  maxSheetRows: number
}

export interface ReadTask {
  filePath: string
  kind: ChatFileKind
  limits: ReadLimits
}

const ooxmlFamily = new Set([
  'zip',
  'docx',
  'xlsx',
  'pptx',
  'docm',
  'xlsm',
  'pptm',
  'dotx',
  'xltx',
  'potx',
  'ppsx',
])
const oleFamily = new Set(['cfb', 'doc', 'xls', 'ppt'])
const textLike = new Set(['xml', 'svg', 'ics', 'vcf', 'vtt', 'srt', 'json', 'csv'])

/** Whether file-type's name for the content fits the kind (undefined: it knows no magic, as for text). */
function fitsKind(kind: ChatFileKind, found: string | undefined): boolean {
  switch (kind) {
    case 'png':
      return found === 'png' || found === 'apng'
    case 'jpg':
      return found === 'jpg'
    case 'bmp':
      return found === 'bmp'
    case 'pdf':
      return found === 'pdf' || found === 'ai'
    case 'txt':
    case 'csv':
      return found === undefined || textLike.has(found)
    case 'doc':
    case 'xls':
    case 'ppt':
      return found !== undefined && oleFamily.has(found)
    default:
      // An encrypted .docx/.xlsx/.pptx is an OLE container.
      return found !== undefined && (ooxmlFamily.has(found) || oleFamily.has(found))
  }
}

/** A zip's end record near the end of the file, pointing back at a real central directory: an appended archive. */
export function hasAppendedZip(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const earliest = Math.max(0, bytes.length - 22 - 0xffff)
  for (let at = bytes.length - 22; at >= earliest; at--) {
    if (view.getUint32(at, true) !== 0x06054b50) continue
    const directorySize = view.getUint32(at + 12, true)
    const directoryStart = at - directorySize
    if (directoryStart >= 0 && directorySize >= 46 && view.getUint32(directoryStart, true) === 0x02014b50)
      return true
  }
  return false
}

async function readHead(filePath: string): Promise<Uint8Array> {
  const handle = await open(filePath, 'r')
  try {
    const head = new Uint8Array(detectionHeadBytes)
    const { bytesRead } = await handle.read(head, 0, detectionHeadBytes, 0)
    return head.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function checkContent(bytes: Uint8Array, kind: ChatFileKind): Promise<void> {
  const head = bytes.subarray(0, detectionHeadBytes)
  const detected = detectFileKind(head, `file.${kind}`)
  if ('error' in detected) {
    if (detected.error === 'CHAT_FILE_ENCRYPTED') throw refuseEncrypted('encrypted Office file')
    throw refuseMismatch(`detection says ${detected.error}`)
  }
  if (detected.kind !== kind) throw refuseMismatch(`content is ${detected.kind}`)
  const found = (await fileTypeFromBuffer(head))?.ext
  if (!fitsKind(kind, found)) throw refuseMismatch(`file-type says ${found}`)
  if ((kind === 'pdf' || kind === 'png' || kind === 'jpg' || kind === 'bmp') && hasAppendedZip(bytes)) {
    throw refuseMismatch(`a ${kind} with a zip archive appended (polyglot)`)
  }
}

export async function readFileTask({ filePath, kind, limits }: ReadTask): Promise<FileReading> {
  try {
    const { size } = await stat(filePath)
    if (size === 0) throw refuseUnreadable('empty file')
    if (size > limits.maxFileBytes)
      throw refuseUnreadable(`file of ${size} bytes (limit ${limits.maxFileBytes})`)
    const collector = createSectionCollector(limits.maxTextChars)
    if (kind === 'txt' || kind === 'csv') {
      // A text file is read as a stream: only its head is checked here, never the whole file held.
      await checkContent(await readHead(filePath), kind)
      const isText = await readTextFile(filePath, collector, limits.maxTextChars, { isCsv: kind === 'csv' })
      if (!isText) throw refuseMismatch('not text')
      return collector.finish()
    }
    const bytes = new Uint8Array(await readFile(filePath))
    await checkContent(bytes, kind)
    switch (kind) {
      case 'pdf':
        await readPdf(bytes, collector, { maxPages: limits.maxPdfPages })
        break
      case 'jpg':
      case 'png':
      case 'bmp':
        await readImage(bytes, collector, { maxPixels: limits.maxImagePixels })
        break
      case 'doc':
      case 'xls':
      case 'ppt':
        await readOle(bytes, kind, collector, { maxSheetRows: limits.maxSheetRows })
        break
      case 'docx':
      case 'xlsx':
      case 'pptx':
        if (bytes[0] === 0xd0 && bytes[1] === 0xcf) {
          await readOle(bytes, kind, collector, { maxSheetRows: limits.maxSheetRows })
        } else {
          await readOoxml(filePath, kind, collector, { zip: limits.zip, maxSheetRows: limits.maxSheetRows })
        }
        break
    }
    return collector.finish()
  } catch (error) {
    if (error instanceof FileRefusal) return { ok: false, error: error.code, detail: error.message }
    return {
      ok: false,
      error: 'CHAT_FILE_UNREADABLE',
      detail: error instanceof Error ? error.message : String(error),
    }
  }
}
