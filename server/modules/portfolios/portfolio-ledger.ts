/**
 * Holdings from transactions (ADR 0034), as a pure function so the arithmetic is testable by hand. Transactions
 * apply in trade-date order, and within a day in the order they were entered.
 *
 * Method `average-cost-v1`: a buy adds its shares and its cost (price × shares + fee) to the position; a sell takes
 * shares out at the position's average cost, and its realised gain is the proceeds (price × shares − fee) less that
 * cost; a split multiplies the shares (and so divides the average cost); a dividend is cash received, kept apart
 * from gains. All in the stock's own trading currency. The holding period is the average buy day of the shares
 * still held (a sell at average cost leaves it where it was; a split keeps it).
 *
 * A sell of more shares than held, or a dividend or split on a day nothing is held, is refused: `problem` names
 * the first such transaction, so no stored portfolio ever holds a negative position.
 */
import { PortfolioErrorCode, type TransactionKind } from '#contracts/portfolio-rules.ts'
import type { Market } from '#contracts/regions.ts'

export const LEDGER_METHOD = 'average-cost-v1'

export interface LedgerTransaction {
  id: string
  kind: TransactionKind
  market: Market
  code: string
  tradeDate: string
  quantity: number
  price: number
  fee: number
  amount: number
  /** Entry order within a day. */
  sequence: number
  /** The stock's trading currency, kept on its position (so a stock that left the universe still has one). */
  currency?: string
}

export interface LedgerPosition {
  market: Market
  code: string
  quantity: number
  /** Cost of the shares held, fees included. */
  costBasis: number
  realisedGain: number
  dividends: number
  /** Average buy day of the shares held, as days since 1970-01-01 (0 when none are held). */
  averageBuyDay: number
  firstTradeDate: string
  /** The currency of the transaction that opened the position, when the transactions carry one. */
  currency?: string
}

/**
 * What the replay leaves, kept with the portfolio's row at every change (the same database transaction), so a view
 * reads one row instead of replaying every transaction: every position and how many transactions there are.
 */
export interface LedgerSummary {
  positions: LedgerPosition[]
  transactionCount: number
}

export interface LedgerProblem {
  transactionId: string
  code: typeof PortfolioErrorCode.sellExceedsHolding | typeof PortfolioErrorCode.nothingHeld
}

/** Shares closer to zero than this are none (floating point after splits and partial sells). */
const EPSILON = 1e-9

export function keyOf(market: string, code: string): string {
  return `${market}:${code}`
}

export function dayNumber(isoDay: string): number {
  return Math.round(Date.parse(`${isoDay}T00:00:00Z`) / 86_400_000)
}

export function compareTransactions(a: LedgerTransaction, b: LedgerTransaction): number {
  return a.tradeDate < b.tradeDate ? -1 : a.tradeDate > b.tradeDate ? 1 : a.sequence - b.sequence
}

/** One transaction applied to its position (created when absent); a problem when it cannot apply. */
export function applyTransaction(
  positions: Map<string, LedgerPosition>,
  transaction: LedgerTransaction,
): LedgerProblem | null {
  const key = keyOf(transaction.market, transaction.code)
  let position = positions.get(key)
  if (!position) {
    position = {
      market: transaction.market,
      code: transaction.code,
      quantity: 0,
      costBasis: 0,
      realisedGain: 0,
      dividends: 0,
      averageBuyDay: 0,
      firstTradeDate: transaction.tradeDate,
      ...(transaction.currency ? { currency: transaction.currency } : {}),
    }
    positions.set(key, position)
  }
  const held = position.quantity
  switch (transaction.kind) {
    case 'buy': {
      const bought = transaction.quantity
      position.averageBuyDay =
        (position.averageBuyDay * held + dayNumber(transaction.tradeDate) * bought) / (held + bought)
      position.quantity = held + bought
      position.costBasis += bought * transaction.price + transaction.fee
      return null
    }
    case 'sell': {
      const sold = transaction.quantity
      if (sold > held + EPSILON)
        return { transactionId: transaction.id, code: PortfolioErrorCode.sellExceedsHolding }
      const averageCost = held > 0 ? position.costBasis / held : 0
      position.realisedGain += sold * transaction.price - transaction.fee - averageCost * sold
      const left = held - sold
      if (left <= EPSILON) {
        position.quantity = 0
        position.costBasis = 0
        position.averageBuyDay = 0
      } else {
        position.quantity = left
        position.costBasis -= averageCost * sold
      }
      return null
    }
    case 'split':
      if (held <= EPSILON) return { transactionId: transaction.id, code: PortfolioErrorCode.nothingHeld }
      position.quantity = held * transaction.quantity
      return null
    case 'dividend':
      if (held <= EPSILON) return { transactionId: transaction.id, code: PortfolioErrorCode.nothingHeld }
      position.dividends += transaction.amount
      return null
  }
}

/** Every position after all the transactions, and the first transaction that could not apply (if any). */
export function replayLedger(transactions: readonly LedgerTransaction[]): {
  positions: Map<string, LedgerPosition>
  problem: LedgerProblem | null
} {
  const positions = new Map<string, LedgerPosition>()
  for (const transaction of [...transactions].sort(compareTransactions)) {
    const problem = applyTransaction(positions, transaction)
    if (problem) return { positions, problem }
  }
  return { positions, problem: null }
}

/** The summary kept with the portfolio: the positions a replay without problems leaves, and the count replayed. */
export function summaryOf(
  positions: ReadonlyMap<string, LedgerPosition>,
  transactionCount: number,
): LedgerSummary {
  return { positions: [...positions.values()], transactionCount }
}
