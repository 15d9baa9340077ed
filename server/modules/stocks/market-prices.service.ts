/**
 * The market's prices as other modules read them (issue 15's strategies and their seed; issue 21: only this module
 * reads its tables): companies by code, their closes, which were priced by a day, trading days, whether a market's
 * data is demo, the market's benchmark index (market-benchmark.ts) and what a portfolio shows of a stock
 * (holding-facts.repo.ts). Decides nothing about portfolios; a reader
 * that runs inside the caller's transaction passes it as `inDb` (strategies check a rebalance in one).
 */
import type { Market } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { selectHoldingFacts } from './holding-facts.repo.ts'

export type { HoldingFacts } from './holding-facts.repo.ts'
import { marketBenchmark } from './market-benchmark.ts'
import {
  marketHasBarOn,
  marketIsDemo,
  selectClosesFrom,
  selectCodesPricedOn,
  selectCompaniesByCodes,
  selectCompaniesByKeys,
  selectCompaniesPricedBy,
  selectTradingDayFrom,
} from './market-prices.repo.ts'

/** A company as a portfolio holds it: id, market, code and names. */
export type PricedCompany = Awaited<ReturnType<typeof selectCompaniesByCodes>>[number]

export function createMarketPricesService({ db }: { db: Db }) {
  return {
    /** Companies of a market by code (codes as stored, already normalised). */
    findCompaniesByCodes: (market: Market, codes: readonly string[], inDb: Db = db) =>
      selectCompaniesByCodes(inDb, market, codes),
    /** Companies of any market named by `market:code` keys, by key. */
    findCompaniesByKeys: (keys: readonly string[], inDb: Db = db) => selectCompaniesByKeys(inDb, keys),
    /** Closes of these companies from a day on, oldest first, by company id. */
    listClosesFrom: (companyIds: readonly number[], from: string) => selectClosesFrom(db, companyIds, from),
    /** Which of these companies have a close on or before the day (so they can be bought on it). */
    findCompaniesPricedBy: (companyIds: readonly number[], day: string, inDb: Db = db) =>
      selectCompaniesPricedBy(inDb, companyIds, day),
    /** Whether any company of the market has a bar on the day (a trading day we have prices for). */
    hasBarOn: (market: Market, day: string, inDb: Db = db) => marketHasBarOn(inDb, market, day),
    /** Whether the market's stored data is demo data. */
    isDemo: (market: Market) => marketIsDemo(db, market),
    /** The market's equal-weight benchmark index from `from` (to `to`, else open-ended); cached per process. */
    benchmarkOf: (market: Market, from: string, to?: string) => marketBenchmark(db, market, from, to),
    /** What a portfolio shows of the stocks named by `market:code` keys (issue 25), by key. */
    findHoldingFacts: (keys: readonly string[]) => selectHoldingFacts(db, keys),
    /** The market's first day with a bar on or after `day`; null past its last bar (the strategies' seed). */
    tradingDayFrom: (market: Market, day: string) => selectTradingDayFrom(db, market, day),
    /** Codes of the market's companies with prices through `day`, in a fixed order (the strategies' seed). */
    codesPricedOn: (market: Market, day: string) => selectCodesPricedOn(db, market, day),
  }
}

export type MarketPricesService = ReturnType<typeof createMarketPricesService>
