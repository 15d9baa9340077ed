/**
 * Support and resistance: the nearest level below and above the last close, chosen among classic floor-trader
 * pivot points of the last completed period and clusters of recent swing highs and lows. Each level says which
 * method produced it. When no level lies on one side, the result says why (for example the price stands at the
 * highest high of the history supplied) instead of inventing one.
 */

import type { LevelException, PivotName } from '#contracts/diagnosis-keys.ts'
import type { DailyBar } from '#server/providers/market-data/market-data.ts'
import type { PivotPoints, PriceLevel, PriceLevels, SwingCluster } from './diagnosis.types.ts'
import type { IndicatorSnapshot, SwingPoint } from './price-indicators.ts'
import { isNearlyEqual, roundTo } from './score-card.ts'

export type PivotPeriod = PivotPoints['periodType']

export interface LevelSettings {
  pivotPeriod: PivotPeriod
  /** Swing points closer than max(atrMultiple × ATR(14), minTolerance × close) are merged into one level. */
  clusterAtrMultiple: number
  clusterMinTolerance: number
}

export const DEFAULT_LEVEL_SETTINGS: LevelSettings = {
  pivotPeriod: 'month',
  clusterAtrMultiple: 0.5,
  clusterMinTolerance: 0.005,
}

/** Classic (floor-trader) pivot points from one period's high, low and close. */
export function computePivotLevels(high: number, low: number, close: number): Record<PivotName, number> {
  const p = (high + low + close) / 3
  const range = high - low
  return {
    S3: low - 2 * (high - p),
    S2: p - range,
    S1: 2 * p - high,
    P: p,
    R1: 2 * p - low,
    R2: p + range,
    R3: high + 2 * (p - low),
  }
}

/** The key of the period a date belongs to: the day itself, the Monday of its ISO week, or `YYYY-MM`. */
export function periodKey(date: string, period: PivotPeriod): string {
  if (period === 'day') return date
  if (period === 'month') return date.slice(0, 7)
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`)
  const dayFromMonday = (d.getUTCDay() + 6) % 7
  d.setUTCDate(d.getUTCDate() - dayFromMonday)
  return d.toISOString().slice(0, 10)
}

/**
 * Pivots of the last completed period. The period holding the last bar is treated as still running (the engine
 * cannot know the exchange calendar), so the pivots come from the period before it.
 */
export function findLastCompletedPeriodPivots(
  bars: readonly DailyBar[],
  period: PivotPeriod,
): PivotPoints | null {
  let i = bars.length - 1
  const last = bars[i]
  if (!last) return null
  const runningKey = periodKey(last.date, period)
  while (i >= 0 && periodKey(bars[i]!.date, period) === runningKey) i--
  const closingBar = bars[i]
  if (!closingBar) return null
  const key = periodKey(closingBar.date, period)
  let high = Number.NEGATIVE_INFINITY
  let low = Number.POSITIVE_INFINITY
  for (; i >= 0 && periodKey(bars[i]!.date, period) === key; i--) {
    const b = bars[i]!
    if (b.high > high) high = b.high
    if (b.low < low) low = b.low
  }
  return {
    periodType: period,
    period: key,
    high,
    low,
    close: closingBar.close,
    levels: computePivotLevels(high, low, closingBar.close),
  }
}

/** Groups swing points whose prices lie within `tolerance` of the running cluster mean. */
export function clusterSwingPoints(points: readonly SwingPoint[], tolerance: number): SwingCluster[] {
  const sorted = [...points].sort((a, b) => a.price - b.price)
  const clusters: SwingCluster[] = []
  let members: SwingPoint[] = []
  let sum = 0
  const flush = () => {
    if (members.length === 0) return
    clusters.push({
      price: sum / members.length,
      touches: members.length,
      kinds: [...new Set(members.map((m) => m.kind))].sort(),
      dates: members.map((m) => m.date).sort(),
    })
  }
  for (const p of sorted) {
    if (members.length > 0 && p.price - sum / members.length > tolerance) {
      flush()
      members = []
      sum = 0
    }
    members.push(p)
    sum += p.price
  }
  flush()
  return clusters
}

export function findPriceLevels(
  bars: readonly DailyBar[],
  snapshot: IndicatorSnapshot,
  settings: LevelSettings = DEFAULT_LEVEL_SETTINGS,
): PriceLevels {
  const close = snapshot.lastClose
  const pivots = findLastCompletedPeriodPivots(bars, settings.pivotPeriod)
  const tolerance =
    close === null
      ? null
      : Math.max(settings.clusterAtrMultiple * (snapshot.atr14 ?? 0), settings.clusterMinTolerance * close)
  const swingClusters = tolerance === null ? [] : clusterSwingPoints(snapshot.swings, tolerance)
  let support: PriceLevel | null = null
  let resistance: PriceLevel | null = null
  if (close !== null && close > 0) {
    const candidates: PriceLevel[] = []
    if (pivots) {
      for (const [name, price] of Object.entries(pivots.levels) as Array<[PivotName, number]>) {
        if (Number.isFinite(price)) {
          candidates.push({
            price,
            method: 'pivot_classic',
            pivot: name,
            touches: null,
            dates: [pivots.period],
            distance: (price - close) / close,
          })
        }
      }
    }
    for (const c of swingClusters) {
      candidates.push({
        price: c.price,
        method: 'swing_cluster',
        pivot: null,
        touches: c.touches,
        dates: c.dates,
        distance: (c.price - close) / close,
      })
    }
    for (const level of candidates) {
      // A level equal to the close (to nine significant digits, e.g. the pivots of a price that never moved) is
      // neither below nor above it.
      if (isNearlyEqual(level.price, close)) continue
      if (level.price < close && (support === null || level.price > support.price)) support = level
      if (level.price > close && (resistance === null || level.price < resistance.price)) resistance = level
    }
  }
  const tooFewBars = close === null || (pivots === null && snapshot.swings.length === 0)
  const resistanceException: LevelException | null = resistance
    ? null
    : tooFewBars
      ? 'insufficient_data'
      : close !== null && (snapshot.highBeforeLast === null || close >= snapshot.highBeforeLast)
        ? 'at_history_high'
        : 'none_above'
  const supportException: LevelException | null = support
    ? null
    : tooFewBars
      ? 'insufficient_data'
      : close !== null && (snapshot.lowBeforeLast === null || close <= snapshot.lowBeforeLast)
        ? 'at_history_low'
        : 'none_below'
  return {
    close,
    closeDate: snapshot.lastDate,
    support: support ? roundLevel(support) : null,
    resistance: resistance ? roundLevel(resistance) : null,
    supportException,
    resistanceException,
    pivots,
    swingClusters,
    historyHigh: snapshot.historyHigh,
    historyLow: snapshot.historyLow,
    swingLookbackBars: snapshot.settings.swingLookback,
    swingWindow: snapshot.settings.swingWindow,
    clusterTolerance: tolerance,
    methods: ['pivot-points-classic', 'swing-clusters'],
  }
}

function roundLevel(level: PriceLevel): PriceLevel {
  // `|| 0`: a tiny negative distance rounds to −0, which JSON would store as 0.
  return { ...level, distance: roundTo(level.distance, 6) || 0 }
}
