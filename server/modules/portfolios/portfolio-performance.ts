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
import {
  applyTransaction,
  compareTransactions,
  keyOf,
  type LedgerPosition,
  type LedgerTransaction,
} from './portfolio-ledger.ts'

export const PERFORMANCE_METHOD = 'daily-twr-flows-at-close-v1'

/** Points the page draws at most: a longer line keeps every n-th day and its last. */
const POINTS_MAX = 260

export interface DayClose {
  date: string
  close: number
}

export function portfolioPerformance(input: {
  transactions: readonly LedgerTransaction[]
  /** Closes by `market:code`, oldest first. */
  closes: ReadonlyMap<string, readonly DayClose[]>
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
  const daySet = new Set<string>()
  for (const transaction of transactions) daySet.add(transaction.tradeDate)
  for (const closes of input.closes.values())
    for (const close of closes) if (close.date >= start && close.date <= input.today) daySet.add(close.date)
  for (const point of input.benchmark)
    if (point.date >= start && point.date <= input.today) daySet.add(point.date)
  const days = [...daySet].sort()

  // Each stock by index, with its closes, cursor, last price and rate, so the daily loop reads arrays, not maps.
  const positions = new Map<string, LedgerPosition>()
  const slotOf = new Map<string, number>()
  const slots: {
    position: LedgerPosition
    closes: readonly DayClose[]
    cursor: number
    lastPrice: number | undefined
    rate: number
  }[] = []
  function slotFor(key: string) {
    let at = slotOf.get(key)
    if (at === undefined) {
      at = slots.length
      slotOf.set(key, at)
      slots.push({
        position: positions.get(key) as LedgerPosition,
        closes: input.closes.get(key) ?? [],
        cursor: 0,
        lastPrice: undefined,
        rate: input.rateOf(key) ?? 0,
      })
    }
    return slots[at] as (typeof slots)[number]
  }
  let next = 0
  let level = 100
  let previousValue = 0
  let benchmarkCursor = 0
  let benchmarkLast: number | null = null
  let benchmarkBase: number | null = null
  const series: PortfolioPerformancePoint[] = []

  for (const day of days) {
    let flow = 0
    let inflow = 0
    while (next < transactions.length && (transactions[next] as LedgerTransaction).tradeDate === day) {
      const transaction = transactions[next] as LedgerTransaction
      next++
      const key = keyOf(transaction.market, transaction.code)
      if (applyTransaction(positions, transaction)) continue
      const slot = slotFor(key)
      const rate = slot.rate
      if (transaction.kind === 'buy') {
        const cost = (transaction.quantity * transaction.price + transaction.fee) * rate
        flow += cost
        inflow += cost
        if (slot.lastPrice === undefined) slot.lastPrice = transaction.price
      } else if (transaction.kind === 'sell') {
        flow -= (transaction.quantity * transaction.price - transaction.fee) * rate
      } else if (transaction.kind === 'dividend') {
        flow -= transaction.amount * rate
      } else if (transaction.kind === 'split') {
        if (slot.lastPrice !== undefined && transaction.quantity > 0)
          slot.lastPrice = slot.lastPrice / transaction.quantity
      }
    }
    let value = 0
    for (const slot of slots) {
      const closes = slot.closes
      let at = slot.cursor
      while (at < closes.length && (closes[at] as DayClose).date <= day) {
        slot.lastPrice = (closes[at] as DayClose).close
        at++
      }
      slot.cursor = at
      const quantity = slot.position.quantity
      if (quantity <= 0) continue
      value += quantity * (slot.lastPrice ?? 0) * slot.rate
    }
    const base = previousValue > 0 ? previousValue : inflow
    if (base > 0) level *= 1 + (value - previousValue - flow) / base
    previousValue = value

    while (
      benchmarkCursor < input.benchmark.length &&
      (input.benchmark[benchmarkCursor] as { date: string }).date <= day
    ) {
      benchmarkLast = (input.benchmark[benchmarkCursor] as { value: number }).value
      benchmarkCursor++
    }
    if (benchmarkBase === null && benchmarkLast !== null) benchmarkBase = benchmarkLast
    series.push({
      date: day,
      portfolio: level,
      benchmark: benchmarkLast !== null && benchmarkBase ? (benchmarkLast / benchmarkBase) * 100 : null,
    })
  }
  const last = series.at(-1)
  if (!last) return null
  return {
    method: PERFORMANCE_METHOD,
    benchmarkMethod: input.benchmarkMethod,
    benchmarkMarket: input.benchmarkMarket,
    startDate: start,
    asOf: last.date,
    portfolioReturn: last.portfolio / 100 - 1,
    benchmarkReturn: last.benchmark === null ? null : last.benchmark / 100 - 1,
    series: thin(series),
  }
}

/** Every n-th point when the line is longer than the page draws, and the last. */
function thin(series: PortfolioPerformancePoint[]): PortfolioPerformancePoint[] {
  if (series.length <= POINTS_MAX) return series
  const step = Math.ceil(series.length / POINTS_MAX)
  const kept = series.filter((_, index) => index % step === 0)
  const last = series.at(-1) as PortfolioPerformancePoint
  if (kept.at(-1) !== last) kept.push(last)
  return kept
}
