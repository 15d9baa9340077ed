import { describe, expect, it } from 'vitest'
import {
  candlesOf,
  chartBarsOf,
  levelLinesOf,
  levelLineTitle,
  type PriceBar,
  priceRangeWithLevels,
  volumesOf,
} from './price-chart-data.ts'

function bar(date: string, open: number, close: number, volume = 1000): PriceBar {
  return { date, open, high: Math.max(open, close) + 1, low: Math.min(open, close) - 1, close, volume }
}

describe('price chart data', () => {
  it('keeps the latest sessions in date order, one bar per date, dropping broken prices', () => {
    const bars = [
      bar('2026-11-19', 10, 11),
      bar('2026-11-17', 9, 10),
      { ...bar('2026-11-18', 10, 10), close: Number.NaN },
      bar('2026-11-20', 11, 12),
      bar('2026-11-19', 10, 10.5),
    ]
    const shown = chartBarsOf(bars, 2)
    expect(shown.map((b) => b.date)).toEqual(['2026-11-19', '2026-11-20'])
    expect(shown[0]?.close).toBe(10.5)
  })

  it('maps bars to candles keyed by session date', () => {
    expect(candlesOf([bar('2026-11-20', 11, 12)])).toEqual([
      { time: '2026-11-20', open: 11, high: 13, low: 10, close: 12 },
    ])
  })

  it('shades volume by the day’s direction', () => {
    const colors = { up: 'U', down: 'D' }
    expect(volumesOf([bar('2026-11-19', 10, 11, 500), bar('2026-11-20', 11, 10, 700)], colors)).toEqual([
      { time: '2026-11-19', value: 500, color: 'U' },
      { time: '2026-11-20', value: 700, color: 'D' },
    ])
  })

  it('draws the support and resistance the diagnosis found, and none it did not', () => {
    const support = {
      price: 95,
      method: 'pivot_classic' as const,
      pivot: 'S1',
      touches: null,
      dates: ['2026-10'],
      distance: -0.05,
      description: 'Pivot point S1',
    }
    expect(levelLinesOf({ support, resistance: null })).toEqual([{ kind: 'support', level: support }])
    expect(levelLinesOf({ support: null, resistance: null })).toEqual([])
  })

  const level = (price: number, description: string) => ({
    price,
    method: 'swing_cluster' as const,
    pivot: null,
    touches: 3,
    dates: ['2026-09-01'],
    distance: 0.04,
    description,
  })
  const titles = { support: 'Support', resistance: 'Resistance' }

  it('names a level line inside the plot only from the tablet up, so on a phone nothing covers the latest bars', () => {
    const line = { kind: 'resistance' as const, level: level(110, 'Swing cluster of 3 highs') }
    expect(levelLineTitle(line, 290, titles)).toBe('')
    expect(levelLineTitle(line, 639, titles)).toBe('')
    expect(levelLineTitle(line, 900, titles)).toBe('Resistance · Swing cluster of 3 highs')
  })

  it('widens the price range to take in levels beyond the bars shown', () => {
    const range = { minValue: 100, maxValue: 105 }
    expect(priceRangeWithLevels(range, { support: level(90, 's'), resistance: level(120, 'r') })).toEqual({
      minValue: 90,
      maxValue: 120,
    })
    expect(priceRangeWithLevels(range, { support: level(101, 's'), resistance: null })).toEqual(range)
    expect(priceRangeWithLevels(range, { support: null, resistance: null })).toBe(range)
    expect(priceRangeWithLevels(null, { support: level(101, 's'), resistance: null })).toEqual({
      minValue: 101,
      maxValue: 101,
    })
  })
})
