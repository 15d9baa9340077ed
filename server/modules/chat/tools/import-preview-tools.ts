/**
 * "What would importing my file do?" as a tool (issue 25): the preview of the portfolio's own import of a holdings
 * file the reader uploaded in the conversation — the rows it would add and every rejected row with its reason, from
 * `MyStocks.previewImport` (nothing saved). Both assistants preview through the same file and table choice
 * (files/holdings-import.ts), so what the answer shows is what the confirm saves. The import itself stays the
 * reader's click: the preview gives the confirm button's link (`#import-portfolio/<file>/<table>[/skip]`, drawn as a
 * button by the page), and only that button imports (`POST /ai/importToPortfolio`), every row or none.
 */
import type { ImportField, ImportLayout, ImportPreview, TransactionKind } from '#contracts/portfolio-rules.ts'
import { portfolioLimits } from '#contracts/portfolio-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { ConversationFiles } from '../assistant.ts'
import { findHoldingsFile, previewHoldingsFile } from '../files/holdings-import.ts'
import { portfolioPath } from './my-stocks-tools.ts'
import { displayCode } from './tool-format.ts'
import type { ToolContext, ToolResult } from './tool-inputs.ts'

export const previewImportLabel: Record<Locale, string> = {
  en: 'Previewing the import into your portfolio…',
  'zh-Hant': '正在預覽匯入投資組合…',
}

/** The confirm button's link: the page draws it as a button that imports. */
export function importButtonHref(fileId: string, index: number, skipRejected: boolean): string {
  return `#import-portfolio/${fileId}/${index}${skipRejected ? '/skip' : ''}`
}

/** The confirm button's words: how many transactions, and how many rows it skips. */
export function importButtonLabel(accepted: number, rejected: number, locale: Locale): string {
  if (locale === 'zh-Hant')
    return rejected > 0
      ? `匯入 ${accepted} 筆交易，略過 ${rejected} 行`
      : `匯入 ${accepted} 筆交易到我的投資組合`
  return rejected > 0
    ? `Import ${accepted} transactions, skip ${rejected} rows`
    : `Import ${accepted} transactions into my portfolio`
}

/**
 * `visitor`: not logged in (no portfolio to import into); `noFile`: no readable file in the conversation;
 * `noTable`: the file has no table the import can read; `tooLarge`: more rows than one import takes; `ok`: below.
 */
export type ImportPreviewStatus = 'visitor' | 'noFile' | 'noTable' | 'tooLarge' | 'ok'

export interface PortfolioImportPreview {
  status: ImportPreviewStatus
  /** The file previewed, by the name the reader gave it. */
  file: string | null
  layout: ImportLayout | null
  /** Which of the file's columns each field was read from. */
  columns: Partial<Record<ImportField, string>>
  rowCount: number
  acceptedCount: number
  /** The first rows it would add, as they would be saved (`portfolioLimits.previewRowsShown`). */
  rowsToAdd: {
    line: number
    kind: TransactionKind
    stock: string
    name: string
    date: string
    quantity: number
    /** Per share; for a dividend, the cash amount. */
    price: number
    currency: string
  }[]
  /** Every row it would not import, with the reason in the reader's language. */
  rejected: { line: number; reason: string }[]
  /** The reader's confirm button, when there is something to import: link it as `[label](href)`. */
  confirm: { label: string; href: string } | null
  /** Where the reader imports a CSV by hand, with a column-mapping step. */
  href: string
  maxRows: number
}

function previewOf(
  preview: ImportPreview,
): Pick<PortfolioImportPreview, 'columns' | 'rowsToAdd' | 'rejected'> {
  const columns: Partial<Record<ImportField, string>> = {}
  for (const [field, column] of Object.entries(preview.mapping) as [ImportField, number | null][]) {
    if (column !== null) columns[field] = preview.columns[column] ?? ''
  }
  return {
    columns,
    rowsToAdd: preview.accepted.map((row) => ({
      line: row.line,
      kind: row.kind,
      stock: displayCode(row.code, row.market),
      name: row.name,
      date: row.tradeDate,
      quantity: row.quantity,
      price: row.kind === 'dividend' ? row.amount : row.price,
      currency: row.currency,
    })),
    rejected: preview.rejected.map((rejection) => ({ line: rejection.line, reason: rejection.message })),
  }
}

export async function previewPortfolioImport(
  ctx: ToolContext,
  files: ConversationFiles | undefined,
  input: { file?: string | undefined },
): Promise<ToolResult<PortfolioImportPreview>> {
  const empty: PortfolioImportPreview = {
    status: 'visitor',
    file: null,
    layout: null,
    columns: {},
    rowCount: 0,
    acceptedCount: 0,
    rowsToAdd: [],
    rejected: [],
    confirm: null,
    href: portfolioPath,
    maxRows: portfolioLimits.importRowsMax,
  }
  if (ctx.reader.memberId === null) return { data: empty, sources: [] }
  const file = files ? findHoldingsFile(files, input.file) : undefined
  if (!files || !file || !ctx.mine) return { data: { ...empty, status: 'noFile' }, sources: [] }
  const mine = ctx.mine
  const chosen = await previewHoldingsFile(files, file, (text) =>
    mine.previewImport(ctx.reader, text, ctx.locale),
  )
  const named = { ...empty, file: file.name }
  if (!chosen) return { data: { ...named, status: 'noTable' }, sources: [] }
  if ('tooLarge' in chosen) return { data: { ...named, status: 'tooLarge' }, sources: [] }
  const { preview, index } = chosen
  const skip = preview.rejected.length > 0
  return {
    data: {
      ...named,
      status: 'ok',
      layout: preview.layout,
      rowCount: preview.rowCount,
      acceptedCount: preview.acceptedCount,
      ...previewOf(preview),
      confirm:
        preview.acceptedCount > 0
          ? {
              label: importButtonLabel(preview.acceptedCount, preview.rejected.length, ctx.locale),
              href: importButtonHref(file.id, index, skip),
            }
          : null,
    },
    sources: [],
  }
}
