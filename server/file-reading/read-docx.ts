/**
 * The text of a Word document (.docx): the body's paragraphs and tables, text boxes included, by page — a new
 * page at each page break and at each break Word recorded when it last laid the document out. Tracked deletions,
 * field codes and the fallback copy of alternate content are not text; a table gives its rows.
 */
import { refuseUnreadable, type SectionCollector, tidyText } from './file-reading.ts'
import { readPart, type TableBeingRead } from './ooxml-package.ts'
import { attributeOf, walkXml } from './xml-tokens.ts'
import type { ZipEntries } from './zip-entries.ts'

export async function readDocx(zip: ZipEntries, main: string, collector: SectionCollector): Promise<void> {
  const xml = await readPart(zip, main, collector)
  if (xml === undefined) throw refuseUnreadable('document part missing')
  const pages: { lines: string[]; rows: string[][] }[] = [{ lines: [], rows: [] }]
  let page = pages[0]!
  let paragraph: string[] | null = null
  let textDepth = 0
  let runDepth = 0
  let fallbackDepth = 0
  const tables: TableBeingRead[] = []

  const takeLine = (line: string) => {
    const table = tables.at(-1)
    if (table?.cell) table.cell.push(line)
    else page.lines.push(line)
  }
  const newPage = () => {
    if (tables.length > 0) return // a row that runs over a page stays with its table
    if (paragraph?.join('').trim()) {
      page.lines.push(paragraph.join(''))
      paragraph = []
    }
    page = { lines: [], rows: [] }
    pages.push(page)
  }

  walkXml(xml, {
    open(name, attributes, selfClosing) {
      if (name === 'mc:Fallback') {
        if (!selfClosing) fallbackDepth++
        return
      }
      if (fallbackDepth > 0) return
      switch (name) {
        case 'w:p':
          paragraph = []
          break
        case 'w:r':
          runDepth++
          break
        case 'w:t':
          if (!selfClosing) textDepth++
          break
        case 'w:tab':
          if (runDepth > 0) paragraph?.push('\t')
          break
        case 'w:br':
        case 'w:cr':
          if (runDepth === 0) break
          if (attributeOf(attributes, 'type') === 'page') newPage()
          else paragraph?.push('\n')
          break
        case 'w:lastRenderedPageBreak':
          newPage()
          break
        case 'w:noBreakHyphen':
          paragraph?.push('-')
          break
        case 'w:tbl':
          tables.push({ rows: [], row: null, cell: null })
          break
        case 'w:tr':
          if (tables.at(-1)) tables.at(-1)!.row = []
          break
        case 'w:tc':
          if (tables.at(-1)) tables.at(-1)!.cell = []
          break
      }
    },
    close(name) {
      if (name === 'mc:Fallback') {
        fallbackDepth = Math.max(0, fallbackDepth - 1)
        return
      }
      if (fallbackDepth > 0) return
      switch (name) {
        case 'w:t':
          textDepth = Math.max(0, textDepth - 1)
          break
        case 'w:r':
          runDepth = Math.max(0, runDepth - 1)
          break
        case 'w:p':
          if (paragraph) takeLine(paragraph.join(''))
          paragraph = null
          break
        case 'w:tc': {
          const table = tables.at(-1)
          if (table?.cell && table.row) table.row.push(tidyText(table.cell.join(' ')).replace(/\s+/g, ' '))
          if (table) table.cell = null
          break
        }
        case 'w:tr': {
          const table = tables.at(-1)
          if (table?.row) table.rows.push(table.row)
          if (table) table.row = null
          break
        }
        case 'w:tbl': {
          const table = tables.pop()
          if (!table) break
          const lines = table.rows.map((row) => row.join('\t'))
          if (tables.length > 0) {
            // A table inside a cell reads as lines of that cell.
            for (const line of lines) takeLine(line)
          } else {
            if (page.rows.length > 0) page.rows.push([])
            page.rows.push(...table.rows)
            page.lines.push(...lines)
          }
          break
        }
      }
    },
    text(text) {
      if (textDepth > 0 && fallbackDepth === 0) paragraph?.push(text)
    },
  })

  while (pages.length > 1 && pages.at(-1)!.lines.join('').trim() === '') pages.pop()
  pages.forEach((each, index) => {
    if (collector.full) return
    const section = {
      place: { kind: 'page' as const, number: index + 1 },
      text: tidyText(each.lines.join('\n')),
    }
    collector.add(each.rows.length > 0 ? { ...section, rows: each.rows } : section)
  })
}
