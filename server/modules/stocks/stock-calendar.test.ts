import { describe, expect, it } from 'vitest'
import type { CalendarEventRow } from './calendar.repo.ts'
import { calendarDaysOf } from './stock-calendar.ts'

const week = [
  '2026-11-30',
  '2026-12-01',
  '2026-12-02',
  '2026-12-03',
  '2026-12-04',
  '2026-12-05',
  '2026-12-06',
]

function row(overrides: Partial<CalendarEventRow>): CalendarEventRow {
  return {
    kind: 'earnings',
    market: 'us',
    code: 'AAPL',
    nameEn: 'Apple Inc.',
    nameZh: '蘋果',
    date: '2026-12-01',
    at: null,
    periodEnd: null,
    confirmed: true,
    payDate: null,
    amount: null,
    currency: null,
    isDemo: false,
    source: 'yahoo',
    ...overrides,
  }
}

describe('calendarDaysOf', () => {
  it('puts a release on the reader’s day of its instant, a date without one on the exchange’s day', () => {
    const rows = [
      // After New York's close on Tuesday: Wednesday morning in Taipei.
      row({ date: '2026-12-01', at: '2026-12-01T21:30:00Z' }),
      row({ code: 'MSFT', nameEn: 'Microsoft', nameZh: '微軟', date: '2026-12-03', at: null }),
    ]
    const taipei = calendarDaysOf(rows, week, 'Asia/Taipei', 'zh-Hant')
    expect(taipei.find((d) => d.date === '2026-12-02')?.earnings.map((e) => e.stock.name)).toEqual(['蘋果'])
    expect(taipei.find((d) => d.date === '2026-12-03')?.earnings.map((e) => e.stock.name)).toEqual(['微軟'])
    const newYork = calendarDaysOf(rows, week, 'America/New_York', 'en')
    expect(newYork.find((d) => d.date === '2026-12-01')?.earnings[0]?.stock).toEqual({
      market: 'us',
      code: 'AAPL',
      name: 'Apple Inc.',
      otherName: '蘋果',
    })
  })

  it('leaves out a release that falls outside the week in the reader’s time zone', () => {
    // Monday 08:00 in Tokyo is Sunday evening in New York: in New York's week, in the next one in Tokyo.
    const sundayNight = row({ market: 'jp', code: '7203', date: '2026-12-07', at: '2026-12-06T23:00:00Z' })
    expect(calendarDaysOf([sundayNight], week, 'America/New_York', 'en').at(-1)?.earnings).toHaveLength(1)
    expect(calendarDaysOf([sundayNight], week, 'Asia/Tokyo', 'en').flatMap((d) => d.earnings)).toEqual([])
  })

  it('lists dividends on their ex-date with amount, currency and pay date, in release order for results', () => {
    const rows = [
      row({ kind: 'dividend', date: '2026-12-04', payDate: '2026-12-18', amount: 0.27, currency: 'USD' }),
      row({ code: 'B', date: '2026-12-02', at: '2026-12-02T21:00:00Z' }),
      row({ code: 'A', date: '2026-12-02', at: '2026-12-02T12:00:00Z' }),
    ]
    const days = calendarDaysOf(rows, week, 'America/New_York', 'en')
    expect(days.find((d) => d.date === '2026-12-04')?.dividends).toEqual([
      expect.objectContaining({ exDate: '2026-12-04', payDate: '2026-12-18', amount: 0.27, currency: 'USD' }),
    ])
    expect(days.find((d) => d.date === '2026-12-02')?.earnings.map((e) => e.stock.code)).toEqual(['A', 'B'])
    expect(days).toHaveLength(7)
  })
})
