/**
 * From daily bars and the diagnosis's price levels to what the price chart draws: candles, volume bars (shaded by
 * the day's direction) and the support and resistance lines with the method that produced each. Pure, so the
 * mapping is tested without a browser; the chart library itself is loaded only in the browser.
 */
import type { PriceBar, StockDiagnosis } from '#contracts/stock-diagnosis.ts'

export type { PriceBar }
export type DiagnosisLevels = StockDiagnosis['levels']
export type DiagnosisLevel = NonNullable<DiagnosisLevels['support']>

export interface CandlePoint {
  time: string
  open: number
  high: number
  low: number
  close: number
}

export interface VolumePoint {
  time: string
  value: number
  color: string
}

export interface LevelLine {
  kind: 'support' | 'resistance'
  level: DiagnosisLevel
}

/** About one year of sessions: enough to see the swing points the levels come from (250-session window). */
export const chartSessions = 260

/** The latest `sessions` bars, ascending by date, one per date, with only finite prices. */
export function chartBarsOf(bars: readonly PriceBar[], sessions = chartSessions): PriceBar[] {
  const byDate = new Map<string, PriceBar>()
  for (const bar of bars) {
    if ([bar.open, bar.high, bar.low, bar.close].every(Number.isFinite)) byDate.set(bar.date, bar)
  }
  return [...byDate.values()]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .slice(-sessions)
}

export function candlesOf(bars: readonly PriceBar[]): CandlePoint[] {
  return bars.map((b) => ({ time: b.date, open: b.open, high: b.high, low: b.low, close: b.close }))
}

/** Volume in the colour of the day's move, faded so it stays behind the candles. */
export function volumesOf(bars: readonly PriceBar[], colors: { up: string; down: string }): VolumePoint[] {
  return bars.map((b) => ({
    time: b.date,
    value: Number.isFinite(b.volume) ? b.volume : 0,
    color: b.close >= b.open ? colors.up : colors.down,
  }))
}

/** The nearest support below and resistance above the close, when the diagnosis found them. */
export function levelLinesOf(levels: Pick<DiagnosisLevels, 'support' | 'resistance'>): LevelLine[] {
  const lines: LevelLine[] = []
  if (levels.resistance) lines.push({ kind: 'resistance', level: levels.resistance })
  if (levels.support) lines.push({ kind: 'support', level: levels.support })
  return lines
}

/**
 * Below this width (a phone) the chart leaves the level lines' names out of the plot: drawn at the right end of
 * their line they covered the latest two months of bars (issue 9). Their price stays on the price axis, in the
 * line's colour, and the legend and the levels below the chart say which is which.
 */
export const narrowChartWidth = 640

/** Candle spacing on a phone, in pixels: about the last four months fit; older bars are a swipe away. */
export const narrowBarSpacing = 3

/** What a level line says inside the plot: nothing on a phone, its kind and method from the tablet up. */
export function levelLineTitle(
  line: LevelLine,
  chartWidth: number,
  titles: { support: string; resistance: string },
): string {
  if (chartWidth < narrowChartWidth) return ''
  return `${titles[line.kind]} · ${line.level.description}`
}

export interface PriceRange {
  minValue: number
  maxValue: number
}

/**
 * The price range the chart scales to: the visible bars' own, widened to take in the support and resistance lines,
 * so a level beyond the bars shown (on a phone, the last few months) still shows with its label.
 */
export function priceRangeWithLevels(
  range: PriceRange | null,
  levels: Pick<DiagnosisLevels, 'support' | 'resistance'>,
): PriceRange | null {
  const prices = levelLinesOf(levels).map((line) => line.level.price)
  if (prices.length === 0) return range
  return {
    minValue: Math.min(range?.minValue ?? Number.POSITIVE_INFINITY, ...prices),
    maxValue: Math.max(range?.maxValue ?? Number.NEGATIVE_INFINITY, ...prices),
  }
}
