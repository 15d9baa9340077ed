import { describe, expect, it } from 'vitest'
import { makeHealthyStatements } from './engine/diagnosis.fixtures.ts'
import {
  consensusOn,
  lastBarIndexOnOrBefore,
  maxDrawdown,
  measureVolume,
  publishedFundamentals,
} from './snapshot-figures.ts'

function bar(date: string, close: number, volume = 1000) {
  return { date, open: close, high: close, low: close, close, volume }
}

describe('what was known on a past date', () => {
  it('uses statements only once public: after the market’s report lag', () => {
    const years = makeHealthyStatements().map((y) => ({ ...y }))
    const last = years.at(-1)!
    const known = (market: 'us' | 'hk', asOf: string) =>
      publishedFundamentals(years, market, asOf).map((y) => y.fiscalYear)
    // A fiscal year ending on the 31st of December is public 60 days later in the US, 90 days in Hong Kong.
    expect(last.periodEnd.slice(5)).toBe('12-31')
    const year = Number(last.periodEnd.slice(0, 4))
    expect(known('us', `${year + 1}-02-28`)).not.toContain(last.fiscalYear)
    expect(known('us', `${year + 1}-03-02`)).toContain(last.fiscalYear)
    expect(known('hk', `${year + 1}-03-02`)).not.toContain(last.fiscalYear)
    expect(known('hk', `${year + 1}-04-01`)).toContain(last.fiscalYear)
  })

  it('takes the latest consensus published on or before the date', () => {
    const history = ['2026-08-31', '2026-09-30', '2026-10-30'].map((asOf, i) => ({
      asOf,
      rating: 'buy' as const,
      meanScore: 2 + i / 10,
      analystCount: 10,
      targetMean: 100 + i,
      targetHigh: null,
      targetLow: null,
    }))
    expect(consensusOn(history, '2026-08-30')).toBeNull()
    expect(consensusOn(history, '2026-09-30')?.targetMean).toBe(101)
    expect(consensusOn(history, '2026-11-20')?.targetMean).toBe(102)
  })
})

describe('bars', () => {
  const bars = Array.from({ length: 25 }, (_, i) =>
    bar(`2026-10-${String(i + 1).padStart(2, '0')}`, 100 + i, 1000),
  )
  bars[24] = bar('2026-10-25', 124, 3000)

  it('finds the last bar on or before a date', () => {
    expect(lastBarIndexOnOrBefore(bars, '2026-09-30')).toBe(-1)
    expect(lastBarIndexOnOrBefore(bars, '2026-10-10')).toBe(9)
    expect(lastBarIndexOnOrBefore(bars, '2026-12-01')).toBe(24)
  })

  it('compares the session’s volume with the 20 sessions before it', () => {
    expect(measureVolume(bars, '2026-10-25')).toEqual({ volume: 3000, volumeAverage20: 1000, volumeRatio: 3 })
    expect(measureVolume(bars, '2026-10-05')).toEqual({
      volume: 1000,
      volumeAverage20: null,
      volumeRatio: null,
    })
  })

  it('leaves days without trading out of the 20-session volume average', () => {
    // A suspension: days 10–19 are placeholder bars (no volume, one price); the 20 sessions before the 35th day
    // are the 20 real ones, so ordinary volume still reads 1×, not 2× the "usual".
    const withSuspension = Array.from({ length: 35 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10)
      return i >= 10 && i < 20 ? bar(date, 109, 0) : bar(date, 100 + i, 1000)
    })
    expect(measureVolume(withSuspension, '2026-10-05')).toEqual({
      volume: 1000,
      volumeAverage20: 1000,
      volumeRatio: 1,
    })
  })

  it('measures the largest fall from a previous high', () => {
    expect(maxDrawdown([100, 120, 90, 130, 117])).toBeCloseTo(-0.25, 10)
    expect(maxDrawdown([1, 2, 3])).toBe(0)
    expect(maxDrawdown([])).toBeNull()
  })
})
