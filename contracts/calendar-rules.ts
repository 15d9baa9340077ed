/**
 * The calendar's vocabulary without zod (ADR 0011): its weeks and how they travel in the URL, its error codes and the
 * most stocks a `stocks` filter names. A week is an ISO week, `2026-W49` (Monday to Sunday), read in the region's time
 * zone: the page, its links (previous and next week) and the API agree on one address per week.
 */
import type { Market } from './regions.ts'

export const CalendarErrorCode = {
  weekInvalid: 'CALENDAR_WEEK_INVALID',
  stocksInvalid: 'CALENDAR_STOCKS_INVALID',
} as const

/** Stocks a `stocks` filter may name (a visitor's device list holds 20; the API's callers a few lists' worth). */
export const calendarStocksMax = 200

/** Weeks the calendar answers for: a year this side of 2000 to 2100 (beyond that a week is no one's plan). */
export const calendarFirstYear = 2000
export const calendarLastYear = 2100

const weekPattern = /^(\d{4})-W(\d{2})$/

const DAY_MS = 86_400_000

function toDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** Monday of ISO week 1 of `year` (the week with the year's first Thursday), as milliseconds at UTC midnight. */
function firstMondayMs(year: number): number {
  const jan4 = Date.UTC(year, 0, 4)
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7
  return jan4 - weekday * DAY_MS
}

/** Weeks in an ISO year: 53 when it starts on a Thursday, or on a Wednesday in a leap year. */
function weeksInYear(year: number): number {
  return (firstMondayMs(year + 1) - firstMondayMs(year)) / DAY_MS / 7
}

/** The ISO week holding a date (`2026-11-30` → `2026-W49`). */
export function isoWeekOf(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`)
  let year = Number(date.slice(0, 4)) + 1
  while (firstMondayMs(year) > ms) year--
  const week = Math.floor((ms - firstMondayMs(year)) / DAY_MS / 7) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

/** The Monday of an ISO week, or null when the text is no week of the calendar's years. */
export function mondayOfWeek(week: string): string | null {
  const match = weekPattern.exec(week.trim().toUpperCase())
  if (!match) return null
  const year = Number(match[1])
  const number = Number(match[2])
  if (year < calendarFirstYear || year > calendarLastYear) return null
  if (number < 1 || number > weeksInYear(year)) return null
  return toDate(firstMondayMs(year) + (number - 1) * 7 * DAY_MS)
}

/** The seven days of a week (Monday first), from its Monday. */
export function daysOfWeek(monday: string): string[] {
  const start = Date.parse(`${monday}T00:00:00Z`)
  return Array.from({ length: 7 }, (_, i) => toDate(start + i * DAY_MS))
}

/** The week `count` weeks after `week` (before, when negative). */
export function shiftWeek(week: string, count: number): string {
  const monday = mondayOfWeek(week)
  if (!monday) return week
  return isoWeekOf(toDate(Date.parse(`${monday}T00:00:00Z`) + count * 7 * DAY_MS))
}

/** The calendar's address: only what differs from the defaults is written, so each view has one address. */
export function calendarHref(view: {
  week?: string | null
  market?: Market | null
  /** A member's watchlist: `all`, or one list's id. */
  list?: string | null
  /** Stock keys as the URL writes them (`us:AAPL,hk:0700`): a visitor's device list. */
  stocks?: string | null
}): string {
  const params = new URLSearchParams()
  if (view.week) params.set('week', view.week)
  if (view.market) params.set('market', view.market)
  if (view.list) params.set('list', view.list)
  else if (view.stocks) params.set('stocks', view.stocks)
  // ':' and ',' may stand in a query as they are: the shared address stays readable.
  const query = params.toString().replaceAll('%3A', ':').replaceAll('%2C', ',')
  return query ? `/calendar?${query}` : '/calendar'
}
