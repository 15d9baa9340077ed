/**
 * PDFs for tests. The English one is drawn with pdf-lib (Helvetica). The others are written by hand, object by
 * object, by `writePdf`: the Chinese one uses a CID font with Identity-H encoding and a ToUnicode CMap (so the
 * text can be extracted without embedding a CJK font program); the hostile ones have a page tree that contains
 * itself and a cross-reference chain that points back at itself, or are encrypted with the standard security
 * handler (RC4, 40-bit, revision 2) and a user password, so that they cannot be opened without it.
 */
import { createHash } from 'node:crypto'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import type { SampleDocument } from './sample-content.ts'

const fixedDate = new Date('2026-01-15T00:00:00Z')

/**
 * A PDF of the title and paragraphs on one page and the holdings table on the next (one text run per cell),
 * `copies` times over (two pages each).
 */
export async function buildLatinPdf(content: SampleDocument, copies = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(content.title)
  pdf.setCreationDate(fixedDate)
  pdf.setModificationDate(fixedDate)
  pdf.setProducer('tickerwise tests')
  pdf.setCreator('tickerwise tests')
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (let copy = 0; copy < copies; copy++) {
    const first = pdf.addPage([612, 792])
    let y = 740
    first.drawText(content.title, { x: 50, y, size: 18, font })
    y -= 36
    for (const paragraph of content.paragraphs) {
      for (const line of wrap(paragraph, 88)) {
        first.drawText(line, { x: 50, y, size: 11, font })
        y -= 15
      }
      y -= 12
    }
    const second = pdf.addPage([612, 792])
    y = 740
    second.drawText(content.tableTitle, { x: 50, y, size: 14, font })
    y -= 30
    for (const row of content.table) {
      for (const [column, cell] of row.entries())
        second.drawText(cell, { x: tableColumns[column]!, y, size: 11, font })
      y -= 18
    }
  }
  return pdf.save({ useObjectStreams: false })
}

const tableColumns = [50, 120, 230, 320, 450]
/** Full-width digits are as wide as Chinese characters: the value column is wider. */
const cjkTableColumns = [50, 110, 190, 270, 450]

function wrap(text: string, width: number): string[] {
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

// ——— hand-written PDFs ————————————————————————————————————————————————————————————————————————————————

export interface PdfObject {
  /** The dictionary (or other object) as PDF source; `/Length` is added for a stream. */
  body: string
  stream?: Uint8Array
}

export interface PdfWriteOptions {
  /** Extra trailer entries (`/Encrypt 5 0 R /ID [...]`). */
  trailer?: string
  /** RC4 key to encrypt every stream with (object keys derived per Algorithm 3.1). */
  encryptionKey?: Uint8Array
  /** Objects (1-based numbers) left unencrypted: the Encrypt dictionary. */
  plainObjects?: number[]
  /** The trailer's /Prev points back at this same cross-reference table. */
  loopXref?: boolean
}

/** Objects numbered from 1 in order; object 1 is the catalog. */
export function writePdf(objects: PdfObject[], options: PdfWriteOptions = {}): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let length = parts[0]!.length
  const offsets: number[] = []
  objects.forEach((object, index) => {
    const number = index + 1
    offsets.push(length)
    let chunk: Buffer
    if (object.stream) {
      const data =
        options.encryptionKey && !options.plainObjects?.includes(number)
          ? rc4(objectKey(options.encryptionKey, number), object.stream)
          : object.stream
      const dictionary = object.body.replace(/>>\s*$/, ` /Length ${data.length} >>`)
      chunk = Buffer.concat([
        Buffer.from(`${number} 0 obj\n${dictionary}\nstream\n`, 'latin1'),
        Buffer.from(data),
        Buffer.from('\nendstream\nendobj\n', 'latin1'),
      ])
    } else chunk = Buffer.from(`${number} 0 obj\n${object.body}\nendobj\n`, 'latin1')
    parts.push(chunk)
    length += chunk.length
  })
  const xrefAt = length
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  const previous = options.loopXref ? ` /Prev ${xrefAt}` : ''
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${previous}${options.trailer ? ` ${options.trailer}` : ''} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  )
  return new Uint8Array(Buffer.concat(parts))
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex').toUpperCase()

/**
 * A two-page PDF whose text is in Chinese: a Type0 font, Identity-H, one CID per distinct character, and the
 * ToUnicode CMap that maps each CID back to its character (what text extraction reads). No font program is
 * embedded: viewers substitute one; extraction needs none.
 */
export function buildCjkPdf(content: SampleDocument): Uint8Array {
  const cids = new Map<string, number>()
  const encode = (text: string) => {
    let codes = ''
    for (const char of text) {
      if (!cids.has(char)) cids.set(char, cids.size + 1)
      codes += cids.get(char)!.toString(16).padStart(4, '0').toUpperCase()
    }
    return `<${codes}>`
  }
  const line = (text: string, x: number, y: number, size: number) =>
    `BT /F1 ${size} Tf 1 0 0 1 ${x} ${y} Tm ${encode(text)} Tj ET\n`

  let first = line(content.title, 50, 740, 18)
  let y = 700
  for (const paragraph of content.paragraphs) {
    for (let at = 0; at < paragraph.length; at += 36) {
      first += line(paragraph.slice(at, at + 36), 50, y, 12)
      y -= 18
    }
    y -= 12
  }
  let second = line(content.tableTitle, 50, 740, 14)
  y = 706
  for (const row of content.table) {
    row.forEach((cell, column) => {
      second += line(cell, cjkTableColumns[column]!, y, 11)
    })
    y -= 20
  }
  const mappings = [...cids].map(([char, cid]) => {
    const unicode = Buffer.from(char, 'utf16le').swap16()
    return `<${cid.toString(16).padStart(4, '0').toUpperCase()}> <${hex(unicode)}>`
  })
  const chunks: string[] = []
  for (let at = 0; at < mappings.length; at += 100) {
    const block = mappings.slice(at, at + 100)
    chunks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`)
  }
  const toUnicode = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <FFFF>
endcodespacerange
${chunks.join('\n')}
endcmap
CMapName currentdict /CMapName get /CMap defineresource pop
end
end
`
  // Latin letters and digits are half as wide as Chinese characters.
  const widths = [...cids]
    .filter(([char]) => char.charCodeAt(0) < 0x2e80)
    .map(([, cid]) => `${cid} [500]`)
    .join(' ')
  const resources = '/Resources << /Font << /F1 5 0 R >> >>'
  return writePdf([
    { body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { body: '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 >>' },
    { body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${resources} /Contents 4 0 R >>` },
    { body: '<< >>', stream: Buffer.from(first, 'latin1') },
    {
      body: '<< /Type /Font /Subtype /Type0 /BaseFont /NotoSansCJKtc-Regular /Encoding /Identity-H /DescendantFonts [7 0 R] /ToUnicode 8 0 R >>',
    },
    { body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] ${resources} /Contents 9 0 R >>` },
    {
      body: `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /NotoSansCJKtc-Regular /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor 10 0 R /DW 1000 /W [${widths}] >>`,
    },
    { body: '<< >>', stream: Buffer.from(toUnicode, 'latin1') },
    { body: '<< >>', stream: Buffer.from(second, 'latin1') },
    {
      body: '<< /Type /FontDescriptor /FontName /NotoSansCJKtc-Regular /Flags 4 /FontBBox [0 -120 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>',
    },
  ])
}

const helvetica = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'

/**
 * A PDF that loops: its page tree lists itself among its kids, and its trailer's /Prev points back at the same
 * cross-reference table. A reader that follows either without care never ends.
 */
export function buildCircularPdf(): Uint8Array {
  const text = 'BT /F1 12 Tf 50 740 Td (A document whose page tree contains itself.) Tj ET'
  return writePdf(
    [
      { body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { body: '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>' },
      {
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      },
      { body: '<< >>', stream: Buffer.from(text, 'latin1') },
      { body: helvetica },
    ],
    { loopXref: true },
  )
}

const passwordPadding = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex')

function padPassword(password: string): Buffer {
  return Buffer.concat([Buffer.from(password, 'latin1'), passwordPadding]).subarray(0, 32)
}

export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = Array.from({ length: 256 }, (_, i) => i)
  let j = 0
  for (let i = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff
    ;[s[i], s[j]] = [s[j]!, s[i]!]
  }
  const out = new Uint8Array(data.length)
  let i = 0
  j = 0
  for (let k = 0; k < data.length; k++) {
    i = (i + 1) & 0xff
    j = (j + s[i]!) & 0xff
    ;[s[i], s[j]] = [s[j]!, s[i]!]
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!
  }
  return out
}

const md5 = (...parts: Uint8Array[]) => {
  const hash = createHash('md5')
  for (const part of parts) hash.update(part)
  return hash.digest()
}

function objectKey(key: Uint8Array, number: number): Uint8Array {
  const suffix = Buffer.from([number & 0xff, (number >> 8) & 0xff, (number >> 16) & 0xff, 0, 0])
  return md5(key, suffix).subarray(0, Math.min(key.length + 5, 16))
}

/** A one-page PDF encrypted with the standard security handler (RC4 40-bit, R2): opening it needs `password`. */
export function buildEncryptedPdf(password = 'secret', ownerPassword = 'owner-secret'): Uint8Array {
  const permissions = -44
  const fileId = md5(Buffer.from('tickerwise encrypted sample'))
  const owner = rc4(md5(padPassword(ownerPassword)).subarray(0, 5), padPassword(password))
  const p = Buffer.alloc(4)
  p.writeInt32LE(permissions, 0)
  const key = md5(padPassword(password), owner, p, fileId).subarray(0, 5)
  const user = rc4(key, passwordPadding)
  const text = 'BT /F1 12 Tf 50 740 Td (Confidential: the password protects this line.) Tj ET'
  return writePdf(
    [
      { body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 6 0 R >> >> /Contents 4 0 R >>',
      },
      { body: '<< >>', stream: Buffer.from(text, 'latin1') },
      { body: `<< /Filter /Standard /V 1 /R 2 /O <${hex(owner)}> /U <${hex(user)}> /P ${permissions} >>` },
      { body: helvetica },
    ],
    {
      trailer: `/Encrypt 5 0 R /ID [<${hex(fileId)}> <${hex(fileId)}>]`,
      encryptionKey: key,
      plainObjects: [5],
    },
  )
}
