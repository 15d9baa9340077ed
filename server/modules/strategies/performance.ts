/**
 * A strategy's performance since inception against its benchmark (issue 15), as a pure function of the
 * rebalances, the holdings' closes and the benchmark index, so the arithmetic is testable by hand.
 *
 * Method `buy-and-hold-between-rebalances-v1`: the strategy starts at 100 on its inception (the first rebalance).
 * On each rebalance's day the whole portfolio is bought at that day's closes at the target weights; until the next
 * rebalance the share counts stay put, so the weights drift with prices. A holding without a close on a day is
 * valued at its last close (a suspension or a holiday of its own); one with no close at all by a rebalance cannot
 * be bought, and its weight is kept as cash (flat) until the next rebalance. No costs, dividends or taxes.
 *
 * The days are the benchmark's trading days from the inception on; the benchmark is rebased to 100 on the first of
 * them, so both lines start together and every figure is over the same days.
 */
import { performanceMethodId } from '#contracts/strategies-rules.ts'
import type { IndexPoint } from '#server/modules/stocks/market-benchmark.ts'

export const PERFORMANCE_METHOD = performanceMethodId

export interface PriceClose {
  date: string
  close: number
}

export interface PerformanceRebalance {
  /** ISO day from which the holdings apply. */
  effectiveOn: string
  /** Weights sum to 1; `key` names the holding's close series in `closes`. */
  holdings: ReadonlyArray<{ key: string; weight: number }>
}

export interface PerformanceFigures {
  /** Since inception, fraction (0.2 = +20%). */
  totalReturn: number
  /** Compound yearly rate; null when the series spans less than a year. */
  annualizedReturn: number | null
  /** Largest fall from a running peak, a fraction ≥ 0 (0.1 = a 10% fall). */
  maxDrawdown: number
}

export interface PerformancePoint {
  date: string
  strategy: number
  benchmark: number
}

export interface StrategyPerformance {
  /** The first day of the series (the inception's trading day). */
  startDate: string
  /** The last day of the series. */
  asOf: string
  series: PerformancePoint[]
  strategy: PerformanceFigures
  benchmark: PerformanceFigures
}

/** Days in a year for annualising (calendar days, leap years averaged). */
const DAYS_PER_YEAR = 365.25

/** The strategy's and the benchmark's series and figures; null when no benchmark day falls on or after inception. */
export function strategyPerformance(input: {
  rebalances: readonly PerformanceRebalance[]
  closes: ReadonlyMap<string, readonly PriceClose[]>
  benchmark: readonly IndexPoint[]
}): StrategyPerformance | null {
  const rebalances = [...input.rebalances].sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn))
  const inception = rebalances[0]?.effectiveOn
  if (inception === undefined) return null
  const days = input.benchmark.filter((point) => point.date >= inception)
  const base = days[0]?.value
  if (base === undefined || base <= 0) return null

  // Each series walked once, in step with the days: the last close seen so far.
  const cursors = new Map<string, { closes: readonly PriceClose[]; next: number; last: number | null }>()
  for (const [key, closes] of input.closes) cursors.set(key, { closes, next: 0, last: null })
  function lastCloseOn(key: string, day: string): number | null {
    const cursor = cursors.get(key)
    if (!cursor) return null
    while (cursor.next < cursor.closes.length && (cursor.closes[cursor.next] as PriceClose).date <= day) {
      cursor.last = (cursor.closes[cursor.next] as PriceClose).close
      cursor.next++
    }
    return cursor.last
  }

  let shares = new Map<string, number>()
  let cash = 100
  let nextRebalance = 0
  const series: PerformancePoint[] = []
  for (const day of days) {
    const prices = new Map<string, number | null>()
    const priceOf = (key: string) => {
      if (!prices.has(key)) prices.set(key, lastCloseOn(key, day.date))
      return prices.get(key) ?? null
    }
    let value = cash
    for (const [key, count] of shares) value += count * (priceOf(key) ?? 0)
    // Every rebalance due by this day (a non-trading effective day applies on the next trading day).
    let due: PerformanceRebalance | undefined
    while (
      nextRebalance < rebalances.length &&
      (rebalances[nextRebalance] as PerformanceRebalance).effectiveOn <= day.date
    ) {
      due = rebalances[nextRebalance]
      nextRebalance++
    }
    if (due) {
      shares = new Map()
      cash = 0
      for (const holding of due.holdings) {
        const price = priceOf(holding.key)
        if (price === null || price <= 0) cash += value * holding.weight
        else shares.set(holding.key, (shares.get(holding.key) ?? 0) + (value * holding.weight) / price)
      }
      // Weights that do not quite sum to 1 (rounding) leave the rest in cash rather than vanish.
      const invested = due.holdings.reduce((sum, holding) => sum + holding.weight, 0)
      cash += value * (1 - invested)
    }
    series.push({ date: day.date, strategy: value, benchmark: (day.value / base) * 100 })
  }

  const first = series[0] as PerformancePoint
  const last = series.at(-1) as PerformancePoint
  return {
    startDate: first.date,
    asOf: last.date,
    series,
    strategy: figuresOf(
      series.map((point) => point.strategy),
      first.date,
      last.date,
    ),
    benchmark: figuresOf(
      series.map((point) => point.benchmark),
      first.date,
      last.date,
    ),
  }
}

/** Return, annualised return (from a year on) and maximum drawdown of a value series between two days. */
export function figuresOf(values: readonly number[], from: string, to: string): PerformanceFigures {
  const start = values[0] ?? 0
  const end = values.at(-1) ?? start
  const totalReturn = start > 0 ? end / start - 1 : 0
  const years = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 / DAYS_PER_YEAR
  const annualizedReturn = years >= 365 / DAYS_PER_YEAR ? (1 + totalReturn) ** (1 / years) - 1 : null
  let peak = Number.NEGATIVE_INFINITY
  let maxDrawdown = 0
  for (const value of values) {
    if (value > peak) peak = value
    else if (peak > 0) maxDrawdown = Math.max(maxDrawdown, 1 - value / peak)
  }
  return { totalReturn, annualizedReturn, maxDrawdown }
}
