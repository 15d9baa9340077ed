/**
 * Legacy Office files for tests, as OLE compound files (cfb): a Word 97 FIB with its piece table, a BIFF8 workbook
 * stream, a PowerPoint 97 record stream with its persist directory; password-protected variants of each; and the
 * container Office writes for a password-protected .docx/.xlsx/.pptx. Minimal: enough for any reader of the
 * format (not verified against Office itself).
 */
import CFB from 'cfb'
import type { SampleDocument } from './sample-content.ts'
import { sampleNumber, xmlHeader } from './sample-ooxml.ts'

// ——— OLE containers ————————————————————————————————————————————————————————————————————————————————

export function oleFile(streams: [name: string, data: Uint8Array][]): Uint8Array {
  const container = CFB.utils.cfb_new()
  for (const [name, data] of streams) CFB.utils.cfb_add(container, `/${name}`, Buffer.from(data))
  return new Uint8Array(CFB.write(container, { type: 'buffer' }) as Buffer)
}

/**
 * What Office writes for a password-protected .docx/.xlsx/.pptx: an OLE container with the agile EncryptionInfo
 * (version 4.4, an XML descriptor) and the EncryptedPackage (8-byte size, then ciphertext).
 */
export function buildEncryptedOoxml(): Uint8Array {
  const descriptor = Buffer.from(
    `${xmlHeader}<encryption xmlns="http://schemas.microsoft.com/office/2006/encryption" xmlns:p="http://schemas.microsoft.com/office/2006/keyEncryptor/password"><keyData saltSize="16" blockSize="16" keyBits="256" hashSize="64" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="SHA512" saltValue="AAAAAAAAAAAAAAAAAAAAAA=="/><keyEncryptors><keyEncryptor uri="http://schemas.microsoft.com/office/2006/keyEncryptor/password"><p:encryptedKey spinCount="100000" saltSize="16" blockSize="16" keyBits="256" hashSize="64" cipherAlgorithm="AES" cipherChaining="ChainingModeCBC" hashAlgorithm="SHA512" saltValue="AAAAAAAAAAAAAAAAAAAAAA==" encryptedVerifierHashInput="AAAAAAAAAAAAAAAAAAAAAA==" encryptedVerifierHashValue="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=" encryptedKeyValue="AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="/></keyEncryptor></keyEncryptors></encryption>`,
  )
  const info = Buffer.concat([Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]), descriptor])
  const ciphertext = Buffer.alloc(4096)
  for (let i = 0; i < ciphertext.length; i++) ciphertext[i] = (i * 167 + 13) & 0xff
  const size = Buffer.alloc(8)
  size.writeUInt32LE(3900, 0)
  return oleFile([
    ['EncryptionInfo', info],
    ['EncryptedPackage', Buffer.concat([size, ciphertext])],
  ])
}

// ——— .doc (Word 97–2003) ——————————————————————————————————————————————————————————————————————————

/**
 * A Word 97 document: a FIB, the text in one piece (8-bit when it is all Latin-1, else UTF-16), the table as
 * cells ending in cell marks (0x07) with each row's end mark a paragraph carrying sprmPFTtp, and the piece table
 * (Clx) and paragraph bin table in the 1Table stream. `encrypted` sets fEncrypted (the text is then garbage).
 */
export function buildDoc(content: SampleDocument, options: { encrypted?: boolean } = {}): Uint8Array {
  const paragraphs = [content.title, ...content.paragraphs, content.tableTitle]
  let text = paragraphs.map((paragraph) => `${paragraph}\r`).join('')
  const rowEnds: number[] = []
  for (const row of content.table) {
    text += row.map((cell) => `${cell}\x07`).join('')
    rowEnds.push(text.length)
    text += '\x07'
  }
  text += '\r'
  const compressed = [...text].every((char) => char.charCodeAt(0) < 0x100)
  const bytesPerChar = compressed ? 1 : 2
  const textBytes = compressed ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf16le')
  const fcText = 0x400
  const fkpPage = Math.ceil((fcText + textBytes.length) / 512)
  const fkpOffset = fkpPage * 512

  // PAPX FKP: runs alternate plain paragraphs and the one-character row-end marks (TTP).
  const boundaries: number[] = [fcText]
  const isTtp: boolean[] = []
  for (const end of rowEnds) {
    const at = fcText + end * bytesPerChar
    if (at > boundaries.at(-1)!) {
      boundaries.push(at)
      isTtp.push(false)
    }
    boundaries.push(at + bytesPerChar)
    isTtp.push(true)
  }
  const fcEnd = fcText + textBytes.length
  if (fcEnd > boundaries.at(-1)!) {
    boundaries.push(fcEnd)
    isTtp.push(false)
  }
  const runs = isTtp.length
  const fkp = Buffer.alloc(512)
  for (const [i, fc] of boundaries.entries()) fkp.writeUInt32LE(fc, i * 4)
  // PapxInFkp: plain = cb 0, cb' 1, istd 0; TTP = cb 5: istd 0, sprmPFInTable 1, sprmPFTtp 1, one pad byte.
  const plainAt = 500
  fkp.set([0, 1, 0, 0], plainAt)
  const ttpAt = 480
  fkp.set([5, 0, 0, 0x16, 0x24, 1, 0x17, 0x24, 1, 0], ttpAt)
  for (let i = 0; i < runs; i++) {
    const bx = (runs + 1) * 4 + i * 13
    fkp[bx] = (isTtp[i] ? ttpAt : plainAt) / 2
  }
  fkp[511] = runs

  const table = Buffer.alloc(64)
  let at = 0
  // Clx: one Pcdt holding a PlcPcd of one piece.
  table[at++] = 0x02
  table.writeUInt32LE(4 * 2 + 8, at)
  at += 4
  table.writeUInt32LE(0, at)
  table.writeUInt32LE(text.length, at + 4)
  table.writeUInt16LE(0, at + 8)
  table.writeUInt32LE(compressed ? ((fcText * 2) | 0x40000000) >>> 0 : fcText, at + 10)
  table.writeUInt16LE(0, at + 14)
  at += 16
  const clxLength = at
  const plcBtePapxAt = at
  table.writeUInt32LE(fcText, at)
  table.writeUInt32LE(fcEnd, at + 4)
  table.writeUInt32LE(fkpPage, at + 8)
  const plcBtePapxLength = 12

  const fib = Buffer.alloc(fcText)
  fib.writeUInt16LE(0xa5ec, 0) // wIdent
  fib.writeUInt16LE(0x00c1, 2) // nFib: Word 97
  fib.writeUInt16LE(content.title.charCodeAt(0) > 0x2e7f ? 0x0404 : 0x0409, 6) // lid
  fib.writeUInt16LE(0x0200 | 0x1000 | (options.encrypted ? 0x0100 : 0), 0x0a) // fWhichTblStm, fExtChar, fEncrypted
  fib.writeUInt16LE(0x00bf, 0x0c) // nFibBack
  fib.writeUInt32LE(fcText, 0x18)
  fib.writeUInt32LE(fcEnd, 0x1c)
  fib.writeUInt16LE(14, 0x20) // csw
  fib.writeUInt16LE(22, 0x3e) // cslw
  fib.writeUInt32LE(fkpOffset + 512, 0x40) // cbMac
  fib.writeUInt32LE(text.length, 0x4c) // ccpText
  fib.writeUInt16LE(0x5d, 0x98) // cbRgFcLcb: Word 97
  fib.writeUInt32LE(plcBtePapxAt, 0x102) // fcPlcfBtePapx
  fib.writeUInt32LE(plcBtePapxLength, 0x106)
  fib.writeUInt32LE(0, 0x1a2) // fcClx
  fib.writeUInt32LE(clxLength, 0x1a6)

  const wordDocument = Buffer.alloc(fkpOffset + 512)
  fib.copy(wordDocument, 0)
  ;(options.encrypted ? Buffer.from(textBytes.map((byte) => byte ^ 0x5a)) : textBytes).copy(
    wordDocument,
    fcText,
  )
  fkp.copy(wordDocument, fkpOffset)
  return oleFile([
    ['WordDocument', wordDocument],
    ['1Table', table.subarray(0, plcBtePapxAt + plcBtePapxLength)],
  ])
}

// ——— .xls (BIFF8) ——————————————————————————————————————————————————————————————————————————————————

const biff = (type: number, body: Uint8Array | number[]) => {
  const data = Buffer.from(body)
  const header = Buffer.alloc(4)
  header.writeUInt16LE(type, 0)
  header.writeUInt16LE(data.length, 2)
  return Buffer.concat([header, data])
}
const u16 = (value: number) => {
  const b = Buffer.alloc(2)
  b.writeUInt16LE(value, 0)
  return b
}
const u32 = (value: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(value >>> 0, 0)
  return b
}
const isWide = (text: string) => [...text].some((char) => char.charCodeAt(0) > 0xff)
const chars = (text: string) => (isWide(text) ? Buffer.from(text, 'utf16le') : Buffer.from(text, 'latin1'))
const shortString = (text: string) =>
  Buffer.concat([Buffer.from([text.length, isWide(text) ? 1 : 0]), chars(text)])
const longString = (text: string) =>
  Buffer.concat([u16(text.length), Buffer.from([isWide(text) ? 1 : 0]), chars(text)])

/** The SST and its CONTINUE records: a string's characters break across records with a new flags byte. */
function sharedStringRecords(strings: string[]): Buffer[] {
  const max = 8224
  const records: Buffer[] = []
  let current: Buffer[] = [u32(strings.length), u32(strings.length)]
  let length = 8
  const flush = (next: Buffer[]) => {
    records.push(biff(records.length === 0 ? 0x00fc : 0x003c, Buffer.concat(current)))
    current = next
    length = next.reduce((sum, part) => sum + part.length, 0)
  }
  for (const text of strings) {
    const wide = isWide(text)
    if (length + 3 > max) flush([])
    current.push(u16(text.length), Buffer.from([wide ? 1 : 0]))
    length += 3
    const data = chars(text)
    const size = wide ? 2 : 1
    let offset = 0
    while (offset < data.length) {
      const take = Math.floor((max - length) / size) * size
      if (take === 0) {
        flush([Buffer.from([wide ? 1 : 0])])
        continue
      }
      const piece = data.subarray(offset, offset + take)
      current.push(piece)
      length += piece.length
      offset += piece.length
    }
  }
  flush([])
  return records
}

/**
 * A BIFF8 workbook: the holdings sheet (text in the SST, quantities as RK numbers, values as NUMBER, weights in a
 * percentage style, totals as formulas with their saved values), the notes sheet (LABEL records), and a glossary
 * sheet long enough that the SST runs into CONTINUE records. `encrypted` adds a FILEPASS record.
 */
export function buildXls(
  content: SampleDocument,
  sheetNames: [string, string],
  options: { encrypted?: boolean } = {},
): Uint8Array {
  const glossary = Array.from(
    { length: 400 },
    (_, i) =>
      `${content.tableTitle} ${i + 1}: ${content.paragraphs[i % content.paragraphs.length]!.slice(0, 24)}`,
  )
  const strings: string[] = []
  const shared = (text: string) => {
    let index = strings.indexOf(text)
    if (index === -1) index = strings.push(text) - 1
    return index
  }
  const cellHeader = (row: number, column: number, xf: number) =>
    Buffer.concat([u16(row), u16(column), u16(xf)])
  const number = (value: number) => {
    const b = Buffer.alloc(8)
    b.writeDoubleLE(value, 0)
    return b
  }
  const cellXf = 16 // the first cell XF after the 16 style XFs; 17 shows percentages

  const holdings: Buffer[] = []
  content.table.forEach((row, r) => {
    row.forEach((text, c) => {
      if (!text) return
      const value = r === 0 ? undefined : sampleNumber(text)
      const xf = text.endsWith('%') ? cellXf + 1 : cellXf
      if (value === undefined)
        holdings.push(biff(0x00fd, Buffer.concat([cellHeader(r, c, xf), u32(shared(text))])))
      else if (r === content.table.length - 1) {
        // SUM(area): ptgArea, then ptgFuncVar(1 argument, SUM).
        const formula = Buffer.concat([
          Buffer.from([0x25]),
          u16(1),
          u16(content.table.length - 2),
          u16(0xc000 | c),
          u16(0xc000 | c),
          Buffer.from([0x22, 1]),
          u16(4),
        ])
        holdings.push(
          biff(
            0x0006,
            Buffer.concat([
              cellHeader(r, c, xf),
              number(value),
              u16(0),
              u32(0),
              u16(formula.length),
              formula,
            ]),
          ),
        )
      } else if (Number.isInteger(value) && Math.abs(value) < 2 ** 29) {
        holdings.push(biff(0x027e, Buffer.concat([cellHeader(r, c, xf), u32(((value << 2) | 2) >>> 0)])))
      } else holdings.push(biff(0x0203, Buffer.concat([cellHeader(r, c, xf), number(value)])))
    })
  })
  const notes = [content.title, ...content.paragraphs].map((text, r) =>
    biff(0x0204, Buffer.concat([cellHeader(r, 0, cellXf), longString(text)])),
  )
  const glossaryCells = glossary.map((text, r) =>
    biff(0x00fd, Buffer.concat([cellHeader(r, 0, cellXf), u32(shared(text))])),
  )

  const sheetStream = (cells: Buffer[], rows: number, columns: number) =>
    Buffer.concat([
      biff(0x0809, Buffer.concat([u16(0x0600), u16(0x0010), u16(0x0dbb), u16(0x07cc), u32(0), u32(6)])),
      biff(0x0200, Buffer.concat([u32(0), u32(rows), u16(0), u16(columns), u16(0)])),
      biff(0x023e, Buffer.concat([u16(0x06b6), u16(0), u16(0), u32(64), u16(0), u16(0), u32(0)])),
      ...cells,
      biff(0x000a, []),
    ])
  const sheets = [
    { name: sheetNames[0], stream: sheetStream(holdings, content.table.length, content.table[0]!.length) },
    { name: sheetNames[1], stream: sheetStream(notes, notes.length, 1) },
    { name: 'Glossary', stream: sheetStream(glossaryCells, glossary.length, 1) },
  ]

  const font = biff(
    0x0031,
    Buffer.concat([
      u16(200),
      u16(0),
      u16(0x7fff),
      u16(400),
      u16(0),
      Buffer.from([0, 0, 0, 0]),
      shortString('Arial'),
    ]),
  )
  const styleXf = biff(0x00e0, Buffer.concat([u16(0), u16(0), u16(0xfff5), Buffer.alloc(14)]))
  const xf = (format: number) =>
    biff(0x00e0, Buffer.concat([u16(0), u16(format), u16(0x0001), Buffer.alloc(14)]))
  const beforeSheets = Buffer.concat([
    biff(0x0809, Buffer.concat([u16(0x0600), u16(0x0005), u16(0x0dbb), u16(0x07cc), u32(0), u32(6)])),
    ...(options.encrypted
      ? [biff(0x002f, Buffer.concat([u16(1), u16(1), u16(1), Buffer.alloc(48, 0x33)]))]
      : []),
    biff(0x0042, u16(1200)),
    biff(
      0x003d,
      Buffer.concat([u16(0), u16(0), u16(0x3000), u16(0x2000), u16(0x38), u16(0), u16(0), u16(1), u16(600)]),
    ),
    font,
    font,
    font,
    font,
    ...Array.from({ length: 16 }, () => styleXf),
    xf(0),
    xf(10),
    biff(0x0293, Buffer.concat([u16(0x8000), Buffer.from([0, 0xff])])),
  ])
  const boundSheetSizes = sheets.map((sheet) => 4 + 6 + shortString(sheet.name).length)
  const afterSheets = Buffer.concat([...sharedStringRecords(strings), biff(0x000a, [])])
  let offset = beforeSheets.length + boundSheetSizes.reduce((sum, size) => sum + size, 0) + afterSheets.length
  const boundSheets = sheets.map((sheet) => {
    const record = biff(0x0085, Buffer.concat([u32(offset), Buffer.from([0, 0]), shortString(sheet.name)]))
    offset += sheet.stream.length
    return record
  })
  const workbook = Buffer.concat([
    beforeSheets,
    ...boundSheets,
    afterSheets,
    ...sheets.map((sheet) => sheet.stream),
  ])
  return oleFile([['Workbook', workbook]])
}

/** The glossary sheet's last entry, which sits past at least one CONTINUE record of the SST. */
export function lastGlossaryEntry(content: SampleDocument): string {
  return `${content.tableTitle} 400: ${content.paragraphs[399 % content.paragraphs.length]!.slice(0, 24)}`
}

// ——— .ppt (PowerPoint 97–2003) ————————————————————————————————————————————————————————————————————

const pptRecord = (version: number, instance: number, type: number, body: Uint8Array) => {
  const header = Buffer.alloc(8)
  header.writeUInt16LE((instance << 4) | version, 0)
  header.writeUInt16LE(type, 2)
  header.writeUInt32LE(body.length, 4)
  return Buffer.concat([header, body])
}
const pptContainer = (type: number, children: Buffer[], instance = 0) =>
  pptRecord(0x0f, instance, type, Buffer.concat(children))

function textAtoms(text: string, textType: number): Buffer[] {
  const header = pptRecord(0, 0, 0x0f9f, u32(textType))
  const body = text.replace(/\n/g, '\r')
  const atom = isWide(body)
    ? pptRecord(0, 0, 0x0fa0, Buffer.from(body, 'utf16le'))
    : pptRecord(0, 0, 0x0fa8, Buffer.from(body, 'latin1'))
  return [header, atom]
}

/**
 * A PowerPoint 97 presentation of two slides: the placeholder text in the document's slide list (title and body
 * of slide 1, title of slide 2), and on slide 2 a text box drawn on the slide itself holding the table's lines.
 * Current User points at the UserEditAtom, whose persist directory locates the document and the slides.
 * `encrypted` gives the edit an encryptSessionPersistIdRef.
 */
export function buildPpt(content: SampleDocument, options: { encrypted?: boolean } = {}): Uint8Array {
  const slideAtom = pptRecord(2, 0, 0x03ef, Buffer.alloc(0x18))
  const tableLines = content.table.map((row) => row.filter(Boolean).join('  ')).join('\n')
  const textBox = pptContainer(0xf004, [pptContainer(0xf00d, textAtoms(tableLines, 4))])
  const drawing = pptContainer(0x040c, [pptContainer(0xf002, [pptContainer(0xf003, [textBox])])])
  const slides = [pptContainer(0x03ee, [slideAtom]), pptContainer(0x03ee, [slideAtom, drawing])]

  const slidePersist = (persistId: number, slideId: number) =>
    pptRecord(0, 0, 0x03f3, Buffer.concat([u32(persistId), u32(0), u32(0), u32(slideId), u32(0)]))
  const slideList = pptContainer(
    0x0ff0,
    [
      slidePersist(2, 256),
      ...textAtoms(content.title, 0),
      ...textAtoms(content.paragraphs.join('\n'), 1),
      slidePersist(3, 257),
      ...textAtoms(content.tableTitle, 0),
    ],
    0,
  )
  const documentAtom = pptRecord(1, 0, 0x03e9, Buffer.alloc(0x28))
  const document = pptContainer(0x03e8, [documentAtom, slideList, pptRecord(0, 0, 0x03ea, Buffer.alloc(0))])

  const offsets: number[] = []
  const parts: Buffer[] = []
  let length = 0
  for (const part of [document, ...slides]) {
    offsets.push(length)
    parts.push(part)
    length += part.length
  }
  const directoryAt = length
  const directory = pptRecord(
    0,
    0,
    0x1772,
    Buffer.concat([u32((offsets.length << 20) | 1), ...offsets.map(u32)]),
  )
  const editAt = directoryAt + directory.length
  const edit = pptRecord(
    0,
    0,
    0x0ff5,
    Buffer.concat([
      u32(256),
      u16(0),
      Buffer.from([3, 0]),
      u32(0),
      u32(directoryAt),
      u32(1),
      u32(offsets.length + 1),
      u16(1),
      u16(0),
      ...(options.encrypted ? [u32(offsets.length + 1)] : []),
    ]),
  )
  const stream = Buffer.concat([...parts, directory, edit])
  const userName = Buffer.from('tests', 'latin1')
  const currentUser = pptRecord(
    0,
    0,
    0x0ff6,
    Buffer.concat([
      u32(0x14),
      u32(0xe391c05f),
      u32(editAt),
      u16(userName.length),
      u16(0x03f4),
      Buffer.from([3, 0]),
      u16(0),
      userName,
      u32(8),
    ]),
  )
  return oleFile([
    ['PowerPoint Document', stream],
    ['Current User', currentUser],
  ])
}
