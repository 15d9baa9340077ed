import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { SCORE_KEYS } from '#contracts/diagnosis-keys.ts'
import { type DiagnosisInput, diagnoseStock, selectBars } from './diagnose-stock.ts'
import {
  createRandomWalkBars,
  makeBenchmarks,
  makeCompany,
  makeHealthyStatements,
  makeInsiderTrades,
} from './diagnosis.fixtures.ts'
import type { Diagnosis } from './diagnosis.types.ts'

const AS_OF = '2025-06-30'

function makeInput(overrides: Partial<DiagnosisInput> = {}): DiagnosisInput {
  return {
    company: makeCompany(),
    asOf: AS_OF,
    bars: createRandomWalkBars({ seed: 42, count: 1260, endDate: AS_OF }),
    fundamentals: makeHealthyStatements(),
    insiderTransactions: makeInsiderTrades(),
    analystConsensus: {
      asOf: '2025-06-20',
      rating: 'buy',
      meanScore: 2.1,
      analystCount: 24,
      targetMean: 190,
      targetHigh: 240,
      targetLow: 150,
    },
    benchmarks: makeBenchmarks(),
    ...overrides,
  }
}

function collectNumbers(value: unknown, path: string, out: Array<[string, number]>): void {
  if (typeof value === 'number') {
    out.push([path, value])
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) collectNumbers(value[i], `${path}[${i}]`, out)
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) collectNumbers(v, `${path}.${k}`, out)
  }
}

function expectInvariants(d: Diagnosis): void {
  for (const key of SCORE_KEYS) {
    const s = d.scores[key]
    if (s.value !== null) {
      expect(s.value).toBeGreaterThanOrEqual(0)
      expect(s.value).toBeLessThanOrEqual(100)
      expect(s.available).toBe(true)
    } else {
      expect(s.available).toBe(false)
      expect(s.reason).not.toBeNull()
    }
    for (const c of s.checks) {
      expect(c.status === 'not_available').toBe(c.passed === null)
      if (c.passed === null) expect(c.reason).not.toBeNull()
    }
  }
  if (d.total.value !== null) {
    expect(d.total.value).toBeGreaterThanOrEqual(0)
    expect(d.total.value).toBeLessThanOrEqual(100)
  }
  const { support, resistance, close } = d.levels
  if (close !== null) {
    if (support) expect(support.price).toBeLessThan(close)
    else expect(d.levels.supportException).not.toBeNull()
    if (resistance) expect(resistance.price).toBeGreaterThan(close)
    else expect(d.levels.resistanceException).not.toBeNull()
  }
  const numbers: Array<[string, number]> = []
  collectNumbers(d, 'diagnosis', numbers)
  for (const [path, n] of numbers) expect(Number.isFinite(n), path).toBe(true)
  expect(JSON.parse(JSON.stringify(d))).toEqual(d)
}

describe('diagnoseStock', () => {
  it('returns every score, label, level and valuation for a complete data set', () => {
    const d = diagnoseStock(makeInput())
    expect(d.asOf).toBe(AS_OF)
    expect(d.currency).toBe('USD')
    expect(d.priceDate).toBe(AS_OF)
    expect(Object.keys(d.scores).sort()).toEqual([...SCORE_KEYS].sort())
    for (const key of SCORE_KEYS) expect(d.scores[key].available, key).toBe(true)
    expect(d.total.available).toBe(true)
    expect(d.technicals.votes).toHaveLength(8)
    expect(d.capitalFlow.votes).toHaveLength(3)
    expect(d.fairValue.method).toBe('dcf_two_stage')
    expect(d.fairValue.value).not.toBeNull()
    expect(d.ratios.peBasis).toBe('last_fiscal_year')
    expect(d.ratios.peFiscalYear).toBe(2024)
    expect(d.analyst).toMatchObject({ rating: 'buy', analystCount: 24 })
    expect(d.profitabilityRating).not.toBeNull()
    expect(d.financialHealth.model).toBe('altman_z')
    expect(d.methods).toContain('piotroski-2000')
    expect(d.methods).toContain('dcf-two-stage')
    expectInvariants(d)
  })

  it('computes the total as the weighted mean of the available component scores', () => {
    const d = diagnoseStock(makeInput())
    let weighted = 0
    let weights = 0
    for (const c of d.total.components) {
      if (c.value === null) continue
      weighted += c.weight * c.value
      weights += c.weight
    }
    expect(d.total.value).toBeCloseTo(weighted / weights, 1)
  })

  it('gives the same result for the same input, twice', () => {
    expect(diagnoseStock(makeInput())).toEqual(diagnoseStock(makeInput()))
  })

  it('does not change its inputs', () => {
    const input = makeInput()
    const copy = structuredClone(input)
    diagnoseStock(input)
    expect(input).toEqual(copy)
  })

  it('ignores bars, statements, trades and consensus dated after the as-of date', () => {
    const input = makeInput()
    const cut = diagnoseStock({ ...input, asOf: '2024-06-28' })
    expect(cut.priceDate).toBe('2024-06-28')
    expect(cut.data.fiscalYears).toEqual([2019, 2020, 2021, 2022, 2023])
    expect(cut.analyst).toBeNull()
    const truncated = diagnoseStock({
      ...input,
      asOf: '2024-06-28',
      bars: input.bars.filter((b) => b.date <= '2024-06-28'),
      fundamentals: input.fundamentals.filter((f) => f.periodEnd <= '2024-06-28'),
      insiderTransactions: input.insiderTransactions!.filter((t) => t.date <= '2024-06-28'),
      analystConsensus: null,
    })
    expect(cut).toEqual(truncated)
  })

  it('sorts unsorted bars and drops unusable ones before computing', () => {
    const bars = createRandomWalkBars({ seed: 5, count: 300, endDate: AS_OF })
    const shuffled = [...bars].reverse()
    shuffled.push({ ...bars[10]!, date: '2025-06-31x', close: Number.NaN })
    expect(selectBars(shuffled, AS_OF)).toEqual(bars)
    expect(diagnoseStock(makeInput({ bars: shuffled }))).toEqual(diagnoseStock(makeInput({ bars })))
  })

  it('reports scores without statements as not available instead of passing or failing them', () => {
    const d = diagnoseStock(makeInput({ fundamentals: [], benchmarks: null, insiderTransactions: null }))
    for (const key of [
      'fundamentals',
      'management',
      'gross_margin',
      'profitability',
      'growth_potential',
      'competitive_advantage',
      'financial_health',
    ] as const) {
      expect(d.scores[key].available, key).toBe(false)
      expect(
        d.scores[key].checks.every((c) => c.passed === null),
        key,
      ).toBe(true)
    }
    expect(d.scores.trend.available).toBe(true)
    expect(d.fairValue.available).toBe(false)
    expect(d.total.available).toBe(false)
    expect(d.total.reason).toBe('too_few_checks')
    expectInvariants(d)
  })

  it('reports trend and technicals as not available with too little price history', () => {
    const d = diagnoseStock(makeInput({ bars: createRandomWalkBars({ seed: 1, count: 10, endDate: AS_OF }) }))
    expect(d.scores.trend.available).toBe(false)
    expect(d.scores.trend.checks.every((c) => c.reason === 'insufficient_history')).toBe(true)
    expect(d.technicals.label).toBeNull()
    expectInvariants(d)
  })

  it('does not label a stock whose price never moved a sell: every technical vote is neutral', () => {
    const still = createRandomWalkBars({ seed: 3, count: 300, endDate: AS_OF }).map((b) => ({
      ...b,
      open: 50.3,
      high: 50.3,
      low: 50.3,
      close: 50.3,
    }))
    const d = diagnoseStock(makeInput({ bars: still }))
    expect(d.technicals.label).toBe('neutral')
    expect(d.technicals.votes.every((v) => v.signal === 'neutral')).toBe(true)
    // ±DI and ADX divide by a range that is zero: the checks say the price has not moved, not "too little history".
    const reasonOf = (key: string) => d.scores.trend.checks.find((c) => c.key === key)?.reason
    expect(reasonOf('trend.di_plus_above_di_minus')).toBe('no_price_movement')
    expect(reasonOf('trend.adx_strong_uptrend')).toBe('no_price_movement')
    // Its pivots equal the price: no support a rounding error below it, no resistance above.
    expect(d.levels).toMatchObject({
      support: null,
      resistance: null,
      supportException: 'at_history_low',
      resistanceException: 'at_history_high',
    })
    expectInvariants(d)
  })

  it('reads a suspended stock from its sessions: placeholder days change no label, level or trend check', () => {
    const walk = createRandomWalkBars({ seed: 17, count: 700, endDate: AS_OF })
    // Days 300–309 and every 41st day are delivered as placeholders (no volume, the last close), and so are the
    // last 15 days: a suspension that is still going on.
    const blank = (i: number) => (i >= 300 && i < 310) || i % 41 === 40 || i >= walk.length - 15
    const delivered: typeof walk = []
    for (const [i, bar] of walk.entries()) {
      const price = delivered.at(-1)?.close ?? bar.open
      delivered.push(
        blank(i) ? { date: bar.date, open: price, high: price, low: price, close: price, volume: 0 } : bar,
      )
    }
    const sessions = walk.filter((_, i) => !blank(i))
    const withBlanks = diagnoseStock(makeInput({ bars: delivered }))
    const withoutBlanks = diagnoseStock(makeInput({ bars: sessions }))
    expect(withBlanks.technicals).toEqual(withoutBlanks.technicals)
    expect(withBlanks.capitalFlow).toEqual(withoutBlanks.capitalFlow)
    expect(withBlanks.levels).toEqual(withoutBlanks.levels)
    expect(withBlanks.scores.trend).toEqual(withoutBlanks.scores.trend)
    expect(withBlanks.data.barsUsed).toBe(sessions.length)
    // The quote is the data as delivered: the last price stands, dated the last day, unchanged.
    expect(withBlanks.price).toBe(sessions.at(-1)?.close)
    expect(withBlanks.priceDate).toBe(AS_OF)
    expect(withBlanks.changePercent).toBe(0)
  })

  it('handles a company with no bars at all', () => {
    const d = diagnoseStock(makeInput({ bars: [] }))
    expect(d.price).toBeNull()
    expect(d.marketCap.value).toBeNull()
    expect(d.levels.supportException).toBe('insufficient_data')
    expectInvariants(d)
  })

  it('leaves industry comparisons out with a reason when no benchmarks are given', () => {
    const d = diagnoseStock(makeInput({ benchmarks: null }))
    const peerChecks = Object.values(d.scores)
      .flatMap((s) => s.checks)
      .filter((c) => c.thresholdSource === 'industry_median')
    expect(peerChecks.length).toBeGreaterThan(0)
    for (const c of peerChecks) {
      expect(c.passed).toBeNull()
      expect(c.reason).toBe('no_benchmark')
    }
  })

  it('converts statements reported in another currency before comparing them with the price', () => {
    const usd = diagnoseStock(makeInput())
    const hkListing = diagnoseStock(
      makeInput({
        company: makeCompany({ market: 'hk', exchange: 'HKEX', currency: 'HKD' }),
        bars: makeInput().bars.map((b) => ({
          ...b,
          open: b.open * 7.8,
          high: b.high * 7.8,
          low: b.low * 7.8,
          close: b.close * 7.8,
        })),
      }),
    )
    expect(hkListing.ratios.pe).toBeCloseTo(usd.ratios.pe!, 9)
    expect(hkListing.marketCap.valueUsd).toBeCloseTo(usd.marketCap.valueUsd!, 0)
    expect(hkListing.ratios.epsDiluted).toBeCloseTo(usd.ratios.epsDiluted! * 7.8, 9)
  })

  it('keeps scores within 0–100, levels on the right side of the price and numbers finite for any price path', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 800 }),
        fc.double({ min: -0.003, max: 0.003, noNaN: true }),
        fc.double({ min: 0.002, max: 0.06, noNaN: true }),
        (seed, count, drift, volatility) => {
          const bars = createRandomWalkBars({ seed, count, endDate: AS_OF, drift, volatility })
          expectInvariants(diagnoseStock(makeInput({ bars })))
        },
      ),
      { numRuns: 40 },
    )
  })
})
