/**
 * "Import to portfolio" from a file uploaded in the chat (issue 25, `POST /ai/importToPortfolio`): the reader
 * confirmed the import an answer previewed, and the same table of the same file goes to the portfolio's own import.
 * Decides only what the chat owns: that the file is the reader's (another's is 404, as one that does not exist), that
 * a visitor has no portfolio to import into (401), and that a file is imported once (migration 0024's
 * `portfolio_imported_at`, claimed before the import and given back when the import saved nothing). Mapping, checks
 * and the all-or-none save are the portfolio's (`importHoldings`, a function handed in by server/services.ts);
 * choosing the table and writing it back as CSV text are holdings-import.ts's, shared with the answer's preview so
 * what is saved is what was shown.
 */
import type { ChatFileImportRequest } from '#contracts/chat.ts'
import { ChatFileErrorCode } from '#contracts/chat-file-rules.ts'
import { CommonErrorCode } from '#contracts/error-codes.ts'
import type { ImportResult } from '#contracts/portfolio-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { ownerOf } from '../conversation-owner.ts'
import { claimPortfolioImport, findOwnedFile, loadTables, releasePortfolioImport } from './chat-files.repo.ts'
import { csvOfRows } from './holdings-import.ts'

/** The portfolio's import of a holdings file's CSV text: every row saved or none, rejected rows only if skipped. */
export type ImportHoldings = (reader: Reader, text: string, skipRejected: boolean) => Promise<ImportResult>

export interface FilePortfolioImportDependencies {
  db: Db
  clock: Clock
  /** Absent, the chat offers no import and a confirm finds nothing to import. */
  importHoldings?: ImportHoldings | undefined
}

const fileNotFound = () => new AppError('not_found', ChatFileErrorCode.notFound)

export function createFilePortfolioImport({ db, clock, importHoldings }: FilePortfolioImportDependencies) {
  /** The tables of one of the reader's files, in the order they were read (404 for another reader's file). */
  async function fileTables(fileId: string, requestReader: Reader): Promise<string[][][]> {
    const file = await findOwnedFile(db, fileId, ownerOf(requestReader))
    if (!file) throw fileNotFound()
    return (await loadTables(db, file.conversationId))
      .filter((table) => table.fileId === fileId)
      .map((table) => table.rows)
  }

  /**
   * The reader confirmed the import an answer previewed. A file is imported once: a second confirm (a reload,
   * another tab) is refused (409) instead of adding every row again.
   */
  async function importFileToPortfolio(
    request: ChatFileImportRequest,
    requestReader: Reader,
  ): Promise<ImportResult> {
    if (!requestReader.memberId) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    if (!importHoldings) throw fileNotFound()
    const rows = (await fileTables(request.fileId, requestReader))[request.table]
    if (!rows) throw fileNotFound()
    if (!(await claimPortfolioImport(db, request.fileId, clock.now()))) {
      throw new AppError('conflict', ChatFileErrorCode.alreadyImported)
    }
    try {
      return await importHoldings(requestReader, csvOfRows(rows), request.skipRejected)
    } catch (error) {
      // Nothing was saved (refused rows, a full portfolio): the reader may correct and confirm again.
      await releasePortfolioImport(db, request.fileId)
      throw error
    }
  }

  return { fileTables, importFileToPortfolio }
}
