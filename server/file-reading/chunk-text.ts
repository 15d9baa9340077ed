/**
 * Passages of a file's text, and which of them answer a question. A chunk is about 800 characters of one section
 * (never two pages in one chunk), cut between paragraphs or lines, else between sentences (Chinese ones end in
 * 。！？ too), else between words; a spreadsheet's chunks after the first repeat its header row so each can be
 * read alone. A question is matched to chunks by BM25 over terms: English words (lower case, plural -s taken
 * off, stop words and question words dropped), whole numbers (`35,120.75` is one term), and for Chinese, pairs of
 * neighbouring characters (bigrams), so no word list is needed; question phrases like 什麼 or 這份文件 are dropped.
 * Tables answer what passages cannot: each table's rows ranked by its main figure ("what is my largest
 * position?"), read by table-figures.ts.
 */
import type { FileSection, SectionPlace } from './file-reading.ts'
import { type FigureMeasure, mainColumnOf, readFigureTables } from './table-figures.ts'

export interface TextChunk {
  place: SectionPlace
  text: string
}

export interface ChunkOptions {
  /** A chunk grows to about this many characters. Default 800. */
  targetChars?: number
  /** No chunk is longer. Default 1,000. */
  maxChars?: number
}

const sentences = new Intl.Segmenter('zh-Hant', { granularity: 'sentence' })
const words = new Intl.Segmenter('en', { granularity: 'word' })

/** `text` in pieces of at most `max` characters: whole sentences where they fit, else cut between words. */
function splitLong(text: string, max: number): string[] {
  if (text.length <= max) return [text]
  const pieces: string[] = []
  let current = ''
  const push = (piece: string) => {
    if (current && current.length + piece.length > max) {
      pieces.push(current.trim())
      current = ''
    }
    current += piece
  }
  for (const { segment } of sentences.segment(text)) {
    if (segment.length <= max) {
      push(segment)
      continue
    }
    for (const { segment: word } of words.segment(segment)) {
      if (word.length <= max) push(word)
      else for (let at = 0; at < word.length; at += max) push(word.slice(at, at + max))
    }
  }
  if (current.trim()) pieces.push(current.trim())
  return pieces
}

/** The sections' text in chunks of about `targetChars`, in reading order, each with its section's place. */
export function chunkSections(sections: readonly FileSection[], options: ChunkOptions = {}): TextChunk[] {
  const target = options.targetChars ?? 800
  const max = Math.max(target, options.maxChars ?? 1000)
  const chunks: TextChunk[] = []
  for (const section of sections) {
    const lines = section.text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    if (lines.length === 0) continue
    // A sheet's header row travels with each of its chunks.
    const header =
      section.place.kind === 'sheet' && lines.length > 1 && lines[0]!.length <= target / 4 ? lines[0]! : ''
    let current = ''
    const flush = () => {
      if (current.trim() && current !== header) chunks.push({ place: section.place, text: current.trim() })
      current = header
    }
    current = header
    for (const line of header ? lines.slice(1) : lines) {
      for (const piece of splitLong(line, header ? max - header.length - 1 : max)) {
        if (current && current.length + 1 + piece.length > target) flush()
        current = current ? `${current}\n${piece}` : piece
      }
    }
    flush()
  }
  return chunks
}

// ——— matching ———————————————————————————————————————————————————————————————————————————————————————

const englishStopWords = new Set(
  `a an the and or but if then than so of in on at to for from by with without about into onto over under as is are
  was were be been being am do does did doing have has had having will would shall should can could may might must
  what which who whom whose when where why how this that these those there here it its it's i me my mine we us our
  ours you your yours he him his she her hers they them their theirs please tell show give list find say says said
  file files document documents doc text upload uploaded attached attachment any some all each every more most much
  many very just also only not no yes let me per`
    .split(/\s+/)
    .filter(Boolean),
)

/** Question phrases and function characters (Traditional and Simplified) that say nothing about the subject. */
const chineseStopPhrases = [
  '為什麼',
  '为什么',
  '什麼',
  '甚麼',
  '什么',
  '哪些',
  '哪個',
  '哪个',
  '這份',
  '这份',
  '這個',
  '这个',
  '那個',
  '那个',
  '文件',
  '檔案',
  '档案',
  '資料',
  '资料',
  '內容',
  '内容',
  '提到',
  '提及',
  '關於',
  '关于',
  '有關',
  '有关',
  '請問',
  '请问',
  '告訴',
  '告诉',
  '一下',
  '是否',
  '如何',
  '怎麼',
  '怎么',
  '裡面',
  '里面',
  '我的',
  '你的',
  '說了',
  '说了',
  '可以',
  '的',
  '了',
  '嗎',
  '吗',
  '呢',
  '吧',
  '啊',
  '是',
  '說',
  '说',
  '我',
  '你',
]
const chineseStopPattern = new RegExp(chineseStopPhrases.join('|'), 'g')

const termPattern = /\d+(?:[.,]\d+)*|\p{Script=Han}+|[[\p{L}\p{N}\p{M}]--\p{Script=Han}]+/gv

function stem(word: string): string {
  let stemmed = word.replace(/['’]s$/, '')
  if (stemmed.length > 4 && stemmed.endsWith('ies')) stemmed = `${stemmed.slice(0, -3)}y`
  else if (stemmed.length > 4 && /(ss|x|ch|sh)es$/.test(stemmed)) stemmed = stemmed.slice(0, -2)
  else if (stemmed.length > 3 && stemmed.endsWith('s') && !stemmed.endsWith('ss'))
    stemmed = stemmed.slice(0, -1)
  return stemmed
}

function hanTerms(run: string): string[] {
  if (run.length === 1) return [run]
  const terms: string[] = []
  for (let i = 0; i + 1 < run.length; i++) terms.push(run.slice(i, i + 2))
  return terms
}

/** The terms of `text` in order (repeats kept); `forQuestion` also drops stop words and question phrases. */
export function termsOf(text: string, forQuestion = false): string[] {
  const terms: string[] = []
  const normal = text.normalize('NFKC').toLowerCase()
  for (const [token] of normal.matchAll(termPattern)) {
    if (/^\d/.test(token)) {
      terms.push(token.replace(/,/g, ''))
    } else if (/^\p{Script=Han}/u.test(token)) {
      const runs = forQuestion ? token.replace(chineseStopPattern, ' ').split(' ') : [token]
      for (const run of runs) if (run) terms.push(...hanTerms(run))
    } else {
      if (forQuestion && englishStopWords.has(token)) continue
      terms.push(stem(token))
    }
  }
  return terms
}

export type Passage<T> = T & { score: number }

/**
 * The chunks that best answer `question`, best first, at most `limit`, each with its BM25 score (chunks that
 * share no term with the question are left out). Works on any chunks that have a `text` (stored ones carry their
 * file and place along).
 */
export function findPassages<T extends { text: string }>(
  chunks: readonly T[],
  question: string,
  limit = 5,
): Passage<T>[] {
  const queryTerms = [...new Set(termsOf(question, true))]
  if (queryTerms.length === 0 || chunks.length === 0 || limit <= 0) return []
  const wanted = new Set(queryTerms)
  const counts = chunks.map((chunk) => {
    const all = termsOf(chunk.text)
    const found = new Map<string, number>()
    for (const term of all) if (wanted.has(term)) found.set(term, (found.get(term) ?? 0) + 1)
    return { length: all.length, found }
  })
  const averageLength = counts.reduce((sum, each) => sum + each.length, 0) / counts.length || 1
  const documentFrequency = new Map<string, number>()
  for (const { found } of counts)
    for (const term of found.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1)
  const k1 = 1.2
  const b = 0.75
  const n = chunks.length
  const scored = chunks.map((chunk, index) => {
    const { length, found } = counts[index]!
    let score = 0
    for (const [term, frequency] of found) {
      const df = documentFrequency.get(term) ?? 0
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5))
      score += (idf * frequency * (k1 + 1)) / (frequency + k1 * (1 - b + (b * length) / averageLength))
    }
    return { chunk, index, score }
  })
  return scored
    .filter((each) => each.score > 0)
    .sort((x, y) => y.score - x.score || x.index - y.index)
    .slice(0, limit)
    .map(({ chunk, score }) => ({ ...chunk, score: Math.round(score * 1000) / 1000 }))
}

// ——— tables ——————————————————————————————————————————————————————————————————————————————————————————

export interface TableFigureRow {
  /** What the row is about (`NVDA Nvidia`, `2330 台積電`). */
  label: string
  value: number
  /** The figure as the file writes it (`$35,120.75`, `NT$１，０５０，０００`). */
  valueText: string
  cells: string[]
}

/** One table's rows ranked by its main figure, with whatever the table came with (file, place…) but its rows. */
export type TableFigures<T = { fileId: string; fileName: string; place: SectionPlace }> = Omit<T, 'rows'> & {
  /** The header of the column the rows are ranked by. */
  valueColumn: string
  measure: FigureMeasure
  /** `%` or the currency of the column, when its cells say. */
  unit?: string
  /** Largest first; total rows are left out. */
  rows: TableFigureRow[]
}

/**
 * The figures of every table in `tables` (sections, or stored tables with their file and place): each table's
 * rows ranked by its main column — market value, else weight, else quantity, else price — and the tables with the
 * better measure first (more rows first among equals). The first table's first row is the largest position.
 */
export function findTableFigures<T extends { rows?: string[][] | undefined }>(
  tables: readonly T[],
): TableFigures<T>[] {
  const ranked = readFigureTables(tables).map((table) => {
    const { column, preference } = mainColumnOf(table)
    const rows = table.rows
      .filter((row) => row.values[column.index] !== null)
      .map((row) => ({
        label: row.label,
        value: row.values[column.index]!,
        valueText: row.cells[column.index]?.trim() ?? '',
        cells: row.cells,
      }))
      .sort((a, b) => b.value - a.value)
    const { rows: _rows, ...source } = table.source
    const figures = { ...source, valueColumn: column.name, measure: column.measure, rows } as TableFigures<T>
    if (column.unit) figures.unit = column.unit
    return { figures, preference, count: rows.length }
  })
  return ranked
    .filter((each) => each.count > 0)
    .sort((a, b) => a.preference - b.preference || b.count - a.count)
    .map((each) => each.figures)
}
