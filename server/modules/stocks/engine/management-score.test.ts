import { describe, expect, it } from 'vitest'
import { diagnoseStock } from './diagnose-stock.ts'
import {
  createRandomWalkBars,
  makeCompany,
  makeHealthyStatements,
  makeInsiderTrades,
} from './diagnosis.fixtures.ts'
import { shiftIsoDateByMonths, summarizeInsiderActivity } from './management-score.ts'

describe('insider activity', () => {
  it('computes the net purchase ratio in shares over the window, ignoring trades outside it', () => {
    const s = summarizeInsiderActivity(makeInsiderTrades(), '2024-06-30', '2025-06-30')
    // Bought 12,000, sold 4,000 → (12,000 − 4,000) / 16,000 = 0.5; the July 2025 sale is after the window.
    expect(s.transactions).toBe(3)
    expect(s.netPurchaseRatio).toBeCloseTo(0.5, 12)
    const sixMonths = summarizeInsiderActivity(makeInsiderTrades(), '2024-12-30', '2025-06-30')
    expect(sixMonths.netPurchaseRatio).toBe(1)
  })

  it('shifts dates by whole months and clamps to the end of shorter months', () => {
    expect(shiftIsoDateByMonths('2025-06-30', -6)).toBe('2024-12-30')
    expect(shiftIsoDateByMonths('2025-03-31', -1)).toBe('2025-02-28')
    expect(shiftIsoDateByMonths('2024-02-29', -12)).toBe('2023-02-28')
  })
})

describe('management score', () => {
  const input = {
    company: makeCompany(),
    asOf: '2025-06-30',
    bars: createRandomWalkBars({ seed: 4, count: 300, endDate: '2025-06-30' }),
    fundamentals: makeHealthyStatements(),
    analystConsensus: null,
    benchmarks: null,
  }

  it('distinguishes "no insider data" from "no insider trades" and leaves both out of the score', () => {
    const none = diagnoseStock({ ...input, insiderTransactions: null }).scores.management
    const empty = diagnoseStock({ ...input, insiderTransactions: [] }).scores.management
    const key = 'management.insider_net_buying_12m'
    expect(none.checks.find((c) => c.key === key)!.reason).toBe('missing_data')
    expect(empty.checks.find((c) => c.key === key)!.reason).toBe('no_transactions')
    expect(none.value).toBe(empty.value)
  })

  it('compares ROIC with the market cost of capital (risk-free rate plus equity premium)', () => {
    const d = diagnoseStock({ ...input, insiderTransactions: [] })
    const check = d.scores.management.checks.find((c) => c.key === 'management.return_vs_cost_of_capital')!
    expect(check.threshold).toBeCloseTo(0.0425 + 0.045, 12)
    expect(check.inputs.measure).toBe('roic')
    expect(check.value).toBeCloseTo(d.ratios.roic!, 12)
  })

  it('counts share-count growth above 1 % a year as dilution', () => {
    const statements = makeHealthyStatements().map((s, i) => ({ ...s, dilutedShares: 1e9 * 1.05 ** i }))
    const d = diagnoseStock({ ...input, fundamentals: statements, insiderTransactions: [] })
    const check = d.scores.management.checks.find((c) => c.key === 'management.dilution_3y')!
    expect(check.value).toBeCloseTo(0.05, 10)
    expect(check.passed).toBe(false)
  })

  it('uses ROE instead of ROIC for banks and leaves the incremental-return test out', () => {
    const d = diagnoseStock({
      ...input,
      company: makeCompany({ sector: 'financials', industry: 'banks' }),
      insiderTransactions: [],
    })
    const checks = d.scores.management.checks
    expect(checks.find((c) => c.key === 'management.return_vs_cost_of_capital')!.inputs.measure).toBe('roe')
    expect(checks.find((c) => c.key === 'management.incremental_return')!.reason).toBe('not_applicable')
  })
})
