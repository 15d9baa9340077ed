/**
 * Office Open XML files for tests, built from the specification: .docx, .xlsx and .pptx as yazl zips of the parts a
 * reader needs (content types, relationships, the main part and its text parts), and hostile packages: a
 * 42.zip-style nest of archives, a part that inflates a thousand times, a part with entity declarations. Minimal:
 * enough for any reader of the format, not every part Office itself writes.
 */
import yazl from 'yazl'
import type { SampleDocument } from './sample-content.ts'

const fixedDate = new Date('2026-01-15T00:00:00Z')

export async function zipParts(parts: [name: string, data: string | Uint8Array][]): Promise<Uint8Array> {
  const zip = new yazl.ZipFile()
  for (const [name, data] of parts) {
    zip.addBuffer(typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data), name, {
      mtime: fixedDate,
      compress: true,
    })
  }
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk)
  return new Uint8Array(Buffer.concat(chunks))
}

export const xmlHeader = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char]!)

const contentTypes = (overrides: [part: string, type: string][]) =>
  `${xmlHeader}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides
    .map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`)
    .join('')}</Types>`

const relationshipsNs = 'http://schemas.openxmlformats.org/package/2006/relationships'
const officeRel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const relationships = (items: [id: string, type: string, target: string][]) =>
  `${xmlHeader}<Relationships xmlns="${relationshipsNs}">${items
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${officeRel}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`

// ——— .docx ——————————————————————————————————————————————————————————————————————————————————————————

const wordNs =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'

/** The body of word/document.xml: title and paragraphs on one page, the table on the next; `copies` times. */
export function wordDocumentXml(content: SampleDocument, copies = 1): string {
  const run = (text: string) => `<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`
  const paragraph = (inner: string) => `<w:p>${inner}</w:p>`
  const [first, ...rest] = content.paragraphs
  // Deleted text (tracked changes) and field codes are not the document's text.
  const withRevisions = `${run(first ?? '')}<w:del w:id="1" w:author="Reviewer" w:date="2026-01-10T00:00:00Z"><w:r><w:delText>withdrawn wording</w:delText></w:r></w:del><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>`
  const cell = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="1800" w:type="dxa"/></w:tcPr>${paragraph(text ? run(text) : '')}</w:tc>`
  const table = `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid>${content.table[0]!.map(
    () => '<w:gridCol w:w="1800"/>',
  ).join(
    '',
  )}</w:tblGrid>${content.table.map((row) => `<w:tr>${row.map(cell).join('')}</w:tr>`).join('')}</w:tbl>`
  const pageBreak = paragraph('<w:r><w:br w:type="page"/></w:r>')
  const copy = [
    paragraph(`<w:pPr><w:pStyle w:val="Title"/></w:pPr>${run(content.title)}`),
    paragraph(withRevisions),
    ...rest.map((text) => paragraph(run(text))),
    pageBreak,
    paragraph(run(content.tableTitle)),
    table,
    '<w:p/>',
  ].join('')
  const body = Array.from({ length: copies }, () => copy).join(pageBreak)
  return `${xmlHeader}<w:document ${wordNs}><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>`
}

export function buildDocx(
  content: SampleDocument,
  documentXml = wordDocumentXml(content),
): Promise<Uint8Array> {
  return zipParts([
    [
      '[Content_Types].xml',
      contentTypes([
        [
          '/word/document.xml',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        ],
      ]),
    ],
    ['_rels/.rels', relationships([['rId1', 'officeDocument', 'word/document.xml']])],
    ['word/document.xml', documentXml],
  ])
}

// ——— .xlsx ——————————————————————————————————————————————————————————————————————————————————————————

/** The number in a table cell as written in the sample (`$28,450.00`, `NT$１，０５０，０００`, `35.4%`). */
export function sampleNumber(cell: string): number | undefined {
  const plain = cell.normalize('NFKC').replace(/[^0-9.%-]/g, '')
  if (!/\d/.test(plain)) return undefined
  const value = Number(plain.replace('%', ''))
  return plain.endsWith('%') ? value / 100 : value
}

const columnName = (index: number) => String.fromCharCode(65 + index)

/** A workbook of the holdings sheet and the notes sheet (`copies` pairs of them, numbered after the first). */
export function buildXlsx(
  content: SampleDocument,
  sheetNames: [string, string],
  copies = 1,
): Promise<Uint8Array> {
  const strings: string[] = []
  const shared = (text: string) => {
    let index = strings.indexOf(text)
    if (index === -1) index = strings.push(text) - 1
    return index
  }
  const body = content.table.slice(1, -1)
  const rows = content.table.map((row, r) => {
    const isTotal = r === content.table.length - 1
    const cells = row.map((text, c) => {
      const ref = `${columnName(c)}${r + 1}`
      const number = r === 0 ? undefined : sampleNumber(text)
      const percent = text.endsWith('%')
      if (isTotal && number !== undefined) {
        // Totals are formulas: the reader shows the value Excel saved, never evaluates the formula.
        return `<c r="${ref}"${percent ? ' s="1"' : ''}><f>SUM(${columnName(c)}2:${columnName(c)}${body.length + 1})</f><v>${number}</v></c>`
      }
      if (number !== undefined) return `<c r="${ref}"${percent ? ' s="1"' : ''}><v>${number}</v></c>`
      if (!text) return ''
      return `<c r="${ref}" t="s"><v>${shared(text)}</v></c>`
    })
    return `<row r="${r + 1}">${cells.join('')}</row>`
  })
  const sheetNs =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
  const holdings = `${xmlHeader}<worksheet ${sheetNs}><sheetData>${rows.join('')}</sheetData></worksheet>`
  const noteLines = [content.title, ...content.paragraphs]
  const notes = `${xmlHeader}<worksheet ${sheetNs}><sheetData>${noteLines
    .map(
      (text, i) =>
        `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c></row>`,
    )
    .join('')}</sheetData></worksheet>`
  const sharedStrings = `${xmlHeader}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings
    .map((text) => `<si><t>${escapeXml(text)}</t></si>`)
    .join('')}</sst>`
  const styles = `${xmlHeader}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="0.0%"/></numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`
  const sheets = Array.from({ length: copies }, (_, copy) =>
    sheetNames.map((name) => (copy === 0 ? name : `${name} ${copy + 1}`)),
  ).flat()
  const workbook = `${xmlHeader}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
    .map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
    .join('')}</sheets></workbook>`
  const sheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml'
  const sheetParts = sheets.map((_, i) => `xl/worksheets/sheet${i + 1}.xml`)
  return zipParts([
    [
      '[Content_Types].xml',
      contentTypes([
        ['/xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'],
        ...sheetParts.map((part): [string, string] => [`/${part}`, sheetType]),
        [
          '/xl/sharedStrings.xml',
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml',
        ],
        ['/xl/styles.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml'],
      ]),
    ],
    ['_rels/.rels', relationships([['rId1', 'officeDocument', 'xl/workbook.xml']])],
    ['xl/workbook.xml', workbook],
    [
      'xl/_rels/workbook.xml.rels',
      relationships([
        ...sheetParts.map((part, i): [string, string, string] => [`rId${i + 1}`, 'worksheet', part.slice(3)]),
        ['rIdStrings', 'sharedStrings', 'sharedStrings.xml'],
        ['rIdStyles', 'styles', 'styles.xml'],
      ]),
    ],
    ...sheetParts.map((part, i): [string, string] => [part, i % 2 === 0 ? holdings : notes]),
    ['xl/sharedStrings.xml', sharedStrings],
    ['xl/styles.xml', styles],
  ])
}

// ——— .pptx ——————————————————————————————————————————————————————————————————————————————————————————

const drawingNs =
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'

const shape = (id: number, name: string, paragraphs: string[]) =>
  `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="${name}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>${paragraphs
    .map((text) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${escapeXml(text)}</a:t></a:r></a:p>`)
    .join('')}</p:txBody></p:sp>`

const slideXml = (tree: string) =>
  `${xmlHeader}<p:sld ${drawingNs}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${tree}</p:spTree></p:cSld></p:sld>`

/** Slides of the text and of the table (`copies` pairs); the slide list orders them, not their part names. */
export function buildPptx(content: SampleDocument, copies = 1): Promise<Uint8Array> {
  // A shape in mc:AlternateContent is written twice (Choice and Fallback): its text must be read once.
  const badge = `<mc:AlternateContent><mc:Choice Requires="p14">${shape(9, 'Badge', ['Q3 2026'])}</mc:Choice><mc:Fallback>${shape(9, 'Badge', ['Q3 2026'])}</mc:Fallback></mc:AlternateContent>`
  const textSlide = slideXml(
    `${shape(2, 'Title', [content.title])}${shape(3, 'Body', content.paragraphs)}${badge}`,
  )
  const cell = (text: string) =>
    `<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p>${text ? `<a:r><a:t>${escapeXml(text)}</a:t></a:r>` : ''}</a:p></a:txBody><a:tcPr/></a:tc>`
  const table = `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="457200" y="1600200"/><a:ext cx="8229600" cy="1483360"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblGrid>${content.table[0]!.map(
    () => '<a:gridCol w="1645920"/>',
  ).join('')}</a:tblGrid>${content.table
    .map((row) => `<a:tr h="370840">${row.map(cell).join('')}</a:tr>`)
    .join('')}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>`
  const tableSlide = slideXml(`${shape(2, 'Title', [content.tableTitle])}${table}`)
  // Each pair's text slide is in the higher-numbered part: the reader must follow the list, not the names.
  const slides = Array.from({ length: copies }, (_, copy) => [
    { part: `slides/slide${copy * 2 + 2}.xml`, xml: textSlide },
    { part: `slides/slide${copy * 2 + 1}.xml`, xml: tableSlide },
  ]).flat()
  const presentation = `${xmlHeader}<p:presentation ${drawingNs}><p:sldIdLst>${slides
    .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 2}"/>`)
    .join(
      '',
    )}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`
  const slideType = 'application/vnd.openxmlformats-officedocument.presentationml.slide+xml'
  return zipParts([
    [
      '[Content_Types].xml',
      contentTypes([
        [
          '/ppt/presentation.xml',
          'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml',
        ],
        ...slides.map(({ part }): [string, string] => [`/ppt/${part}`, slideType]),
      ]),
    ],
    ['_rels/.rels', relationships([['rId1', 'officeDocument', 'ppt/presentation.xml']])],
    ['ppt/presentation.xml', presentation],
    [
      'ppt/_rels/presentation.xml.rels',
      relationships(slides.map(({ part }, i): [string, string, string] => [`rId${i + 2}`, 'slide', part])),
    ],
    ...slides.map(({ part, xml }): [string, string] => [`ppt/${part}`, xml]),
  ])
}

// ——— hostile packages ——————————————————————————————————————————————————————————————————————————————

/**
 * 42.zip in small: `layers` levels of zips, each holding 16 copies of the level below; the innermost holds 16 MB
 * of zeros. Opened recursively it unpacks to 16^layers × 16 MB.
 */
export async function buildNestedZip(layers = 3): Promise<Uint8Array> {
  let inner = await zipParts([['0.bin', new Uint8Array(16 * 1024 * 1024)]])
  for (let layer = 0; layer < layers; layer++) {
    const current = inner
    inner = await zipParts(
      Array.from({ length: 16 }, (_, i) => [`lib${layer}-${i}.zip`, current] as [string, Uint8Array]),
    )
  }
  return inner
}

/** A real .docx that also carries the nested archive, where embedded objects go. */
export async function buildDocxWithNestedZip(content: SampleDocument): Promise<Uint8Array> {
  return zipParts([
    [
      '[Content_Types].xml',
      contentTypes([
        [
          '/word/document.xml',
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        ],
      ]),
    ],
    ['_rels/.rels', relationships([['rId1', 'officeDocument', 'word/document.xml']])],
    ['word/document.xml', wordDocumentXml(content)],
    ['word/embeddings/package.zip', await buildNestedZip(2)],
  ])
}

/** A .docx whose document part inflates from about 50 KB to 48 MB (a ratio near 1,000). */
export function buildRatioBombDocx(content: SampleDocument): Promise<Uint8Array> {
  const document = wordDocumentXml(content)
  const padding = ' '.repeat(48 * 1024 * 1024)
  return buildDocx(content, document.replace('<w:body>', `<w:body>${padding}`))
}

/** A .docx whose document part declares entities: an exponential one ("billion laughs") and an external one. */
export function buildEntityDocx(content: SampleDocument): Promise<Uint8Array> {
  const declarations = `<!DOCTYPE w:document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY secret SYSTEM "file:///etc/passwd">]>`
  const document = wordDocumentXml(content)
    .replace(xmlHeader, `${xmlHeader}${declarations}`)
    .replace('<w:t xml:space="preserve">', '<w:t xml:space="preserve">&lol3;&secret;')
  return buildDocx(content, document)
}
