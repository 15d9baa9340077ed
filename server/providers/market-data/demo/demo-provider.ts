/**
 * The embedded default market-data provider: synthetic, deterministic data for every company in the universe,
 * sized by each company's real scale. `isDemo` is true, so every screen and answer built on it must say DEMO.
 *
 * Determinism: everything is a function of (seed, company, end date). The provider never reads the clock; the end
 * of history is either a fixed `endDate` or the last session completed at the instant `now()` returns, per
 * exchange. Bars, fiscal years and insider months are drawn from streams that do not depend on the end date, so a
 * later end date only appends data.
 */
import { lastCompletedSession, sessionCloseInstant, tradingDayOnOrBefore } from '../exchange-calendar.ts'
import type {
  AnalystConsensus,
  AnnualFundamentals,
  Company,
  DailyBar,
  InsiderTransaction,
  MarketDataProvider,
  Quote,
} from '../market-data.ts'
import { MarketDataError } from '../market-data-error.ts'
import { findScaleProfile } from '../universe.ts'
import type { ScaleProfile } from '../universe-listing.ts'
import { generateAnalystConsensus } from './demo-consensus.ts'
import { generateCorporateEvents } from './demo-corporate-events.ts'
import { generateAnnualFundamentals } from './demo-fundamentals.ts'
import { demoFxRate, lastWeekday } from './demo-fx.ts'
import { generateInsiderTransactions } from './demo-insiders.ts'
import { generateDailyBars } from './demo-prices.ts'

export const defaultDemoSeed = 'tickerwise'

/**
 * The version of what the generators make of a seed. Raise it whenever a change to the generators changes the data
 * (not only its speed): a database holding demo data of another version has it replaced as a whole at the next
 * start (stock-refresh.ts), so old numbers never mix with new ones. 2: statements sized from the price (demo-
 * valuation.ts), results and index-review days in the bars (demo-events.ts). 3: results dates and dividends for the calendar
 * (demo-corporate-events.ts), so a database filled before them gets them.
 */
export const DEMO_DATA_VERSION = '3'

export type DemoProviderConfig = {
  /** Any string; the same seed always gives the same data. */
  seed?: string
} & (
  | {
      /** A fixed last date of history (moved back to the exchange's last trading day on or before it). */
      endDate: string
    }
  | {
      /** The caller's clock: history ends at the last session each exchange completed by this instant. */
      now: () => Date
    }
)

/** Everything the demo knows about one company up to one end date. */
export interface DemoCompanyData {
  endDate: string
  bars: DailyBar[]
  fundamentals: AnnualFundamentals[]
  insiders: InsiderTransaction[]
  consensus: AnalystConsensus | null
}

function requireScale(company: Company): ScaleProfile {
  const scale = findScaleProfile(company)
  if (!scale) {
    throw new MarketDataError(
      'SYMBOL_NOT_FOUND',
      `demo data covers the universe only; ${company.market}:${company.code} is not in it`,
    )
  }
  return scale
}

/** The demo data of one company, generated from scratch: the pure function behind the provider. */
export function generateDemoCompanyData(company: Company, seed: string, endDate: string): DemoCompanyData {
  const scale = requireScale(company)
  const bars = generateDailyBars(company, scale, seed, endDate)
  const lastBar = bars.at(-1)
  return {
    endDate,
    bars,
    fundamentals: generateAnnualFundamentals(company, scale, seed, endDate),
    insiders: generateInsiderTransactions(company, scale, seed, bars),
    consensus: lastBar ? generateAnalystConsensus(company, scale, seed, lastBar) : null,
  }
}

/** Companies kept in memory at once; a page rarely needs more than a handful, a screener run all of them once. */
const CACHE_SIZE = 48

export function createDemoProvider(config: DemoProviderConfig): MarketDataProvider {
  const seed = config.seed ?? defaultDemoSeed
  const cache = new Map<string, DemoCompanyData>()

  function endDateFor(company: Company): string {
    if ('endDate' in config) return tradingDayOnOrBefore(company.exchange, config.endDate)
    return lastCompletedSession(company.exchange, config.now())
  }

  function dataFor(company: Company): DemoCompanyData {
    const endDate = endDateFor(company)
    const key = `${company.market}:${company.code}:${endDate}`
    const cached = cache.get(key)
    if (cached) {
      // Re-insert so the Map's order is least recently used first.
      cache.delete(key)
      cache.set(key, cached)
      return cached
    }
    const data = generateDemoCompanyData(company, seed, endDate)
    cache.set(key, data)
    if (cache.size > CACHE_SIZE) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    return data
  }

  return {
    name: 'demo',
    isDemo: true,
    dataVersion: DEMO_DATA_VERSION,

    async getDailyBars(company, from, to) {
      return dataFor(company)
        .bars.filter((bar) => bar.date >= from && bar.date <= to)
        .map((bar) => ({ ...bar }))
    },

    async getAnnualFundamentals(company) {
      return dataFor(company).fundamentals.map((year) => ({ ...year }))
    },

    async getInsiderTransactions(company, since) {
      return dataFor(company)
        .insiders.filter((trade) => trade.date >= since)
        .map((trade) => ({ ...trade }))
    },

    async getAnalystConsensus(company) {
      const { consensus } = dataFor(company)
      return consensus ? { ...consensus } : null
    },

    async getAnalystConsensusHistory(company, since) {
      const { bars } = dataFor(company)
      const scale = requireScale(company)
      const history: AnalystConsensus[] = []
      // The consensus as published on the last session of each month (it changes once a month), then the latest.
      for (let i = 0; i < bars.length; i++) {
        const bar = bars[i] as DailyBar
        const next = bars[i + 1]
        const isMonthEnd = !next || next.date.slice(0, 7) !== bar.date.slice(0, 7)
        if (bar.date >= since && isMonthEnd) history.push(generateAnalystConsensus(company, scale, seed, bar))
      }
      return history
    },

    async getCorporateEvents(company, from, to) {
      const data = dataFor(company)
      return generateCorporateEvents(
        company,
        requireScale(company),
        seed,
        data.fundamentals,
        data.endDate,
        from,
        to,
      )
    },

    async getFxRate(from, to) {
      const asOf =
        'endDate' in config ? lastWeekday(new Date(`${config.endDate}T00:00:00Z`)) : lastWeekday(config.now())
      return demoFxRate(from, to, asOf)
    },

    async getQuote(company): Promise<Quote> {
      const { bars } = dataFor(company)
      const last = bars.at(-1)
      if (!last)
        throw new MarketDataError(
          'SYMBOL_NOT_FOUND',
          `no demo sessions for ${company.market}:${company.code}`,
        )
      const previousClose = bars.at(-2)?.close ?? last.open
      const change = last.close - previousClose
      return {
        code: company.code,
        market: company.market,
        price: last.close,
        previousClose,
        change: Number(change.toFixed(6)),
        changePercent: Math.round((change / previousClose) * 1e6) / 1e4,
        volume: last.volume,
        asOf: sessionCloseInstant(company.exchange, last.date).toISOString(),
      }
    },
  }
}
