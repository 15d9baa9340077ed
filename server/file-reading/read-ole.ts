/**
 * Legacy Office files (.doc, .xls, .ppt) and password-protected Office files, which all come as OLE compound files
 * (CFB). Decides what the container really holds from its streams — `WordDocument`, `Workbook`, `PowerPoint
 * Document`, or `EncryptionInfo` + `EncryptedPackage` (an encrypted .docx/.xlsx/.pptx) — and whether it is
 * encrypted, then hands the stream to its reader: word-extractor for Word 97–2003, ours for Excel's BIFF8
 * (read-xls.ts) and PowerPoint 97–2003 records (read-ppt.ts). Macros (VBA storages) are never read.
 */
import CFB from 'cfb'
import WordExtractor from 'word-extractor'
import type { ChatFileKind } from '#contracts/chat-file-rules.ts'
import {
  refuseEncrypted,
  refuseMismatch,
  refuseUnreadable,
  rowsFromDelimitedLines,
  type SectionCollector,
  tidyText,
} from './file-reading.ts'
import { readPpt } from './read-ppt.ts'
import { readXls } from './read-xls.ts'

export type OleContent = 'doc' | 'xls' | 'ppt' | 'encrypted-ooxml' | 'unknown'

export interface OleFile {
  content: OleContent
  /** A top-level stream's bytes by name (case-insensitive). */
  stream(name: string): Buffer | undefined
}

export function openOle(bytes: Uint8Array): OleFile {
  let container: CFB.CFB$Container
  try {
    container = CFB.read(bytes, { type: 'buffer' })
  } catch (error) {
    throw refuseUnreadable(`OLE container: ${(error as Error).message}`)
  }
  const streams = new Map<string, Buffer>()
  container.FullPaths.forEach((fullPath, index) => {
    const entry = container.FileIndex[index]
    // Top-level streams only: "Root Entry/WordDocument".
    if (entry?.type !== 2 || fullPath.split('/').filter(Boolean).length !== 2) return
    const key = entry.name.toLowerCase()
    if (!streams.has(key)) streams.set(key, Buffer.from(entry.content as Uint8Array))
  })
  const has = (name: string) => streams.has(name.toLowerCase())
  let content: OleContent = 'unknown'
  if (has('EncryptedPackage') && has('EncryptionInfo')) content = 'encrypted-ooxml'
  else if (has('WordDocument')) content = 'doc'
  else if (has('Workbook') || has('Book')) content = 'xls'
  else if (has('PowerPoint Document')) content = 'ppt'
  return { content, stream: (name) => streams.get(name.toLowerCase()) }
}

export interface OleOptions {
  maxSheetRows: number
}

/** Reads an OLE file that was taken for `expected` (a legacy kind, or an OOXML kind that turned out to be OLE). */
export async function readOle(
  bytes: Uint8Array,
  expected: ChatFileKind,
  collector: SectionCollector,
  options: OleOptions,
): Promise<void> {
  const ole = openOle(bytes)
  if (ole.content === 'encrypted-ooxml') throw refuseEncrypted('encrypted Office file (EncryptedPackage)')
  if (ole.content === 'unknown') throw refuseUnreadable('OLE container holds no Office document')
  if (ole.content !== expected) throw refuseMismatch(`content is ${ole.content}, name says ${expected}`)
  if (ole.content === 'doc') await readDoc(bytes, ole, collector)
  else if (ole.content === 'xls') readXls(ole, collector, options)
  else readPpt(ole, collector)
}

async function readDoc(bytes: Uint8Array, ole: OleFile, collector: SectionCollector): Promise<void> {
  const fib = ole.stream('WordDocument')!
  if (fib.length < 0x1a6 || fib.readUInt16LE(0) !== 0xa5ec)
    throw refuseUnreadable('not a Word 97–2003 document')
  const flags = fib.readUInt16LE(0x0a)
  // fEncrypted (RC4 or XOR obfuscation, fObfuscated): the text is not there to read without the password.
  if (flags & 0x0100) throw refuseEncrypted('Word document is encrypted')
  const document = await new WordExtractor().extract(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
  )
  const parts = [
    document.getBody(),
    document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }),
    document.getFootnotes(),
    document.getEndnotes(),
  ]
  // Word ends table rows with a tab (its cell marks): rows come from those lines before they are tidied.
  const raw = parts.filter((part) => part.trim()).join('\n\n')
  const rows = rowsFromDelimitedLines(raw)
  const text = tidyText(raw)
  const place = { kind: 'text' as const, number: 1 }
  collector.add(rows.length > 0 ? { place, text, rows } : { place, text })
}
