/**
 * The screener's row of one company (ADR 0036), from its diagnosis and its bars: each score, the labels, the ratios,
 * where the price sits in its 52-week range and the return over each period. Pure: no database, no clock. The
 * periods are calendar days back from the as-of session (screener-rules.ts); a return needs a close on or before
 * that day, so a company with less history than the period has none (null), never a return over a shorter span.
 */
import { type ReturnPeriod, returnPeriodDays } from '#contracts/screener-rules.ts'
import { addDays } from '#server/providers/market-data/exchange-calendar.ts'
import { type DailyBar, isPlaceholderBar } from '#server/providers/market-data/market-data.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'
import { lastBarIndexOnOrBefore } from './snapshot-figures.ts'

export interface ScreenFigures {
  price: number | null
  changePercent: number | null
  totalScore: number | null
  scoreFundamentals: number | null
  scoreManagement: number | null
  scoreTrend: number | null
  scoreMarketSize: number | null
  scoreGrossMargin: number | null
  scoreProfitability: number | null
  scoreGrowthPotential: number | null
  scoreCompetitiveAdvantage: number | null
  scoreValuation: number | null
  scoreFinancialHealth: number | null
  technicals: string | null
  capitalFlow: string | null
  fairValue: number | null
  downsideMargin: number | null
  pe: number | null
  pb: number | null
  dividendYield: number | null
  marketCap: number | null
  marketCapUsd: number | null
  week52High: number | null
  week52Low: number | null
  week52Position: number | null
  return1m: number | null
  return3m: number | null
  return6m: number | null
  return1y: number | null
}

/** Highest high and lowest low of the trading sessions in the year up to `asOf`, and where `price` sits (0–1). */
export function measureWeek52(
  bars: readonly DailyBar[],
  asOf: string,
  price: number | null,
): { high: number | null; low: number | null; position: number | null } {
  const last = lastBarIndexOnOrBefore(bars, asOf)
  const from = addDays(asOf, -365)
  let high: number | null = null
  let low: number | null = null
  for (let i = last; i >= 0; i--) {
    const bar = bars[i] as DailyBar
    if (bar.date <= from) break
    // A day without trading is a repeated close, not a price anyone paid.
    if (isPlaceholderBar(bar)) continue
    if (high === null || bar.high > high) high = bar.high
    if (low === null || bar.low < low) low = bar.low
  }
  if (price === null || high === null || low === null) return { high, low, position: null }
  // A price outside the range (a close above the session's reported high) is clamped into it.
  const position = high > low ? Math.min(1, Math.max(0, (price - low) / (high - low))) : null
  return { high, low, position }
}

/**
 * The bars of the year up to `asOf`, oldest first, starting at the last traded session on or before the day a year
 * back: the close a one-year return and a rebased chart start from. A count of sessions cannot promise that (260
 * sessions, placeholder days among them, may end a day or more short of a year); a shorter history is returned
 * whole, and its one-year return stays empty.
 */
export function yearOfBars(bars: readonly DailyBar[], asOf: string): DailyBar[] {
  const last = lastBarIndexOnOrBefore(bars, asOf)
  let first = lastBarIndexOnOrBefore(bars, addDays(asOf, -returnPeriodDays['1y']))
  while (first > 0 && isPlaceholderBar(bars[first] as DailyBar)) first--
  return bars.slice(Math.max(first, 0), last + 1)
}

/** price ÷ the last traded close on or before `period` back from `asOf`, minus 1; null without such a close. */
export function measureReturn(
  bars: readonly DailyBar[],
  asOf: string,
  price: number | null,
  period: ReturnPeriod,
): number | null {
  if (price === null || bars.length === 0) return null
  let index = lastBarIndexOnOrBefore(bars, addDays(asOf, -returnPeriodDays[period]))
  while (index >= 0 && isPlaceholderBar(bars[index] as DailyBar)) index--
  if (index < 0) return null
  const then = (bars[index] as DailyBar).close
  return then > 0 ? price / then - 1 : null
}

export function screenFiguresOf(diagnosis: Diagnosis, bars: readonly DailyBar[]): ScreenFigures {
  const { scores, asOf, price } = diagnosis
  const week52 = measureWeek52(bars, asOf, price)
  return {
    price,
    changePercent: diagnosis.changePercent,
    totalScore: diagnosis.total.value,
    scoreFundamentals: scores.fundamentals?.value ?? null,
    scoreManagement: scores.management?.value ?? null,
    scoreTrend: scores.trend?.value ?? null,
    scoreMarketSize: scores.market_size?.value ?? null,
    scoreGrossMargin: scores.gross_margin?.value ?? null,
    scoreProfitability: scores.profitability?.value ?? null,
    scoreGrowthPotential: scores.growth_potential?.value ?? null,
    scoreCompetitiveAdvantage: scores.competitive_advantage?.value ?? null,
    scoreValuation: scores.valuation?.value ?? null,
    scoreFinancialHealth: scores.financial_health?.value ?? null,
    technicals: diagnosis.technicals.label,
    capitalFlow: diagnosis.capitalFlow.label,
    fairValue: diagnosis.fairValue.value,
    downsideMargin: diagnosis.fairValue.downsideMargin,
    pe: diagnosis.ratios.pe,
    pb: diagnosis.ratios.pb,
    dividendYield: diagnosis.ratios.dividendYield,
    marketCap: diagnosis.marketCap.value,
    marketCapUsd: diagnosis.marketCap.valueUsd,
    week52High: week52.high,
    week52Low: week52.low,
    week52Position: week52.position,
    return1m: measureReturn(bars, asOf, price, '1m'),
    return3m: measureReturn(bars, asOf, price, '3m'),
    return6m: measureReturn(bars, asOf, price, '6m'),
    return1y: measureReturn(bars, asOf, price, '1y'),
  }
}
