/**
 * The compare page's answer (`services.stocks.compareStocks`, `/compare?codes=…`): 2–4 stocks side by side, each
 * with its price and returns, each score with how many of its checks passed and how many could be measured, the fair
 * value with its low and high cases, margins, growth, P/E, P/B, dividend yield, support and resistance, and about a
 * year of closes for the normalised chart. The conventions of every stocks answer (contracts/stocks.ts) hold: ratios
 * are fractions, prices are in the stock's currency, texts in the caller's language, `isDemo`/`asOf`/`stale` stamp
 * the data. The page reads it from its loader; the API answers it too:
 *
 *   GET /compare  CompareQuery → CompareAnswer (400 COMPARE_TOO_FEW / COMPARE_TOO_MANY / STOCK_QUERY_TOO_LONG,
 *                 404 COMPARE_STOCK_UNKNOWN with the code, 503 STOCK_DATA_NOT_READY / DIAGNOSIS_FAILED)
 *
 * `codes` is the page's own: `us:AAPL,hk:0700`, each `market:code` or a bare code or name, 2–4 different stocks
 * (repeats count once). Only the page's browser code imports this file's types, so zod stays out of the browser.
 */
import { z } from 'zod'
import {
  CompareErrorCode,
  type ComparePeriod,
  compareTokenMaxLength,
  parseCompareToken,
} from './compare-rules.ts'
import type { scoreKeys } from './stock-rules.ts'
import { StockErrorCode } from './stock-rules.ts'
import type { StockSummary } from './stocks.ts'

export const CompareQuery = z.object({
  codes: z
    .preprocess(
      // A plain form sends one `codes` field per stock; a link sends them comma-separated.
      (value) => (Array.isArray(value) ? value.join(',') : value),
      z.string({ error: CompareErrorCode.tooFew }),
    )
    .transform((text) =>
      text
        .split(',')
        .map((token) => token.trim())
        .filter((token) => token.length > 0),
    )
    // How many (and whether they are different stocks) is the service's count, which names the limit.
    .pipe(z.array(z.string().max(compareTokenMaxLength, StockErrorCode.queryTooLong)))
    .transform((tokens) => tokens.map(parseCompareToken)),
})
export type CompareQuery = z.output<typeof CompareQuery>

export interface ComparedScore {
  key: (typeof scoreKeys)[number]
  /** The score's name in the caller's language. */
  label: string
  /** 0–100; null when not available. */
  value: number | null
  /** Checks that passed, checks that could be measured, and all of the score's checks. */
  passed: number
  available: number
  total: number
}

export interface ComparedStock {
  stock: StockSummary
  isDemo: boolean
  asOf: string | null
  stale: boolean
  /** Where the data came from: demo, yahoo or csv. */
  source: string
  /** price ÷ the close a period before the as-of date, minus 1. */
  returns: Record<ComparePeriod, number | null>
  scores: ComparedScore[]
  fairValue: {
    value: number | null
    /** The fair value's low and high cases (docs/analysis-methods.md#fair-value-range). */
    low: number | null
    high: number | null
    methodLabel: string
    /** Signed: the margin of safety when positive, minus the premium to fair value when negative. */
    downsideMargin: number | null
  }
  ratios: {
    pe: number | null
    pb: number | null
    dividendYield: number | null
    grossMargin: number | null
    operatingMargin: number | null
    netMargin: number | null
    roe: number | null
    /** Compound annual growth of revenue and diluted EPS over the last fiscal years. */
    revenueGrowth: number | null
    epsGrowth: number | null
    fiscalYear: number | null
  }
  levels: {
    support: number | null
    resistance: number | null
    /** (level − close) ÷ close. */
    supportDistance: number | null
    resistanceDistance: number | null
  }
  /** About a year of closes up to `asOf`, oldest first: the normalised chart's line. */
  closes: { date: string; close: number }[]
}

export interface CompareAnswer {
  /** True when any stock's data is synthetic. */
  isDemo: boolean
  /** The latest as-of date among the stocks. */
  asOf: string | null
  stale: boolean
  stocks: ComparedStock[]
}
