/**
 * The monthly pick rule (docs/market-data.md#monthly-picks): which stocks the engine recommends at the start of a
 * month, and the spec §3 fields of each pick. Pure: the refresh runs the engine on the data known at the month's
 * as-of date and hands the results here; the track record is measured later from stored prices.
 *
 * Rule (version `picks-v1`), applied to every company's diagnosis as of the last session before the month's first
 * day (statements only once public, see snapshot-figures.ts):
 * 1. eligible: total score ≥ 60, fair value estimated, margin of safety ≥ 10 % (price at least 10 % below fair
 *    value), financial health not in the distress zone;
 * 2. ranked by total score, then by margin of safety, then by code;
 * 3. the first 30, at most 10 from one market.
 */

import type { PickSuggestion, StockType } from '#contracts/monthly-picks.ts'
import type { Market } from '#contracts/regions.ts'
import type { AnalystConsensus } from '#server/providers/market-data/market-data.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'
import { maxDrawdown } from './snapshot-figures.ts'

export const PICK_RULE_VERSION = 'picks-v1'
export const PICK_MIN_SCORE = 60
export const PICK_MIN_DOWNSIDE_MARGIN = 0.1
export const PICKS_PER_MONTH = 30
export const PICKS_PER_MARKET_MAX = 10
/** Strong buy: total score at least this and margin of safety at least STRONG_BUY_MIN_MARGIN. */
export const STRONG_BUY_MIN_SCORE = 70
export const STRONG_BUY_MIN_MARGIN = 0.25
/** Sessions of closes before the recommendation that the estimated maximum drawdown is measured over. */
export const DRAWDOWN_LOOKBACK_SESSIONS = 250
/** Stock type thresholds. */
export const GROWTH_MIN_REVENUE_CAGR = 0.1
export const DIVIDEND_MIN_YIELD = 0.03

export interface PickCandidate {
  companyId: number
  market: Market
  code: string
  diagnosis: Diagnosis
  /** Closes of the sessions up to and including the as-of date, oldest first (at least the lookback). */
  closes: readonly number[]
  consensus: AnalystConsensus | null
}

export interface ChosenPick {
  companyId: number
  rank: number
  suggestion: PickSuggestion
  stockType: StockType
  dataAsOf: string
  recommendedPrice: number
  analystEstimatedPrice: number
  analystEstimatedPriceSource: 'consensus' | 'fair_value'
  estimatedReturn: number
  estimatedMaxDrawdown: number
  totalScore: number
  fairValue: number
  downsideMargin: number
}

/** Growth (revenue CAGR ≥ 10 %), else dividend (yield ≥ 3 %), else value (P/E or P/B below the industry median), else quality. */
export function classifyStockType(diagnosis: Diagnosis): StockType {
  const r = diagnosis.ratios
  if (r.revenueCagr !== null && r.revenueCagr >= GROWTH_MIN_REVENUE_CAGR) return 'growth'
  if (r.dividendYield !== null && r.dividendYield >= DIVIDEND_MIN_YIELD) return 'dividend'
  const medians = diagnosis.benchmarks?.metrics
  const peMedian = medians?.pe.median ?? null
  const pbMedian = medians?.pb.median ?? null
  if (
    (r.pe !== null && r.pe > 0 && peMedian !== null && r.pe < peMedian) ||
    (r.pb !== null && r.pb > 0 && pbMedian !== null && r.pb < pbMedian)
  )
    return 'value'
  return 'quality'
}

export function suggestionOf(totalScore: number, downsideMargin: number): PickSuggestion {
  return totalScore >= STRONG_BUY_MIN_SCORE && downsideMargin >= STRONG_BUY_MIN_MARGIN ? 'strong_buy' : 'buy'
}

function isEligible(d: Diagnosis): boolean {
  return (
    d.total.value !== null &&
    d.total.value >= PICK_MIN_SCORE &&
    d.price !== null &&
    d.fairValue.value !== null &&
    d.fairValue.downsideMargin !== null &&
    d.fairValue.downsideMargin >= PICK_MIN_DOWNSIDE_MARGIN &&
    d.financialHealth.zone !== 'distress'
  )
}

/** The month's picks from every company's diagnosis at the month's as-of date. */
export function choosePicks(candidates: readonly PickCandidate[]): ChosenPick[] {
  const ranked = candidates
    .filter((c) => isEligible(c.diagnosis))
    .sort(
      (a, b) =>
        (b.diagnosis.total.value as number) - (a.diagnosis.total.value as number) ||
        (b.diagnosis.fairValue.downsideMargin as number) - (a.diagnosis.fairValue.downsideMargin as number) ||
        (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
    )
  const perMarket = new Map<Market, number>()
  const picks: ChosenPick[] = []
  for (const candidate of ranked) {
    if (picks.length >= PICKS_PER_MONTH) break
    const count = perMarket.get(candidate.market) ?? 0
    if (count >= PICKS_PER_MARKET_MAX) continue
    perMarket.set(candidate.market, count + 1)
    const d = candidate.diagnosis
    const price = d.price as number
    const fairValue = d.fairValue.value as number
    const margin = d.fairValue.downsideMargin as number
    const total = d.total.value as number
    const target = candidate.consensus?.targetMean ?? null
    const estimated = target !== null && target > 0 ? target : fairValue
    picks.push({
      companyId: candidate.companyId,
      rank: picks.length + 1,
      suggestion: suggestionOf(total, margin),
      stockType: classifyStockType(d),
      dataAsOf: d.priceDate ?? d.asOf,
      recommendedPrice: price,
      analystEstimatedPrice: estimated,
      analystEstimatedPriceSource: target !== null && target > 0 ? 'consensus' : 'fair_value',
      estimatedReturn: estimated / price - 1,
      estimatedMaxDrawdown: maxDrawdown(candidate.closes.slice(-DRAWDOWN_LOOKBACK_SESSIONS)) ?? 0,
      totalScore: total,
      fairValue,
      downsideMargin: margin,
    })
  }
  return picks
}

/** Track record of a pick: return from the recommended price to the latest close and the worst fall since. */
export function measureTrackRecord(recommendedPrice: number, closesSince: readonly number[]) {
  const latest = closesSince.at(-1)
  if (latest === undefined) return { actualReturn: null, actualMaxDrawdown: null }
  return {
    actualReturn: latest / recommendedPrice - 1,
    actualMaxDrawdown: maxDrawdown([recommendedPrice, ...closesSince]),
  }
}
