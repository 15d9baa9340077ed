import { describe, expect, it } from 'vitest'
import type { DailyBar } from '#server/providers/market-data/market-data.ts'
import { measureReturn, measureWeek52 } from './screen-figures.ts'

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
