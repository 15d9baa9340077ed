/**
 * Geometry of the compare page's normalised price chart: each stock's closes rebased to 100 on the period's first
 * common day (the latest of the stocks' first days, so every line starts from the same day at 100), drawn on one time
 * axis (calendar days, so markets with different holidays line up) and one value axis with round ticks that always
 * include 100. Drawn by the server as SVG; a stock without closes has no line and is said so by the page.
 */

export interface ChartClose {
  date: string
  close: number
}

export interface RebasedPoint {
  date: string
  /** 100 × close ÷ the close of the start day. */
  value: number
}

export interface CompareChartFrame {
  width: number
  height: number
  /** Room for the axes' labels: left (values), bottom (dates), and the other two edges. */
  padding: { top: number; right: number; bottom: number; left: number }
}

export interface CompareLine {
  /** The SVG path (`M x y L x y …`); '' for a stock without closes in the period. */
  path: string
  /** Where the line ends and its value there (the period's change is value − 100). */
  last: { x: number; y: number; value: number } | null
}

export interface CompareChartGeometry {
  /** The period's first common day and its last day; null when no stock has closes. */
  start: string | null
  end: string | null
  lines: CompareLine[]
  yTicks: { value: number; y: number }[]
  xTicks: { date: string; x: number }[]
  /** Where 100 lies. */
  baseY: number
  plot: { left: number; right: number; top: number; bottom: number }
}

export const wideCompareFrame: CompareChartFrame = {
  width: 720,
  height: 300,
  padding: { top: 12, right: 16, bottom: 28, left: 44 },
}
/** Drawn at about its own size on a 360 px phone, so the axis text stays at 11 px or more. */
export const compactCompareFrame: CompareChartFrame = {
  width: 300,
  height: 210,
  padding: { top: 10, right: 8, bottom: 26, left: 36 },
}

// Tenths of a unit: below a device pixel at any width the frames are drawn.
const round = (n: number) => Math.round(n * 10) / 10
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000
const dateOfDay = (day: number) => new Date(Math.round(day) * 86_400_000).toISOString().slice(0, 10)

/** The latest of the series' first days: the day every line can start from. null when none has a close. */
export function commonStartOf(series: ReadonlyArray<ReadonlyArray<ChartClose>>): string | null {
  const firsts = series.filter((closes) => closes.length > 0).map((closes) => (closes[0] as ChartClose).date)
  if (firsts.length === 0) return null
  return firsts.sort().at(-1) ?? null
}

/**
 * The closes from `start` on, as 100 × close ÷ the start day's close (the last close on or before `start`, drawn at
 * `start`). Closes must be ascending by date; a close that is not a positive number is skipped.
 */
export function rebaseCloses(closes: ReadonlyArray<ChartClose>, start: string): RebasedPoint[] {
  const usable = closes.filter((close) => Number.isFinite(close.close) && close.close > 0)
  let baseIndex = -1
  for (let i = 0; i < usable.length; i++) {
    if ((usable[i] as ChartClose).date <= start) baseIndex = i
    else break
  }
  if (baseIndex < 0) return []
  const base = (usable[baseIndex] as ChartClose).close
  return [
    { date: start, value: 100 },
    ...usable.slice(baseIndex + 1).map((close) => ({ date: close.date, value: (100 * close.close) / base })),
  ]
}

/** Round ticks (a step of 1, 2, 2.5 or 5 × a power of ten) covering min–max in at most `most` steps. */
export function valueTicks(min: number, max: number, most = 5): { low: number; high: number; step: number } {
  const span = Math.max(max - min, 1)
  const raw = span / most
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 2.5, 5, 10].map((f) => f * power).find((s) => s >= raw) ?? 10 * power
  const low = Math.floor(min / step) * step
  const high = Math.ceil(max / step) * step
  return { low, high: high > low ? high : low + step, step }
}

export function compareChartGeometry(
  series: ReadonlyArray<ReadonlyArray<ChartClose>>,
  frame: CompareChartFrame,
): CompareChartGeometry {
  const plot = {
    left: frame.padding.left,
    right: frame.width - frame.padding.right,
    top: frame.padding.top,
    bottom: frame.height - frame.padding.bottom,
  }
  const start = commonStartOf(series)
  const rebased = series.map((closes) => (start ? rebaseCloses(closes, start) : []))
  const all = rebased.flat()
  const end =
    all
      .map((p) => p.date)
      .sort()
      .at(-1) ?? null
  const values = [100, ...all.map((p) => p.value)]
  const ticks = valueTicks(Math.min(...values), Math.max(...values))
  const startDay = start ? dayOf(start) : 0
  const days = end && start ? Math.max(dayOf(end) - startDay, 1) : 1
  const xOf = (date: string) =>
    round(plot.left + ((dayOf(date) - startDay) / days) * (plot.right - plot.left))
  const yOf = (value: number) =>
    round(plot.bottom - ((value - ticks.low) / (ticks.high - ticks.low)) * (plot.bottom - plot.top))

  const lines = rebased.map((points): CompareLine => {
    if (points.length === 0) return { path: '', last: null }
    const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(p.date)} ${yOf(p.value)}`).join('')
    const lastPoint = points[points.length - 1] as RebasedPoint
    return { path, last: { x: xOf(lastPoint.date), y: yOf(lastPoint.value), value: lastPoint.value } }
  })
  const yTicks: { value: number; y: number }[] = []
  for (let value = ticks.low; value <= ticks.high + ticks.step / 1000; value += ticks.step) {
    const rounded = Math.round(value * 1000) / 1000
    yTicks.push({ value: rounded, y: yOf(rounded) })
  }
  const xTicks =
    start && end && end > start
      ? [0, 1 / 3, 2 / 3, 1].map((share) => {
          const date = dateOfDay(startDay + share * days)
          return { date, x: xOf(date) }
        })
      : []
  return { start, end, lines, yTicks, xTicks, baseY: yOf(100), plot }
}
