/**
 * A holdings file uploaded in the chat, imported into the reader's portfolio (issue 25): the file's tables as the
 * chat already reads them (CSV, spreadsheet sheets) written back as CSV text for the portfolio's own import, which
 * does the mapping, the preview, the checks and the all-or-none save (portfolios/portfolio-import.ts; its functions
 * arrive here as functions). The chat only chooses the table: the first of the file the import can read whose rows
 * are accepted, else the first it can read at all. The same choice is made for the preview in the answer and for
 * the import the reader confirms, so what is saved is what was shown.
 */
import type { ImportPreview } from '#contracts/portfolio-rules.ts'
import { isServiceError } from '#contracts/service-error.ts'

/** One cell as CSV writes it: quoted when it holds a comma, a quote or a line break. */
function csvCell(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell
}

/** A table's rows as CSV text (the first row is the header). */
export function csvOfRows(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\n')
}

export interface HoldingsTable {
  /** Which table of the file (0-based, in the order the file was read). */
  index: number
  preview: ImportPreview
}

/**
 * The table of a file to import: previewed one by one until one has accepted rows (a table the import cannot read
 * at all — no date, stock or quantity column — is passed over). Null when none can be read.
 */
export async function chooseHoldingsTable(
  tables: readonly (readonly (readonly string[])[])[],
  preview: (text: string) => Promise<ImportPreview>,
): Promise<HoldingsTable | null> {
  let readable: HoldingsTable | null = null
  for (const [index, rows] of tables.entries()) {
    if (rows.length < 2) continue
    let result: ImportPreview
    try {
      result = await preview(csvOfRows(rows))
    } catch (error) {
      if (isServiceError(error, 'invalid')) continue
      throw error
    }
    if (result.acceptedCount > 0) return { index, preview: result }
    readable ??= { index, preview: result }
  }
  return readable
}
