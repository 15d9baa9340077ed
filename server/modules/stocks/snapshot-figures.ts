/**
 * Pure figures the refresh derives around an engine run: what was known on a past date (statements after their
 * publication lag, the consensus published by then), the columns a snapshot is listed by, volume against its
 * 20-session average, and drawdowns. No database, no clock.
 */
import type { Market } from '#contracts/regions.ts'
import { addDays } from '#server/providers/market-data/exchange-calendar.ts'
import {
  type AnalystConsensus,
  type AnnualFundamentals,
  type DailyBar,
  isPlaceholderBar,
} from '#server/providers/market-data/market-data.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'

/**
 * Days from a fiscal year's end until its statements are public, per market (about the filing deadlines: US 10-K
 * 60 days for large filers, Hong Kong 3 months, Japan's tanshin about 45–50 days, Korea 90 days with most earlier).
 * A diagnosis of a past date uses only statements public by then, so a pick's track record has no look-ahead.
 */
export const reportLagDays: Record<Market, number> = { us: 60, hk: 90, jp: 50, kr: 75 }

/** Statements that were public on `asOf`. */
export function publishedFundamentals(
  fundamentals: readonly AnnualFundamentals[],
  market: Market,
  asOf: string,
): AnnualFundamentals[] {
  return fundamentals.filter((year) => addDays(year.periodEnd, reportLagDays[market]) <= asOf)
}

/** The latest consensus published on or before `asOf` (history oldest first), or null. */
export function consensusOn(history: readonly AnalystConsensus[], asOf: string): AnalystConsensus | null {
  let found: AnalystConsensus | null = null
  for (const consensus of history) {
    if (consensus.asOf.slice(0, 10) <= asOf) found = consensus
    else break
  }
  return found
}

/** Index of the last bar dated on or before `date`, or -1. Bars oldest first. */
export function lastBarIndexOnOrBefore(bars: readonly DailyBar[], date: string): number {
  let lo = 0
  let hi = bars.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if ((bars[mid] as DailyBar).date <= date) {
      found = mid
      lo = mid + 1
    } else hi = mid - 1
  }
  return found
}

export const VOLUME_AVERAGE_SESSIONS = 20

export interface VolumeFigures {
  volume: number | null
  /** Mean volume of the 20 sessions before the as-of session. */
  volumeAverage20: number | null
  /** volume ÷ volumeAverage20. */
  volumeRatio: number | null
}

/**
 * The as-of bar's volume against the average of the 20 sessions before it. Placeholder bars (days without trading,
 * market-data.ts) are not sessions: counted in, their zero volume would make an ordinary day after a suspension look
 * like a crowd. On a placeholder day itself the volume is 0, as delivered.
 */
export function measureVolume(bars: readonly DailyBar[], asOf: string): VolumeFigures {
  const last = lastBarIndexOnOrBefore(bars, asOf)
  if (last < 0) return { volume: null, volumeAverage20: null, volumeRatio: null }
  const volume = (bars[last] as DailyBar).volume
  let sum = 0
  let sessions = 0
  for (let i = last - 1; i >= 0 && sessions < VOLUME_AVERAGE_SESSIONS; i--) {
    const bar = bars[i] as DailyBar
    if (isPlaceholderBar(bar)) continue
    sum += bar.volume
    sessions++
  }
  if (sessions < VOLUME_AVERAGE_SESSIONS) return { volume, volumeAverage20: null, volumeRatio: null }
  const average = sum / VOLUME_AVERAGE_SESSIONS
  return { volume, volumeAverage20: average, volumeRatio: average > 0 ? volume / average : null }
}

/**
 * Largest peak-to-trough fall of a series of closes, as a non-positive fraction (−0.25 = a 25 % fall from the
 * highest close before it). 0 when the series never falls; null for an empty series.
 */
export function maxDrawdown(closes: readonly number[]): number | null {
  if (closes.length === 0) return null
  let peak = closes[0] as number
  let worst = 0
  for (const close of closes) {
    if (close > peak) peak = close
    else if (peak > 0) worst = Math.min(worst, close / peak - 1)
  }
  return worst
}

/** The columns a snapshot is sorted and filtered by, taken from the diagnosis (and the bars for volume). */
export function snapshotColumnsOf(diagnosis: Diagnosis, bars: readonly DailyBar[]) {
  const volume = measureVolume(bars, diagnosis.asOf)
  return {
    totalScore: diagnosis.total.value,
    price: diagnosis.price,
    previousClose: diagnosis.previousClose,
    fairValue: diagnosis.fairValue.value,
    downsideMargin: diagnosis.fairValue.downsideMargin,
    pe: diagnosis.ratios.pe,
    marketCap: diagnosis.marketCap.value,
    marketCapUsd: diagnosis.marketCap.valueUsd,
    support: diagnosis.levels.support?.price ?? null,
    resistance: diagnosis.levels.resistance?.price ?? null,
    analystRating: diagnosis.analyst?.rating ?? null,
    profitabilityRating: diagnosis.profitabilityRating,
    healthZone: diagnosis.financialHealth.zone,
    technicals: diagnosis.technicals.label,
    capitalFlow: diagnosis.capitalFlow.label,
    volume: volume.volume,
    volumeAverage20: volume.volumeAverage20,
    volumeRatio: volume.volumeRatio,
    priceMove: diagnosis.changePercent,
  }
}

export type SnapshotColumns = ReturnType<typeof snapshotColumnsOf>
