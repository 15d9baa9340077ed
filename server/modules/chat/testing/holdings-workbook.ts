/**
 * A broker's export saved in Excel, for tests of "import to portfolio" from the chat (unit tests and browser
 * journeys): one sheet of text cells, header first.
 */
import { zipParts } from '#server/file-reading/testing/sample-ooxml.ts'

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const packageRels = 'http://schemas.openxmlformats.org/package/2006/relationships'

/** A one-sheet workbook of text cells, as a broker's export saved in Excel. */
export function workbookOf(rows: string[][]): Promise<Uint8Array> {
  const cell = (text: string, c: number, r: number) =>
    `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`
  const sheet = `${xmlHead}<worksheet xmlns="${mainNs}"><sheetData>${rows
    .map((row, r) => `<row r="${r + 1}">${row.map((text, c) => cell(text, c, r)).join('')}</row>`)
    .join('')}</sheetData></worksheet>`
  return zipParts([
    [
      '[Content_Types].xml',
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ],
    [
      '_rels/.rels',
      `${xmlHead}<Relationships xmlns="${packageRels}"><Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><sheets><sheet name="Trades" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${xmlHead}<Relationships xmlns="${packageRels}"><Relationship Id="rId1" Type="${relNs}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ],
    ['xl/worksheets/sheet1.xml', sheet],
  ])
}
