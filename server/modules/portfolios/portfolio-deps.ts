/**
 * What the portfolio use cases share: their dependencies (the other modules' functions they are handed in
 * server/services.ts), the member a reader must be, the stored transaction as the ledger and the wire see it, and
 * the day the firm's clock says it is.
 */
import { benefitReaderOf, benefitsOf } from '#contracts/benefits.ts'
import { CommonErrorCode } from '#contracts/error-codes.ts'
import { PortfolioErrorCode, type PortfolioTransaction } from '#contracts/portfolio-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { HoldingFacts, MarketPricesService } from '#server/modules/stocks/market-prices.service.ts'
import type { StockMatch } from '#server/modules/stocks/stocks-service.types.ts'
import type { FxRate } from '#server/providers/market-data/market-data.ts'
import type { LedgerTransaction } from './portfolio-ledger.ts'
import type { TransactionRow } from './portfolios.repo.ts'

export interface PortfolioDependencies {
  db: Db
  clock: Clock
  /** The stocks module's market data: a stock's facts, closes, and the market's benchmark index. */
  prices: Pick<MarketPricesService, 'findHoldingFacts' | 'listCloseSeriesFrom' | 'benchmarkOf'>
  /** The stocks module's lookup of what a reader (or a broker's file) calls a stock. */
  findStock: (text: string, market?: Market) => Promise<StockMatch | null>
  /** The market-data provider's exchange rate (units of `to` per `from`); throws when it has none. */
  fxRateOf: (from: string, to: string) => Promise<FxRate>
  /** Whether the provider's rates are synthetic (the demo's): the page then says DEMO. */
  fxIsDemo: boolean
  /** An error code's sentence in a language (a rejected row's reason). */
  describeError: (code: string, locale: Locale) => string
}

export function memberOf(reader: Reader): string {
  if (!reader.memberId) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
  return reader.memberId
}

/** Transactions the reader's plan keeps in their portfolio (contracts/benefits.ts). */
export function transactionsAllowedTo(reader: Reader): number {
  return benefitsOf(benefitReaderOf(reader)).portfolio.transactions
}

/**
 * Refuses a change that would take the portfolio past the reader's plan: nothing of it is saved, and what is saved
 * stays (a portfolio already above the limit, after a downgrade, is still read, edited and trimmed).
 */
export function refuseAboveLimit(reader: Reader, saved: number, adding: number): void {
  const max = transactionsAllowedTo(reader)
  if (adding > 0 && saved + adding > max)
    throw new AppError('conflict', PortfolioErrorCode.full, { params: { max } })
}

/** Today by the UTC calendar; a trade may be dated up to a day later (Asia's markets are ahead of UTC). */
export function latestTradeDay(clock: Clock): string {
  return new Date(clock.now().getTime() + 86_400_000).toISOString().slice(0, 10)
}

export function todayOf(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10)
}

export function ledgerOf(row: TransactionRow): LedgerTransaction {
  return {
    id: row.id,
    kind: row.kind,
    market: row.market,
    code: row.code,
    tradeDate: row.tradeDate,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
    amount: row.amount,
    sequence: row.sequence,
    currency: row.currency,
  }
}

export function toWireTransaction(
  row: TransactionRow,
  facts: HoldingFacts | undefined,
  locale: Locale,
): PortfolioTransaction {
  return {
    id: row.id,
    kind: row.kind,
    market: row.market,
    code: row.code,
    name: facts ? (locale === 'zh-Hant' ? facts.nameZh : facts.nameEn) : row.code,
    tradeDate: row.tradeDate,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
    amount: row.amount,
    currency: row.currency,
    note: row.note,
  }
}
