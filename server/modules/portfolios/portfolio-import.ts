/**
 * Importing a broker's export (issue 25): the preview (`previewImport`: the layout, the columns and how they were
 * mapped, the first rows as they will be saved, and every rejected row with its line and its reason in the reader's
 * language; nothing saved) and the import (`importTransactions`: the same reading, then every accepted row saved in
 * one database transaction — all or none). A file with rejected rows is refused unless the reader chose to skip
 * them after seeing the preview.
 *
 * Each row is read by portfolio-csv.ts; its stock is then found as the site's search finds a code or a name
 * (exactly, never a similar name: a file is not a search box), a `HK.00700`-style symbol naming its market; its
 * currency, when the file gives one, must be the stock's. Finally the rows join the ledger in date order (within
 * a day, in the file's order; a file listed newest first is read from its end): a sell of more shares than held, or
 * a dividend or split on shares not held, is rejected with the row that would cause it.
 */

import type { ImportRequest } from '#contracts/portfolio.ts'
import {
  type ImportPreview,
  type ImportPreviewRow,
  type ImportRejection,
  type ImportResult,
  PortfolioErrorCode,
  portfolioLimits,
} from '#contracts/portfolio-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import { type Db, inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { HoldingFacts } from '#server/modules/stocks/market-prices.service.ts'
import { type CsvRow, type CsvRowRejection, readPortfolioCsv } from './portfolio-csv.ts'
import { latestTradeDay, memberOf, type PortfolioDependencies, refuseAboveLimit } from './portfolio-deps.ts'
import {
  compareTransactions,
  keyOf,
  type LedgerSummary,
  type LedgerTransaction,
  replayLedger,
  summaryOf,
} from './portfolio-ledger.ts'
import {
  insertTransactions,
  lockPortfolio,
  saveHoldings,
  selectLedgerTransactions,
} from './portfolios.repo.ts'

interface AcceptedRow extends CsvRow {
  stock: HoldingFacts
  /** Where the row applies among the day's transactions. */
  sequence: number
}

const marketPrefix = /^(US|HK|JP|KR)\.(.+)$/i

export function createPortfolioImport(deps: PortfolioDependencies) {
  const { db, clock, prices } = deps

  /** The stocks the rows name, each looked up once. */
  async function resolveStocks(rows: readonly CsvRow[]): Promise<Map<string, HoldingFacts | null>> {
    const byText = new Map<string, HoldingFacts | null>()
    const wanted = new Map<string, { text: string; market: Market | undefined }>()
    for (const row of rows) {
      const prefixed = marketPrefix.exec(row.stockText)
      const market = (prefixed ? (prefixed[1] as string).toLowerCase() : row.market) as Market | undefined
      const text = prefixed ? (prefixed[2] as string) : row.stockText
      wanted.set(`${row.market ?? ''}|${row.stockText}`, { text, market: market ?? undefined })
    }
    const keys = new Map<string, string>()
    for (const [id, { text, market }] of wanted) {
      const match = await deps.findStock(text, market)
      if (match && match.matchedBy !== 'fuzzy') keys.set(id, keyOf(match.market, match.code))
    }
    const facts = await prices.findHoldingFacts([...new Set(keys.values())])
    for (const id of wanted.keys()) {
      const key = keys.get(id)
      byText.set(id, key ? (facts.get(key) ?? null) : null)
    }
    return byText
  }

  /**
   * The file read and its stocks found, before any database transaction: the stock lookups read other tables, and
   * on PGlite's single connection a read outside an open transaction would wait for it to end.
   */
  async function readFile(request: ImportRequest) {
    const read = readPortfolioCsv(request.text, request.mapping, latestTradeDay(clock))
    const rejected: CsvRowRejection[] = [...read.rejected]
    const stocks = await resolveStocks(read.rows)
    // A file listed newest first applies from its end, so a day's buy comes before that day's sell.
    const isNewestFirst =
      read.rows.length > 1 && (read.rows[0] as CsvRow).tradeDate > (read.rows.at(-1) as CsvRow).tradeDate
    const ordered = isNewestFirst ? [...read.rows].reverse() : read.rows
    const accepted: AcceptedRow[] = []
    for (const [index, row] of ordered.entries()) {
      const stock = stocks.get(`${row.market ?? ''}|${row.stockText}`)
      if (!stock) rejected.push({ line: row.line, code: PortfolioErrorCode.stockUnknown })
      else if (row.currency && row.currency !== stock.currency)
        rejected.push({ line: row.line, code: PortfolioErrorCode.currencyMismatch })
      else accepted.push({ ...row, stock, sequence: Number.MAX_SAFE_INTEGER - ordered.length + index })
    }
    return { read, accepted, rejected }
  }

  /** The accepted rows checked against the ledger of what is already saved (in the caller's transaction, if any). */
  async function checkLedger(
    inDb: Db,
    memberId: string,
    file: { accepted: AcceptedRow[]; rejected: CsvRowRejection[] },
  ): Promise<{ accepted: AcceptedRow[]; rejected: CsvRowRejection[]; holdings: LedgerSummary }> {
    let accepted = file.accepted
    const rejected = [...file.rejected]
    const existing = await selectLedgerTransactions(inDb, memberId)
    let holdings: LedgerSummary
    // Replayed until no row causes a problem; each pass rejects the row behind the first problem it meets.
    for (;;) {
      const candidates: LedgerTransaction[] = accepted.map((row) => ({
        id: `line:${row.line}`,
        kind: row.kind,
        market: row.stock.market,
        code: row.stock.code,
        tradeDate: row.tradeDate,
        quantity: row.quantity,
        price: row.price,
        fee: row.fee,
        amount: row.amount,
        sequence: row.sequence,
        currency: row.stock.currency,
      }))
      const { positions, problem } = replayLedger([...existing, ...candidates])
      if (!problem) {
        holdings = summaryOf(positions, existing.length + candidates.length)
        break
      }
      let culprit = candidates.find((candidate) => candidate.id === problem.transactionId)
      if (!culprit) {
        // A saved sell that a new, earlier sell would overdraw: the latest new sell of that stock before it.
        const saved = existing.find(
          (transaction) => transaction.id === problem.transactionId,
        ) as LedgerTransaction
        culprit = candidates
          .filter(
            (candidate) =>
              candidate.kind === 'sell' &&
              keyOf(candidate.market, candidate.code) === keyOf(saved.market, saved.code) &&
              compareTransactions(candidate, saved) < 0,
          )
          .at(-1)
        if (!culprit) throw new AppError('conflict', problem.code)
      }
      const line = Number(culprit.id.slice('line:'.length))
      rejected.push({ line, code: problem.code })
      accepted = accepted.filter((row) => row.line !== line)
    }
    return { accepted, rejected: rejected.sort((a, b) => a.line - b.line), holdings }
  }

  function withReasons(rejected: readonly CsvRowRejection[], locale: Locale): ImportRejection[] {
    return rejected.map((rejection) => ({
      ...rejection,
      message: deps.describeError(rejection.code, locale),
    }))
  }

  function previewRowOf(row: AcceptedRow, locale: Locale): ImportPreviewRow {
    return {
      line: row.line,
      kind: row.kind,
      market: row.stock.market,
      code: row.stock.code,
      name: locale === 'zh-Hant' ? row.stock.nameZh : row.stock.nameEn,
      tradeDate: row.tradeDate,
      quantity: row.quantity,
      price: row.price,
      fee: row.fee,
      amount: row.amount,
      currency: row.stock.currency,
    }
  }

  /** `POST /member/portfolio/import/preview`: nothing is saved. */
  async function previewImport(
    reader: Reader,
    request: ImportRequest,
    locale: Locale,
  ): Promise<ImportPreview> {
    const memberId = memberOf(reader)
    const file = await readFile(request)
    const { read } = file
    const { accepted, rejected } = await checkLedger(db, memberId, file)
    return {
      layout: read.layout,
      columns: read.columns,
      mapping: read.mapping,
      rowCount: read.rowCount,
      acceptedCount: accepted.length,
      accepted: [...accepted]
        .sort((a, b) => a.line - b.line)
        .slice(0, portfolioLimits.previewRowsShown)
        .map((row) => previewRowOf(row, locale)),
      rejected: withReasons(rejected, locale),
    }
  }

  /** `POST /member/portfolio/import`: all accepted rows in one transaction, or none. */
  async function importTransactions(reader: Reader, request: ImportRequest): Promise<ImportResult> {
    const memberId = memberOf(reader)
    const file = await readFile(request)
    return inTransaction(db, async (tx) => {
      await lockPortfolio(tx, memberId)
      const { accepted, rejected, holdings } = await checkLedger(tx, memberId, file)
      if (rejected.length > 0 && !request.skipRejected)
        throw new AppError('conflict', PortfolioErrorCode.importHasRejections, {
          params: { count: rejected.length },
        })
      if (accepted.length === 0) throw new AppError('invalid', PortfolioErrorCode.importNothing)
      refuseAboveLimit(reader, holdings.transactionCount - accepted.length, accepted.length)
      const inOrder = [...accepted].sort((a, b) => a.sequence - b.sequence)
      await insertTransactions(
        tx,
        inOrder.map((row) => ({
          memberId,
          source: 'import' as const,
          kind: row.kind,
          market: row.stock.market,
          code: row.stock.code,
          tradeDate: row.tradeDate,
          quantity: row.quantity,
          price: row.price,
          fee: row.fee,
          amount: row.amount,
          currency: row.stock.currency,
          note: '',
        })),
      )
      await saveHoldings(tx, memberId, holdings)
      return { imported: accepted.length, skipped: rejected.length }
    })
  }

  return { previewImport, importTransactions }
}
