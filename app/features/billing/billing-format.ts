/**
 * How money and dates of buying a plan read on the page: amounts from their minor unit in the region's currency,
 * written as people write that currency (billing-rules.ts `currencyShownDecimals`), the saving of a period as a
 * percent, and instants as dates in the region's time zone (spec §9: New York time on the English site).
 * Formatting only: the amounts and dates themselves are the billing service's.
 */
import { type Currency, currencyShownDecimals, majorUnitsOf } from '#contracts/billing-rules.ts'

/** Where the reader reads: the region's display locale and time zone (the root loader's data). */
export interface ReadingPlace {
  displayLocale: string
  timeZone: string
}

const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * Symbols a locale's own would leave ambiguous: Taiwan's locale writes its dollar "$", which readers of a
 * US-dollar-priced web take for US dollars, so it is "NT$" everywhere (as Taiwan's own shops write it online).
 * Other currencies take the locale's symbol, which already says "US$" and "HK$" where "$" would be ambiguous.
 */
const unambiguousSymbols: Partial<Record<Currency, string>> = { TWD: 'NT$' }

/**
 * `2000` USD → "$20.00" on the English site, "US$20.00" on the Chinese one; `1280000` TWD → "NT$12,800";
 * `15800` HKD → "HK$158.00"; `2980` JPY → "¥2,980". Always the digits the currency is written with: cents for
 * US and Hong Kong dollars, none for NT dollars, yen and won.
 */
export function formatMoney(amountMinor: number, currency: Currency, displayLocale: string): string {
  const key = `${displayLocale}|${currency}`
  let format = moneyFormats.get(key)
  if (!format) {
    const decimals = currencyShownDecimals[currency]
    format = new Intl.NumberFormat(displayLocale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    moneyFormats.set(key, format)
  }
  const symbol = unambiguousSymbols[currency]
  return format
    .formatToParts(majorUnitsOf(amountMinor, currency))
    .map((part) => (part.type === 'currency' && symbol ? symbol : part.value))
    .join('')
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
