/**
 * A time zone as a reader says it, in their language: its generic name and its offset from UTC on the day shown
 * ("Taiwan Standard Time (UTC+8)", "台北標準時間（UTC+8）"; "Eastern Time (UTC-4)" in summer), never the IANA name.
 * The offset is the one on `on` (the calendar's week), so a week across a daylight-saving change reads its own.
 */
import type { DisplayLocale } from '#app/features/stocks/stock-format.ts'

function partOf(timeZone: string, locale: DisplayLocale, on: Date, style: 'longGeneric' | 'shortOffset') {
  return (
    new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: style })
      .formatToParts(on)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  )
}

export function timeZoneName(timeZone: string, locale: DisplayLocale, on: Date): string {
  const name = partOf(timeZone, locale, on, 'longGeneric')
  // "GMT+8" → "UTC+8"; UTC itself ("GMT", "GMT+0") is "UTC".
  const offset = partOf(timeZone, locale, on, 'shortOffset').replace(/^GMT(\+0)?/, 'UTC') || 'UTC'
  // A zone without a name of its own is named by its offset alone ("GMT+00:00").
  if (!name || name.startsWith('GMT') || name.startsWith('UTC')) return offset
  return locale === 'zh-TW' ? `${name}（${offset}）` : `${name} (${offset})`
}
