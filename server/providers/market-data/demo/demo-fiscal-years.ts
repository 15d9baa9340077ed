/**
 * The demo's fiscal calendar: which fiscal year a company's profile describes, when each fiscal year ends, and which
 * is the latest one whose annual report is out by a date (reports come a market's usual lag after the year end).
 * Fiscal years are named after the calendar year they end in.
 */
import type { Market } from '#contracts/regions.ts'
import { addDays } from '../exchange-calendar.ts'
import type { Company } from '../market-data.ts'
import type { ScaleProfile } from '../universe-listing.ts'

/** Days between a fiscal year's end and its annual report, per market (Tokyo's tanshin come quickest). */
const reportingLagDays: Record<Market, number> = { us: 60, hk: 90, jp: 50, kr: 75 }

/** The fiscal year the profile's figures describe: FY2024 for December year-ends, FY2025 for the others. */
export function referenceFiscalYear(scale: ScaleProfile): number {
  return scale.fiscalYearEndMonth === 12 ? 2024 : 2025
}

/** ISO date of the last day of the fiscal year `fiscalYear` (named after the calendar year it ends in). */
export function fiscalPeriodEnd(scale: ScaleProfile, fiscalYear: number): string {
  const month = scale.fiscalYearEndMonth
  const firstOfNext =
    month === 12 ? `${fiscalYear + 1}-01-01` : `${fiscalYear}-${String(month + 1).padStart(2, '0')}-01`
  return addDays(firstOfNext, -1)
}

/** The latest fiscal year whose annual report is out by `endDate`. */
export function latestPublishedFiscalYear(company: Company, scale: ScaleProfile, endDate: string): number {
  let year = Number(endDate.slice(0, 4)) + 1
  while (addDays(fiscalPeriodEnd(scale, year), reportingLagDays[company.market]) > endDate) year--
  return year
}
