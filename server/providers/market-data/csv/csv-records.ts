/**
 * CSV text → records, each with the line on which it starts. The reading itself is csv-parse's (RFC 4180: quoted
 * fields, doubled quotes, line breaks inside quotes, a leading byte-order mark); this file decides only what the
 * importer adds to it (docs/decisions/0020):
 * - every record carries its 1-based starting line, because a rejection names the line an operator opens the file
 *   at: counted from the line breaks inside values and the blank lines skipped, so a CRLF is one line wherever it
 *   stands (csv-parse's `info.lines` counts one inside quotes as two, and is where a record ends, not starts);
 * - CRLF, LF and CR all end a record, even mixed in one file (csv-parse would otherwise keep the first kind it
 *   meets), and a line break inside a quoted value reads as one LF;
 * - blank lines are skipped (a quoted empty value `""` is a record);
 * - a stray quote inside an unquoted value is kept as text, and the cell count is left to the row reader, which
 *   names the line and both counts;
 * - a quoted value still open at the end of the file is reported with the line on which its record starts.
 * What a record means (header, columns, validation) is the row reader's (`csv-parser.ts`).
 */
import { type Options, parse } from 'csv-parse'
import { parse as parseWhole } from 'csv-parse/sync'

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number
  fields: string[]
}

interface CsvRecordReading {
  options: Options<CsvRecord, string[]>
  /** The line on which a quoted value left open at the end of the file starts; null when every quote closed. */
  unclosedQuoteLine(): number | null
}

const lineBreaks = /\r\n|\r|\n/g

/** Line breaks inside the record's values (quoted, since outside quotes a line break ends the record). */
function countQuotedLineBreaks(fields: readonly string[]): number {
  let count = 0
  for (const field of fields) {
    if (field.includes('\n') || field.includes('\r')) count += field.match(lineBreaks)?.length ?? 0
  }
  return count
}

function withLineFeeds(fields: string[]): string[] {
  return fields.map((field) => (field.includes('\r') ? field.replace(/\r\n?/g, '\n') : field))
}

/**
 * csv-parse options for one reading, and the line keeping that goes with them: a record starts on the line after
 * the previous one ended, plus the blank lines csv-parse skipped in between (`empty_lines`, a CRLF counted once).
 */
function createCsvRecordReading(emit?: (record: CsvRecord) => void): CsvRecordReading {
  let nextLine = 1
  let blankLinesSeen = 0
  let unclosedLine: number | null = null
  function skipBlankLines(blankLines: number) {
    nextLine += blankLines - blankLinesSeen
    blankLinesSeen = blankLines
  }
  return {
    options: {
      bom: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // With the options above the only record error left is a quote still open at the end of the file.
      skip_records_with_error: true,
      on_record: (fields, { empty_lines }) => {
        skipBlankLines(empty_lines)
        const line = nextLine
        const quotedLineBreaks = countQuotedLineBreaks(fields)
        nextLine += 1 + quotedLineBreaks
        const record = { line, fields: quotedLineBreaks > 0 ? withLineFeeds(fields) : fields }
        if (!emit) return record
        emit(record)
        return null
      },
      on_skip: (error) => {
        if (error?.code !== 'CSV_QUOTE_NOT_CLOSED') throw error
        skipBlankLines(Number(error.empty_lines))
        unclosedLine = nextLine
        return undefined
      },
    },
    unclosedQuoteLine: () => unclosedLine,
  }
}

/** csv-parse's overloads type a record that `on_record` reshapes only together with `columns`, which we do not use. */
function untyped(options: Options<CsvRecord, string[]>): Options {
  return options as unknown as Options
}

/** Reads a whole text at once. */
export function readCsvText(text: string): { records: CsvRecord[]; unclosedQuoteLine: number | null } {
  const reading = createCsvRecordReading()
  const records = parseWhole(text, untyped(reading.options)) as unknown as CsvRecord[]
  return { records, unclosedQuoteLine: reading.unclosedQuoteLine() }
}

export interface CsvRecordReader {
  /** Reads the next piece of the file (bytes, any boundary); gives the records it completed. */
  push(piece: Buffer): Promise<CsvRecord[]>
  /** No more pieces: gives the last records. */
  end(): Promise<CsvRecord[]>
  /** The line on which a quoted value left open at the end starts; null when every quote closed. */
  unclosedQuoteLine(): number | null
}

/**
 * Reads a file piece by piece, handing back each piece's records in one array, so the caller checks them in a plain
 * loop and awaits only its own writes, not a promise per record as when reading a stream of records (a quarter
 * faster to read). csv-parse's stream is only written to: `on_record` hands each record over and keeps none.
 */
export function createCsvRecordReader(): CsvRecordReader {
  const completed: CsvRecord[] = []
  const reading = createCsvRecordReading((record) => completed.push(record))
  const parser = parse(untyped(reading.options))
  // A failed piece is reported to its own callback; the listener keeps the stream's 'error' event handled.
  parser.on('error', () => {})
  const settled =
    (resolve: (records: CsvRecord[]) => void, reject: (error: unknown) => void) => (error?: Error | null) =>
      error ? reject(error) : resolve(completed.splice(0))
  return {
    push: (piece) => new Promise((resolve, reject) => parser.write(piece, settled(resolve, reject))),
    end: () => new Promise((resolve, reject) => parser.end(settled(resolve, reject))),
    unclosedQuoteLine: reading.unclosedQuoteLine,
  }
}
