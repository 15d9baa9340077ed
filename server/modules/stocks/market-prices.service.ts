/**
 * The market's prices as other modules read them (issue 15's strategies and their seed; issue 21: only this module
 * reads its tables): companies by code, their closes, which were priced by a day, trading days, whether a market's
 * data is demo, the market's benchmark index (market-benchmark.ts) and what a reader's portfolio shows of a stock
 * (holding-facts.repo.ts, issue 25). Decides nothing about portfolios; a reader that runs inside the caller's
 * transaction passes it as `inDb` (strategies check a rebalance in one).
 */
import type { Market } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { type HoldingFacts, selectHoldingFacts, selectMarketDataStamp } from './holding-facts.repo.ts'
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

export type { HoldingFacts } from './holding-facts.repo.ts'

/** A company as a portfolio holds it: id, market, code and names. */
export type PricedCompany = Awaited<ReturnType<typeof selectCompaniesByCodes>>[number]

/** Facts kept per process at most; past it the cache starts again (the universe is a few hundred companies). */
const HOLDING_FACTS_KEPT = 5000
/** Closes kept per process at most (about 30 MB); past it the cache starts again. */
const CLOSES_KEPT = 1_000_000

type DayClose = { date: string; close: number }

/** A company's closes as two arrays of the same length, oldest first: the day (days since 1970-01-01) and the close. */
export interface CloseSeries {
  days: Int32Array
  closes: Float64Array
}

interface KeptCloses {
  from: string
  closes: DayClose[]
  /** The closes as numbers, made on first use. */
  series: CloseSeries | null
}

/** A stock's close-to-close move over a week (the weekly digest's watchlist part), with its two closes' days. */
export interface WeekMove {
  market: Market
  code: string
  nameEn: string
  nameZh: string
  /** Fraction: 0.05 = +5 %. */
  move: number
  from: string
  to: string
  isDemo: boolean
}

/** Days since 1970-01-01 of an ISO day `YYYY-MM-DD`. */
export function dayNumberOf(isoDay: string): number {
  return Math.round(Date.parse(`${isoDay.slice(0, 10)}T00:00:00Z`) / 86_400_000)
}

function closeSeriesOf(closes: readonly DayClose[]): CloseSeries {
  const days = new Int32Array(closes.length)
  const values = new Float64Array(closes.length)
  closes.forEach((close, index) => {
    days[index] = dayNumberOf(close.date)
    values[index] = close.close
  })
  return { days, closes: values }
}

function seriesFrom(series: CloseSeries, fromDay: number): CloseSeries {
  let low = 0
  let high = series.days.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((series.days[middle] as number) < fromDay) low = middle + 1
    else high = middle
  }
  return low === 0 ? series : { days: series.days.subarray(low), closes: series.closes.subarray(low) }
}

/** The closes on or after `from` of a list sorted by date (binary search for the first). */
function closesFrom(closes: readonly DayClose[], from: string): DayClose[] {
  let low = 0
  let high = closes.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((closes[middle] as DayClose).date < from) low = middle + 1
    else high = middle
  }
  return closes.slice(low)
}

export function createMarketPricesService({ db }: { db: Db }) {
  // A portfolio page reads the facts of up to hundreds of stocks, each out of a large diagnosis: they are kept per
  // process until the market data changes (a cheap stamp read with every call), so a refresh is seen at once.
  const facts = { stamp: '', byKey: new Map<string, HoldingFacts | null>() }
  async function findHoldingFacts(keys: readonly string[]): Promise<Map<string, HoldingFacts>> {
    const stamp = await selectMarketDataStamp(db)
    if (stamp !== facts.stamp || facts.byKey.size > HOLDING_FACTS_KEPT) {
      facts.stamp = stamp
      facts.byKey.clear()
    }
    const missing = [...new Set(keys)].filter((key) => !facts.byKey.has(key))
    if (missing.length > 0) {
      const found = await selectHoldingFacts(db, missing)
      for (const key of missing) facts.byKey.set(key, found.get(key) ?? null)
    }
    const result = new Map<string, HoldingFacts>()
    for (const key of keys) {
      const known = facts.byKey.get(key)
      if (known) result.set(key, known)
    }
    return result
  }

  // A portfolio's performance line reads years of closes of up to hundreds of stocks, again after each change of the
  // portfolio: each company's closes are kept per process from the earliest day asked, until the market data changes.
  const kept = { stamp: '', count: 0, byId: new Map<number, KeptCloses>() }
  async function keptClosesOf(companyIds: readonly number[], from: string): Promise<Map<number, KeptCloses>> {
    const stamp = await selectMarketDataStamp(db)
    if (stamp !== kept.stamp || kept.count > CLOSES_KEPT) {
      kept.stamp = stamp
      kept.count = 0
      kept.byId.clear()
    }
    const missing = [...new Set(companyIds)].filter((id) => {
      const known = kept.byId.get(id)
      return !known || known.from > from
    })
    if (missing.length > 0) {
      const found = await selectClosesFrom(db, missing, from)
      for (const id of missing) {
        const closes = found.get(id) ?? []
        kept.count += closes.length - (kept.byId.get(id)?.closes.length ?? 0)
        kept.byId.set(id, { from, closes, series: null })
      }
    }
    const result = new Map<number, KeptCloses>()
    for (const id of companyIds) {
      const known = kept.byId.get(id)
      if (known && known.closes.length > 0) result.set(id, known)
    }
    return result
  }

  async function listClosesFrom(
    companyIds: readonly number[],
    from: string,
  ): Promise<Map<number, DayClose[]>> {
    const result = new Map<number, DayClose[]>()
    for (const [id, known] of await keptClosesOf(companyIds, from))
      result.set(id, closesFrom(known.closes, from))
    return result
  }

  async function listCloseSeriesFrom(
    companyIds: readonly number[],
    from: string,
  ): Promise<Map<number, CloseSeries>> {
    const fromDay = dayNumberOf(from)
    const result = new Map<number, CloseSeries>()
    for (const [id, known] of await keptClosesOf(companyIds, from)) {
      known.series ??= closeSeriesOf(known.closes)
      result.set(id, seriesFrom(known.series, fromDay))
    }
    return result
  }

  /**
   * Each stock's move over the week to `until` (YYYY-MM-DD): its last close on or before `until` against its last
   * close on or before seven days earlier (close to close, no dividends). Stocks without both closes are left out.
   */
  async function listWeekMoves(keys: readonly string[], until: string): Promise<Map<string, WeekMove>> {
    const companies = await selectCompaniesByKeys(db, keys)
    const weekAgo = new Date(`${until}T00:00:00Z`)
    weekAgo.setUTCDate(weekAgo.getUTCDate() - 7)
    // Six weeks back: the last close may be days before `until` (holidays, data not refreshed yet), the week's first
    // before its start; the days are told beside each move.
    const from = new Date(weekAgo.getTime() - 35 * 86_400_000).toISOString().slice(0, 10)
    const closes = await keptClosesOf(
      [...companies.values()].map((company) => company.id),
      from,
    )
    const demo = new Map<Market, boolean>()
    const moves = new Map<string, WeekMove>()
    for (const [key, company] of companies) {
      const series = (closes.get(company.id)?.closes ?? []).filter((close) => close.date <= until)
      const last = series.at(-1)
      if (!last) continue
      const start = new Date(`${last.date}T00:00:00Z`)
      start.setUTCDate(start.getUTCDate() - 7)
      const startDay = start.toISOString().slice(0, 10)
      const base = series.filter((close) => close.date <= startDay).at(-1)
      if (!base || base.close <= 0) continue
      if (!demo.has(company.market)) demo.set(company.market, await marketIsDemo(db, company.market))
      moves.set(key, {
        market: company.market,
        code: company.code,
        nameEn: company.nameEn,
        nameZh: company.nameZh,
        move: last.close / base.close - 1,
        from: base.date,
        to: last.date,
        isDemo: demo.get(company.market) ?? false,
      })
    }
    return moves
  }

  return {
    /** The weekly digest's watchlist moves: each stock's close-to-close move over the week to a day. */
    listWeekMoves,
    /** Companies of a market by code (codes as stored, already normalised). */
    findCompaniesByCodes: (market: Market, codes: readonly string[], inDb: Db = db) =>
      selectCompaniesByCodes(inDb, market, codes),
    /** Companies of any market named by `market:code` keys, by key. */
    findCompaniesByKeys: (keys: readonly string[], inDb: Db = db) => selectCompaniesByKeys(inDb, keys),
    /** Closes of these companies from a day on, oldest first, by company id (kept per process, see above). */
    listClosesFrom,
    /**
     * The same closes as numbers (days since 1970-01-01, closes): a reader that walks hundreds of series day by day
     * compares numbers, not date texts. Views of the kept arrays: never written to.
     */
    listCloseSeriesFrom,
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
    findHoldingFacts,
    /** The market's first day with a bar on or after `day`; null past its last bar (the strategies' seed). */
    tradingDayFrom: (market: Market, day: string) => selectTradingDayFrom(db, market, day),
    /** Codes of the market's companies with prices through `day`, in a fixed order (the strategies' seed). */
    codesPricedOn: (market: Market, day: string) => selectCodesPricedOn(db, market, day),
  }
}

export type MarketPricesService = ReturnType<typeof createMarketPricesService>
