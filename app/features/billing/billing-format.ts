/**
 * How money and dates of buying a plan read on the page: amounts from their minor unit in the region's currency,
 * written as people write that currency (billing-rules.ts `currencyShownDecimals`), the saving of a period as a
 * percent, and instants as dates in the region's time zone (spec §9: New York time on the English site).
 * Formatting only: the amounts and dates themselves are the billing service's.
 */
// Money is written the same in mail (the server's receipts) and on the page: one definition, on the shared floor.
export { formatMoney } from '#contracts/money-format.ts'

/** Where the reader reads: the region's display locale and time zone (the root loader's data). */
export interface ReadingPlace {
  displayLocale: string
  timeZone: string
}

/** A whole-percent saving (`17` → "17%"); the catalogue already rounds it down. */
export function formatPercent(percent: number, displayLocale: string): string {
  return new Intl.NumberFormat(displayLocale, { style: 'percent', maximumFractionDigits: 0 }).format(
    percent / 100,
  )
}

/** An instant as a calendar date where the reader is: "February 27, 2027" / "2027年2月27日". */
export function formatBillingDate(iso: string, place: ReadingPlace): string {
  return new Intl.DateTimeFormat(place.displayLocale, { dateStyle: 'long', timeZone: place.timeZone }).format(
    new Date(iso),
  )
}

/** A shorter date for rows of a list (payment history): "Nov 27, 2026" / "2026年11月27日". */
export function formatShortDate(iso: string, place: ReadingPlace): string {
  return new Intl.DateTimeFormat(place.displayLocale, {
    dateStyle: 'medium',
    timeZone: place.timeZone,
  }).format(new Date(iso))
}
