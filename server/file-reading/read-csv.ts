/**
 * A CSV file's rows (issue 25: a broker's holdings export uploaded in the chat): the text as the text reader kept it
 * (its encoding told, to the reading's budget) parsed by csv-parse, as the market-data and portfolio importers read
 * CSV (ADR 0020): quoted cells, doubled quotes, line breaks inside quotes. The delimiter is the one the header line
 * uses most — a comma, or the semicolon of spreadsheets saved where the comma is the decimal mark, or a tab.
 * Rows are capped like any table a file gives (`maxRows`), and a quote left open keeps the rows read before it.
 */
import { parse } from 'csv-parse/sync'

const delimiters = [',', ';', '\t'] as const

/** The delimiter the first non-blank line uses most, outside quotes; a comma when it uses none. */
export function csvDelimiterOf(text: string): string {
  const firstLine = /^[^\S\n]*\S[^\n]*/m.exec(text)?.[0] ?? ''
  const counts = new Map<string, number>(delimiters.map((d) => [d, 0]))
  let isQuoted = false
  for (const char of firstLine) {
    if (char === '"') isQuoted = !isQuoted
    else if (!isQuoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1)
  }
  let best = ','
  for (const delimiter of delimiters)
    if ((counts.get(delimiter) ?? 0) > (counts.get(best) ?? 0)) best = delimiter
  return best
}

/** The rows of a CSV text, at most `maxRows`, each cell trimmed; rows of one empty cell (blank lines) left out. */
export function readCsvRows(text: string, maxRows = 20_000): string[][] {
  const rows: string[][] = []
  try {
    const records = parse(text, {
      delimiter: csvDelimiterOf(text),
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      to: maxRows,
      on_record: (record: string[]) => (record.every((cell) => cell === '') ? null : record),
    }) as string[][]
    rows.push(...records.slice(0, maxRows))
  } catch (error) {
    // A quote still open at the end: csv-parse gives no records, so read again up to the line it opened on.
    const line = (error as { lines?: number }).lines
    if (typeof line !== 'number' || line <= 1) return rows
    return readCsvRows(
      text
        .split('\n')
        .slice(0, line - 1)
        .join('\n'),
      maxRows,
    )
  }
  return rows
}
