/**
 * CSV rows for the importer: a row reader that takes the records `csv-records.ts` reads (csv-parse, each with the
 * line on which it starts), checks the header (either layout: with code and market columns, or one stock named by the
 * operator), validates every record against the format's zod schema and turns each problem into a rejection naming
 * the line, the column and the reason. Nothing here touches files or databases.
 */
import type { z } from 'zod'
import {
  type CsvKind,
  type CsvRow,
  columnKey,
  ignoredColumns,
  knownColumns,
  requiredColumns,
  rowKeyColumn,
  rowSchemas,
  type StockRef,
} from './csv-format.ts'
import { type CsvRecord, readCsvText } from './csv-records.ts'

export interface Rejection {
  line: number
  /** The column at fault; empty when the whole record is. */
  column: string
  reason: string
  /** The reason without this row's values ("below the open, close or low"): rejections are summed up by it. */
  rule: string
}

function rejection(line: number, column: string, reason: string, rule = reason): Rejection {
  return { line, column, reason, rule }
}

/** A quoted value still open at the end of the file: its record is lost, the line it starts on is named. */
export function unclosedQuoteRejection(line: number): Rejection {
  return rejection(line, '', 'a quoted field is never closed')
}

export interface RowReader<K extends CsvKind> {
  /** Validate one record: the first is the header. */
  read(record: CsvRecord): { row: CsvRow<K> } | { rejections: Rejection[] } | { header: true }
  /** Set when the header is unusable or missing; every later record is then ignored. */
  headerError(): Rejection[] | null
}

export interface RowReaderOptions {
  /** The stock a file without code and market columns is about (`--stock`); such a file needs it. */
  stock?: StockRef | undefined
}

const PRICE_CELLS = ['open', 'high', 'low', 'close', 'volume'] as const

/** The reason a Yahoo Finance download gives no prices on a day (it writes `null` in every price column). */
export const NULL_PRICES_REASON = 'no prices: null in every price column (a day without trading)'

function issueRejections(line: number, issues: readonly z.core.$ZodIssue[]): Rejection[] {
  return issues.map((issue) => {
    const rule =
      'params' in issue && typeof issue.params?.rule === 'string' ? issue.params.rule : issue.message
    return rejection(line, typeof issue.path[0] === 'string' ? issue.path[0] : '', issue.message, rule)
  })
}

export function createRowReader<K extends CsvKind>(kind: K, options: RowReaderOptions = {}): RowReader<K> {
  const schema = rowSchemas[kind]
  const stock = options.stock
  /** The column each header cell feeds; null for a column read past (Adj Close). */
  let columns: Array<string | null> | null = null
  let headerProblems: Rejection[] | null = null
  const seen = new Map<string, number>()
  const known = new Map(knownColumns[kind].map((name) => [columnKey(name), name]))

  function readHeader(record: CsvRecord) {
    const line = record.line
    const cellProblems: Rejection[] = []
    const found: string[] = []
    columns = record.fields.map((cell) => {
      const key = columnKey(cell)
      const name = known.get(key)
      if (name !== undefined) {
        if (found.includes(name)) cellProblems.push(rejection(line, name, 'column appears twice'))
        found.push(name)
        return name
      }
      if (!ignoredColumns[kind].includes(key)) {
        const expected = knownColumns[kind].join(',')
        cellProblems.push(
          rejection(
            line,
            cell.trim(),
            kind === 'prices'
              ? `unknown column (expected ${expected}; or, for one stock named with --stock, Date,Open,High,Low,Close,Adj Close,Volume)`
              : `unknown column (expected ${expected})`,
            'unknown column',
          ),
        )
      }
      return null
    })
    const problems: Rejection[] = []
    const named = found.filter((name) => name === 'code' || name === 'market')
    if (stock && named.length > 0) {
      problems.push(
        rejection(
          line,
          named[0] as string,
          'the file names its companies in code and market columns; leave out --stock',
        ),
      )
    } else if (!stock && named.length === 0) {
      problems.push(
        rejection(
          line,
          '',
          'the file has no code and market columns: name the stock it is about with --stock market:code (for example --stock us:AAPL)',
        ),
      )
    }
    const stockColumns = stock || named.length === 0 ? ['code', 'market'] : []
    for (const required of requiredColumns[kind]) {
      if (!found.includes(required) && !stockColumns.includes(required))
        problems.push(rejection(line, required, 'required column is missing'))
    }
    problems.push(...cellProblems)
    headerProblems = problems.length > 0 ? problems : null
  }

  return {
    read(record) {
      if (columns === null) {
        readHeader(record)
        return { header: true }
      }
      if (headerProblems) return { rejections: [] }
      if (record.fields.length !== columns.length) {
        return {
          rejections: [
            rejection(
              record.line,
              '',
              `has ${record.fields.length} cells, the header has ${columns.length}`,
              'a different number of cells from the header',
            ),
          ],
        }
      }
      const cells: Record<string, string> = {}
      for (const name of knownColumns[kind]) cells[name] = ''
      columns.forEach((name, index) => {
        if (name !== null) cells[name] = record.fields[index] ?? ''
      })
      if (stock) {
        cells.code = stock.code
        cells.market = stock.market
      }
      if (kind === 'prices' && PRICE_CELLS.every((name) => cells[name]?.trim().toLowerCase() === 'null')) {
        return { rejections: [rejection(record.line, '', NULL_PRICES_REASON)] }
      }
      const result = schema.safeParse(cells)
      if (!result.success) return { rejections: issueRejections(record.line, result.error.issues) }
      const row = result.data as CsvRow<K>
      const column = rowKeyColumn[kind]
      const key = `${row.market}:${row.code}:${String((row as unknown as Record<string, unknown>)[column])}`
      const firstLine = seen.get(key)
      if (firstLine !== undefined) {
        return {
          rejections: [
            rejection(
              record.line,
              column,
              `duplicates line ${firstLine} for the same company`,
              'duplicates an earlier line for the same company',
            ),
          ],
        }
      }
      seen.set(key, record.line)
      return { row }
    },
    headerError() {
      if (columns === null) return [rejection(1, '', 'the file is empty: no header line')]
      return headerProblems
    },
  }
}

export interface ParseResult<K extends CsvKind> {
  accepted: CsvRow<K>[]
  rejected: Rejection[]
  /** Data records read (the header not counted). */
  records: number
}

/** Parse and validate a whole CSV text at once (the importer streams instead). */
export function parseCsv<K extends CsvKind>(
  kind: K,
  text: string,
  options: RowReaderOptions = {},
): ParseResult<K> {
  const reader = createRowReader(kind, options)
  const result: ParseResult<K> = { accepted: [], rejected: [], records: 0 }
  const { records, unclosedQuoteLine } = readCsvText(text)
  for (const record of records) {
    const outcome = reader.read(record)
    if ('header' in outcome) continue
    result.records++
    if ('row' in outcome) result.accepted.push(outcome.row)
    else result.rejected.push(...outcome.rejections)
  }
  const headerError = reader.headerError()
  if (headerError) {
    result.rejected = headerError
    result.accepted = []
  }
  if (unclosedQuoteLine !== null) result.rejected.push(unclosedQuoteRejection(unclosedQuoteLine))
  return result
}
