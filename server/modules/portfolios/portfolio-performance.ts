/**
 * The portfolio's performance over time against the market's benchmark, as a pure function of its transactions,
 * its stocks' closes and the benchmark index (the stocks module's equal-weight index of our own universe, the one
 * strategies are measured against), so the arithmetic is testable by hand.
 *
 * Method `daily-twr-flows-at-close-v1`, a time-weighted return: each day's return is the change in value not
 * caused by money put in or taken out, r = (V_end − V_start − F) / V_start, where F is the day's net flow (a buy's
 * cost in, a sell's proceeds and a dividend out), counted at the day's close as the value is; on a day that starts
 * from nothing the base is the money put in (the return from the trade prices to the close). The days' returns
 * are chained into an index that starts at 100. A dividend taken out is part of the return. Values are shares × the last close on or before the day (a stock not yet priced: its trade price),
 * converted at today's rates, so the line shows the stocks' moves, not the currencies'. The days are the days any
 * held stock or the benchmark has a close, from the first transaction on.
 *
 * The benchmark is the index of the market with the largest share of today's value, rebased to 100 on the first
 * day of the line; both returns run over the same days.
 */
import type { PortfolioPerformance, PortfolioPerformancePoint } from '#contracts/portfolio-rules.ts'
import type { Market } from '#contracts/regions.ts'
import type { CloseSeries } from '#server/modules/stocks/market-prices.service.ts'
import {
  applyTransaction,
  compareTransactions,
  dayNumber,
  keyOf,
  type LedgerPosition,
  type LedgerTransaction,
} from './portfolio-ledger.ts'

export const PERFORMANCE_METHOD = 'daily-twr-flows-at-close-v1'

/** Points the page draws at most: a longer line keeps every n-th day and its last. */
const POINTS_MAX = 260

export function portfolioPerformance(input: {
  transactions: readonly LedgerTransaction[]
  /** Closes by `market:code`, oldest first, as numbers (the stocks module's CloseSeries). */
  closes: ReadonlyMap<string, CloseSeries>
  /** Units of the base currency per unit of each position's currency, by `market:code`. */
  rateOf: (key: string) => number | undefined
  benchmark: readonly { date: string; value: number }[]
  benchmarkMarket: Market
  benchmarkMethod: string
  /** The last day of the line. */
  today: string
}): PortfolioPerformance | null {
  const transactions = [...input.transactions].sort(compareTransactions)
  const start = transactions[0]?.tradeDate
  if (start === undefined) return null
  // The line's days as numbers, marked in one array from the first transaction on: a walk over hundreds of stocks'
  // years of closes compares numbers, never date texts (ADR 0034 amendment 2).
  const startDay = dayNumber(start)
  const todayDay = dayNumber(input.today)
  const transactionDays = transactions.map((transaction) => dayNumber(transaction.tradeDate))
  const lastDay = Math.max(todayDay, transactionDays.at(-1) ?? todayDay)
  const isDay = new Uint8Array(lastDay - startDay + 1)
  for (const day of transactionDays) isDay[day - startDay] = 1
  for (const series of input.closes.values())
    for (const day of series.days) if (day >= startDay && day <= todayDay) isDay[day - startDay] = 1
  const benchmarkDays = input.benchmark.map((point) => dayNumber(point.date))
  for (const day of benchmarkDays) if (day >= startDay && day <= todayDay) isDay[day - startDay] = 1

  // Each stock by index (a slot): its closes, and its shares, cursor, last price and rate in typed arrays, so the
  // daily walk over every stock reads numbers in a row, not objects.
  const positions = new Map<string, LedgerPosition>()
  const slotOf = new Map<string, number>()
  const slotCount = new Set(transactions.map((transaction) => keyOf(transaction.market, transaction.code)))
    .size
  const slotDays: Int32Array[] = []
  const slotCloses: Float64Array[] = []
  const shares = new Float64Array(slotCount)
  const cursors = new Int32Array(slotCount)
  const lastPrices = new Float64Array(slotCount).fill(Number.NaN)
  const rates = new Float64Array(slotCount)
  const none: CloseSeries = { days: new Int32Array(0), closes: new Float64Array(0) }
  function slotFor(key: string): number {
    let at = slotOf.get(key)
    if (at === undefined) {
      at = slotDays.length
      slotOf.set(key, at)
      const series = input.closes.get(key) ?? none
      slotDays.push(series.days)
      slotCloses.push(series.closes)
      rates[at] = input.rateOf(key) ?? 0
    }
    return at
  }
  let next = 0
  let level = 100
  let previousValue = 0
  let benchmarkCursor = 0
  let benchmarkLast: number | null = null
  let benchmarkBase: number | null = null
  const lineDays: number[] = []
  const levels: number[] = []
  const benchmarkLevels: Array<number | null> = []

  for (let offset = 0; offset < isDay.length; offset++) {
    if (isDay[offset] === 0) continue
    const day = startDay + offset
    let flow = 0
    let inflow = 0
    while (next < transactions.length && transactionDays[next] === day) {
      const transaction = transactions[next] as LedgerTransaction
      next++
      const key = keyOf(transaction.market, transaction.code)
      if (applyTransaction(positions, transaction)) continue
      const slot = slotFor(key)
      shares[slot] = (positions.get(key) as LedgerPosition).quantity
      const rate = rates[slot] as number
      if (transaction.kind === 'buy') {
        const cost = (transaction.quantity * transaction.price + transaction.fee) * rate
        flow += cost
        inflow += cost
        if (Number.isNaN(lastPrices[slot])) lastPrices[slot] = transaction.price
      } else if (transaction.kind === 'sell') {
        flow -= (transaction.quantity * transaction.price - transaction.fee) * rate
      } else if (transaction.kind === 'dividend') {
        flow -= transaction.amount * rate
      } else if (transaction.kind === 'split') {
        if (!Number.isNaN(lastPrices[slot]) && transaction.quantity > 0)
          lastPrices[slot] = (lastPrices[slot] as number) / transaction.quantity
      }
    }
    let value = 0
    for (let slot = 0; slot < slotDays.length; slot++) {
      const days = slotDays[slot] as Int32Array
      const start = cursors[slot] as number
      let at = start
      while (at < days.length && (days[at] as number) <= day) at++
      if (at > start) {
        lastPrices[slot] = (slotCloses[slot] as Float64Array)[at - 1] as number
        cursors[slot] = at
      }
      const quantity = shares[slot] as number
      if (quantity <= 0) continue
      const price = lastPrices[slot] as number
      value += quantity * (Number.isNaN(price) ? 0 : price) * (rates[slot] as number)
    }
    const base = previousValue > 0 ? previousValue : inflow
    if (base > 0) level *= 1 + (value - previousValue - flow) / base
    previousValue = value

    while (benchmarkCursor < benchmarkDays.length && (benchmarkDays[benchmarkCursor] as number) <= day) {
      benchmarkLast = (input.benchmark[benchmarkCursor] as { value: number }).value
      benchmarkCursor++
    }
    if (benchmarkBase === null && benchmarkLast !== null) benchmarkBase = benchmarkLast
    lineDays.push(day)
    levels.push(level)
    benchmarkLevels.push(
      benchmarkLast !== null && benchmarkBase ? (benchmarkLast / benchmarkBase) * 100 : null,
    )
  }
  const count = lineDays.length
  if (count === 0) return null
  const lastLevel = levels[count - 1] as number
  const lastBenchmark = benchmarkLevels[count - 1] ?? null
  const series: PortfolioPerformancePoint[] = keptIndexes(count).map((index) => ({
    date: isoDayOf(lineDays[index] as number),
    portfolio: levels[index] as number,
    benchmark: benchmarkLevels[index] ?? null,
  }))
  return {
    method: PERFORMANCE_METHOD,
    benchmarkMethod: input.benchmarkMethod,
    benchmarkMarket: input.benchmarkMarket,
    startDate: start,
    asOf: isoDayOf(lineDays[count - 1] as number),
    portfolioReturn: lastLevel / 100 - 1,
    benchmarkReturn: lastBenchmark === null ? null : lastBenchmark / 100 - 1,
    series,
  }
}

function isoDayOf(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10)
}

/** Every n-th point when the line is longer than the page draws, and the last. */
function keptIndexes(count: number): number[] {
  if (count <= POINTS_MAX) return Array.from({ length: count }, (_, index) => index)
  const step = Math.ceil(count / POINTS_MAX)
  const kept: number[] = []
  for (let index = 0; index < count; index += step) kept.push(index)
  if (kept.at(-1) !== count - 1) kept.push(count - 1)
  return kept
}
