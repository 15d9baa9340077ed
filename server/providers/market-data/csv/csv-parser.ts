/**
 * CSV reading for the importer: an incremental RFC 4180 tokenizer (quoted fields, doubled quotes, CR/LF/CRLF line
 * ends, newlines inside quotes, a leading byte-order mark) that remembers on which line each record starts, and a
 * row reader that checks the header, validates every record against the format's zod schema and turns each
 * problem into a rejection naming the line, the column and the reason. Nothing here touches files or databases.
 */
import type { z } from 'zod'
import { type CsvKind, type CsvRow, knownColumns, requiredColumns, rowSchemas } from './csv-format.ts'

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number
  fields: string[]
}

export interface Rejection {
  line: number
  /** The column at fault; empty when the whole record is. */
  column: string
  reason: string
}

export interface CsvTokenizer {
  /** Feed the next piece of text; returns the records it completed. */
  push(text: string): CsvRecord[]
  /** No more text: returns the last record, or reports an unterminated quote. */
  end(): { records: CsvRecord[]; rejection: Rejection | null }
}

export function createCsvTokenizer(): CsvTokenizer {
  let field = ''
  let fields: string[] = []
  let inQuotes = false
  /** Inside quotes we just saw a quote: either an escaped quote or the end of the quoted part. */
  let quoteSeen = false
  let skipLineFeed = false
  let atStart = true
  let line = 1
  let recordLine = 1
  let recordHasContent = false

  function finishRecord(out: CsvRecord[]) {
    fields.push(field)
    if (recordHasContent || fields.length > 1 || field !== '') out.push({ line: recordLine, fields })
    field = ''
    fields = []
    recordHasContent = false
  }

  function consume(text: string, out: CsvRecord[]) {
    for (let i = 0; i < text.length; i++) {
      const char = text[i] as string
      if (atStart) {
        atStart = false
        if (char === '\uFEFF') continue
      }
      if (skipLineFeed) {
        skipLineFeed = false
        if (char === '\n') continue
      }
      if (inQuotes) {
        if (quoteSeen) {
          quoteSeen = false
          if (char === '"') {
            field += '"'
            continue
          }
          inQuotes = false
          // fall through: the character after a closing quote is read as unquoted text
        } else if (char === '"') {
          quoteSeen = true
          continue
        } else {
          if (char === '\n' || char === '\r') {
            // A line break inside quotes belongs to the value; CRLF is kept as a single LF.
            line++
            if (char === '\r') skipLineFeed = true
            field += '\n'
          } else {
            field += char
          }
          continue
        }
      }
      if (char === '"' && field === '') {
        inQuotes = true
        recordHasContent = true
      } else if (char === ',') {
        fields.push(field)
        field = ''
        recordHasContent = true
      } else if (char === '\n' || char === '\r') {
        if (char === '\r') skipLineFeed = true
        finishRecord(out)
        line++
        recordLine = line
      } else {
        field += char
      }
    }
  }

  return {
    push(text) {
      const out: CsvRecord[] = []
      consume(text, out)
      return out
    },
    end() {
      const out: CsvRecord[] = []
      if (inQuotes && !quoteSeen) {
        return {
          records: out,
          rejection: { line: recordLine, column: '', reason: 'a quoted field is never closed' },
        }
      }
      inQuotes = false
      quoteSeen = false
      finishRecord(out)
      return { records: out, rejection: null }
    },
  }
}

export interface RowReader<K extends CsvKind> {
  /** Validate one record: the first is the header. */
  read(record: CsvRecord): { row: CsvRow<K> } | { rejections: Rejection[] } | { header: true }
  /** Set when the header is unusable or missing; every later record is then ignored. */
  headerError(): Rejection[] | null
}

function issueRejections(line: number, issues: readonly z.core.$ZodIssue[]): Rejection[] {
  return issues.map((issue) => ({
    line,
    column: typeof issue.path[0] === 'string' ? issue.path[0] : '',
    reason: issue.message,
  }))
}

export function createRowReader<K extends CsvKind>(kind: K): RowReader<K> {
  const schema = rowSchemas[kind]
  let columns: string[] | null = null
  let headerProblems: Rejection[] | null = null
  const seen = new Map<string, number>()

  function readHeader(record: CsvRecord) {
    columns = record.fields.map((name) => name.trim())
    const problems: Rejection[] = []
    for (const required of requiredColumns[kind]) {
      if (!columns.includes(required))
        problems.push({ line: record.line, column: required, reason: 'required column is missing' })
    }
    columns.forEach((name, index) => {
      if (!knownColumns[kind].includes(name)) {
        problems.push({
          line: record.line,
          column: name,
          reason: `unknown column (expected ${knownColumns[kind].join(',')})`,
        })
      } else if (columns?.indexOf(name) !== index) {
        problems.push({ line: record.line, column: name, reason: 'column appears twice' })
      }
    })
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
            {
              line: record.line,
              column: '',
              reason: `has ${record.fields.length} cells, the header has ${columns.length}`,
            },
          ],
        }
      }
      const cells: Record<string, string> = {}
      for (const name of knownColumns[kind]) cells[name] = ''
      columns.forEach((name, index) => {
        cells[name] = record.fields[index] ?? ''
      })
      const result = schema.safeParse(cells)
      if (!result.success) return { rejections: issueRejections(record.line, result.error.issues) }
      const row = result.data as CsvRow<K>
      const key =
        kind === 'prices'
          ? `${row.market}:${row.code}:${(row as CsvRow<'prices'>).date}`
          : `${row.market}:${row.code}:${(row as CsvRow<'fundamentals'>).fiscalYear}`
      const firstLine = seen.get(key)
      if (firstLine !== undefined) {
        const column = kind === 'prices' ? 'date' : 'fiscalYear'
        return {
          rejections: [
            { line: record.line, column, reason: `duplicates line ${firstLine} for the same company` },
          ],
        }
      }
      seen.set(key, record.line)
      return { row }
    },
    headerError() {
      if (columns === null) return [{ line: 1, column: '', reason: 'the file is empty: no header line' }]
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
export function parseCsv<K extends CsvKind>(kind: K, text: string): ParseResult<K> {
  const tokenizer = createCsvTokenizer()
  const reader = createRowReader(kind)
  const result: ParseResult<K> = { accepted: [], rejected: [], records: 0 }
  const pushed = tokenizer.push(text)
  const last = tokenizer.end()
  for (const record of [...pushed, ...last.records]) {
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
  if (last.rejection) result.rejected.push(last.rejection)
  return result
}
