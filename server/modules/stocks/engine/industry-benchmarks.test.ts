import { describe, expect, it } from 'vitest'
import { makeCompany, makeHealthyStatements } from './diagnosis.fixtures.ts'
import {
  type BenchmarkFigures,
  buildBenchmarkTable,
  computeIndustryBenchmarks,
  measurePeerFigures,
  pickBenchmarks,
} from './industry-benchmarks.ts'

function peer(code: string, industry: string, values: Partial<BenchmarkFigures>): BenchmarkFigures {
  return {
    code,
    sector: 'information_technology',
    industry,
    pe: null,
    pb: null,
    grossMargin: null,
    operatingMargin: null,
    roe: null,
    roa: null,
    roce: null,
    roic: null,
    ...values,
  }
}

describe('industry benchmarks', () => {
  it('take the median of each metric and skip loss-makers’ P/E and missing figures', () => {
    const b = computeIndustryBenchmarks(
      [
        peer('A', 'semis', { pe: 10, grossMargin: 0.5 }),
        peer('B', 'semis', { pe: 30, grossMargin: 0.4 }),
        peer('C', 'semis', { pe: -5, grossMargin: 0.6 }),
        peer('D', 'semis', { pe: 20, grossMargin: null }),
        peer('E', 'semis', { pe: 40, grossMargin: 0.2 }),
      ],
      'industry',
      'semis',
    )
    expect(b.metrics.pe).toEqual({ median: 25, count: 4 })
    expect(b.metrics.grossMargin).toEqual({ median: 0.45, count: 4 })
    expect(b.metrics.roe).toEqual({ median: null, count: 0 })
    expect(b.peerCount).toBe(5)
  })

  it('give no median from fewer than three figures', () => {
    const b = computeIndustryBenchmarks(
      [peer('A', 'x', { pb: 2 }), peer('B', 'x', { pb: 4 })],
      'industry',
      'x',
    )
    expect(b.metrics.pb).toEqual({ median: null, count: 2 })
  })

  it('fall back from a thin industry to its sector', () => {
    const figures = [
      ...['A', 'B', 'C', 'D', 'E'].map((c) => peer(c, 'Software', { pe: 30 })),
      peer('F', 'Semiconductors', { pe: 15 }),
    ]
    const table = buildBenchmarkTable(figures, 5)
    expect(pickBenchmarks(table, { sector: 'information_technology', industry: 'software' })!.scope).toBe(
      'industry',
    )
    const semis = pickBenchmarks(table, { sector: 'information_technology', industry: 'semiconductors' })!
    expect(semis.scope).toBe('sector')
    expect(semis.peerCount).toBe(6)
    expect(pickBenchmarks(table, { sector: 'utilities', industry: 'power' })).toBeNull()
  })

  it('measure a peer the same way the engine measures the company', () => {
    const f = measurePeerFigures({
      company: makeCompany(),
      asOf: '2025-06-30',
      price: 50,
      fundamentals: makeHealthyStatements(),
    })
    const latest = makeHealthyStatements()[5]!
    const eps = latest.netIncome! / latest.dilutedShares!
    expect(f.pe).toBeCloseTo(50 / eps, 9)
    expect(f.grossMargin).toBeCloseTo(latest.grossProfit! / latest.revenue!, 12)
  })
})
