import { describe, expect, it } from 'vitest'
import { addDays, dayOfWeek } from '../exchange-calendar.ts'
import type { Company, DailyBar } from '../market-data.ts'
import { findCompany, findScaleProfile, listings } from '../universe.ts'
import { isIndexReviewDay, listResultsDates } from './demo-events.ts'
import { generateDemoCompanyData } from './demo-provider.ts'

const endDate = '2026-11-20'

function company(market: Company['market'], code: string): Company {
  const found = findCompany(market, code)
  if (!found) throw new Error(`${market}:${code} missing from the universe`)
  return found
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000)
}

/** Volume against the mean of the 20 sessions before, and the close-to-close move, of the session at `i`. */
function sessionFigures(bars: readonly DailyBar[], i: number) {
  const before = bars.slice(i - 20, i)
  const average = before.reduce((sum, bar) => sum + bar.volume, 0) / before.length
  const bar = bars[i] as DailyBar
  return {
    volumeRatio: bar.volume / average,
    move: Math.abs(bar.close / (bars[i - 1] as DailyBar).close - 1),
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[sorted.length >> 1] as number
}

describe('demo results days', () => {
  it('come a few weeks after each quarter, or each half in Hong Kong, at a delay of the company’s own', () => {
    const apple = company('us', 'AAPL')
    const appleDates = listResultsDates(apple, findScaleProfile(apple)!, 'events', 2025, 2025)
    // The periods ending in 2025 (Apple's quarters end with its September year): results in April, July,
    // October and the next January.
    expect(appleDates.map((date) => date.slice(0, 7))).toEqual(['2025-04', '2025-07', '2025-10', '2026-01'])
    const delays = appleDates.map((date, i) =>
      daysBetween(['2025-03-31', '2025-06-30', '2025-09-30', '2025-12-31'][i] as string, date),
    )
    expect(Math.max(...delays) - Math.min(...delays)).toBeLessThanOrEqual(6)
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(15)
      expect(delay).toBeLessThanOrEqual(41)
    }
    for (const { company: subject, scale } of listings) {
      const dates = listResultsDates(subject, scale, 'events', 2024, 2025)
      expect(dates, subject.code).toHaveLength(subject.market === 'hk' ? 4 : 8)
      expect(dates, subject.code).toEqual([...dates].sort())
    }
  })

  it('gap and trade heavily: volume surges to about three times the usual and moves are larger', () => {
    const ratios: number[] = []
    const resultsMoves: number[] = []
    const ordinaryMoves: number[] = []
    for (const { company: subject, scale } of listings.filter((_, i) => i % 4 === 0)) {
      const { bars } = generateDemoCompanyData(subject, 'events', endDate)
      const results = listResultsDates(subject, scale, 'events', 2021, 2026)
      const indexes = new Set(results.map((date) => bars.findIndex((bar) => bar.date >= date)))
      for (let i = 21; i < bars.length; i++) {
        const figures = sessionFigures(bars, i)
        if (indexes.has(i)) {
          ratios.push(figures.volumeRatio)
          resultsMoves.push(figures.move)
        } else if (!indexes.has(i - 1)) ordinaryMoves.push(figures.move)
      }
    }
    expect(median(ratios)).toBeGreaterThan(2.2)
    expect(median(resultsMoves)).toBeGreaterThan(2 * median(ordinaryMoves))
  })
})

describe('demo index-review days', () => {
  it('fall on the third Friday of the quarter’s last month in New York, the second Friday in Tokyo, the second Thursday in Seoul and the last Friday before the quarter’s last month in Hong Kong', () => {
    expect(isIndexReviewDay('us', '2026-09-18')).toBe(true)
    expect(isIndexReviewDay('us', '2026-09-11')).toBe(false)
    expect(isIndexReviewDay('us', '2026-08-21')).toBe(false)
    expect(isIndexReviewDay('jp', '2026-09-11')).toBe(true)
    expect(isIndexReviewDay('kr', '2026-09-10')).toBe(true)
    expect(isIndexReviewDay('hk', '2026-08-28')).toBe(true)
    expect(isIndexReviewDay('hk', '2026-11-27')).toBe(true)
    expect(isIndexReviewDay('hk', '2026-11-20')).toBe(false)
    let days = 0
    for (let date = '2026-01-01'; date <= '2026-12-31'; date = addDays(date, 1)) {
      if (isIndexReviewDay('kr', date)) {
        days++
        expect(dayOfWeek(date)).toBe(4)
      }
    }
    expect(days).toBe(4)
  })

  it('bring the companies of the market about twice their usual volume', () => {
    const date = '2026-09-11'
    const ratios = listings
      .filter((listing) => listing.company.market === 'jp')
      .map(({ company: subject }) => {
        const { bars } = generateDemoCompanyData(subject, 'events', endDate)
        return sessionFigures(
          bars,
          bars.findIndex((bar) => bar.date === date),
        ).volumeRatio
      })
    expect(median(ratios)).toBeGreaterThan(1.7)
  })
})
