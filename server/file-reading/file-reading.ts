/**
 * What reading a file gives: its sections (pages, sheets, slides, the text of a text file, the text seen in an
 * image) with their text and, where a table could be told, its rows of cells; or why it could not be read. Also the
 * collector every format reader writes into, which holds the text to the reader's character budget, so that no
 * format can hand back more than `maxTextChars` however large the file.
 */
import type { ChatFileErrorCode } from '#contracts/chat-file-rules.ts'

/** Where a section sits in its file: page 3, sheet "Holdings", slide 2, the text file, the image. */
export interface SectionPlace {
  kind: 'page' | 'sheet' | 'slide' | 'text' | 'image'
  /** 1-based, in reading order. */
  number: number
  /** A sheet's name. */
  name?: string
  /**
   * Text seen in an image: the recognition's mean confidence, 0–100 (Tesseract's). Low, the figures read may be
   * wrong ("18.5%" read as "185%"), and an answer quoting them says so.
   */
  confidence?: number
}

/**
 * Below this mean confidence, text recognition's reading of an image is doubtful: digits and decimal points are the
 * first to go. Clean screenshots and scans read at 85–95.
 */
export const ocrConfidenceFloor = 80

export interface FileSection {
  place: SectionPlace
  text: string
  /**
   * Cells of a spreadsheet sheet, or of the tables found in a document or on a page, row by row, as text. An empty
   * row separates two tables of the same section.
   */
  rows?: string[][]
}

export type FileReadingError = Extract<
  ChatFileErrorCode,
  'CHAT_FILE_UNREADABLE' | 'CHAT_FILE_ENCRYPTED' | 'CHAT_FILE_TYPE_MISMATCH' | 'CHAT_FILE_TOO_BIG_TO_READ'
>

export type FileReading =
  | { ok: true; sections: FileSection[]; truncated: boolean }
  /** `detail` says why, for the log only (never shown to a reader: it may name what a hostile file tried). */
  | { ok: false; error: FileReadingError; detail: string }

const readingErrors = new Set<unknown>([
  'CHAT_FILE_UNREADABLE',
  'CHAT_FILE_ENCRYPTED',
  'CHAT_FILE_TYPE_MISMATCH',
  'CHAT_FILE_TOO_BIG_TO_READ',
])
const placeKinds = new Set<unknown>(['page', 'sheet', 'slide', 'text', 'image'])

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

function isSection(value: unknown): value is FileSection {
  if (!isObject(value) || typeof value.text !== 'string' || !isObject(value.place)) return false
  const { kind, number, name } = value.place
  if (!placeKinds.has(kind) || !Number.isInteger(number) || (name !== undefined && typeof name !== 'string'))
    return false
  return (
    value.rows === undefined ||
    (Array.isArray(value.rows) &&
      value.rows.every((row) => Array.isArray(row) && row.every((cell) => typeof cell === 'string')))
  )
}

/**
 * Whether a value that came from a reading process is a FileReading, whole: a process a file has damaged may
 * answer anything, and nothing else may reach what is stored.
 */
export function isFileReading(value: unknown): value is FileReading {
  if (!isObject(value)) return false
  if (value.ok === true) {
    return (
      typeof value.truncated === 'boolean' && Array.isArray(value.sections) && value.sections.every(isSection)
    )
  }
  return value.ok === false && readingErrors.has(value.error) && typeof value.detail === 'string'
}

/** A reason a format reader refuses a file; anything else thrown while reading counts as unreadable. */
export class FileRefusal extends Error {
  override name = 'FileRefusal'
  readonly code: FileReadingError

  constructor(code: FileReadingError, detail: string) {
    super(detail)
    this.code = code
  }
}

export const refuseUnreadable = (detail: string) => new FileRefusal('CHAT_FILE_UNREADABLE', detail)
export const refuseEncrypted = (detail: string) => new FileRefusal('CHAT_FILE_ENCRYPTED', detail)
export const refuseMismatch = (detail: string) => new FileRefusal('CHAT_FILE_TYPE_MISMATCH', detail)

export interface SectionCollector {
  /** True once the budget is spent: readers stop reading further pages, sheets or slides. */
  readonly full: boolean
  add(section: FileSection): void
  /** Something was left out for a limit other than the text budget (pages, rows, a part cut at its byte cap). */
  markTruncated(): void
  finish(): FileReading & { ok: true }
}

/**
 * Keeps sections until `maxTextChars` characters of text are kept; the section that crosses the line is cut there
 * (its rows with it) and everything after is dropped, with `truncated` set.
 */
export function createSectionCollector(maxTextChars: number): SectionCollector {
  const sections: FileSection[] = []
  let used = 0
  let truncated = false
  return {
    get full() {
      return used >= maxTextChars
    },
    add(section) {
      if (used >= maxTextChars) {
        truncated = true
        return
      }
      const room = maxTextChars - used
      if (section.text.length <= room) {
        sections.push(section)
        used += section.text.length
        return
      }
      truncated = true
      const text = cutText(section.text, room).trimEnd()
      used = maxTextChars
      const kept: FileSection = { place: section.place, text }
      if (section.rows) {
        // Rows are the same cells as the text's lines; keep those that fit in what was kept.
        const rows: string[][] = []
        let length = 0
        for (const row of section.rows) {
          length += row.join('\t').length
          if (length > text.length) break
          rows.push(row)
          length += 1 // the line break after it
        }
        if (rows.length > 0) kept.rows = rows
      }
      sections.push(kept)
    },
    markTruncated() {
      truncated = true
    },
    finish() {
      return { ok: true, sections, truncated }
    },
  }
}

/** How a spreadsheet cell's number format shows its number. */
export type NumberStyle = 'number' | 'percent' | 'date'

const builtInDateFormats = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47])

/** The style of Excel number format `id` (with its format code when it is a custom one). */
export function numberStyleOf(id: number, code = ''): NumberStyle {
  // Quoted text, [colour] and [condition] brackets and escaped characters say nothing about the kind of number.
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '')
  if (id === 9 || id === 10 || bare.includes('%')) return 'percent'
  if (builtInDateFormats.has(id) || (/[dmy]/i.test(bare) && !/[0#?]/.test(bare))) return 'date'
  return 'number'
}

/** A cell's number as Excel would show it in that style: `35.2%`, `2024-03-31`, `1234.5`. */
export function showNumber(value: number, style: NumberStyle | undefined, date1904: boolean): string {
  if (style === 'percent') return `${Number((value * 100).toPrecision(12))}%`
  if (style === 'date') {
    // Serial 25569 is 1970-01-01 in the 1900 system (which counts a 29 February 1900 that never was).
    const days = date1904 ? value + 1462 : value
    const date = new Date(Math.round((days - 25569) * 86_400_000))
    if (Number.isNaN(date.getTime())) return String(value)
    const iso = date.toISOString()
    return value % 1 === 0 ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ')
  }
  return String(Number(value.toPrecision(15)))
}

/** `text` cut to at most `max` UTF-16 units without splitting a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text
  let end = max
  const code = text.charCodeAt(end - 1)
  if (code >= 0xd800 && code <= 0xdbff) end -= 1
  return text.slice(0, end)
}

/** Runs of spaces and tabs squeezed, lines trimmed at the end, three or more line breaks made two. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n\t]+/g, ' ')
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

const cjk =
  '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\u3000-\u303f\uff00-\uffef'
const spaceBetweenCjk = new RegExp(`(?<=[${cjk}]) +(?=[${cjk}])`, 'gu')

/** OCR and some PDFs put a space between every two Chinese characters; Chinese text has none. */
export function joinCjkSpacing(text: string): string {
  return text.replace(spaceBetweenCjk, '')
}

/**
 * Rows from lines of delimited text (a text file's or a legacy document's tables): at least two lines in a row that
 * split into the same number (≥ 2) of cells on tabs, on `|` (Markdown tables) or on runs of two or more spaces.
 * Blocks of such lines are separated by an empty row; undelimited lines are not rows.
 */
export function rowsFromDelimitedLines(text: string, maxRows = 20_000): string[][] {
  const rows = createDelimitedRows(maxRows)
  for (const line of text.split('\n')) {
    if (rows.isFull) break
    rows.addLine(line)
  }
  return rows.finish()
}

/**
 * The same rows, line by line, for a text read as a stream: at most `maxRows` of them (plus the empty rows between
 * blocks), however long a block runs.
 */
export function createDelimitedRows(maxRows = 20_000) {
  const rows: string[][] = []
  let block: string[][] = []
  const flush = () => {
    if (block.length >= 2) {
      if (rows.length > 0) rows.push([])
      // One by one: a block of a million lines would overflow the stack as arguments of one push.
      for (const row of block) rows.push(row)
    }
    block = []
  }
  return {
    get isFull() {
      return rows.length >= maxRows
    },
    addLine(line: string) {
      if (rows.length >= maxRows) return
      if (markdownRule.test(line.trim())) return // |---|---| under a Markdown table's header
      const cells = splitDelimitedLine(line)
      if (cells.length < 2) {
        flush()
        return
      }
      if (block.length > 0 && block[0]!.length !== cells.length) flush()
      // Lines past what could still be kept are not held.
      if (rows.length + block.length < maxRows) block.push(cells)
    },
    finish(): string[][] {
      flush()
      return rows
    },
  }
}

const markdownRule = /^\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?$/

function splitDelimitedLine(line: string): string[] {
  const trimmed = line.trim()
  if (!trimmed) return []
  let cells: string[]
  if (line.includes('\t')) cells = line.split('\t')
  else if (trimmed.includes('|')) cells = trimmed.replace(/^\||\|$/g, '').split('|')
  else cells = trimmed.split(/ {2,}|\u3000+/)
  // A trailing delimiter (Word's cell marks leave one) makes no cell.
  while (cells.length > 0 && cells.at(-1)!.trim() === '') cells.pop()
  return cells.map((cell) => cell.trim())
}
