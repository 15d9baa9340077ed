import { describe, expect, it } from 'vitest'
import type { HoldingFacts } from '#server/modules/stocks/market-prices.service.ts'
import type { LedgerPosition } from './portfolio-ledger.ts'
import { valuePortfolio } from './portfolio-valuation.ts'

function facts(code: string, overrides: Partial<HoldingFacts>): HoldingFacts {
  return {
    companyId: 1,
    market: 'us',
    code,
    nameEn: code,
    nameZh: code,
    currency: 'USD',
    sector: 'information_technology',
    lastClose: 100,
    lastBarDate: '2026-11-20',
    isDemo: false,
    diagnosisAsOf: '2026-11-20',
    totalScore: null,
    scores: {},
    dividendYield: null,
    ...overrides,
  }
}

function position(
  market: 'us' | 'hk',
  code: string,
  quantity: number,
  cost: number,
  boughtDaysAgo = 400,
): LedgerPosition {
  const today = Math.round(Date.parse('2026-11-20T00:00:00Z') / 86_400_000)
  return {
    market,
    code,
    quantity,
    costBasis: cost,
    realisedGain: 0,
    dividends: 0,
    averageBuyDay: today - boughtDaysAgo,
    firstTradeDate: '2025-01-01',
  }
}

describe('valuing a portfolio', () => {
  it('weighs the score by value, over the holdings that have one, and says how much of the value that is', () => {
    const valuation = valuePortfolio({
      positions: [
        position('us', 'AAA', 30, 2000),
        position('us', 'BBB', 10, 1000),
        position('hk', 'CCC', 78, 5000),
      ],
      facts: new Map([
        [
          'us:AAA',
          facts('AAA', { totalScore: 80, scores: { valuation: 60, trend: null }, dividendYield: 0.02 }),
        ],
        ['us:BBB', facts('BBB', { totalScore: 40, scores: { valuation: 20 }, sector: 'financials' })],
        ['hk:CCC', facts('CCC', { market: 'hk', currency: 'HKD', lastClose: 10 })],
      ]),
      rates: new Map([
        ['USD', 1],
        ['HKD', 1 / 7.8],
      ]),
      currencyOf: () => 'USD',
      today: '2026-11-20',
      locale: 'en',
    })
    // Values 3000, 1000 and 100: the score over the first two only, 3:1.
    expect(valuation.totals.marketValue).toBeCloseTo(4100, 9)
    expect(valuation.score.total).toBe(70)
    expect(valuation.score.dimensions.find((d) => d.key === 'valuation')).toEqual({
      key: 'valuation',
      label: 'Valuation',
      value: 50,
    })
    expect(valuation.score.dimensions.find((d) => d.key === 'trend')?.value).toBeNull()
    expect(valuation.score.coverage).toBeCloseTo(4000 / 4100, 12)
    expect(valuation.totals.expectedDividends).toBeCloseTo(60, 9)
    expect(valuation.totals.unrealisedGain).toBeCloseTo(4100 - (2000 + 1000 + 5000 / 7.8), 9)
    expect(valuation.weights.currency.map((w) => w.key)).toEqual(['USD', 'HKD'])
    expect(valuation.notes.map((note) => note.key)).toEqual([
      'fewStocks',
      'shortHolding',
      'concentratedHolding',
      'concentratedSector',
    ])
  })

  it('lists a stock without a price or a rate without a value and keeps it out of the totals', () => {
    const valuation = valuePortfolio({
      positions: [position('us', 'GONE', 5, 500), position('us', 'AAA', 1, 100)],
      facts: new Map([['us:AAA', facts('AAA', {})]]),
      rates: new Map([['USD', 1]]),
      currencyOf: () => 'USD',
      today: '2026-11-20',
      locale: 'en',
    })
    expect(valuation.holdings.find((h) => h.code === 'GONE')).toMatchObject({
      isCovered: false,
      marketValue: null,
      weight: null,
    })
    expect(valuation.totals.marketValue).toBe(100)
  })
})
