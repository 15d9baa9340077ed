/**
 * Analyst portfolio tracking (issue 15; contracts/benefits.ts `analystTracking`, Plus and Premium): the analysts'
 * monthly picks followed as one portfolio against the market. Zod-free answer shapes: the page reads them from its
 * loader (server/modules/stocks/picks-tracking.ts computes them); there is no separate API call.
 *
 * Method: each month's picks are held in equal weight from their recommendation day's close (the price the pick
 * shows as "price then") to their latest close; the month's return is the plain average of its picks' returns.
 * Each pick is compared with its own market's benchmark over the same days (server/modules/stocks/market-benchmark.ts:
 * an equal-weight index of the market's companies), so a month of several markets is compared with the same mix.
 */
import type { LockReason } from './benefits.ts'
import type { Market } from './regions.ts'

/** One pick's outcome, as the month's best or worst. */
export interface PickOutcome {
  code: string
  market: Market
  name: string
  /** Since the recommendation day's close, as a fraction (0.05 = +5%). */
  return: number
}

export interface TrackedMonth {
  month: string
  /** Picks with a return (the ones the reader sees). */
  picks: number
  averageReturn: number | null
  /** Share of the picks that gained. */
  winRate: number | null
  best: PickOutcome | null
  worst: PickOutcome | null
  /** The same picks' own-market benchmarks over the same days, averaged alike. */
  benchmarkReturn: number | null
  /** averageReturn − benchmarkReturn. */
  excessReturn: number | null
}

/** Every month together: every pick weighted equally, each from its own recommendation day. */
export interface TrackingSummary {
  months: number
  picks: number
  averageReturn: number | null
  winRate: number | null
  best: PickOutcome | null
  worst: PickOutcome | null
  benchmarkReturn: number | null
  excessReturn: number | null
  /** Months whose picks did better than their benchmark, of the months compared. */
  monthsAhead: number
  monthsCompared: number
}

export interface PicksTracking {
  months: TrackedMonth[]
  overall: TrackingSummary
  /** The benchmark's method id (e.g. equal-weight-universe-v1) and last day with prices. */
  benchmarkMethod: string
  asOf: string | null
  isDemo: boolean
}

export type PicksTrackingAnswer =
  | { state: 'open'; tracking: PicksTracking }
  | { state: 'locked'; lock: LockReason }
