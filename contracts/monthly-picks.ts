/**
 * Wire shapes of the monthly picks (spec §3, §7):
 *
 *   GET /home/listGains            MonthlyPicksQuery   → MonthlyPicksAnswer (monthly picks and their track record)
 *
 * The conventions of every stocks answer (contracts/stocks.ts) hold here too. The analysts' portfolio tracking
 * built on these picks is contracts/picks-tracking.ts.
 */
import { z } from 'zod'
import { Currency, DataStamp, MarketFilter, positiveInt, StockMarket } from './stocks.ts'

export const PickSuggestion = z.enum(['strong_buy', 'buy'])
export type PickSuggestion = z.infer<typeof PickSuggestion>
export const StockType = z.enum(['growth', 'dividend', 'value', 'quality'])
export type StockType = z.infer<typeof StockType>

export const MonthlyPicksQuery = z.object({
  market: MarketFilter,
  /** How many recent months to include (the current one first). */
  months: positiveInt(24, 6),
})
export type MonthlyPicksQuery = z.infer<typeof MonthlyPicksQuery>

/** A monthly stock pick (spec §3) with its track record since the recommendation. */
export const MonthlyPick = z.object({
  month: z.string(),
  rank: z.number().int(),
  code: z.string(),
  market: StockMarket,
  /** Company name in the caller's language; nameEn and nameZh both present. */
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  currency: Currency,
  suggestion: PickSuggestion,
  stockType: StockType,
  /** Last close before the recommendation (the price a reader could act on). */
  recommendedPrice: z.number(),
  /** Analysts' mean target at the time; the engine's fair value when no consensus existed. */
  analystEstimatedPrice: z.number(),
  analystEstimatedPriceSource: z.enum(['consensus', 'fair_value']),
  /** (analyst estimated price − recommended price) ÷ recommended price. */
  estimatedReturn: z.number(),
  /** Largest peak-to-trough fall of the close over the 250 sessions before the recommendation (negative). */
  estimatedMaxDrawdown: z.number(),
  /** Recommendation time: the first day of the month (YYYY-MM-DD); data as of the session before it (`dataAsOf`). */
  recommendedAt: z.string(),
  dataAsOf: z.string(),
  score: z.number(),
  fairValue: z.number(),
  downsideMargin: z.number(),
  /** Track record: latest close, its date, the return since the recommendation and the worst fall since. */
  latestPrice: z.number().nullable(),
  latestPriceDate: z.string().nullable(),
  actualReturn: z.number().nullable(),
  actualMaxDrawdown: z.number().nullable(),
  isDemo: z.boolean(),
})
export type MonthlyPick = z.infer<typeof MonthlyPick>

export const MonthlyPicksMonth = z.object({
  month: z.string(),
  recommendedAt: z.string(),
  /** Picks the reader may see this month (the current month is limited by tier, spec §6). */
  picks: z.array(MonthlyPick),
  /** Picks of this month the reader's tier does not show. */
  lockedCount: z.number().int(),
  /** Mean actual return of the month's picks (all of them, shown or not) and the share that gained. */
  averageReturn: z.number().nullable(),
  winRate: z.number().nullable(),
})
export type MonthlyPicksMonth = z.infer<typeof MonthlyPicksMonth>

export const MonthlyPicksAnswer = z.object({
  ...DataStamp,
  market: StockMarket.nullable(),
  months: z.array(MonthlyPicksMonth),
  /** Over every pick of the completed months in the answer. */
  trackRecord: z.object({
    picks: z.number().int(),
    averageReturn: z.number().nullable(),
    winRate: z.number().nullable(),
  }),
  /** The rule that chose the picks, in the caller's language. */
  rule: z.string(),
})
export type MonthlyPicksAnswer = z.infer<typeof MonthlyPicksAnswer>
