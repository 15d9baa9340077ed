/**
 * What the reader changes of their portfolio: a transaction added, edited or deleted, the base currency, the whole
 * portfolio deleted (and, for the accounts' hook, a deleted member's). Each change runs in one database
 * transaction holding the portfolio's row, replays the ledger with the change, and is refused — with nothing
 * saved — when it would leave a sell of more shares than held or a dividend or split on shares not held.
 */

import type { BaseCurrency } from '#contracts/base-currencies.ts'
import type { TransactionInput } from '#contracts/portfolio.ts'
import { PortfolioErrorCode, type PortfolioTransaction } from '#contracts/portfolio-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import { inTransaction } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { HoldingFacts } from '#server/modules/stocks/market-prices.service.ts'
import {
  latestTradeDay,
  memberOf,
  type PortfolioDependencies,
  refuseAboveLimit,
  toWireTransaction,
} from './portfolio-deps.ts'
import {
  keyOf,
  type LedgerSummary,
  type LedgerTransaction,
  replayLedger,
  summaryOf,
} from './portfolio-ledger.ts'
import {
  deletePortfolio as deletePortfolioRows,
  deleteTransaction as deleteTransactionRow,
  insertTransactions,
  lockPortfolio,
  saveHoldings,
  selectLedgerTransactions,
  updateBaseCurrency,
  updateTransaction as updateTransactionRow,
} from './portfolios.repo.ts'

export function createPortfolioEditing(deps: PortfolioDependencies) {
  const { db, clock, prices } = deps

  /** The covered stock an entry names (code as the universe writes it: `700` is `0700`). */
  async function stockOf(input: Pick<TransactionInput, 'market' | 'code'>): Promise<HoldingFacts> {
    const key = keyOf(input.market, input.code.toUpperCase())
    const facts = (await prices.findHoldingFacts([key])).get(key)
    if (facts) return facts
    const match = await deps.findStock(input.code, input.market)
    if (match && match.matchedBy === 'code' && match.market === input.market) {
      const found = (await prices.findHoldingFacts([keyOf(match.market, match.code)])).get(
        keyOf(match.market, match.code),
      )
      if (found) return found
    }
    throw new AppError('invalid', PortfolioErrorCode.stockUnknown, {
      fields: [{ field: 'code', code: PortfolioErrorCode.stockUnknown }],
    })
  }

  function checkDate(tradeDate: string) {
    const parsed = new Date(`${tradeDate}T00:00:00Z`)
    const isReal = !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === tradeDate
    if (!isReal || tradeDate < '1970-01-01' || tradeDate > latestTradeDay(clock))
      throw new AppError('invalid', PortfolioErrorCode.dateInvalid, {
        fields: [{ field: 'tradeDate', code: PortfolioErrorCode.dateInvalid }],
      })
  }

  function valuesOf(input: TransactionInput, stock: HoldingFacts) {
    return {
      kind: input.kind,
      market: stock.market,
      code: stock.code,
      tradeDate: input.tradeDate,
      quantity: input.kind === 'dividend' ? 0 : input.quantity,
      price: input.kind === 'buy' || input.kind === 'sell' ? input.price : 0,
      fee: input.kind === 'buy' || input.kind === 'sell' ? input.fee : 0,
      amount: input.kind === 'dividend' ? input.amount : 0,
      currency: stock.currency,
      note: input.note,
    }
  }

  /** The replay of the transactions a change leaves; refused when any of them cannot apply. */
  function refuseProblems(transactions: LedgerTransaction[]): LedgerSummary {
    const { positions, problem } = replayLedger(transactions)
    if (problem) throw new AppError('conflict', problem.code)
    return summaryOf(positions, transactions.length)
  }

  /** `POST /member/portfolio/transactions`. */
  async function addTransaction(
    reader: Reader,
    input: TransactionInput,
    locale: Locale,
  ): Promise<PortfolioTransaction> {
    const memberId = memberOf(reader)
    checkDate(input.tradeDate)
    const stock = await stockOf(input)
    return inTransaction(db, async (tx) => {
      await lockPortfolio(tx, memberId)
      const existing = await selectLedgerTransactions(tx, memberId)
      refuseAboveLimit(reader, existing.length, 1)
      const values = valuesOf(input, stock)
      const holdings = refuseProblems([
        ...existing,
        { id: 'new', ...values, sequence: Number.MAX_SAFE_INTEGER },
      ])
      const [row] = await insertTransactions(tx, [{ memberId, source: 'manual', ...values }])
      await saveHoldings(tx, memberId, holdings)
      return toWireTransaction(row as NonNullable<typeof row>, stock, locale)
    })
  }

  /** `POST /member/portfolio/transactions/:id`: another member's id is not found, as one that never existed. */
  async function updateTransaction(
    reader: Reader,
    id: string,
    input: TransactionInput,
    locale: Locale,
  ): Promise<PortfolioTransaction> {
    const memberId = memberOf(reader)
    checkDate(input.tradeDate)
    const stock = await stockOf(input)
    return inTransaction(db, async (tx) => {
      await lockPortfolio(tx, memberId)
      const existing = await selectLedgerTransactions(tx, memberId)
      const current = existing.find((transaction) => transaction.id === id)
      if (!current) throw new AppError('not_found', PortfolioErrorCode.transactionNotFound)
      const values = valuesOf(input, stock)
      const holdings = refuseProblems(
        existing.map((transaction) => (transaction.id === id ? { ...transaction, ...values } : transaction)),
      )
      const row = await updateTransactionRow(tx, memberId, id, values)
      if (!row) throw new AppError('not_found', PortfolioErrorCode.transactionNotFound)
      await saveHoldings(tx, memberId, holdings)
      return toWireTransaction(row, stock, locale)
    })
  }

  /** `DELETE /member/portfolio/transactions/:id`: refused when a later sell would then sell shares not held. */
  async function deleteTransaction(reader: Reader, id: string): Promise<{ deleted: true }> {
    const memberId = memberOf(reader)
    return inTransaction(db, async (tx) => {
      await lockPortfolio(tx, memberId)
      const existing = await selectLedgerTransactions(tx, memberId)
      if (!existing.some((transaction) => transaction.id === id))
        throw new AppError('not_found', PortfolioErrorCode.transactionNotFound)
      const holdings = refuseProblems(existing.filter((transaction) => transaction.id !== id))
      await deleteTransactionRow(tx, memberId, id)
      await saveHoldings(tx, memberId, holdings)
      return { deleted: true as const }
    })
  }

  /** `POST /member/portfolio/settings`. */
  async function setBaseCurrency(
    reader: Reader,
    baseCurrency: BaseCurrency,
  ): Promise<{ baseCurrency: BaseCurrency }> {
    await updateBaseCurrency(db, memberOf(reader), baseCurrency)
    return { baseCurrency }
  }

  /** `DELETE /member/portfolio`: every transaction and the settings. */
  async function deletePortfolio(reader: Reader): Promise<{ deleted: true }> {
    await deletePortfolioRows(db, memberOf(reader))
    return { deleted: true }
  }

  /** The accounts' hook before a member is deleted: their portfolio is personal data and goes with them. */
  async function deleteMemberPortfolio(memberId: string): Promise<boolean> {
    return deletePortfolioRows(db, memberId)
  }

  return {
    addTransaction,
    updateTransaction,
    deleteTransaction,
    setBaseCurrency,
    deletePortfolio,
    deleteMemberPortfolio,
  }
}
