/**
 * The days that make a real market's sessions unusual, for the demo bars: each company's results days, when its
 * volume surges and its price gaps, and each market's index-review days, when the whole market trades heavily as
 * index funds rebalance. Both fall on fixed rules of the calendar and the seed, never on the end date, so a later
 * end date still only appends sessions.
 *
 * Results come some weeks after each quarter's end (Hong Kong companies report twice a year), each company at its
 * own seeded delay, give or take a few days a quarter, so results seasons form as they do. Index reviews: the third
 * Friday of March, June, September and December in New York (index rebalancing and expiries), the second Friday of
 * those months in Tokyo (SQ) and the second Thursday in Seoul (quadruple witching); in Hong Kong the last Friday of
 * February, May, August and November, before the quarterly Hang Seng review takes effect.
 */
import type { Market } from '#contracts/regions.ts'
import { addDays, dayOfWeek } from '../exchange-calendar.ts'
import type { Company } from '../market-data.ts'
import type { ScaleProfile } from '../universe-listing.ts'
import { createSeededRandom } from './seeded-random.ts'

/** Days from a period's end to its results, per market: the earliest and latest a company's usual delay can be. */
const resultsDelayDays: Record<Market, readonly [number, number]> = {
  us: [18, 38],
  hk: [45, 80],
  jp: [30, 45],
  kr: [22, 44],
}

/** Periods a year with published results: quarters, or halves in Hong Kong. */
const resultsPerYear: Record<Market, 2 | 4> = { us: 4, hk: 2, jp: 4, kr: 4 }

/** Days a company's results may move from its usual delay in a given period, either way. */
const RESULTS_JITTER_DAYS = 3

function lastDayOfMonth(year: number, month: number): string {
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
  return addDays(next, -1)
}

/**
 * Dates on which the company's results come out, for periods ending from `firstYear` to `lastYear` (calendar
 * years), oldest first. Trading days are the caller's business: results land on the session on or after the date.
 */
export function listResultsDates(
  company: Company,
  scale: ScaleProfile,
  seed: string,
  firstYear: number,
  lastYear: number,
): string[] {
  return listResultsPeriods(company, scale, seed, firstYear, lastYear).map((period) => period.date)
}

/** Each results date with the last day of the quarter or half it reports on, oldest first. */
export function listResultsPeriods(
  company: Company,
  scale: ScaleProfile,
  seed: string,
  firstYear: number,
  lastYear: number,
): Array<{ periodEnd: string; date: string }> {
  const [earliest, latest] = resultsDelayDays[company.market]
  const usual = createSeededRandom(seed, `${company.market}:${company.code}`, 'results').integer(
    earliest,
    latest,
  )
  const step = 12 / resultsPerYear[company.market]
  const periods: Array<{ periodEnd: string; date: string }> = []
  for (let year = firstYear; year <= lastYear; year++) {
    for (let month = 1; month <= 12; month++) {
      if ((((month - scale.fiscalYearEndMonth) % step) + step) % step !== 0) continue
      const periodEnd = lastDayOfMonth(year, month)
      const jitter = createSeededRandom(
        seed,
        `${company.market}:${company.code}`,
        'results',
        periodEnd,
      ).integer(-RESULTS_JITTER_DAYS, RESULTS_JITTER_DAYS)
      periods.push({ periodEnd, date: addDays(periodEnd, usual + jitter) })
    }
  }
  return periods
}

/** The n-th (1-based) given weekday (0 = Sunday) of a month, as an ISO date. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`
  const offset = (weekday - dayOfWeek(first) + 7) % 7
  return addDays(first, offset + 7 * (n - 1))
}

/** The last given weekday of a month, as an ISO date. */
function lastWeekday(year: number, month: number, weekday: number): string {
  const last = lastDayOfMonth(year, month)
  return addDays(last, -((dayOfWeek(last) - weekday + 7) % 7))
}

/** Whether `date` is its market's index-review day (when it falls on a holiday, there is none that quarter). */
export function isIndexReviewDay(market: Market, date: string): boolean {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7))
  switch (market) {
    case 'us':
      return month % 3 === 0 && date === nthWeekday(year, month, 5, 3)
    case 'jp':
      return month % 3 === 0 && date === nthWeekday(year, month, 5, 2)
    case 'kr':
      return month % 3 === 0 && date === nthWeekday(year, month, 4, 2)
    case 'hk':
      return month % 3 === 2 && date === lastWeekday(year, month, 5)
  }
}
