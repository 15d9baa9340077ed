/**
 * A market at a glance (issue 28, `/markets/:market`): its benchmark over a day, a week, a month and a year with a
 * year's chart, the breadth of its latest session, a sector map by the session's change, the day's top movers and
 * the stocks readers diagnose most today.
 *
 * - Benchmark: our own equal-weight index of the market's companies (`marketBenchmark`, `equal-weight-universe-v1`);
 *   the product licenses no exchange index, so the page names it as ours. A period's change is the last level over
 *   the last level on or before the period's start (calendar days back from the as-of day, as the screener's
 *   returns); none when the index does not reach that far back (never a change over a shorter span).
 * - Breadth and sectors count the companies whose screen row is of the market's latest session (an older row is
 *   another day's move). A new 52-week high: the session traded and its own high is the highest high of the year up
 *   to it (`week52High` includes the session, screen-figures.ts), for a company with a year of history
 *   (`return1y` known); lows alike.
 * - A sector's change is weighted by market capitalisation (US dollars) over its companies with both figures; its
 *   tile's size is its share of the capitalisation of the companies with one.
 *
 * The computations are pure and exported for the tests; `createMarketOverview` reads and stamps.
 */
import {
  type BenchmarkPeriod,
  type DiagnosedStock,
  type MarketBenchmarkSummary,
  type MarketBreadth,
  type MarketMover,
  type MarketOverviewAnswer,
  MarketOverviewQuery,
  marketMoversShown,
  type SectorTile,
} from '#contracts/market-overview.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import { calendarOf } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { addDays } from '#server/providers/market-data/exchange-calendar.ts'
import { BENCHMARK_METHOD, type IndexPoint, marketBenchmark } from './market-benchmark.ts'
import { type OverviewRow, selectMostDiagnosed, selectOverviewRows } from './market-overview.repo.ts'
import { type AnswerCache, type DataStamps, parseInput } from './stock-answers.ts'

/** Calendar days back from the as-of day of each period but the day (which is one session back). */
export const benchmarkPeriodDays: Record<Exclude<BenchmarkPeriod, 'day'>, number> = {
  week: 7,
  month: 30,
  year: 365,
}

/** The benchmark's change over each period from its points (oldest first). */
export function benchmarkChanges(points: readonly IndexPoint[]): MarketBenchmarkSummary['changes'] {
  const last = points.at(-1)
  const previous = points.at(-2)
  const changeFrom = (base: IndexPoint | undefined) =>
    last && base && base.value > 0 ? last.value / base.value - 1 : null
  const onOrBefore = (day: string) => {
    for (let i = points.length - 1; i >= 0; i--) {
      const point = points[i] as IndexPoint
      if (point.date <= day) return point
    }
    return undefined
  }
  if (!last) return { day: null, week: null, month: null, year: null }
  return {
    day: changeFrom(previous),
    week: changeFrom(onOrBefore(addDays(last.date, -benchmarkPeriodDays.week))),
    month: changeFrom(onOrBefore(addDays(last.date, -benchmarkPeriodDays.month))),
    year: changeFrom(onOrBefore(addDays(last.date, -benchmarkPeriodDays.year))),
  }
}

/** The points the chart draws: the year up to the last point, from the level the year's change starts at. */
export function lastYearOf(points: readonly IndexPoint[]): IndexPoint[] {
  const last = points.at(-1)
  if (!last) return []
  const from = addDays(last.date, -benchmarkPeriodDays.year)
  let start = points.findIndex((point) => point.date > from)
  if (start > 0) start-- // the base level: the last on or before the year's start
  return points
    .slice(Math.max(0, start))
    .map((p) => ({ date: p.date, value: Math.round(p.value * 100) / 100 }))
}

/** The rows of the market's latest session (the newest as-of date among them). */
export function latestSessionRows<R extends { asOf: string }>(
  rows: readonly R[],
): { session: string | null; rows: R[] } {
  const session = rows.reduce<string | null>(
    (latest, row) => (!latest || row.asOf > latest ? row.asOf : latest),
    null,
  )
  return { session, rows: rows.filter((row) => row.asOf === session) }
}

type BreadthRow = Pick<
  OverviewRow,
  | 'asOf'
  | 'changePercent'
  | 'week52High'
  | 'week52Low'
  | 'return1y'
  | 'sessionHigh'
  | 'sessionLow'
  | 'sessionPlaceholder'
>

export function breadthOf(rows: readonly BreadthRow[]): MarketBreadth {
  const latest = latestSessionRows(rows)
  const breadth: MarketBreadth = {
    session: latest.session,
    advancing: 0,
    declining: 0,
    unchanged: 0,
    unknown: 0,
    newHighs: 0,
    newLows: 0,
  }
  for (const row of latest.rows) {
    const change = row.changePercent
    if (change === null || !Number.isFinite(change)) breadth.unknown++
    else if (change > 0) breadth.advancing++
    else if (change < 0) breadth.declining++
    else breadth.unchanged++
    // A session that did not trade sets no record, and a company without a year of history has no year to beat.
    const traded = row.sessionHigh !== null && row.sessionLow !== null && row.sessionPlaceholder !== true
    if (!traded || row.return1y === null) continue
    if (row.week52High !== null && (row.sessionHigh as number) >= row.week52High) breadth.newHighs++
    if (row.week52Low !== null && (row.sessionLow as number) <= row.week52Low) breadth.newLows++
  }
  return breadth
}

type SectorRow = Pick<OverviewRow, 'asOf' | 'sector' | 'changePercent' | 'marketCapUsd'>

/** Sectors of the latest session, largest share of capitalisation first (ties by name). */
export function sectorTilesOf(rows: readonly SectorRow[]): SectorTile[] {
  const { rows: session } = latestSessionRows(rows)
  const sums = new Map<
    SectorTile['sector'],
    { cap: number; weighted: number; weight: number; companies: number }
  >()
  let totalCap = 0
  for (const row of session) {
    const sum = sums.get(row.sector) ?? { cap: 0, weighted: 0, weight: 0, companies: 0 }
    sum.companies++
    const cap =
      row.marketCapUsd !== null && Number.isFinite(row.marketCapUsd) && row.marketCapUsd > 0
        ? row.marketCapUsd
        : null
    if (cap !== null) {
      sum.cap += cap
      totalCap += cap
      if (row.changePercent !== null && Number.isFinite(row.changePercent)) {
        sum.weighted += cap * row.changePercent
        sum.weight += cap
      }
    }
    sums.set(row.sector, sum)
  }
  return [...sums.entries()]
    .map(([sector, sum]) => ({
      sector,
      changePercent: sum.weight > 0 ? sum.weighted / sum.weight : null,
      capShare: totalCap > 0 ? sum.cap / totalCap : 0,
      companies: sum.companies,
    }))
    .sort((a, b) => b.capShare - a.capShare || a.sector.localeCompare(b.sector))
}

type MoverRow = Pick<
  OverviewRow,
  'asOf' | 'code' | 'nameEn' | 'nameZh' | 'currency' | 'price' | 'changePercent'
>

function moverOf(row: Omit<MoverRow, 'asOf'>, market: Market, locale: Locale): MarketMover {
  const [name, otherName] = locale === 'zh-Hant' ? [row.nameZh, row.nameEn] : [row.nameEn, row.nameZh]
  return {
    code: row.code,
    market,
    name,
    otherName,
    currency: row.currency,
    price: row.price,
    changePercent: row.changePercent,
  }
}

/** The session's largest rises (above zero) and falls (below zero), `count` each; ties by code. */
export function topMoversOf(
  rows: readonly MoverRow[],
  market: Market,
  locale: Locale,
  count = marketMoversShown,
): { gainers: MarketMover[]; losers: MarketMover[] } {
  const moved = latestSessionRows(rows).rows.filter(
    (row): row is MoverRow & { changePercent: number } =>
      row.changePercent !== null && Number.isFinite(row.changePercent),
  )
  const byCode = (a: MoverRow, b: MoverRow) => a.code.localeCompare(b.code)
  const gainers = moved
    .filter((row) => row.changePercent > 0)
    .sort((a, b) => b.changePercent - a.changePercent || byCode(a, b))
  const losers = moved
    .filter((row) => row.changePercent < 0)
    .sort((a, b) => a.changePercent - b.changePercent || byCode(a, b))
  return {
    gainers: gainers.slice(0, count).map((row) => moverOf(row, market, locale)),
    losers: losers.slice(0, count).map((row) => moverOf(row, market, locale)),
  }
}

export function createMarketOverview({
  db,
  config,
  clock,
  stamps,
  cached,
}: {
  db: Db
  config: Config
  clock: Clock
  stamps: DataStamps
  cached: AnswerCache
}) {
  function getMarketOverview(market: Market, locale: Locale): Promise<MarketOverviewAnswer> {
    const input = parseInput(MarketOverviewQuery, { market })
    const day = calendarOf(clock.now(), config.limitsTimeZone).day
    return cached(`market-overview:${input.market}:${locale}:${day}`, async () => {
      const [rows, diagnosed] = await Promise.all([
        selectOverviewRows(db, input.market),
        selectMostDiagnosed(db, input.market, day, marketMoversShown),
      ])
      const { session } = latestSessionRows(rows)
      // A little over a year, so the year's change has a level on or before its start.
      const benchmark = session
        ? await marketBenchmark(db, input.market, addDays(session, -(benchmarkPeriodDays.year + 10)), session)
        : null
      const points = benchmark?.points ?? []
      const isDemo = rows.some((row) => row.isDemo) || benchmark?.isDemo === true
      const asOf = session ?? benchmark?.asOf ?? null
      const mostDiagnosed: DiagnosedStock[] = diagnosed.map((row) => ({
        ...moverOf(row, input.market, locale),
        views: row.views,
      }))
      return {
        isDemo,
        asOf,
        stale: stamps.isStale(input.market, asOf),
        market: input.market,
        benchmark: {
          method: benchmark?.method ?? BENCHMARK_METHOD,
          constituents: benchmark?.constituents ?? 0,
          asOf: benchmark?.asOf ?? null,
          isDemo: benchmark?.isDemo ?? false,
          changes: benchmarkChanges(points),
          points: lastYearOf(points),
        },
        breadth: breadthOf(rows),
        sectors: sectorTilesOf(rows),
        ...topMoversOf(rows, input.market, locale),
        diagnosedDay: day,
        mostDiagnosed,
      }
    })
  }

  return { getMarketOverview }
}
