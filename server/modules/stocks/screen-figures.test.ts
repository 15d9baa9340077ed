import { describe, expect, it } from 'vitest'
import { addDays } from '#server/providers/market-data/exchange-calendar.ts'
import type { DailyBar } from '#server/providers/market-data/market-data.ts'
import { measureReturn, measureWeek52, yearOfBars } from './screen-figures.ts'

function bar(date: string, close: number, { high = close, low = close, volume = 1000 } = {}): DailyBar {
  return { date, open: close, high, low, close, volume }
}

const bars = [
  bar('2025-01-02', 50, { high: 55, low: 45 }),
  bar('2025-06-02', 80, { high: 90, low: 78 }),
  bar('2025-09-01', 60, { high: 62, low: 40 }),
  // A day without trading: one price, no volume; not a price anyone paid.
  { date: '2025-10-01', open: 200, high: 200, low: 200, close: 200, volume: 0 },
  bar('2025-11-03', 70, { high: 72, low: 68 }),
  bar('2025-12-01', 75, { high: 76, low: 74 }),
]

describe('measureWeek52', () => {
  it('places the price between the lowest low and highest high of the year before, skipping days without trading', () => {
    expect(measureWeek52(bars, '2025-12-01', 75)).toEqual({ high: 90, low: 40, position: 35 / 50 })
  })

  it('has no position without a price or a range', () => {
    expect(measureWeek52(bars, '2025-12-01', null).position).toBeNull()
    expect(measureWeek52([bar('2025-12-01', 10)], '2025-12-01', 10).position).toBeNull()
  })
})

describe('measureReturn', () => {
  it('compares the price with the last close on or before the period’s start', () => {
    // 3 months (91 days) before 2025-12-01 is 2025-09-01: close 60.
    expect(measureReturn(bars, '2025-12-01', 75, '3m')).toBeCloseTo(0.25)
    // 1 month before is 2025-11-01: the day without trading before it is passed over for the close of 2025-09-01.
    expect(measureReturn(bars, '2025-12-01', 75, '1m')).toBeCloseTo(0.25)
    expect(measureReturn(bars, '2025-12-01', 75, '6m')).toBeCloseTo(75 / 80 - 1)
  })

  it('has no return when the history is shorter than the period', () => {
    expect(measureReturn(bars, '2025-12-01', 75, '1y')).toBeNull()
  })
})

describe('yearOfBars', () => {
  // Every weekday for two years, closes rising by one a day: a market's holidays are placeholder days among them.
  const weekdays: DailyBar[] = []
  for (let date = '2024-01-01', close = 100; date <= '2025-12-31'; date = addDays(date, 1)) {
    const day = new Date(`${date}T00:00:00Z`).getUTCDay()
    if (day === 0 || day === 6) continue
    close += 1
    weekdays.push(
      date === '2024-12-02'
        ? { date, open: close, high: close, low: close, close, volume: 0 }
        : bar(date, close),
    )
  }
  const asOf = '2025-12-01'

  it('reaches the last traded session on or before the day a year back, which 260 sessions do not', () => {
    const upToAsOf = weekdays.filter((b) => b.date <= asOf)
    const last260 = upToAsOf.slice(-260)
    // The bug readers saw: the compare page's one-year return was empty.
    expect(measureReturn(last260, asOf, 200, '1y')).toBeNull()
    const year = yearOfBars(weekdays, asOf)
    // 2024-12-01 is a Sunday, 2024-11-29 the Friday before it.
    expect(year[0]?.date).toBe('2024-11-29')
    expect(year.at(-1)?.date).toBe(asOf)
    const base = weekdays.find((b) => b.date === '2024-11-29')?.close as number
    expect(measureReturn(year, asOf, 200, '1y')).toBeCloseTo(200 / base - 1)
  })

  it('passes over a placeholder day at the start for the session traded before it', () => {
    expect(yearOfBars(weekdays, '2025-12-02')[0]?.date).toBe('2024-11-29')
  })

  it('returns a shorter history whole, and its one-year return stays empty', () => {
    const short = weekdays.filter((b) => b.date >= '2025-03-03')
    expect(yearOfBars(short, asOf)[0]?.date).toBe('2025-03-03')
    expect(measureReturn(yearOfBars(short, asOf), asOf, 200, '1y')).toBeNull()
  })
})
