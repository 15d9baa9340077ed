import { describe, expect, it } from 'vitest'
import { parseStockKeys } from './calendar.ts'
import { calendarHref, daysOfWeek, isoWeekOf, mondayOfWeek, shiftWeek } from './calendar-rules.ts'

describe('calendar weeks', () => {
  it('names each day by its ISO week, across the turn of a year', () => {
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49')
    expect(isoWeekOf('2026-12-06')).toBe('2026-W49')
    // 2026 starts on a Thursday, so it has 53 weeks and 1 January 2027 still belongs to it.
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53')
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01')
    // 29 December 2025 is a Monday in the week holding 1 January 2026.
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01')
  })

  it('finds a week’s Monday and its seven days, and refuses weeks that do not exist', () => {
    expect(mondayOfWeek('2026-W49')).toBe('2026-11-30')
    expect(mondayOfWeek('2026-w01')).toBe('2025-12-29')
    expect(mondayOfWeek('2026-W53')).toBe('2026-12-28')
    for (const week of ['2027-W53', '2026-W00', '2026-W54', '2026-49', '1999-W10', '2101-W01', '']) {
      expect(mondayOfWeek(week), week).toBeNull()
    }
    expect(daysOfWeek('2026-12-28')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ])
  })

  it('steps a week back and forward over a year’s end', () => {
    expect(shiftWeek('2026-W53', 1)).toBe('2027-W01')
    expect(shiftWeek('2027-W01', -1)).toBe('2026-W53')
    expect(shiftWeek('2026-W01', -1)).toBe('2025-W52')
    expect(shiftWeek('2026-W10', 4)).toBe('2026-W14')
  })
})

describe('calendar addresses', () => {
  it('writes only what differs from the defaults, with stock keys readable', () => {
    expect(calendarHref({})).toBe('/calendar')
    expect(calendarHref({ week: '2026-W49', market: 'jp' })).toBe('/calendar?week=2026-W49&market=jp')
    expect(calendarHref({ stocks: 'us:AAPL,hk:0700' })).toBe('/calendar?stocks=us:AAPL,hk:0700')
    // A member's list wins over a device list: one filter at a time.
    expect(calendarHref({ list: 'all', stocks: 'us:AAPL' })).toBe('/calendar?list=all')
  })

  it('reads stock keys written market:code, and nothing else', () => {
    expect(parseStockKeys('us:aapl, hk:0700,')).toEqual([
      { market: 'us', code: 'AAPL' },
      { market: 'hk', code: '0700' },
    ])
    expect(parseStockKeys('AAPL')).toBeNull()
    expect(parseStockKeys('tw:2330')).toBeNull()
    expect(parseStockKeys('us:AA PL')).toBeNull()
  })
})
