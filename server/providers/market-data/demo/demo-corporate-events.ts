/**
 * The demo's results dates and dividends, for the calendar. Results dates are the very days the demo bars gap and
 * surge on (demo-events.ts), so the calendar and the price chart tell one story. Dividends follow the company's own
 * demo statements: each fiscal year's dividends paid divided by its shares, paid in equal parts at the market's
 * usual rhythm (New York quarterly, Hong Kong and Tokyo twice a year, Seoul once), declared with the results of a
 * paying period; a company whose profile pays nothing, or whose year paid nothing, has none.
 *
 * Nothing here reads the clock: `endDate` (the demo's last session) only decides which coming dates are announced
 * (within `ANNOUNCED_AHEAD_DAYS`) and which dividends are declared by then (their results are out).
 */
import type { Market } from '#contracts/regions.ts'
import { addDays, exchangeSchedules, isTradingDay, zonedTimeToInstant } from '../exchange-calendar.ts'
import type {
  AnnualFundamentals,
  Company,
  CorporateEvents,
  DividendEvent,
  EarningsEvent,
} from '../market-data.ts'
import type { ScaleProfile } from '../universe-listing.ts'
import { listResultsPeriods } from './demo-events.ts'
import { createSeededRandom } from './seeded-random.ts'

/** Companies name their results day about a month ahead; later dates are projections from the usual delay. */
export const ANNOUNCED_AHEAD_DAYS = 30

/**
 * Local release time of the demo's results: before New York's open, in the midday break in Hong Kong and Tokyo,
 * before Seoul's open. Each lands within the session the bars move on.
 */
const releaseTime: Record<Market, string> = { us: '07:00', hk: '12:00', jp: '12:00', kr: '08:00' }

/** Dividend payments a year per market. */
const paymentsPerYear: Record<Market, 1 | 2 | 4> = { us: 4, hk: 2, jp: 2, kr: 1 }

/** Days from the results session to the ex-date, and from the ex-date to payment. */
const EX_DATE_DAYS: readonly [number, number] = [10, 24]
const PAY_DATE_DAYS: readonly [number, number] = [14, 35]

function onOrAfterTradingDay(company: Company, date: string): string {
  let day = date
  while (!isTradingDay(company.exchange, day)) day = addDays(day, 1)
  return day
}

function monthsBetween(from: string, to: string): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7))
  )
}

/** Whether the period ending on `periodEnd` is one the market's companies pay a dividend for. */
function paysForPeriod(company: Company, scale: ScaleProfile, periodEnd: string): boolean {
  const step = 12 / paymentsPerYear[company.market]
  const yearEnd = `${periodEnd.slice(0, 4)}-${String(scale.fiscalYearEndMonth).padStart(2, '0')}-01`
  return ((monthsBetween(yearEnd, periodEnd) % step) + step) % step === 0
}

/**
 * Dividend per share of the fiscal year a period belongs to (the latest year's for years not yet reported), in the
 * statements' currency: a company reporting in dollars declares its dividend in dollars.
 */
function yearlyDividendPerShare(
  fundamentals: readonly AnnualFundamentals[],
  periodEnd: string,
): { perShare: number; currency: string } | null {
  const year = fundamentals.find((y) => y.periodEnd >= periodEnd) ?? fundamentals.at(-1)
  if (!year?.dividendsPaid || !year.sharesOutstanding) return null
  return { perShare: year.dividendsPaid / year.sharesOutstanding, currency: year.currency }
}

/** Amounts as companies declare them: whole yen and won, cents elsewhere. */
function roundAmount(currency: string, amount: number): number {
  return currency === 'JPY' || currency === 'KRW' ? Math.round(amount) : Math.round(amount * 100) / 100
}

export function generateCorporateEvents(
  company: Company,
  scale: ScaleProfile,
  seed: string,
  fundamentals: readonly AnnualFundamentals[],
  endDate: string,
  from: string,
  to: string,
): CorporateEvents {
  const key = `${company.market}:${company.code}`
  const timeZone = exchangeSchedules[company.exchange].timeZone
  // A year either side: a dividend's ex-date falls weeks after the results that declared it.
  const periods = listResultsPeriods(
    company,
    scale,
    seed,
    Number(from.slice(0, 4)) - 1,
    Number(to.slice(0, 4)) + 1,
  )
  const earnings: EarningsEvent[] = []
  const dividends: DividendEvent[] = []
  for (const period of periods) {
    const session = onOrAfterTradingDay(company, period.date)
    if (session >= from && session <= to) {
      earnings.push({
        date: session,
        at: zonedTimeToInstant(session, releaseTime[company.market], timeZone).toISOString(),
        periodEnd: period.periodEnd,
        confirmed: session <= addDays(endDate, ANNOUNCED_AHEAD_DAYS),
      })
    }
    // A dividend exists once the results declaring it are out.
    if (scale.dividend === 'none' || session > endDate || !paysForPeriod(company, scale, period.periodEnd))
      continue
    const yearly = yearlyDividendPerShare(fundamentals, period.periodEnd)
    if (!yearly) continue
    const amount = roundAmount(yearly.currency, yearly.perShare / paymentsPerYear[company.market])
    if (amount <= 0) continue
    const rng = createSeededRandom(seed, key, 'dividend', period.periodEnd)
    const exDate = onOrAfterTradingDay(company, addDays(session, rng.integer(...EX_DATE_DAYS)))
    if (exDate < from || exDate > to) continue
    const payDate = onOrAfterTradingDay(company, addDays(exDate, rng.integer(...PAY_DATE_DAYS)))
    dividends.push({ exDate, payDate, amount, currency: yearly.currency })
  }
  return { earnings, dividends }
}
