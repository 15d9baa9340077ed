/**
 * How money and dates of buying a plan read on the page: amounts from their minor unit in the region's currency
 * (cents for USD, HKD and TWD; yen and won, which have no decimals, as they are), the saving of a period as a
 * percent, and instants as dates in the region's time zone (spec §9: New York time on the English site).
 * Formatting only: the amounts and dates themselves are the billing service's.
 */
import { type Currency, currencyDecimals, majorUnitsOf } from '#contracts/billing-rules.ts'

/** Where the reader reads: the region's display locale and time zone (the root loader's data). */
export interface ReadingPlace {
  displayLocale: string
  timeZone: string
}

const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * `1999` USD → "$19.99"; `2980` JPY → "¥2,980"; `64000` TWD → "$640" on the Chinese site, "NT$640" on the English
 * one. Whole amounts drop ".00" (a price list reads "HK$158", not "HK$158.00"); a part of a unit is always shown
 * to the currency's own decimals, and never for JPY or KRW.
 */
export function formatMoney(amountMinor: number, currency: Currency, displayLocale: string): string {
  const key = `${displayLocale}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    const decimals = currencyDecimals[currency]
    format = new Intl.NumberFormat(displayLocale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      trailingZeroDisplay: 'stripIfInteger',
    })
    moneyFormats.set(key, format)
  }
  return format.format(majorUnitsOf(amountMinor, currency))
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
