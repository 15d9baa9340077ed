/**
 * A market's benchmark index, computed from our own daily bars (issue 15): strategies and the analysts' picks are
 * measured against it, so it must come from the same prices their value does, not from an index provider we do not
 * license. It reads this module's tables, so it lives here; strategies ask for it through market-prices.service.ts.
 *
 * Method `equal-weight-universe-v1` (an equal-weighted index rebalanced daily, as in S&P's "Equal Weight Index"
 * methodology, and the "1/N" portfolio of DeMiguel, Garlappi & Uppal, Review of Financial Studies 22(5), 2009):
 * on every trading day of the market (a day on which any of its companies has a bar), the index moves by the plain
 * average of the close-to-close returns of the market's companies that have a close on both that day and the
 * market's previous trading day. It is 100 on the first day of the window. Companies without a close on either day
 * are left out of that day's average (a suspension, a listing, a delisting); a day no company has two closes for
 * leaves the index flat. Inputs: `stock_daily_bars.close` of every company of `stock_companies` in the market; its
 * as-of date is the last day with a bar; `isDemo` when any of those companies' stored data is demo data.
 *
 * Reading every bar of a market takes a moment, so results are cached per process, keyed by the market, the window
 * and the market's refresh state (its companies' data state: how many, their last bar day and last update), so the
 * next refresh is seen at once without any explicit invalidation.
 */
import { sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { benchmarkMethodId } from '#contracts/strategies-rules.ts'
import { type Db, selectRows } from '#server/db/database.ts'

/** One trading day of an index: its ISO day and level (100 on the first day). */
export interface IndexPoint {
  date: string
  value: number
}

export interface MarketBenchmark {
  market: Market
  /** Stable id of how the index is computed; shown on the page and changed when the method changes. */
  method: string
  points: IndexPoint[]
  /** The last day with a bar in the window; null when there is none. */
  asOf: string | null
  isDemo: boolean
  /** Companies with at least one close in the window. */
  constituents: number
}

export const BENCHMARK_METHOD = benchmarkMethodId

/** Cached benchmarks per database (tests open many) and per key; a small bound keeps a long process in check. */
const cacheByDb = new WeakMap<Db, Map<string, Promise<MarketBenchmark>>>()
const CACHE_ENTRIES_MAX = 64

/** The market's benchmark from `from` (inclusive) to `to` (inclusive; open-ended when absent). */
export async function marketBenchmark(
  db: Db,
  market: Market,
  from: string,
  to?: string,
): Promise<MarketBenchmark> {
  const state = await marketDataStateKey(db, market)
  const key = `${market}|${from}|${to ?? ''}|${state}`
  let cache = cacheByDb.get(db)
  if (!cache) {
    cache = new Map()
    cacheByDb.set(db, cache)
  }
  const hit = cache.get(key)
  if (hit) return hit
  // A new refresh state makes every older entry of this market useless.
  for (const existing of cache.keys()) {
    if (existing.startsWith(`${market}|`) && !existing.endsWith(`|${state}`)) cache.delete(existing)
  }
  if (cache.size >= CACHE_ENTRIES_MAX) cache.delete(cache.keys().next().value as string)
  const value = computeBenchmark(db, market, from, to)
  cache.set(key, value)
  value.catch(() => cache.delete(key))
  return value
}

/** What changes whenever a refresh or an import changes a market's stored bars. */
async function marketDataStateKey(db: Db, market: Market): Promise<string> {
  const rows = await selectRows<{ n: number | string; last: string | null; updated: string | null }>(
    db,
    sql`select count(*) as n, max(s.last_bar_date)::text as last, max(s.updated_at)::text as updated
        from stock_data_state s join stock_companies c on c.id = s.company_id
        where c.market = ${market}`,
  )
  const row = rows[0]
  return `${row?.n ?? 0}/${row?.last ?? ''}/${row?.updated ?? ''}`
}

async function computeBenchmark(db: Db, market: Market, from: string, to?: string): Promise<MarketBenchmark> {
  const [rows, demoRows] = await Promise.all([
    selectRows<{ closes: string | null }>(
      db,
      sql`select string_agg(concat_ws(',', b.date, b.close), ';' order by b.date) as closes
          from stock_daily_bars b join stock_companies c on c.id = b.company_id
          where c.market = ${market} and b.date >= ${from}::date ${to ? sql`and b.date <= ${to}::date` : sql``}
          group by b.company_id`,
    ),
    selectRows<{ demo: boolean | null }>(
      db,
      sql`select bool_or(s.is_demo) as demo from stock_data_state s join stock_companies c on c.id = s.company_id
          where c.market = ${market} and s.last_bar_date is not null`,
    ),
  ])
  const series = rows.map((row) => parseCloses(row.closes))
  return {
    market,
    method: BENCHMARK_METHOD,
    points: equalWeightIndex(series),
    asOf: series.reduce<string | null>((last, closes) => {
      const day = [...closes.keys()].at(-1) ?? null
      return day !== null && (last === null || day > last) ? day : last
    }, null),
    isDemo: demoRows[0]?.demo === true,
    constituents: series.filter((closes) => closes.size > 0).length,
  }
}

function parseCloses(text: string | null): Map<string, number> {
  const closes = new Map<string, number>()
  if (!text) return closes
  for (const entry of text.split(';')) {
    const [date, close] = entry.split(',')
    const value = Number(close)
    if (date && Number.isFinite(value) && value > 0) closes.set(date, value)
  }
  return closes
}

/**
 * The equal-weighted, daily rebalanced index of some close series (each a map of day → close): 100 on the first
 * day any series has, then each day's level times one plus the mean return of the series with a close on that day
 * and the previous one. Exported for the tests.
 */
export function equalWeightIndex(series: ReadonlyArray<ReadonlyMap<string, number>>): IndexPoint[] {
  const days = [...new Set(series.flatMap((closes) => [...closes.keys()]))].sort()
  const points: IndexPoint[] = []
  let level = 100
  for (let i = 0; i < days.length; i++) {
    const day = days[i] as string
    if (i > 0) {
      const previous = days[i - 1] as string
      let sum = 0
      let count = 0
      for (const closes of series) {
        const before = closes.get(previous)
        const now = closes.get(day)
        if (before === undefined || now === undefined) continue
        sum += now / before - 1
        count++
      }
      if (count > 0) level *= 1 + sum / count
    }
    points.push({ date: day, value: level })
  }
  return points
}
