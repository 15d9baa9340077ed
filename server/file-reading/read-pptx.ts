/**
 * The text of a PowerPoint deck (.pptx): slides in the order of the presentation's slide list (not of their part
 * names), each slide's paragraphs and its tables' rows; the fallback copy of alternate content is skipped.
 */
import { refuseUnreadable, type SectionCollector, tidyText } from './file-reading.ts'
import { readPart, readRelationships, type TableBeingRead } from './ooxml-package.ts'
import { relationshipIdOf, walkXml } from './xml-tokens.ts'
import type { ZipEntries } from './zip-entries.ts'

export async function readPptx(zip: ZipEntries, main: string, collector: SectionCollector): Promise<void> {
  const presentation = await readPart(zip, main, collector)
  if (presentation === undefined) throw refuseUnreadable('presentation part missing')
  const relationships = await readRelationships(zip, main)
  const slides: string[] = []
  walkXml(presentation, {
    open(name, attributes) {
      if (name !== 'p:sldId') return
      const target = relationships.get(relationshipIdOf(attributes) ?? '')?.target
      if (target && zip.has(target)) slides.push(target)
    },
  })
  if (slides.length === 0) {
    // No slide list: the slide parts in the order of their numbers.
    for (const name of zip.names()) if (/^ppt\/slides\/slide\d+\.xml$/i.test(name)) slides.push(name)
    slides.sort((a, b) => Number(a.match(/(\d+)\.xml$/i)![1]) - Number(b.match(/(\d+)\.xml$/i)![1]))
  }
  for (const [index, slide] of slides.entries()) {
    if (collector.full) {
      collector.markTruncated()
      break
    }
    const xml = await readPart(zip, slide, collector)
    if (xml === undefined) continue
    const { text, rows } = readSlideXml(xml)
    const place = { kind: 'slide' as const, number: index + 1 }
    collector.add(rows.length > 0 ? { place, text, rows } : { place, text })
  }
}

function readSlideXml(xml: string): { text: string; rows: string[][] } {
  const lines: string[] = []
  const rows: string[][] = []
  let paragraph: string[] | null = null
  let textDepth = 0
  let fallbackDepth = 0
  const tables: TableBeingRead[] = []
  walkXml(xml, {
    open(name, _attributes, selfClosing) {
      if (name === 'mc:Fallback') {
        if (!selfClosing) fallbackDepth++
        return
      }
      if (fallbackDepth > 0) return
      if (name === 'a:p') paragraph = []
      else if (name === 'a:t' && !selfClosing) textDepth++
      else if (name === 'a:br') paragraph?.push('\n')
      else if (name === 'a:tbl') tables.push({ rows: [], row: null, cell: null })
      else if (name === 'a:tr' && tables.at(-1)) tables.at(-1)!.row = []
      else if (name === 'a:tc' && tables.at(-1)) tables.at(-1)!.cell = []
    },
    close(name) {
      if (name === 'mc:Fallback') {
        fallbackDepth = Math.max(0, fallbackDepth - 1)
        return
      }
      if (fallbackDepth > 0) return
      const table = tables.at(-1)
      if (name === 'a:t') textDepth = Math.max(0, textDepth - 1)
      else if (name === 'a:p') {
        if (paragraph) {
          if (table?.cell) table.cell.push(paragraph.join(''))
          else lines.push(paragraph.join(''))
        }
        paragraph = null
      } else if (name === 'a:tc' && table) {
        if (table.cell && table.row) table.row.push(table.cell.join(' ').replace(/\s+/g, ' ').trim())
        table.cell = null
      } else if (name === 'a:tr' && table) {
        if (table.row) table.rows.push(table.row)
        table.row = null
      } else if (name === 'a:tbl') {
        const done = tables.pop()
        if (!done) return
        if (rows.length > 0) rows.push([])
        rows.push(...done.rows)
        lines.push(...done.rows.map((row) => row.join('\t')))
      }
    },
    text(text) {
      if (textDepth > 0 && fallbackDepth === 0) paragraph?.push(text)
    },
  })
  return { text: tidyText(lines.join('\n')), rows }
}
