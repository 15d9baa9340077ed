/**
 * Text of a PDF, page by page, with PDF.js (unpdf's build): the text layer only — a scanned page without one
 * reads as empty (pages are not rendered or OCRed here). A password-protected PDF is told apart from a damaged
 * one. Lines are rebuilt from the positions of the text runs; a line whose runs stand apart by wide gaps is read
 * as cells, and two or more such lines in a row as a table (its cells placed under the columns of its widest
 * line). PDF.js runs none of a file's JavaScript, and its build here has no eval path (no `new Function`).
 */
import type { PDFDocumentProxy } from 'unpdf/pdfjs'
import {
  type FileSection,
  joinCjkSpacing,
  refuseEncrypted,
  refuseUnreadable,
  type SectionCollector,
} from './file-reading.ts'

export interface PdfOptions {
  /** Pages read at most; the reading is truncated after. */
  maxPages: number
}

export async function readPdf(
  bytes: Uint8Array,
  collector: SectionCollector,
  options: PdfOptions,
): Promise<void> {
  const { getDocumentProxy } = await import('unpdf')
  let pdf: PDFDocumentProxy
  try {
    pdf = await getDocumentProxy(bytes, {
      disableFontFace: true,
      useSystemFonts: false,
      enableXfa: false,
      stopAtErrors: false,
      // Images are not decoded for text, but a page's operator list may still size one: keep that small.
      maxImageSize: 64 * 1024 * 1024,
      verbosity: 0,
    })
  } catch (error) {
    if ((error as Error)?.name === 'PasswordException') throw refuseEncrypted('PDF needs a password')
    throw refuseUnreadable(`PDF: ${(error as Error)?.message ?? error}`)
  }
  try {
    const pages = Math.min(pdf.numPages, options.maxPages)
    if (pdf.numPages > options.maxPages) collector.markTruncated()
    let failed = 0
    let lastFailure = ''
    for (let number = 1; number <= pages; number++) {
      if (collector.full) {
        collector.markTruncated()
        break
      }
      // A damaged page (a page tree that loops, a broken content stream) is skipped; the others are read.
      try {
        const page = await pdf.getPage(number)
        const content = await page.getTextContent({
          includeMarkedContent: false,
          disableNormalization: false,
        })
        collector.add(sectionOfPage(number, content.items as PdfTextRun[]))
        page.cleanup()
      } catch (error) {
        failed++
        lastFailure = (error as Error)?.message ?? String(error)
        collector.markTruncated()
      }
    }
    if (pages > 0 && failed === pages) throw refuseUnreadable(`PDF: no page could be read (${lastFailure})`)
  } finally {
    await pdf.loadingTask.destroy()
  }
}

interface PdfTextRun {
  str?: string
  transform?: number[]
  width?: number
  height?: number
  hasEOL?: boolean
}

interface Cell {
  text: string
  start: number
  end: number
}

interface Line {
  y: number
  size: number
  cells: Cell[]
}

/** A page's lines, in the order the page draws them (a two-column page reads column by column). */
function sectionOfPage(number: number, runs: PdfTextRun[]): FileSection {
  const lines: Line[] = []
  let line: Line | null = null
  // PDF.js fills a gap between two runs with a whitespace run as wide as the gap: that is a gap, not text.
  let pendingGap: 'none' | 'space' | 'cell' = 'none'
  const endLine = () => {
    if (line?.cells.some((cell) => cell.text.trim())) lines.push(line)
    line = null
    pendingGap = 'none'
  }
  for (const run of runs) {
    const text = run.str ?? ''
    const transform = run.transform ?? [1, 0, 0, 1, 0, 0]
    const x = transform[4] ?? 0
    const y = transform[5] ?? 0
    const size = Math.max(Math.hypot(transform[2] ?? 0, transform[3] ?? 0), run.height ?? 0, 1)
    const end = x + (run.width ?? 0)
    if (text && !text.trim()) {
      if (line) pendingGap = (run.width ?? 0) > size * 1.5 ? 'cell' : pendingGap === 'cell' ? 'cell' : 'space'
    } else if (text) {
      const current = line as Line | null
      if (
        !current ||
        Math.abs(y - current.y) > current.size * 0.5 ||
        x < current.cells.at(-1)!.end - size * 2
      ) {
        endLine()
        line = { y, size, cells: [{ text, start: x, end }] }
      } else {
        const last = current.cells.at(-1)!
        const gap = x - last.end
        if (pendingGap === 'cell' || gap > size * 1.5) current.cells.push({ text, start: x, end })
        else {
          const spaced =
            (pendingGap === 'space' || gap > size * 0.15) && !/\s$/.test(last.text) && !/^\s/.test(text)
          last.text += spaced ? ` ${text}` : text
          last.end = Math.max(last.end, end)
        }
        current.size = Math.max(current.size, size)
      }
      pendingGap = 'none'
    }
    if (run.hasEOL) endLine()
  }
  endLine()

  const textLines: string[] = []
  const rows: string[][] = []
  let block: Line[] = []
  const flush = () => {
    if (block.length >= 2) {
      if (rows.length > 0) rows.push([])
      rows.push(...alignColumns(block))
    }
    block = []
  }
  lines.forEach((each, index) => {
    const previous = lines[index - 1]
    // A gap of about two lines of the smaller type between two lines is a paragraph break.
    if (previous && previous.y - each.y > Math.min(previous.size, each.size) * 1.9) textLines.push('')
    textLines.push(each.cells.map((cell) => tidyCell(cell.text)).join('\t'))
    if (each.cells.length >= 2) block.push(each)
    else flush()
  })
  flush()
  const place = { kind: 'page' as const, number }
  const text = textLines.join('\n').trim()
  return rows.length > 0 ? { place, text, rows } : { place, text }
}

const tidyCell = (text: string) => joinCjkSpacing(text.replace(/\s+/g, ' ').trim())

/**
 * A table's lines as rows of the same columns: the line with the most cells gives the columns, and every cell goes
 * to the column it overlaps most (the nearest when none), so a total row with empty cells keeps its figures under
 * their headers, right-aligned numbers included.
 */
function alignColumns(block: Line[]): string[][] {
  const widest = block.reduce((best, line) => (line.cells.length > best.cells.length ? line : best))
  const columns = widest.cells
  return block.map((line) => {
    if (line === widest) return line.cells.map((cell) => tidyCell(cell.text))
    const row: string[] = columns.map(() => '')
    for (const cell of line.cells) {
      let best = 0
      let bestScore = Number.NEGATIVE_INFINITY
      columns.forEach((column, index) => {
        const overlap = Math.min(cell.end, column.end) - Math.max(cell.start, column.start)
        const score =
          overlap > 0 ? overlap : -Math.abs((cell.start + cell.end) / 2 - (column.start + column.end) / 2)
        if (score > bestScore) {
          bestScore = score
          best = index
        }
      })
      row[best] = row[best] ? `${row[best]} ${tidyCell(cell.text)}` : tidyCell(cell.text)
    }
    return row
  })
}
