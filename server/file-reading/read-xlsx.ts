/**
 * The cells of an Excel workbook (.xlsx): every sheet by name, in the workbook's order, as shown — shared and
 * inline strings, numbers in their percentage or date style, booleans, errors, and the value saved with a formula.
 * Blank rows between blocks become one empty row (two tables apart).
 */
import {
  type NumberStyle,
  numberStyleOf,
  refuseUnreadable,
  type SectionCollector,
  showNumber,
} from './file-reading.ts'
import { readPart, readRelationships } from './ooxml-package.ts'
import { localName, relationshipIdOf, walkXml } from './xml-tokens.ts'
import type { ZipEntries } from './zip-entries.ts'

export async function readXlsx(
  zip: ZipEntries,
  main: string,
  collector: SectionCollector,
  maxSheetRows: number,
): Promise<void> {
  const workbook = await readPart(zip, main, collector)
  if (workbook === undefined) throw refuseUnreadable('workbook part missing')
  const relationships = await readRelationships(zip, main)
  const sheets: { name: string; part: string }[] = []
  let date1904 = false
  walkXml(workbook, {
    open(name, attributes) {
      if (name === 'workbookPr' || name.endsWith(':workbookPr')) {
        date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true'
      }
      if (localName(name) !== 'sheet') return
      const target = relationships.get(relationshipIdOf(attributes) ?? '')?.target
      if (target && zip.has(target)) sheets.push({ name: attributes.name ?? '', part: target })
    },
  })
  let sharedStrings: string[] = []
  let styles: NumberStyle[] = []
  for (const relationship of relationships.values()) {
    if (relationship.type.endsWith('/sharedStrings')) {
      const xml = await readPart(zip, relationship.target, collector)
      if (xml !== undefined) sharedStrings = readSharedStrings(xml)
    } else if (relationship.type.endsWith('/styles')) {
      const xml = await readPart(zip, relationship.target, collector)
      if (xml !== undefined) styles = readNumberStyles(xml)
    }
  }
  for (const [index, sheet] of sheets.entries()) {
    if (collector.full) {
      collector.markTruncated()
      break
    }
    const xml = await readPart(zip, sheet.part, collector)
    if (xml === undefined) continue
    const { rows, cut } = readSheetXml(xml, { sharedStrings, styles, date1904, maxRows: maxSheetRows })
    if (cut) collector.markTruncated()
    collector.add({
      place: { kind: 'sheet', number: index + 1, name: sheet.name },
      text: rows.map((row) => row.join('\t')).join('\n'),
      rows,
    })
  }
}

function readSharedStrings(xml: string): string[] {
  const strings: string[] = []
  let current: string[] | null = null
  let textDepth = 0
  let phoneticDepth = 0
  walkXml(xml, {
    open(name, _attributes, selfClosing) {
      const local = localName(name)
      if (local === 'si') current = []
      else if (local === 'rPh' && !selfClosing) phoneticDepth++
      else if (local === 't' && !selfClosing) textDepth++
    },
    close(name) {
      const local = localName(name)
      if (local === 'si') {
        strings.push(current ? current.join('') : '')
        current = null
      } else if (local === 'rPh') phoneticDepth = Math.max(0, phoneticDepth - 1)
      else if (local === 't') textDepth = Math.max(0, textDepth - 1)
    },
    text(text) {
      // Phonetic runs (Japanese furigana) repeat the text's reading; they are not its text.
      if (textDepth > 0 && phoneticDepth === 0) current?.push(text)
    },
  })
  return strings
}

/** How each cell style (`s`) shows a number: as it is, as a percentage, or as a date. */
function readNumberStyles(xml: string): NumberStyle[] {
  const customFormats = new Map<number, string>()
  const styles: NumberStyle[] = []
  let inCellXfs = false
  walkXml(xml, {
    open(name, attributes) {
      const local = localName(name)
      if (local === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '')
      else if (local === 'cellXfs') inCellXfs = true
      else if (local === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0)
        styles.push(numberStyleOf(id, customFormats.get(id)))
      }
    },
    close(name) {
      if (localName(name) === 'cellXfs') inCellXfs = false
    },
  })
  return styles
}

interface SheetContext {
  sharedStrings: string[]
  styles: NumberStyle[]
  date1904: boolean
  maxRows: number
}

const maxColumns = 500

/** The sheet's rows of cells as shown; a run of blank rows becomes one empty row (two tables apart). */
function readSheetXml(xml: string, context: SheetContext): { rows: string[][]; cut: boolean } {
  const rows: string[][] = []
  let cut = false
  let row: string[] | null = null
  let lastRowNumber = 0
  let cell: { column: number; type: string; style: number; value: string[]; inline: string[] } | null = null
  let valueDepth = 0
  let inlineTextDepth = 0
  const pushRow = (cells: string[], rowNumber: number) => {
    while (cells.length > 0 && cells.at(-1) === '') cells.pop()
    const blankBefore = rowNumber - lastRowNumber > 1 && lastRowNumber > 0
    lastRowNumber = rowNumber
    if (cells.length === 0) {
      if (rows.length > 0 && rows.at(-1)!.length > 0) rows.push([])
      return
    }
    if (blankBefore && rows.length > 0 && rows.at(-1)!.length > 0) rows.push([])
    rows.push(cells)
  }
  let rowNumber = 0
  walkXml(xml, {
    open(name, attributes, selfClosing) {
      if (cut) return
      const local = localName(name)
      if (local === 'row') {
        if (rows.length >= context.maxRows) {
          cut = true
          return
        }
        rowNumber = Number(attributes.r) || rowNumber + 1
        row = []
        if (selfClosing) {
          pushRow(row, rowNumber)
          row = null
        }
      } else if (local === 'c' && row) {
        const column = attributes.r ? columnIndex(attributes.r) : row.length
        cell = { column, type: attributes.t ?? 'n', style: Number(attributes.s ?? 0), value: [], inline: [] }
        if (selfClosing) cell = null
      } else if (local === 'v' && cell && !selfClosing) valueDepth++
      else if (local === 't' && cell && !selfClosing) inlineTextDepth++
    },
    close(name) {
      if (cut) return
      const local = localName(name)
      if (local === 'v') valueDepth = Math.max(0, valueDepth - 1)
      else if (local === 't') inlineTextDepth = Math.max(0, inlineTextDepth - 1)
      else if (local === 'c' && cell && row) {
        if (cell.column < maxColumns) {
          while (row.length < cell.column) row.push('')
          row[cell.column] = showCell(
            cell.type,
            cell.style,
            cell.value.join(''),
            cell.inline.join(''),
            context,
          )
        }
        cell = null
      } else if (local === 'row' && row) {
        pushRow(row, rowNumber)
        row = null
      }
    },
    text(text) {
      if (!cell) return
      if (valueDepth > 0) cell.value.push(text)
      else if (inlineTextDepth > 0) cell.inline.push(text)
    },
  })
  while (rows.length > 0 && rows.at(-1)!.length === 0) rows.pop()
  return { rows, cut }
}

/** `B12` → 1 (columns from 0). */
function columnIndex(reference: string): number {
  let column = 0
  for (const char of reference) {
    const code = char.toUpperCase().charCodeAt(0)
    if (code < 65 || code > 90) break
    column = column * 26 + (code - 64)
  }
  return Math.max(0, column - 1)
}

function showCell(type: string, style: number, value: string, inline: string, context: SheetContext): string {
  switch (type) {
    case 's':
      return context.sharedStrings[Number(value)] ?? ''
    case 'inlineStr':
      return inline
    case 'b':
      return value === '1' ? 'TRUE' : 'FALSE'
    case 'str':
    case 'e':
    case 'd':
      return value
  }
  const number = Number(value)
  if (value === '' || !Number.isFinite(number)) return value
  return context.styles[style] === undefined || context.styles[style] === 'number'
    ? value
    : showNumber(number, context.styles[style], context.date1904)
}
