import { describe, expect, it } from 'vitest'
import { diagnoseStock } from './diagnose-stock.ts'
import { createRandomWalkBars, makeCompany, makeStatement } from './diagnosis.fixtures.ts'
import {
  ALTMAN_Z,
  ALTMAN_Z_DOUBLE_PRIME,
  classifyAltmanZone,
  classifyEquityToAssets,
  computeAltmanZ,
  computeAltmanZDoublePrime,
} from './financial-health-score.ts'

describe('Altman Z-score (1968)', () => {
  it('uses the published coefficients 1.2, 1.4, 3.3, 0.6 and 1.0 with cut-offs 1.81 and 2.99', () => {
    expect(ALTMAN_Z.coefficients).toEqual({ x1: 1.2, x2: 1.4, x3: 3.3, x4: 0.6, x5: 1.0 })
    expect(ALTMAN_Z.distressBelow).toBe(1.81)
    expect(ALTMAN_Z.safeAbove).toBe(2.99)
  })

  it('matches a hand-computed example', () => {
    // TA 1,000; WC 200; RE 200; EBIT 100; market equity 800; liabilities 400; sales 1,200.
    // Z = 1.2 × 0.2 + 1.4 × 0.2 + 3.3 × 0.1 + 0.6 × 2.0 + 1.0 × 1.2 = 0.24 + 0.28 + 0.33 + 1.2 + 1.2 = 3.25
    expect(computeAltmanZ({ x1: 0.2, x2: 0.2, x3: 0.1, x4: 2, x5: 1.2 })).toBeCloseTo(3.25, 10)
    expect(classifyAltmanZone(3.25, ALTMAN_Z)).toBe('safe')
  })

  it('separates the group means reported by Altman (1968) into distress and safe zones', () => {
    // Bankrupt group means: X1 −6.1 %, X2 −62.6 %, X3 −31.8 %, X4 40.1 %, X5 150 %.
    const bankrupt = computeAltmanZ({ x1: -0.061, x2: -0.626, x3: -0.318, x4: 0.401, x5: 1.5 })
    // Non-bankrupt group means: X1 41.4 %, X2 35.5 %, X3 15.3 %, X4 247.7 %, X5 190 %.
    const solvent = computeAltmanZ({ x1: 0.414, x2: 0.355, x3: 0.153, x4: 2.477, x5: 1.9 })
    expect(bankrupt).toBeCloseTo(-0.2584, 4)
    expect(solvent).toBeCloseTo(4.8849, 4)
    expect(classifyAltmanZone(bankrupt, ALTMAN_Z)).toBe('distress')
    expect(classifyAltmanZone(solvent, ALTMAN_Z)).toBe('safe')
  })

  it('treats the cut-off values themselves as the grey zone', () => {
    expect(classifyAltmanZone(2.99, ALTMAN_Z)).toBe('grey')
    expect(classifyAltmanZone(1.81, ALTMAN_Z)).toBe('grey')
    expect(classifyAltmanZone(1.8099, ALTMAN_Z)).toBe('distress')
  })
})

describe("Altman Z''-score (1995)", () => {
  it('uses the published coefficients 6.56, 3.26, 6.72 and 1.05 with cut-offs 1.10 and 2.60', () => {
    expect(ALTMAN_Z_DOUBLE_PRIME.coefficients).toEqual({ x1: 6.56, x2: 3.26, x3: 6.72, x4: 1.05 })
    expect(ALTMAN_Z_DOUBLE_PRIME.distressBelow).toBe(1.1)
    expect(ALTMAN_Z_DOUBLE_PRIME.safeAbove).toBe(2.6)
  })

  it('matches a hand-computed example on book equity', () => {
    // Same company, book equity 600 / liabilities 400 = 1.5:
    // 6.56 × 0.2 + 3.26 × 0.2 + 6.72 × 0.1 + 1.05 × 1.5 = 1.312 + 0.652 + 0.672 + 1.575 = 4.211
    expect(computeAltmanZDoublePrime({ x1: 0.2, x2: 0.2, x3: 0.1, x4: 1.5 })).toBeCloseTo(4.211, 10)
    expect(classifyAltmanZone(1.0, ALTMAN_Z_DOUBLE_PRIME)).toBe('distress')
    expect(classifyAltmanZone(2.0, ALTMAN_Z_DOUBLE_PRIME)).toBe('grey')
  })
})

const M = 1e6
const balanceSheet = makeStatement(2024, {
  totalAssets: 1000 * M,
  currentAssets: 500 * M,
  currentLiabilities: 300 * M,
  retainedEarnings: 200 * M,
  ebit: 100 * M,
  operatingIncome: 100 * M,
  totalLiabilities: 400 * M,
  shareholdersEquity: 600 * M,
  revenue: 1200 * M,
  interestExpense: 10 * M,
  totalDebt: 200 * M,
  sharesOutstanding: 10 * M,
})

function healthOf(company = makeCompany(), statements = [balanceSheet], sharesOverride?: number) {
  const bars = createRandomWalkBars({ seed: 9, count: 60, endDate: '2025-06-30' })
  // Pin the last close to 80 so market equity is 80 × 10 M = 800 M, as in the hand example.
  const last = bars[bars.length - 1]!
  bars[bars.length - 1] = { ...last, close: 80, high: Math.max(last.high, 80), low: Math.min(last.low, 80) }
  return diagnoseStock({
    company,
    asOf: '2025-06-30',
    bars,
    fundamentals: statements,
    insiderTransactions: null,
    analystConsensus: null,
    benchmarks: null,
    overrides: sharesOverride ? { sharesOutstanding: sharesOverride } : undefined,
  })
}

describe('financial-health model choice', () => {
  it('applies the original Z-score to a US manufacturer and reproduces the hand example', () => {
    const d = healthOf(makeCompany({ industry: 'machinery', sector: 'industrials' }))
    expect(d.financialHealth.model).toBe('altman_z')
    expect(d.financialHealth.modelReason).toBe('manufacturer')
    expect(d.financialHealth.value).toBeCloseTo(3.25, 10)
    expect(d.financialHealth.zone).toBe('safe')
    expect(d.scores.financial_health.methods).toEqual(['altman-1968'])
  })

  it("applies Z'' to a US non-manufacturer", () => {
    const d = healthOf(makeCompany({ sector: 'information_technology', industry: 'software' }))
    expect(d.financialHealth.model).toBe('altman_z_double_prime')
    expect(d.financialHealth.modelReason).toBe('non_manufacturer')
    expect(d.financialHealth.value).toBeCloseTo(4.211, 10)
  })

  it("applies Z'' to Hong Kong and Korean listings even when they manufacture", () => {
    for (const market of ['hk', 'kr'] as const) {
      const d = healthOf(
        makeCompany({ market, industry: 'semiconductors', currency: market === 'hk' ? 'HKD' : 'KRW' }),
      )
      expect(d.financialHealth.model).toBe('altman_z_double_prime')
      expect(d.financialHealth.modelReason).toBe('emerging_market_listing')
    }
  })

  it('states that Altman does not apply to banks and uses equity to assets instead', () => {
    const bank = makeCompany({ sector: 'financials', industry: 'banks' })
    const statements = [
      makeStatement(2023, { totalAssets: 1000 * M, shareholdersEquity: 70 * M, netIncome: 9 * M }),
      makeStatement(2024, { totalAssets: 1100 * M, shareholdersEquity: 55 * M, netIncome: 10 * M }),
    ]
    const d = healthOf(bank, statements)
    expect(d.financialHealth.model).toBe('financials_equity_to_assets')
    expect(d.financialHealth.modelReason).toBe('financial_company')
    expect(d.financialHealth.value).toBeCloseTo(0.05, 10)
    expect(d.financialHealth.zone).toBe('grey')
    const byKey = Object.fromEntries(d.scores.financial_health.checks.map((c) => [c.key, c]))
    expect(byKey['health.altman_safe']!.reason).toBe('not_applicable')
    expect(byKey['health.altman_not_distress']!.reason).toBe('not_applicable')
    expect(byKey['health.equity_to_assets']!.passed).toBe(false)
    expect(byKey['health.equity_to_assets_trend']!.passed).toBe(false)
    expect(byKey['health.net_income_positive']!.passed).toBe(true)
    // Weighted: equity/assets 2 (fail) + trend 1 (fail) + net income 1 (pass) → 25.
    expect(d.scores.financial_health.value).toBe(25)
  })

  it('classifies bank capital at 6 % or more as safe and below 3 % as distress', () => {
    expect(classifyEquityToAssets(0.06)).toBe('safe')
    expect(classifyEquityToAssets(0.0299)).toBe('distress')
    expect(classifyEquityToAssets(0.03)).toBe('grey')
  })
})
