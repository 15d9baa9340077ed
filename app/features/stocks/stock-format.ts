/**
 * How stock numbers read on screen: prices and amounts in the listing currency, percentages, multiples, counts and
 * dates, in the reader's display locale (en-US or zh-TW). Every stock screen formats through these functions so a
 * figure looks the same wherever it appears. Dates of trading sessions and fiscal periods are calendar dates and are
 * shown as they are; instants (a quote's time, a filing's time) are shown in the region's time zone.
 */
import type { Currency } from '#contracts/stocks.ts'

export type DisplayLocale = 'en-US' | 'zh-TW'

const formatters = new Map<string, Intl.NumberFormat>()

/**
 * One formatter per locale and shape, made once. The caller names the shape (`key`) and builds the options only on
 * a miss: a list of 200 stocks formats ~2,000 figures a render, and building and serialising an options object for
 * each lookup was most of a figure's cost.
 */
function numberFormat(
  locale: DisplayLocale,
  key: string,
  options: () => Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const cacheKey = `${locale}|${key}`
  let formatter = formatters.get(cacheKey)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options())
    formatters.set(cacheKey, formatter)
  }
  return formatter
}

/** The currency's own minor units (JPY and KRW have none), so a Tokyo price never shows “.00”. */
export function currencyDigits(currency: Currency): number {
  return currency === 'JPY' || currency === 'KRW' ? 0 : 2
}

/** A share price: `$189.25`, `HK$412.60`, `¥2,870`, `₩71,500`. Prices under one unit keep three decimals. */
export function formatPrice(value: number, currency: Currency, locale: DisplayLocale): string {
  const digits = currencyDigits(currency)
  const fractionDigits = Math.abs(value) < 1 && digits > 0 ? 3 : digits
  return numberFormat(locale, `price|${currency}|${fractionDigits}`, () => ({
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  })).format(value)
}

/** A large amount, abbreviated: `$3.21T` in English, `US$3.21兆` in Chinese (萬/億/兆 as Taiwan writes them). */
export function formatAmount(value: number, currency: Currency, locale: DisplayLocale): string {
  return numberFormat(locale, `amount|${currency}`, () => ({
    style: 'currency',
    currency,
    notation: 'compact',
    maximumSignificantDigits: 3,
  })).format(value)
}

/** A fraction as a percentage: 0.152 → `15.2%`; `signed` adds + to gains. */
export function formatPercent(
  fraction: number,
  locale: DisplayLocale,
  { signed = false, digits = 1 }: { signed?: boolean; digits?: number } = {},
): string {
  return numberFormat(locale, `percent|${digits}|${signed}`, () => ({
    style: 'percent',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  })).format(fraction)
}

/** A plain number with a fixed number of decimals (scores, ratios, indicator readings). */
export function formatDecimal(
  value: number,
  locale: DisplayLocale,
  { digits = 2, signed = false }: { digits?: number; signed?: boolean } = {},
): string {
  return numberFormat(locale, `decimal|${digits}|${signed}`, () => ({
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: signed ? 'exceptZero' : 'auto',
  })).format(value)
}

/** A whole count: `1,234`. */
export function formatCount(value: number, locale: DisplayLocale): string {
  return numberFormat(locale, 'count', () => ({ maximumFractionDigits: 0 })).format(value)
}

/** A large count without a currency (shares, volume): `14.9B` / `149億`. */
export function formatCompact(value: number, locale: DisplayLocale): string {
  return numberFormat(locale, 'compact', () => ({ notation: 'compact', maximumSignificantDigits: 3 })).format(
    value,
  )
}

/** A score on the 0–100 scale with one decimal at most: `73.6`, `100`. */
export function formatScore(value: number, locale: DisplayLocale): string {
  return numberFormat(locale, 'score', () => ({ maximumFractionDigits: 1 })).format(value)
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>()

function dateFormat(locale: DisplayLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`
  let formatter = dateFormatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options)
    dateFormatters.set(key, formatter)
  }
  return formatter
}

/**
 * Dates already written: a stock list shows the same few sessions' dates on every row and every render (formatting
 * one took a few microseconds, some 3% of an uncached home render). Bounded: a date can come from a request.
 */
const formattedDates = new Map<string, string>()
const formattedDatesMax = 2_000

/**
 * A calendar date `YYYY-MM-DD` (a trading session, a fiscal period end): `Nov 20, 2026` / `2026年11月20日`. It names
 * a day on the exchange's calendar, so no time zone moves it to another day.
 */
export function formatDate(isoDate: string, locale: DisplayLocale): string {
  const key = `${locale}|${isoDate}`
  const known = formattedDates.get(key)
  if (known !== undefined) return known
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  if (!match) return isoDate
  const [, y, m, d] = match
  const formatted = dateFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))),
  )
  if (formattedDates.size >= formattedDatesMax) formattedDates.clear()
  formattedDates.set(key, formatted)
  return formatted
}

/** A month `YYYY-MM`: `Oct 2026` / `2026年10月`. */
export function formatMonth(isoMonth: string, locale: DisplayLocale): string {
  const match = /^(\d{4})-(\d{2})/.exec(isoMonth)
  if (!match) return isoMonth
  return dateFormat(locale, { year: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)),
  )
}

/** An instant (ISO timestamp) in the region's time zone: `Nov 20, 2026, 4:00 PM EST`. */
export function formatDateTime(iso: string, locale: DisplayLocale, timeZone: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return dateFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date)
}

/** The day an instant falls on in the region's time zone, as `YYYY-MM-DD`. */
export function calendarDayIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** Whole days from calendar date `from` to calendar date `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from.slice(0, 10)}T00:00:00Z`)
  const b = Date.parse(`${to.slice(0, 10)}T00:00:00Z`)
  return Math.round((b - a) / 86_400_000)
}
