import { describe, expect, it } from 'vitest'
import { equalWeightIndex } from '#server/modules/stocks/market-benchmark.ts'
import { figuresOf, strategyPerformance } from './performance.ts'

function expectCloseAll(actual: readonly number[], expected: readonly number[]) {
  expect(actual).toHaveLength(expected.length)
  for (const [i, value] of expected.entries()) expect(actual[i]).toBeCloseTo(value, 10)
}

/*
 * The hand-computed example: stocks A and B over five trading days (Mon 2026-01-05 … Fri 2026-01-09).
 *
 *   day          A      B     benchmark level
 *   2026-01-05   10     20    200
 *   2026-01-06   11     18    210
 *   2026-01-07   10     19    189
 *   2026-01-08   —      20    199.5      (A has no close: valued at its last, 10)
 *   2026-01-09   12     24    220.5
 *
 * Rebalance 1 (inception) on 01-05: A 50%, B 50%. Value 100 → A 50/10 = 5 shares, B 50/20 = 2.5 shares.
 *   01-06: 5×11 + 2.5×18 = 55 + 45   = 100
 *   01-07: 5×10 + 2.5×19 = 50 + 47.5 = 97.5
 *   01-08: 5×10 + 2.5×20 = 50 + 50   = 100   (A carried at 10)
 * Rebalance 2 on 01-08 (after valuing at the close): A 25%, B 75% of 100 → A 25/10 = 2.5 shares, B 75/20 = 3.75.
 *   01-09: 2.5×12 + 3.75×24 = 30 + 90 = 120
 * Strategy: 100, 100, 97.5, 100, 120 → return 120/100 − 1 = 20%; drawdown from the peak 100 to 97.5 = 2.5%.
 * Benchmark rebased to 100 on 01-05 (÷2): 100, 105, 94.5, 99.75, 110.25 → return 10.25%; drawdown from 105 to 94.5
 * = 10.5/105 = 10%. Four days is less than a year: no annualised return for either.
 */
describe('strategy performance', () => {
  const closes = new Map([
    [
      'us:A',
      [
        { date: '2026-01-05', close: 10 },
        { date: '2026-01-06', close: 11 },
        { date: '2026-01-07', close: 10 },
        { date: '2026-01-09', close: 12 },
      ],
    ],
    [
      'us:B',
      [
        { date: '2026-01-05', close: 20 },
        { date: '2026-01-06', close: 18 },
        { date: '2026-01-07', close: 19 },
        { date: '2026-01-08', close: 20 },
        { date: '2026-01-09', close: 24 },
      ],
    ],
  ])
  const benchmark = [
    { date: '2026-01-02', value: 180 }, // before inception: not part of the comparison
    { date: '2026-01-05', value: 200 },
    { date: '2026-01-06', value: 210 },
    { date: '2026-01-07', value: 189 },
    { date: '2026-01-08', value: 199.5 },
    { date: '2026-01-09', value: 220.5 },
  ]
  const rebalances = [
    {
      effectiveOn: '2026-01-08',
      holdings: [
        { key: 'us:A', weight: 0.25 },
        { key: 'us:B', weight: 0.75 },
      ],
    },
    {
      effectiveOn: '2026-01-05',
      holdings: [
        { key: 'us:A', weight: 0.5 },
        { key: 'us:B', weight: 0.5 },
      ],
    },
  ]

  it('matches the hand-computed example', () => {
    const result = strategyPerformance({ rebalances, closes, benchmark })
    expect(result).not.toBeNull()
    if (!result) return
    expect(result.startDate).toBe('2026-01-05')
    expect(result.asOf).toBe('2026-01-09')
    expect(result.series.map((point) => point.date)).toEqual([
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
      '2026-01-08',
      '2026-01-09',
    ])
    const strategy = result.series.map((point) => point.strategy)
    const index = result.series.map((point) => point.benchmark)
    expectCloseAll(strategy, [100, 100, 97.5, 100, 120])
    expectCloseAll(index, [100, 105, 94.5, 99.75, 110.25])
    expect(result.strategy.totalReturn).toBeCloseTo(0.2, 10)
    expect(result.strategy.maxDrawdown).toBeCloseTo(0.025, 10)
    expect(result.strategy.annualizedReturn).toBeNull()
    expect(result.benchmark.totalReturn).toBeCloseTo(0.1025, 10)
    expect(result.benchmark.maxDrawdown).toBeCloseTo(0.1, 10)
    expect(result.benchmark.annualizedReturn).toBeNull()
  })

  it('applies a rebalance dated on a non-trading day on the next trading day', () => {
    // The inception dated Sunday 2026-01-04 (no benchmark day): it is bought on Monday 01-05, as before.
    const shifted = rebalances.map((r) =>
      r.effectiveOn === '2026-01-05' ? { ...r, effectiveOn: '2026-01-04' } : r,
    )
    const result = strategyPerformance({ rebalances: shifted, closes, benchmark })
    expect(result?.startDate).toBe('2026-01-05')
    expect(result?.strategy.totalReturn).toBeCloseTo(0.2, 10)
  })

  it('keeps the weight of a stock without any close as cash', () => {
    // C never trades: its 50% stays 50 of cash; A's 50 buys 5 shares → 01-09: 50 + 5×12 = 110.
    const result = strategyPerformance({
      rebalances: [
        {
          effectiveOn: '2026-01-05',
          holdings: [
            { key: 'us:A', weight: 0.5 },
            { key: 'us:C', weight: 0.5 },
          ],
        },
      ],
      closes,
      benchmark,
    })
    expect(result?.series.at(-1)?.strategy).toBeCloseTo(110, 10)
  })

  it('has no performance before any benchmark day or without a rebalance', () => {
    expect(strategyPerformance({ rebalances: [], closes, benchmark })).toBeNull()
    expect(
      strategyPerformance({
        rebalances: [{ effectiveOn: '2026-02-01', holdings: [{ key: 'us:A', weight: 1 }] }],
        closes,
        benchmark,
      }),
    ).toBeNull()
  })

  it('annualises from a year on', () => {
    // 100 → 121 over 2024-01-01 … 2026-01-01 = 731 days = 731/365.25 = 2.00137 years: 1.21^(1/2.00137) − 1 ≈ 9.99%.
    const two = figuresOf([100, 121], '2024-01-01', '2026-01-01')
    expect(two.annualizedReturn).toBeCloseTo(1.21 ** (365.25 / 731) - 1, 12)
    expect(two.annualizedReturn).toBeCloseTo(0.0999, 4)
    // 364 days: none yet.
    expect(figuresOf([100, 110], '2025-01-01', '2025-12-31').annualizedReturn).toBeNull()
  })
})

describe('equal-weight benchmark index', () => {
  /*
   * X: 10 → 11 → 12.1; Y: 50 → 45 → (no close) → 54. Days: d1, d2, d3 (Y missing), d4 (X missing).
   * d2: mean(+10%, −10%) = 0 → 100. d3: only X has both closes: +10% → 110. d4: X has no close, Y has none on d3:
   * nobody has two closes → flat 110.
   */
  it('averages the returns of the companies with a close on both days', () => {
    const x = new Map([
      ['2026-01-05', 10],
      ['2026-01-06', 11],
      ['2026-01-07', 12.1],
    ])
    const y = new Map([
      ['2026-01-05', 50],
      ['2026-01-06', 45],
      ['2026-01-08', 54],
    ])
    const points = equalWeightIndex([x, y])
    expect(points.map((p) => p.date)).toEqual(['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08'])
    expectCloseAll(
      points.map((p) => p.value),
      [100, 100, 110, 110],
    )
  })
})
