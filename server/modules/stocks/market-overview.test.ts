import { describe, expect, it } from 'vitest'
import type { IndexPoint } from './market-benchmark.ts'
import type { OverviewRow } from './market-overview.repo.ts'
import {
  benchmarkChanges,
  breadthOf,
  lastYearOf,
  latestSessionRows,
  sectorTilesOf,
  topMoversOf,
} from './market-overview.ts'

const session = '2026-11-20'

function row(overrides: Partial<OverviewRow> = {}): OverviewRow {
  return {
    code: 'AAA',
    sector: 'information_technology',
    asOf: session,
    isDemo: true,
    nameEn: 'Alpha',
    nameZh: '阿爾法',
    currency: 'USD',
    price: 100,
    changePercent: 0.01,
    marketCapUsd: 1e9,
    week52High: 120,
    week52Low: 80,
    return1y: 0.1,
    sessionHigh: 101,
    sessionLow: 99,
    sessionPlaceholder: false,
    ...overrides,
  }
}

describe('benchmark changes', () => {
  it('has no change at all for a market with no points, and none but nothing for one point', () => {
    expect(benchmarkChanges([])).toEqual({ day: null, week: null, month: null, year: null })
    expect(benchmarkChanges([{ date: session, value: 100 }])).toEqual({
      day: null,
      week: null,
      month: null,
      year: null,
    })
  })

  it('measures each period from the last level on or before its start, never over a shorter span', () => {
    const points: IndexPoint[] = [
      { date: '2025-11-19', value: 80 },
      { date: '2026-10-20', value: 90 },
      { date: '2026-11-12', value: 95 },
      { date: '2026-11-13', value: 96 },
      { date: '2026-11-19', value: 98 },
      { date: '2026-11-20', value: 100 },
    ]
    const changes = benchmarkChanges(points)
    expect(changes.day).toBeCloseTo(100 / 98 - 1)
    // A week back is 2026-11-13: its level.
    expect(changes.week).toBeCloseTo(100 / 96 - 1)
    // A month (30 days) back is 2026-10-21: the last level on or before it is 2026-10-20's.
    expect(changes.month).toBeCloseTo(100 / 90 - 1)
    expect(changes.year).toBeCloseTo(100 / 80 - 1)
    // Without a level a year back, no year's change.
    expect(benchmarkChanges(points.slice(1)).year).toBeNull()
  })

  it('keeps the year for the chart from its base level, rounded to hundredths', () => {
    const points: IndexPoint[] = [
      { date: '2025-10-01', value: 70 },
      { date: '2025-11-19', value: 80.123 },
      { date: '2025-11-21', value: 81 },
      { date: '2026-11-20', value: 100 },
    ]
    expect(lastYearOf(points)).toEqual([
      { date: '2025-11-19', value: 80.12 },
      { date: '2025-11-21', value: 81 },
      { date: '2026-11-20', value: 100 },
    ])
    expect(lastYearOf([])).toEqual([])
  })
})

describe('breadth', () => {
  it('is all zeros with no session for a market with no data', () => {
    expect(breadthOf([])).toEqual({
      session: null,
      advancing: 0,
      declining: 0,
      unchanged: 0,
      unknown: 0,
      newHighs: 0,
      newLows: 0,
    })
  })

  it('counts the latest session only, null changes apart', () => {
    const breadth = breadthOf([
      row({ code: 'A', changePercent: 0.02 }),
      row({ code: 'B', changePercent: -0.01 }),
      row({ code: 'C', changePercent: 0 }),
      row({ code: 'D', changePercent: null }),
      row({ code: 'E', changePercent: 0.05, asOf: '2026-11-19' }),
    ])
    expect(breadth).toMatchObject({ session, advancing: 1, declining: 1, unchanged: 1, unknown: 1 })
  })

  it('counts a new high when the session traded at the year high, with a year of history', () => {
    const breadth = breadthOf([
      row({ code: 'A', sessionHigh: 120, week52High: 120 }),
      row({ code: 'B', sessionLow: 80, week52Low: 80 }),
      // A year high set on another day.
      row({ code: 'C', sessionHigh: 110, week52High: 120 }),
      // A session that did not trade sets no record.
      row({ code: 'D', sessionHigh: 120, sessionLow: 120, week52High: 120, sessionPlaceholder: true }),
      // A company without a year of prices has no year to beat.
      row({ code: 'E', sessionHigh: 120, week52High: 120, return1y: null }),
      // No bar for the session.
      row({ code: 'F', sessionHigh: null, sessionLow: null, sessionPlaceholder: null }),
    ])
    expect(breadth.newHighs).toBe(1)
    expect(breadth.newLows).toBe(1)
  })
})

describe('sector map', () => {
  it('is empty for a market with no data', () => {
    expect(sectorTilesOf([])).toEqual([])
  })

  it('weights each sector by capitalisation and sizes it by its share, largest first', () => {
    const tiles = sectorTilesOf([
      row({ sector: 'financials', marketCapUsd: 3e9, changePercent: 0.02 }),
      row({ sector: 'financials', marketCapUsd: 1e9, changePercent: -0.02 }),
      // One company alone is its sector's change.
      row({ sector: 'energy', marketCapUsd: 1e9, changePercent: -0.03 }),
      // A null change leaves the weight out but the capitalisation in.
      row({ sector: 'utilities', marketCapUsd: 1e9, changePercent: null }),
      // No capitalisation: counted as a company, no share, no weight.
      row({ sector: 'utilities', marketCapUsd: null, changePercent: 0.5 }),
      // Another session's row is left out.
      row({ sector: 'materials', asOf: '2026-11-19' }),
    ])
    expect(tiles.map((tile) => tile.sector)).toEqual(['financials', 'energy', 'utilities'])
    const [financials, energy, utilities] = tiles
    expect(financials?.changePercent).toBeCloseTo(0.01)
    expect(financials?.capShare).toBeCloseTo(4 / 6)
    expect(financials?.companies).toBe(2)
    expect(energy).toMatchObject({ changePercent: -0.03, companies: 1 })
    expect(energy?.capShare).toBeCloseTo(1 / 6)
    expect(utilities).toMatchObject({ changePercent: null, companies: 2 })
  })

  it('gives every tile a zero share when no company has a capitalisation', () => {
    expect(sectorTilesOf([row({ marketCapUsd: null })])).toEqual([
      { sector: 'information_technology', changePercent: null, capShare: 0, companies: 1 },
    ])
  })
})

describe('top movers', () => {
  it('lists rises and falls of the latest session apart, largest first, ties by code, in the reader’s language', () => {
    const rows = [
      row({ code: 'A', changePercent: 0.05 }),
      row({ code: 'B', changePercent: 0.05 }),
      row({ code: 'C', changePercent: 0.01 }),
      row({ code: 'D', changePercent: -0.04 }),
      row({ code: 'E', changePercent: 0 }),
      row({ code: 'F', changePercent: null }),
      row({ code: 'G', changePercent: 0.5, asOf: '2026-11-19' }),
    ]
    const { gainers, losers } = topMoversOf(rows, 'us', 'zh-Hant', 2)
    expect(gainers.map((m) => m.code)).toEqual(['A', 'B'])
    expect(losers.map((m) => m.code)).toEqual(['D'])
    expect(gainers[0]).toMatchObject({ name: '阿爾法', otherName: 'Alpha', market: 'us' })
    expect(topMoversOf([], 'us', 'en')).toEqual({ gainers: [], losers: [] })
  })

  it('takes the newest session among the rows', () => {
    expect(latestSessionRows([{ asOf: '2026-11-19' }, { asOf: session }]).session).toBe(session)
  })
})
