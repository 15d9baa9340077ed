import { describe, expect, it } from 'vitest'
import { diagnoseStock } from './diagnose-stock.ts'
import { createRandomWalkBars, makeCompany, makeStatement } from './diagnosis.fixtures.ts'

/*
 * Hand-computed fixture (amounts in millions; t = 2024, t − 1 = 2023, t − 2 = 2022):
 *   2022: total assets 1,000
 *   2023: TA 1,100, NI 60, CFO 80, revenue 1,200, gross profit 480, LTD 300, CA 400, CL 250, shares 100
 *   2024: TA 1,200, NI 88, CFO 110, revenue 1,430, gross profit 600.6, LTD 280, CA 375, CL 250, shares 105
 * 1 ROA = 88 / 1,100 = 0.08 > 0                                   pass
 * 2 CFO = 110 / 1,100 = 0.10 > 0                                  pass
 * 3 ΔROA: 0.08 vs 60 / 1,000 = 0.06                               pass
 * 4 accrual: CFO 0.10 > ROA 0.08                                  pass
 * 5 ΔLEVER: 280 / 1,150 = 0.2435 vs 300 / 1,050 = 0.2857          pass
 * 6 ΔLIQUID: 375 / 250 = 1.5 vs 400 / 250 = 1.6                   fail
 * 7 EQ_OFFER: 105 shares vs 100                                   fail
 * 8 ΔMARGIN: 600.6 / 1,430 = 0.42 vs 480 / 1,200 = 0.40           pass
 * 9 ΔTURN: 1,430 / 1,100 = 1.30 vs 1,200 / 1,000 = 1.20           pass
 * F = 7 of 9 → score 100 × 7 / 9 = 77.8
 */
const M = 1e6
const statements = [
  makeStatement(2022, { totalAssets: 1000 * M }),
  makeStatement(2023, {
    totalAssets: 1100 * M,
    netIncome: 60 * M,
    operatingCashFlow: 80 * M,
    revenue: 1200 * M,
    grossProfit: 480 * M,
    longTermDebt: 300 * M,
    currentAssets: 400 * M,
    currentLiabilities: 250 * M,
    sharesOutstanding: 100 * M,
  }),
  makeStatement(2024, {
    totalAssets: 1200 * M,
    netIncome: 88 * M,
    operatingCashFlow: 110 * M,
    revenue: 1430 * M,
    grossProfit: 600.6 * M,
    longTermDebt: 280 * M,
    currentAssets: 375 * M,
    currentLiabilities: 250 * M,
    sharesOutstanding: 105 * M,
  }),
]

function diagnose(fundamentals = statements, company = makeCompany()) {
  return diagnoseStock({
    company,
    asOf: '2025-06-30',
    bars: createRandomWalkBars({ seed: 1, count: 300, endDate: '2025-06-30' }),
    fundamentals,
    insiderTransactions: null,
    analystConsensus: null,
    benchmarks: null,
  })
}

describe('Piotroski F-score', () => {
  it('computes each of the nine criteria as in the hand-worked fixture', () => {
    const score = diagnose().scores.fundamentals
    const byKey = Object.fromEntries(score.checks.map((c) => [c.key, c]))
    expect(byKey['piotroski.roa_positive']!.value).toBeCloseTo(0.08, 10)
    expect(byKey['piotroski.roa_positive']!.passed).toBe(true)
    expect(byKey['piotroski.cfo_positive']!.value).toBeCloseTo(0.1, 10)
    expect(byKey['piotroski.cfo_positive']!.passed).toBe(true)
    expect(byKey['piotroski.roa_improved']!.threshold).toBeCloseTo(0.06, 10)
    expect(byKey['piotroski.roa_improved']!.passed).toBe(true)
    expect(byKey['piotroski.cfo_exceeds_net_income']!.passed).toBe(true)
    expect(byKey['piotroski.leverage_decreased']!.value).toBeCloseTo(280 / 1150, 10)
    expect(byKey['piotroski.leverage_decreased']!.threshold).toBeCloseTo(300 / 1050, 10)
    expect(byKey['piotroski.leverage_decreased']!.passed).toBe(true)
    expect(byKey['piotroski.current_ratio_improved']!.value).toBeCloseTo(1.5, 10)
    expect(byKey['piotroski.current_ratio_improved']!.threshold).toBeCloseTo(1.6, 10)
    expect(byKey['piotroski.current_ratio_improved']!.passed).toBe(false)
    expect(byKey['piotroski.no_new_shares']!.passed).toBe(false)
    expect(byKey['piotroski.gross_margin_improved']!.value).toBeCloseTo(0.42, 10)
    expect(byKey['piotroski.gross_margin_improved']!.passed).toBe(true)
    expect(byKey['piotroski.asset_turnover_improved']!.value).toBeCloseTo(1.3, 10)
    expect(byKey['piotroski.asset_turnover_improved']!.threshold).toBeCloseTo(1.2, 10)
    expect(byKey['piotroski.asset_turnover_improved']!.passed).toBe(true)
  })

  it('scores seven passed criteria out of nine as 77.8', () => {
    const score = diagnose().scores.fundamentals
    expect(score.checksAvailable).toBe(9)
    expect(score.checks.filter((c) => c.passed).length).toBe(7)
    expect(score.value).toBe(77.8)
    expect(score.dataThrough).toBe('2024-12-31')
    expect(score.methods).toContain('piotroski-2000')
  })

  it('leaves out the criteria that need a third year when only two years are given, without counting them', () => {
    const score = diagnose(statements.slice(1)).scores.fundamentals
    const unavailable = score.checks.filter((c) => c.status === 'not_available').map((c) => c.key)
    // Beginning assets of 2024 come from 2023, but 2023's own beginning assets (2022) are gone.
    expect(unavailable).toEqual([
      'piotroski.roa_improved',
      'piotroski.leverage_decreased',
      'piotroski.asset_turnover_improved',
    ])
    for (const c of score.checks.filter((c) => c.status === 'not_available'))
      expect(c.reason).toBe('insufficient_history')
    expect(score.checksAvailable).toBe(6)
    // 4 of 6 available pass (ROA, CFO, accrual, margin); liquidity and shares fail.
    expect(score.value).toBe(66.7)
  })

  it('reports the score as not available when fewer than six criteria can be judged', () => {
    const score = diagnose([statements[2]!]).scores.fundamentals
    expect(score.available).toBe(false)
    expect(score.value).toBeNull()
    expect(score.reason).toBe('too_few_checks')
  })

  it('counts leverage as not increased when the company had no long-term debt in either year', () => {
    const debtFree = statements.map((s) => ({ ...s, longTermDebt: s.fiscalYear === 2022 ? null : 0 }))
    const check = diagnose(debtFree).scores.fundamentals.checks.find(
      (c) => c.key === 'piotroski.leverage_decreased',
    )!
    expect(check.passed).toBe(true)
    expect(check.inputs.rule).toBe('no_long_term_debt_in_either_year')
  })

  it('marks liquidity and gross-margin criteria as not applicable to banks', () => {
    const bank = makeCompany({ sector: 'financials', industry: 'banks' })
    const checks = diagnose(statements, bank).scores.fundamentals.checks
    for (const key of ['piotroski.current_ratio_improved', 'piotroski.gross_margin_improved']) {
      const c = checks.find((x) => x.key === key)!
      expect(c.status).toBe('not_available')
      expect(c.reason).toBe('not_applicable')
    }
  })
})
