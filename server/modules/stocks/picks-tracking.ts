/**
 * Analyst portfolio tracking (issue 15; contracts/picks-tracking.ts has the method): the monthly picks a reader may
 * see, followed month by month as one equal-weight portfolio from each pick's recommendation day, against the same
 * period of each pick's own market benchmark (market-benchmark.ts, the one the strategies are measured against).
 *
 * Decides the arithmetic (pure functions below, tested by hand-computed examples) and who may see it: the readers
 * contracts/benefits.ts gives `analystTracking`; others get the lock. Leaves which picks a reader sees to
 * `listMonthlyPicks` (the tier's monthly count), so tracking never reveals a pick the list hides.
 */
import { benefitReaderOf, lockReasonFor } from '#contracts/benefits.ts'
import type { MonthlyPicksAnswer, MonthlyPicksQuery } from '#contracts/monthly-picks.ts'
import type {
  PickOutcome,
  PicksTrackingAnswer,
  TrackedMonth,
  TrackingSummary,
} from '#contracts/picks-tracking.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import type { Reader } from '#server/kernel/reader.ts'
import {
  BENCHMARK_METHOD,
  type IndexPoint,
  type MarketBenchmark,
  marketBenchmark,
} from './market-benchmark.ts'

/** A pick as tracking reads it: its return since recommendation and its market benchmark's over the same days. */
export interface TrackedPickInput {
  code: string
  market: Market
  name: string
  return: number | null
  benchmarkReturn: number | null
}

const mean = (values: readonly number[]) =>
  values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length

function extremes(picks: readonly (TrackedPickInput & { return: number })[]) {
  let best: PickOutcome | null = null
  let worst: PickOutcome | null = null
  for (const pick of picks) {
    const outcome = { code: pick.code, market: pick.market, name: pick.name, return: pick.return }
    if (!best || pick.return > best.return) best = outcome
    if (!worst || pick.return < worst.return) worst = outcome
  }
  return { best, worst }
}

function figuresOf(picks: readonly TrackedPickInput[]) {
  const measured = picks.filter((pick): pick is TrackedPickInput & { return: number } => pick.return !== null)
  const averageReturn = mean(measured.map((pick) => pick.return))
  const benchmarkReturn = mean(
    measured.map((pick) => pick.benchmarkReturn).filter((value): value is number => value !== null),
  )
  return {
    picks: measured.length,
    averageReturn,
    winRate:
      measured.length === 0 ? null : measured.filter((pick) => pick.return > 0).length / measured.length,
    ...extremes(measured),
    benchmarkReturn,
    excessReturn: averageReturn !== null && benchmarkReturn !== null ? averageReturn - benchmarkReturn : null,
  }
}

/**
 * The months' figures and every month together (each pick weighted equally; a pick without a return yet is left
 * out). Months come newest first, as the picks list orders them.
 */
export function trackPicksPortfolio(
  months: readonly { month: string; picks: readonly TrackedPickInput[] }[],
): {
  months: TrackedMonth[]
  overall: TrackingSummary
} {
  const tracked: TrackedMonth[] = months
    .map((month) => ({ month: month.month, ...figuresOf(month.picks) }))
    .filter((month) => month.picks > 0)
  const compared = tracked.filter((month) => month.excessReturn !== null)
  return {
    months: tracked,
    overall: {
      months: tracked.length,
      ...figuresOf(months.flatMap((month) => month.picks)),
      monthsAhead: compared.filter((month) => (month.excessReturn as number) > 0).length,
      monthsCompared: compared.length,
    },
  }
}

/** The index's level on a day: its last point on or before it (the first point when the day comes before). */
function levelOn(points: readonly IndexPoint[], day: string): number | null {
  let level: number | null = null
  for (const point of points) {
    if (point.date > day) break
    level = point.value
  }
  return level ?? points[0]?.value ?? null
}

/** The index's return from one day's close to another's (null without points). */
export function periodReturn(points: readonly IndexPoint[], from: string, to: string): number | null {
  const start = levelOn(points, from)
  const end = levelOn(points, to)
  return start === null || end === null || start === 0 ? null : end / start - 1
}

export function createPicksTrackingService({
  db,
  listMonthlyPicks,
  benchmarkOf = marketBenchmark,
}: {
  db: Db
  listMonthlyPicks: (query: MonthlyPicksQuery, reader: Reader, locale: Locale) => Promise<MonthlyPicksAnswer>
  /** The market benchmark (tests may pass their own). */
  benchmarkOf?: (db: Db, market: Market, from: string, to?: string) => Promise<MarketBenchmark>
}) {
  /** The reader's picks tracked as a portfolio (up to `months` months), or the lock of a reader without it. */
  async function trackAnalystPicks(
    query: { market?: Market | undefined; months?: number },
    reader: Reader,
    locale: Locale,
  ): Promise<PicksTrackingAnswer> {
    const lock = lockReasonFor(benefitReaderOf(reader), (benefits) => benefits.analystTracking)
    if (lock) return { state: 'locked', lock }
    const picks = await listMonthlyPicks(
      { market: query.market, months: query.months ?? 24 } as MonthlyPicksQuery,
      reader,
      locale,
    )
    const all = picks.months.flatMap((month) => month.picks)
    const markets = [...new Set(all.map((pick) => pick.market))]
    // One index per market, from its earliest recommendation day: any period's return is the ratio of two levels.
    const benchmarks = new Map(
      await Promise.all(
        markets.map(async (market) => {
          const from = all
            .filter((pick) => pick.market === market)
            .map((pick) => pick.dataAsOf)
            .sort()[0] as string
          return [market, await benchmarkOf(db, market, from)] as const
        }),
      ),
    )
    const months = picks.months.map((month) => ({
      month: month.month,
      picks: month.picks.map((pick) => {
        const benchmark = benchmarks.get(pick.market)
        return {
          code: pick.code,
          market: pick.market,
          name: pick.name,
          return: pick.actualReturn,
          benchmarkReturn:
            benchmark && pick.latestPriceDate
              ? periodReturn(benchmark.points, pick.dataAsOf, pick.latestPriceDate)
              : null,
        }
      }),
    }))
    const asOfs = [...benchmarks.values()].map((benchmark) => benchmark.asOf).filter((day) => day !== null)
    return {
      state: 'open',
      tracking: {
        ...trackPicksPortfolio(months),
        benchmarkMethod: [...benchmarks.values()][0]?.method ?? BENCHMARK_METHOD,
        asOf: asOfs.sort().at(-1) ?? picks.asOf ?? null,
        isDemo: picks.isDemo || [...benchmarks.values()].some((benchmark) => benchmark.isDemo),
      },
    }
  }

  return { trackAnalystPicks }
}

export type PicksTrackingService = ReturnType<typeof createPicksTrackingService>
