/**
 * Exchange calendars: each exchange's time zone and regular hours, whether a date is a trading day (weekends and
 * the holiday table in `exchange-holidays.ts`), and which session is the last one completed at a given instant —
 * the date the scheduled refresh asks for after each close.
 *
 * Dates are ISO `YYYY-MM-DD` strings in the exchange's own calendar; instants are `Date`s. Half-day sessions are
 * treated as full days and only the regular close counts (no closing auctions, no after-hours).
 */
import type { Market } from '#contracts/regions.ts'
import { holidayCoverage, marketHolidays } from './exchange-holidays.ts'
import type { Exchange } from './market-data.ts'

export interface ExchangeSchedule {
  exchange: Exchange
  /** The market whose holiday table the exchange follows. */
  calendar: Market
  timeZone: string
  /** Regular session open, local `HH:MM`. */
  open: string
  /** Regular session close, local `HH:MM`, for sessions on or after `closeSince` (earlier sessions: `closeBefore`). */
  close: string
  closeSince?: string
  closeBefore?: string
}

export const exchangeSchedules: Record<Exchange, ExchangeSchedule> = {
  NYSE: { exchange: 'NYSE', calendar: 'us', timeZone: 'America/New_York', open: '09:30', close: '16:00' },
  NASDAQ: { exchange: 'NASDAQ', calendar: 'us', timeZone: 'America/New_York', open: '09:30', close: '16:00' },
  HKEX: { exchange: 'HKEX', calendar: 'hk', timeZone: 'Asia/Hong_Kong', open: '09:30', close: '16:00' },
  // The Tokyo Stock Exchange extended the afternoon session by 30 minutes on 5 November 2024.
  TSE: {
    exchange: 'TSE',
    calendar: 'jp',
    timeZone: 'Asia/Tokyo',
    open: '09:00',
    close: '15:30',
    closeSince: '2024-11-05',
    closeBefore: '15:00',
  },
  KRX: { exchange: 'KRX', calendar: 'kr', timeZone: 'Asia/Seoul', open: '09:00', close: '15:30' },
  KOSDAQ: { exchange: 'KOSDAQ', calendar: 'kr', timeZone: 'Asia/Seoul', open: '09:00', close: '15:30' },
}

export { holidayCoverage }

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value)
  if (!match) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

function toUtcMidnight(date: string): Date {
  if (!isIsoDate(date)) throw new RangeError(`not an ISO date: ${date}`)
  return new Date(`${date}T00:00:00Z`)
}

export function addDays(date: string, days: number): string {
  const d = toUtcMidnight(date)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  return toUtcMidnight(date).getUTCDay()
}

export function isWeekend(date: string): boolean {
  const day = dayOfWeek(date)
  return day === 0 || day === 6
}

export function isHoliday(exchange: Exchange, date: string): boolean {
  return marketHolidays[exchangeSchedules[exchange].calendar].has(date)
}

export function isTradingDay(exchange: Exchange, date: string): boolean {
  return !isWeekend(date) && !isHoliday(exchange, date)
}

/** The latest trading day strictly before `date`. */
export function previousTradingDay(exchange: Exchange, date: string): string {
  let day = addDays(date, -1)
  while (!isTradingDay(exchange, day)) day = addDays(day, -1)
  return day
}

/** The earliest trading day strictly after `date`. */
export function nextTradingDay(exchange: Exchange, date: string): string {
  let day = addDays(date, 1)
  while (!isTradingDay(exchange, day)) day = addDays(day, 1)
  return day
}

/** Trading days from `from` to `to`, both included, oldest first. */
export function listTradingDays(exchange: Exchange, from: string, to: string): string[] {
  const days: string[] = []
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (isTradingDay(exchange, day)) days.push(day)
  }
  return days
}

/** The regular close, local `HH:MM`, of the session on `date`. */
export function regularCloseTime(exchange: Exchange, date: string): string {
  const schedule = exchangeSchedules[exchange]
  if (schedule.closeSince && schedule.closeBefore && date < schedule.closeSince) return schedule.closeBefore
  return schedule.close
}

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
    formatters.set(timeZone, formatter)
  }
  return formatter
}

/** The wall-clock date and minutes after midnight in `timeZone` at `instant`. */
export function localDateTime(
  instant: Date,
  timeZone: string,
): { date: string; minutes: number; seconds: number } {
  const parts: Record<string, string> = {}
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value
  const minutes = Number(parts.hour) * 60 + Number(parts.minute)
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes,
    seconds: minutes * 60 + Number(parts.second),
  }
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return (hours ?? 0) * 60 + (minutes ?? 0)
}

/** The instant at which the wall clock in `timeZone` reads `time` on `date`. */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date {
  const target = toUtcMidnight(date).getTime() + minutesOf(time) * 60_000
  // Start from the wall time read as UTC, then correct by the zone's offset; twice, in case the first guess sits
  // on the other side of a daylight-saving change.
  let guess = target
  for (let i = 0; i < 2; i++) {
    const local = localDateTime(new Date(guess), timeZone)
    const localAsUtc = toUtcMidnight(local.date).getTime() + local.seconds * 1000
    guess += target - localAsUtc
  }
  return new Date(guess)
}

/** The instant the regular session on `date` closes. */
export function sessionCloseInstant(exchange: Exchange, date: string): Date {
  return zonedTimeToInstant(date, regularCloseTime(exchange, date), exchangeSchedules[exchange].timeZone)
}

/**
 * The most recent session whose regular close is at or before `instant`: today's date once the bell has rung on a
 * trading day, else the previous trading day.
 */
export function lastCompletedSession(exchange: Exchange, instant: Date): string {
  const { timeZone } = exchangeSchedules[exchange]
  const local = localDateTime(instant, timeZone)
  if (
    isTradingDay(exchange, local.date) &&
    local.minutes >= minutesOf(regularCloseTime(exchange, local.date))
  ) {
    return local.date
  }
  return previousTradingDay(exchange, local.date)
}

/** The last trading day on or before `date`. */
export function tradingDayOnOrBefore(exchange: Exchange, date: string): string {
  return isTradingDay(exchange, date) ? date : previousTradingDay(exchange, date)
}
