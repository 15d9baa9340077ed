/**
 * Wire shapes of a market at a glance (issue 28, `/markets/:market`):
 *
 *   GET /market/overview  MarketOverviewQuery → MarketOverviewAnswer
 *
 * The benchmark is our own index (`marketBenchmark`, method `equal-weight-universe-v1`): the product licenses no
 * exchange index, so the page names it for what it is, with its method, constituents and as-of date. Breadth,
 * sectors and movers come from the screener's read model (`stock_screen_rows`) of the market's latest session; the
 * most-diagnosed stocks from the day's diagnosis views. The conventions of every stocks answer (contracts/stocks.ts)
 * hold here too: ratios are fractions, prices in the trading currency.
 */
import { z } from 'zod'
import { screenSectors } from './screener-rules.ts'
import { StockErrorCode } from './stock-rules.ts'
import { Currency, DataStamp, StockMarket } from './stocks.ts'

export const MarketOverviewQuery = z.object({
  market: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(StockMarket.options, { error: StockErrorCode.marketInvalid }),
  ),
})
export type MarketOverviewQuery = z.infer<typeof MarketOverviewQuery>

/** The periods the benchmark's change is given over, in calendar days back from its as-of day (day: one session). */
export const benchmarkPeriods = ['day', 'week', 'month', 'year'] as const
export type BenchmarkPeriod = (typeof benchmarkPeriods)[number]

export const BenchmarkPoint = z.object({ date: z.string(), value: z.number() })
export type BenchmarkPoint = z.infer<typeof BenchmarkPoint>

export const MarketBenchmarkSummary = z.object({
  /** Stable id of how the index is computed (`equal-weight-universe-v1`). */
  method: z.string(),
  /** Companies with a close in the window. */
  constituents: z.number().int(),
  asOf: z.string().nullable(),
  isDemo: z.boolean(),
  /** Change over each period, a fraction; null without a level on or before the period's start. */
  changes: z.object({
    day: z.number().nullable(),
    week: z.number().nullable(),
    month: z.number().nullable(),
    year: z.number().nullable(),
  }),
  /** The last year of daily levels (the first day of the window is 100), oldest first. */
  points: z.array(BenchmarkPoint),
})
export type MarketBenchmarkSummary = z.infer<typeof MarketBenchmarkSummary>

export const MarketBreadth = z.object({
  /** The session counted: the market's latest as-of date; companies whose figures are older are left out. */
  session: z.string().nullable(),
  advancing: z.number().int(),
  declining: z.number().int(),
  unchanged: z.number().int(),
  /** Companies of the session without a change figure. */
  unknown: z.number().int(),
  /** The session's high is the highest of the last year (companies with a year of history only). */
  newHighs: z.number().int(),
  newLows: z.number().int(),
})
export type MarketBreadth = z.infer<typeof MarketBreadth>

export const SectorTile = z.object({
  sector: z.enum(screenSectors),
  /** Market-cap-weighted change of the session, a fraction; null when no company of the sector has both figures. */
  changePercent: z.number().nullable(),
  /** The sector's share of the market's capitalisation (0–1) among companies with one. */
  capShare: z.number(),
  companies: z.number().int(),
})
export type SectorTile = z.infer<typeof SectorTile>

export const MarketMover = z.object({
  code: z.string(),
  market: StockMarket,
  name: z.string(),
  otherName: z.string(),
  currency: Currency,
  price: z.number().nullable(),
  changePercent: z.number().nullable(),
})
export type MarketMover = z.infer<typeof MarketMover>

export const DiagnosedStock = MarketMover.extend({
  /** Browsers that opened its diagnosis today (a member's view counts once, by the browser it was opened in). */
  views: z.number().int(),
})
export type DiagnosedStock = z.infer<typeof DiagnosedStock>

export const MarketOverviewAnswer = z.object({
  ...DataStamp,
  market: StockMarket,
  benchmark: MarketBenchmarkSummary,
  breadth: MarketBreadth,
  sectors: z.array(SectorTile),
  gainers: z.array(MarketMover),
  losers: z.array(MarketMover),
  /** The day (in the limits' time zone) the views were counted on. */
  diagnosedDay: z.string(),
  mostDiagnosed: z.array(DiagnosedStock),
})
export type MarketOverviewAnswer = z.infer<typeof MarketOverviewAnswer>

/** How many gainers, losers and most-diagnosed stocks the overview lists. */
export const marketMoversShown = 5
