/**
 * The calendar (issue 28, `/calendar`, GET /calendar/list): one week's results dates and dividends from what the
 * refresh stored (`stock_corporate_events`), never the provider per request. The week is read in the region's time
 * zone: a results release with a known instant lands on the reader's day of it (an evening release in New York is
 * the next morning in Taipei); dates without a time, and dividends' ex-dates and pay dates, are the exchange's days.
 * Reused 30 s per week, market, filter and language.
 */
import {
  type CalendarAnswer,
  type CalendarDay,
  type CalendarDividend,
  type CalendarEarnings,
  CalendarQuery,
} from '#contracts/calendar.ts'
import { daysOfWeek, isoWeekOf, mondayOfWeek, shiftWeek } from '#contracts/calendar-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { addDays, localDateTime } from '#server/providers/market-data/exchange-calendar.ts'
import { type CalendarEventRow, selectCalendarEvents, selectLatestBarDate } from './calendar.repo.ts'
import { type AnswerCache, parseInput } from './stock-answers.ts'

/** What the page or a caller asks: the query's fields, with a member's watchlist keys already resolved. */
export interface CalendarRequest {
  week?: string | undefined
  market?: Market | undefined
  /** Only these stocks (`market` and `code`); undefined for every stock. */
  stocks?: ReadonlyArray<{ market: Market; code: string }> | undefined
}

function stockOf(row: CalendarEventRow, locale: Locale) {
  const [name, otherName] = locale === 'zh-Hant' ? [row.nameZh, row.nameEn] : [row.nameEn, row.nameZh]
  return { market: row.market, code: row.code, name, otherName }
}

/** The reader's day of a results row: its release instant in the time zone, else the exchange's day. */
export function readerDayOf(row: Pick<CalendarEventRow, 'date' | 'at'>, timeZone: string): string {
  return row.at ? localDateTime(new Date(row.at), timeZone).date : row.date
}

/** Rows into the week's seven days: results by the reader's day, dividends by ex-date. Pure. */
export function calendarDaysOf(
  rows: readonly CalendarEventRow[],
  days: readonly string[],
  timeZone: string,
  locale: Locale,
): CalendarDay[] {
  const byDay = new Map<string, CalendarDay>(
    days.map((date) => [date, { date, earnings: [], dividends: [] }]),
  )
  for (const row of rows) {
    if (row.kind === 'earnings') {
      const day = readerDayOf(row, timeZone)
      const earnings: CalendarEarnings = {
        stock: stockOf(row, locale),
        day,
        at: row.at,
        periodEnd: row.periodEnd,
        confirmed: row.confirmed,
        isDemo: row.isDemo,
      }
      byDay.get(day)?.earnings.push(earnings)
    } else if (row.amount !== null && row.currency !== null) {
      const dividend: CalendarDividend = {
        stock: stockOf(row, locale),
        exDate: row.date,
        payDate: row.payDate,
        amount: row.amount,
        currency: row.currency,
        isDemo: row.isDemo,
      }
      byDay.get(row.date)?.dividends.push(dividend)
    }
  }
  for (const day of byDay.values()) {
    day.earnings.sort(
      (a, b) => (a.at ?? '').localeCompare(b.at ?? '') || a.stock.code.localeCompare(b.stock.code),
    )
  }
  return [...byDay.values()]
}

export function createStockCalendar({ db, clock, cached }: { db: Db; clock: Clock; cached: AnswerCache }) {
  function listCalendar(request: CalendarRequest, timeZone: string, locale: Locale): Promise<CalendarAnswer> {
    const { week: asked, market } = parseInput(CalendarQuery, { week: request.week, market: request.market })
    const currentWeek = isoWeekOf(calendarOf(clock.now(), timeZone).day)
    const week = asked ?? currentWeek
    const monday = mondayOfWeek(week) as string
    const days = daysOfWeek(monday)
    const keys = request.stocks
      ? [...new Set(request.stocks.map((key) => `${key.market}:${key.code.toUpperCase()}`))].sort()
      : null
    const cacheKey = `calendar:${week}:${market ?? ''}:${timeZone}:${locale}:${currentWeek}:${keys?.join(',') ?? '*'}`
    return cached(cacheKey, async () => {
      // A day either side: a release instant may fall on another day in the reader's time zone.
      const rows =
        keys && keys.length === 0
          ? []
          : await selectCalendarEvents(db, {
              from: addDays(monday, -1),
              to: addDays(monday, 7),
              market: market ?? null,
              keys,
            })
      const calendarDays = calendarDaysOf(rows, days, timeZone, locale)
      const shown = calendarDays.flatMap((day) => [...day.earnings, ...day.dividends])
      const sources = [
        ...new Set(rows.map((row) => row.source).filter((s): s is string => s !== null)),
      ].sort()
      return {
        isDemo: shown.some((event) => event.isDemo),
        asOf: await selectLatestBarDate(db, market ?? null),
        week,
        previousWeek: shiftWeek(week, -1),
        nextWeek: shiftWeek(week, 1),
        currentWeek,
        timeZone,
        market: market ?? null,
        filtered: keys !== null,
        days: calendarDays,
        sources,
      }
    })
  }

  return { listCalendar }
}
