import { describe, expect, it } from 'vitest'
import {
  addDays,
  dayOfWeek,
  exchangeSchedules,
  isIsoDate,
  isTradingDay,
  lastCompletedSession,
  listTradingDays,
  nextTradingDay,
  previousTradingDay,
  sessionCloseInstant,
  zonedTimeToInstant,
} from './exchange-calendar.ts'
import { holidayCoverage, marketHolidays } from './exchange-holidays.ts'

/** The n-th given weekday (0 = Sunday) of a month; n = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const iso = (d: number) => `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`
  const days: string[] = []
  for (let d = 1; d <= 31; d++) {
    const date = iso(d)
    if (!isIsoDate(date)) break
    if (dayOfWeek(date) === weekday) days.push(date)
  }
  return (n === -1 ? days.at(-1) : days[n - 1]) as string
}

/** Anonymous Gregorian computus. */
function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** NYSE rule: Saturday holidays close the Friday before, Sunday holidays the Monday after; not New Year's Day. */
function observedFixedHoliday(date: string, isNewYear: boolean): string | null {
  const day = dayOfWeek(date)
  if (day === 6) return isNewYear ? null : addDays(date, -1)
  if (day === 0) return addDays(date, 1)
  return date
}

function usRuleHolidays(year: number): string[] {
  const fixed = [
    observedFixedHoliday(`${year}-01-01`, true),
    year >= 2022 ? observedFixedHoliday(`${year}-06-19`, false) : null,
    observedFixedHoliday(`${year}-07-04`, false),
    observedFixedHoliday(`${year}-12-25`, false),
  ]
  const floating = [
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    addDays(easterSunday(year), -2),
    nthWeekday(year, 5, 1, -1),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 11, 4, 4),
  ]
  return [...fixed, ...floating].filter((d): d is string => d !== null).sort()
}

describe('holiday tables', () => {
  it('list only weekdays inside the covered years', () => {
    for (const [market, dates] of Object.entries(marketHolidays)) {
      for (const date of dates) {
        expect(isIsoDate(date), `${market} ${date}`).toBe(true)
        expect([0, 6], `${market} ${date} is a weekend`).not.toContain(dayOfWeek(date))
        const year = Number(date.slice(0, 4))
        expect(year).toBeGreaterThanOrEqual(holidayCoverage.firstYear)
        expect(year).toBeLessThanOrEqual(holidayCoverage.lastYear)
      }
    }
  })

  it('match the NYSE holiday rules for every covered year, plus the 2025 day of mourning', () => {
    for (let year = holidayCoverage.firstYear; year <= holidayCoverage.lastYear; year++) {
      const table = [...marketHolidays.us]
        .filter((d) => d.startsWith(`${year}-`) && d !== '2025-01-09')
        .sort()
      expect(table, String(year)).toEqual(usRuleHolidays(year))
    }
  })

  it('give NYSE its published number of sessions per year', () => {
    expect(listTradingDays('NYSE', '2022-01-01', '2022-12-31')).toHaveLength(251)
    expect(listTradingDays('NYSE', '2023-01-01', '2023-12-31')).toHaveLength(250)
    expect(listTradingDays('NYSE', '2024-01-01', '2024-12-31')).toHaveLength(252)
    expect(listTradingDays('NASDAQ', '2025-01-01', '2025-12-31')).toHaveLength(250)
  })
})

describe('isTradingDay', () => {
  it('closes every exchange on weekends', () => {
    for (const exchange of Object.keys(exchangeSchedules) as Array<keyof typeof exchangeSchedules>) {
      expect(isTradingDay(exchange, '2026-11-21')).toBe(false)
      expect(isTradingDay(exchange, '2026-11-22')).toBe(false)
    }
  })

  it('closes each market on its own holidays only', () => {
    expect(isTradingDay('NYSE', '2024-12-25')).toBe(false)
    expect(isTradingDay('NYSE', '2025-01-29')).toBe(true)
    expect(isTradingDay('HKEX', '2025-01-29')).toBe(false)
    expect(isTradingDay('TSE', '2026-09-22')).toBe(false)
    expect(isTradingDay('KRX', '2025-06-03')).toBe(false)
    expect(isTradingDay('KOSDAQ', '2025-10-08')).toBe(false)
    expect(isTradingDay('KRX', '2025-10-10')).toBe(true)
  })

  it('steps over weekends and holidays to the neighbouring sessions', () => {
    expect(previousTradingDay('NYSE', '2026-11-27')).toBe('2026-11-25')
    expect(nextTradingDay('HKEX', '2026-02-16')).toBe('2026-02-20')
    expect(nextTradingDay('TSE', '2025-12-30')).toBe('2026-01-05')
  })
})

describe('session close instants', () => {
  it('follow daylight saving in New York', () => {
    expect(sessionCloseInstant('NYSE', '2026-03-06').toISOString()).toBe('2026-03-06T21:00:00.000Z')
    expect(sessionCloseInstant('NYSE', '2026-03-09').toISOString()).toBe('2026-03-09T20:00:00.000Z')
  })

  it('use the Tokyo close of the session date', () => {
    expect(sessionCloseInstant('TSE', '2024-11-01').toISOString()).toBe('2024-11-01T06:00:00.000Z')
    expect(sessionCloseInstant('TSE', '2024-11-05').toISOString()).toBe('2024-11-05T06:30:00.000Z')
    expect(zonedTimeToInstant('2026-01-02', '15:30', 'Asia/Seoul').toISOString()).toBe(
      '2026-01-02T06:30:00.000Z',
    )
  })
})

describe('lastCompletedSession', () => {
  it('is the previous session until the closing bell, then today', () => {
    expect(lastCompletedSession('NYSE', new Date('2026-11-20T20:59:00Z'))).toBe('2026-11-19')
    expect(lastCompletedSession('NYSE', new Date('2026-11-20T21:00:00Z'))).toBe('2026-11-20')
    expect(lastCompletedSession('HKEX', new Date('2026-11-20T07:59:00Z'))).toBe('2026-11-19')
    expect(lastCompletedSession('HKEX', new Date('2026-11-20T08:00:00Z'))).toBe('2026-11-20')
    expect(lastCompletedSession('KRX', new Date('2026-01-02T06:30:00Z'))).toBe('2026-01-02')
  })

  it('reads the date in the exchange time zone, not in UTC', () => {
    // 23:30 UTC on Thursday is already Friday morning in Tokyo, before the open.
    expect(lastCompletedSession('TSE', new Date('2026-11-19T23:30:00Z'))).toBe('2026-11-19')
    // 02:00 UTC on Saturday is still Friday evening in New York.
    expect(lastCompletedSession('NASDAQ', new Date('2026-11-21T02:00:00Z'))).toBe('2026-11-20')
  })

  it('skips weekends and holidays', () => {
    expect(lastCompletedSession('NYSE', new Date('2026-11-26T23:00:00Z'))).toBe('2026-11-25')
    expect(lastCompletedSession('KOSDAQ', new Date('2026-02-18T12:00:00Z'))).toBe('2026-02-13')
  })

  it('uses the earlier Tokyo close before November 2024', () => {
    expect(lastCompletedSession('TSE', new Date('2024-11-01T06:10:00Z'))).toBe('2024-11-01')
    expect(lastCompletedSession('TSE', new Date('2024-11-05T06:10:00Z'))).toBe('2024-11-01')
  })
})
