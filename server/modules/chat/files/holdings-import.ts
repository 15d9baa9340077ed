/**
 * A holdings file uploaded in the chat, imported into the reader's portfolio (issue 25): the file's tables as the
 * chat already reads them (CSV, spreadsheet sheets) written back as CSV text for the portfolio's own import, which
 * does the mapping, the preview, the checks and the all-or-none save (portfolios/portfolio-import.ts; its functions
 * arrive here as functions). The chat only chooses the file and the table: the first table the import can read whose
 * rows are accepted, else the first it can read at all, else one too large for an import. The same choice is made for the preview in the answer and for
 * the import the reader confirms, so what is saved is what was shown.
 */
import { type ImportPreview, PortfolioErrorCode } from '#contracts/portfolio-rules.ts'
import { isServiceError } from '#contracts/service-error.ts'
import type { ConversationFiles } from '../assistant.ts'

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

/** A table the import would read but refuses whole: more rows (or text) than one import takes. */
export interface OversizedHoldingsTable {
  index: number
  tooLarge: true
}

/**
 * The table of a file to import: previewed one by one until one has accepted rows (a table the import cannot read
 * at all — no date, stock or quantity column — is passed over). A table too large for one import is named as such
 * when no other table can be read, so the reader hears why rather than "no table". Null when none can be read.
 */
export async function chooseHoldingsTable(
  tables: readonly (readonly (readonly string[])[])[],
  preview: (text: string) => Promise<ImportPreview>,
): Promise<HoldingsTable | OversizedHoldingsTable | null> {
  let readable: HoldingsTable | null = null
  let oversized: OversizedHoldingsTable | null = null
  for (const [index, rows] of tables.entries()) {
    if (rows.length < 2) continue
    let result: ImportPreview
    try {
      result = await preview(csvOfRows(rows))
    } catch (error) {
      if (isServiceError(error, 'invalid')) {
        if (error.code === PortfolioErrorCode.importTooLarge) oversized ??= { index, tooLarge: true }
        continue
      }
      throw error
    }
    if (result.acceptedCount > 0) return { index, preview: result }
    readable ??= { index, preview: result }
  }
  return readable ?? oversized
}

/**
 * The file an import is asked of: the one named (exactly, else the name containing the words), else the first
 * the question carries, else the conversation's newest read file. Both assistants choose the same way.
 */
export function findHoldingsFile(
  files: ConversationFiles,
  fileName?: string,
): ConversationFiles['files'][number] | undefined {
  const named = fileName?.trim().toLowerCase()
  if (named) {
    const found =
      files.files.find((file) => file.name.toLowerCase() === named) ??
      files.files.find((file) => file.name.toLowerCase().includes(named))
    if (found) return found
  }
  return (
    files.files.find((file) => files.attachedToQuestion.includes(file.id)) ?? files.files.at(-1) ?? undefined
  )
}

/** The import preview of one of the conversation's files: its table chosen as the confirm will import it. */
export async function previewHoldingsFile(
  files: ConversationFiles,
  file: ConversationFiles['files'][number],
  preview: (text: string) => Promise<ImportPreview>,
): Promise<HoldingsTable | OversizedHoldingsTable | null> {
  const tables = (await files.tables()).filter((table) => table.fileId === file.id).map((table) => table.rows)
  return chooseHoldingsTable(tables, preview)
}
