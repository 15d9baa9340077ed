import { describe, expect, it } from 'vitest'
import type { DailyBar } from '#server/providers/market-data/market-data.ts'
import { createRandomWalkBars } from './diagnosis.fixtures.ts'
import { computeIndicators } from './price-indicators.ts'
import {
  clusterSwingPoints,
  computePivotLevels,
  findLastCompletedPeriodPivots,
  findPriceLevels,
  periodKey,
} from './price-levels.ts'

function bar(date: string, high: number, low: number, close: number): DailyBar {
  return { date, open: close, high, low, close, volume: 1000 }
}

describe('classic pivot points', () => {
  it('match a hand-computed example (H 110, L 90, C 105)', () => {
    const l = computePivotLevels(110, 90, 105)
    // P = 305 / 3 = 101.667; R1 = 2P − L; S1 = 2P − H; R2 = P + (H − L); S2 = P − (H − L); R3 = H + 2(P − L); S3 = L − 2(H − P)
    expect(l.P).toBeCloseTo(101.666667, 5)
    expect(l.R1).toBeCloseTo(113.333333, 5)
    expect(l.S1).toBeCloseTo(93.333333, 5)
    expect(l.R2).toBeCloseTo(121.666667, 5)
    expect(l.S2).toBeCloseTo(81.666667, 5)
    expect(l.R3).toBeCloseTo(133.333333, 5)
    expect(l.S3).toBeCloseTo(73.333333, 5)
  })

  it('come from the last completed month, treating the month of the last bar as still running', () => {
    const bars = [
      bar('2025-04-30', 200, 180, 190),
      bar('2025-05-02', 100, 95, 98),
      bar('2025-05-15', 110, 92, 100),
      bar('2025-05-30', 104, 90, 105),
      bar('2025-06-02', 130, 60, 120),
    ]
    const pivots = findLastCompletedPeriodPivots(bars, 'month')!
    expect(pivots.period).toBe('2025-05')
    expect(pivots.high).toBe(110)
    expect(pivots.low).toBe(90)
    expect(pivots.close).toBe(105)
    expect(pivots.levels.P).toBeCloseTo(305 / 3, 10)
  })

  it('group dates into ISO weeks starting on Monday', () => {
    expect(periodKey('2025-06-01', 'week')).toBe('2025-05-26') // a Sunday
    expect(periodKey('2025-06-02', 'week')).toBe('2025-06-02') // a Monday
    expect(periodKey('2025-06-06', 'week')).toBe('2025-06-02')
  })
})

describe('swing clusters', () => {
  it('merge swing points within the tolerance and keep distant ones apart', () => {
    const clusters = clusterSwingPoints(
      [
        { kind: 'high', price: 100, date: '2025-01-10' },
        { kind: 'low', price: 100.8, date: '2025-03-10' },
        { kind: 'high', price: 110, date: '2025-02-10' },
      ],
      1,
    )
    expect(clusters).toHaveLength(2)
    expect(clusters[0]).toEqual({
      price: 100.4,
      touches: 2,
      kinds: ['high', 'low'],
      dates: ['2025-01-10', '2025-03-10'],
    })
    expect(clusters[1]!.touches).toBe(1)
  })
})

describe('nearest support and resistance', () => {
  it('lie below and above the last close, each with the method that produced it', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const bars = createRandomWalkBars({ seed, count: 400, endDate: '2025-06-30' })
      const levels = findPriceLevels(bars, computeIndicators(bars))
      const close = levels.close!
      if (levels.support) expect(levels.support.price).toBeLessThan(close)
      else expect(levels.supportException).not.toBeNull()
      if (levels.resistance) expect(levels.resistance.price).toBeGreaterThan(close)
      else expect(levels.resistanceException).not.toBeNull()
      for (const level of [levels.support, levels.resistance]) {
        if (level) expect(['pivot_classic', 'swing_cluster']).toContain(level.method)
      }
    }
  })

  it('says there is no resistance when the price stands above every level at the top of its history', () => {
    // A steady climb: every close is a new high, and the last bar jumps far above last month's pivots.
    const bars: DailyBar[] = []
    for (let i = 0; i < 120; i++) {
      const d = new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10)
      const p = 100 + i
      bars.push(bar(d, p + 0.5, p - 0.5, p))
    }
    const last = bars[bars.length - 1]!
    // The close sits just below today's intraday high but above every earlier high: still the top of its history.
    bars[bars.length - 1] = bar(last.date, 401, 395, 400)
    const levels = findPriceLevels(bars, computeIndicators(bars))
    expect(levels.resistance).toBeNull()
    expect(levels.resistanceException).toBe('at_history_high')
    expect(levels.support).not.toBeNull()
    expect(levels.support!.price).toBeLessThan(400)
  })

  it('says there is no level above, rather than a history high, when an old high lies outside the swing window', () => {
    const bars: DailyBar[] = []
    for (let i = 0; i < 400; i++) {
      const d = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10)
      // One spike to 1,000 early on, then a slow climb that ends above every pivot of the last completed month.
      const p = i === 20 ? 1000 : 100 + i * 0.1
      bars.push(bar(d, p + 0.2, p - 0.2, p))
    }
    const last = bars[bars.length - 1]!
    bars[bars.length - 1] = bar(last.date, 300, 299, 300)
    const levels = findPriceLevels(bars, computeIndicators(bars))
    expect(levels.resistance).toBeNull()
    expect(levels.resistanceException).toBe('none_above')
  })

  it('says there is too little data when there are no bars', () => {
    const levels = findPriceLevels([], computeIndicators([]))
    expect(levels.support).toBeNull()
    expect(levels.resistance).toBeNull()
    expect(levels.supportException).toBe('insufficient_data')
    expect(levels.resistanceException).toBe('insufficient_data')
  })
})
