import { randomBytes } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import { describe, expect, it } from 'vitest'
import { chatFileNameMaxLength } from '#contracts/chat-file-rules.ts'
import { cleanFileName, detectFileKind, kindOfName } from './detect-file-kind.ts'
import { englishSample } from './testing/sample-content.ts'
import {
  buildSampleFile,
  canBuildCjkImages,
  sampleExpectations,
  sampleNames,
} from './testing/sample-files.ts'
import { oleFile } from './testing/sample-legacy-office.ts'
import { wordDocumentXml, zipParts } from './testing/sample-ooxml.ts'

const head = (bytes: Uint8Array) => bytes.subarray(0, 64 * 1024)
const text = (value: string) => new Uint8Array(Buffer.from(value, 'utf8'))

describe('the kind of every sample file', () => {
  const names = sampleNames.filter(
    (name) => canBuildCjkImages() || !('needsCjkFont' in sampleExpectations[name]),
  )
  it.each(names)('%s', async (name) => {
    const { fileName, bytes } = await buildSampleFile(name)
    expect(detectFileKind(head(bytes), fileName)).toEqual(sampleExpectations[name].detect)
  })

  it.each(names.filter((name) => 'words' in sampleExpectations[name].read))(
    'agrees with file-type on the magic of %s',
    async (name) => {
      const { bytes } = await buildSampleFile(name)
      const found = (await fileTypeFromBuffer(head(bytes)))?.ext
      const kind = sampleExpectations[name].read.kind
      const family: Record<string, string[]> = {
        txt: [],
        doc: ['cfb'],
        xls: ['cfb'],
        ppt: ['cfb'],
        docx: ['docx', 'zip'],
        xlsx: ['xlsx', 'zip'],
        pptx: ['pptx', 'zip'],
      }
      if (kind === 'txt') expect(found).toBeUndefined()
      else expect(family[kind] ?? [kind]).toContain(found)
    },
  )
})

describe('names', () => {
  it.each([
    ['report.PDF', 'pdf'],
    ['photo.jpeg', 'jpg'],
    ['photo.JPG', 'jpg'],
    ['notes', 'none'],
    ['Q3 report v1.2', 'none'],
    ['setup.exe', 'other'],
    ['page.html', 'other'],
    ['archive.tar.gz', 'other'],
    ['持股明細.xlsx', 'xlsx'],
  ])('%s says %s', (name, kind) => {
    expect(kindOfName(name)).toBe(kind)
  })

  it('lets the content decide when the name has no extension, and refuses an extension of no allowed kind', async () => {
    const { bytes } = await buildSampleFile('pdf-en')
    expect(detectFileKind(head(bytes), 'statement')).toEqual({ kind: 'pdf' })
    expect(detectFileKind(head(bytes), 'statement.html')).toEqual({ error: 'CHAT_FILE_TYPE_NOT_ALLOWED' })
    expect(detectFileKind(text('plain words'), 'notes')).toEqual({ kind: 'txt' })
  })
})

describe('text', () => {
  it('takes UTF-8, UTF-16 with a BOM, Big5 and a text that starts with MZ or BM as text', () => {
    expect(detectFileKind(text('MZ Holdings annual letter'), 'letter.txt')).toEqual({ kind: 'txt' })
    expect(detectFileKind(text('BM stands for base metals.'), 'metals.txt')).toEqual({ kind: 'txt' })
    const utf16 = new Uint8Array(
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('股利政策', 'utf16le')]),
    )
    expect(detectFileKind(utf16, 'notes.txt')).toEqual({ kind: 'txt' })
  })

  it('refuses bytes that are not text, and text named as another kind', () => {
    const binary = new Uint8Array(4096).map((_, i) => (i * 37) & 0xff)
    expect(detectFileKind(binary, 'notes.txt')).toEqual({ error: 'CHAT_FILE_TYPE_NOT_ALLOWED' })
    expect(detectFileKind(text('a\0b'), 'notes.txt')).toEqual({ error: 'CHAT_FILE_TYPE_NOT_ALLOWED' })
    expect(detectFileKind(text('just words'), 'report.pdf')).toEqual({ error: 'CHAT_FILE_TYPE_MISMATCH' })
  })

  it('looks at the first 64 KB only, and tolerates a character cut at its end', () => {
    const long = text(`${'股利政策。'.repeat(30_000)}`)
    expect(detectFileKind(long, 'long.txt')).toEqual({ kind: 'txt' })
    expect(detectFileKind(long.subarray(0, 64 * 1024 + 1), 'long.txt')).toEqual({ kind: 'txt' })
  })
})

describe('containers whose inside lies past the first bytes', () => {
  it('takes a zip’s kind from its name when its Office parts are not in the head, for reading to verify', async () => {
    const noise = new Uint8Array(randomBytes(100 * 1024)) // incompressible: the next entries start past 64 KB
    const docx = await zipParts([
      ['customXml/item1.bin', noise],
      ['[Content_Types].xml', '<Types/>'],
      ['word/document.xml', wordDocumentXml(englishSample)],
    ])
    expect(detectFileKind(head(docx), 'report.docx')).toEqual({ kind: 'docx' })
    expect(detectFileKind(head(docx), 'report.xlsx')).toEqual({ kind: 'xlsx' })
    expect(detectFileKind(head(docx), 'report.pdf')).toEqual({ error: 'CHAT_FILE_TYPE_MISMATCH' })
    expect(detectFileKind(head(docx), 'report')).toEqual({ error: 'CHAT_FILE_TYPE_NOT_ALLOWED' })
  })

  it('refuses a plain zip whatever it is called', async () => {
    const zip = await zipParts([['notes.txt', 'hello']])
    expect(detectFileKind(zip, 'notes.docx')).toEqual({ error: 'CHAT_FILE_TYPE_NOT_ALLOWED' })
  })

  it('takes an OLE file’s kind from its name when its directory is not in the head', async () => {
    const header = (await buildSampleFile('doc-en')).bytes.subarray(0, 512)
    expect(detectFileKind(header, 'old.doc')).toEqual({ kind: 'doc' })
    expect(detectFileKind(header, 'protected.docx')).toEqual({ kind: 'docx' })
    expect(detectFileKind(header, 'old.pdf')).toEqual({ error: 'CHAT_FILE_TYPE_MISMATCH' })
    expect(detectFileKind(header, 'old')).toEqual({ error: 'CHAT_FILE_TYPE_NOT_ALLOWED' })
  })

  it('refuses an OLE file that holds no Office document (an installer, say)', () => {
    const msi = oleFile([['\u0005SummaryInformation', new Uint8Array(600)]])
    expect(detectFileKind(msi, 'setup.doc')).toEqual({ error: 'CHAT_FILE_TYPE_NOT_ALLOWED' })
  })

  it('tells a legacy document named as another legacy kind', async () => {
    const { bytes } = await buildSampleFile('xls-en')
    expect(detectFileKind(head(bytes), 'holdings.doc')).toEqual({ error: 'CHAT_FILE_TYPE_MISMATCH' })
    expect(detectFileKind(head(bytes), 'holdings')).toEqual({ kind: 'xls' })
  })
})

describe('cleaning names', () => {
  it.each([
    ['C:\\Users\\amy\\Documents\\report.pdf', 'report.pdf'],
    ['../../etc/passwd.txt', 'passwd.txt'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['line\nbreak\t.txt', 'line break .txt'],
    ['  spaced   out  .pdf ', 'spaced out .pdf'],
    ['\u0000\u0007.txt', '.txt'],
    ['', 'file'],
    ['..', 'file'],
    ['folder/', 'file'],
    ['投資組合.docx', '投資組合.docx'],
  ])('%j → %j', (raw, cleaned) => {
    expect(cleanFileName(raw)).toBe(cleaned)
  })

  it('cuts a long name to the limit, keeping its extension and whole characters', () => {
    const name = cleanFileName(`${'報告😀'.repeat(100)}.xlsx`)
    expect(name.length).toBeLessThanOrEqual(chatFileNameMaxLength)
    expect(name.endsWith('.xlsx')).toBe(true)
    expect(name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/)
  })
})
