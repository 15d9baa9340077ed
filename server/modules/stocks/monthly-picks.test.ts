import { describe, expect, it } from 'vitest'
import type { Market } from '#contracts/regions.ts'
import { diagnoseStock } from './engine/diagnose-stock.ts'
import {
  createRandomWalkBars,
  makeBenchmarks,
  makeCompany,
  makeHealthyStatements,
} from './engine/diagnosis.fixtures.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'
import {
  choosePicks,
  classifyStockType,
  measureTrackRecord,
  PICKS_PER_MARKET_MAX,
  PICKS_PER_MONTH,
  type PickCandidate,
  suggestionOf,
} from './monthly-picks.ts'

const base = diagnoseStock({
  company: makeCompany(),
  asOf: '2025-06-30',
  bars: createRandomWalkBars({ seed: 7, count: 1000, endDate: '2025-06-30' }),
  fundamentals: makeHealthyStatements(),
  insiderTransactions: [],
  analystConsensus: null,
  benchmarks: makeBenchmarks(),
})

/** The fixture diagnosis with the figures the rule reads set by hand. */
function diagnosisWith(figures: {
  total: number | null
  price?: number
  fairValue?: number | null
  zone?: 'safe' | 'grey' | 'distress'
  revenueCagr?: number | null
  dividendYield?: number | null
  pe?: number | null
}): Diagnosis {
  const d = structuredClone(base)
  const price = figures.price ?? 100
  const fair = figures.fairValue === undefined ? 150 : figures.fairValue
  d.total.value = figures.total
  d.price = price
  d.priceDate = '2025-06-30'
  d.fairValue.value = fair
  d.fairValue.downsideMargin = fair === null ? null : (fair - price) / fair
  d.financialHealth.zone = figures.zone ?? 'safe'
  d.ratios.revenueCagr = figures.revenueCagr ?? 0.02
  d.ratios.dividendYield = figures.dividendYield ?? 0
  d.ratios.pe = figures.pe ?? 30
  d.ratios.pb = 10
  return d
}

let seq = 0
function candidate(market: Market, d: Diagnosis, targetMean: number | null = null): PickCandidate {
  seq += 1
  return {
    companyId: seq,
    market,
    code: `C${String(seq).padStart(4, '0')}`,
    diagnosis: d,
    closes: [100, 120, 90, 110, d.price as number],
    consensus:
      targetMean === null
        ? null
        : {
            asOf: '2025-06-30',
            rating: 'buy',
            meanScore: 2,
            analystCount: 9,
            targetMean,
            targetHigh: null,
            targetLow: null,
          },
  }
}

describe('the monthly pick rule', () => {
  it('keeps only well-scored stocks priced at least 10% below fair value and not in distress', () => {
    const picks = choosePicks([
      candidate('us', diagnosisWith({ total: 75 })),
      candidate('us', diagnosisWith({ total: 59.9 })),
      candidate('us', diagnosisWith({ total: 80, fairValue: 105 })),
      candidate('us', diagnosisWith({ total: 80, fairValue: null })),
      candidate('us', diagnosisWith({ total: 90, zone: 'distress' })),
      candidate('us', diagnosisWith({ total: null })),
      candidate('us', diagnosisWith({ total: 60, fairValue: 100 / 0.9 })),
    ])
    expect(picks.map((p) => p.totalScore)).toEqual([75, 60])
  })

  it('ranks by score, then margin, and takes at most 10 a market and 30 in all', () => {
    const candidates: PickCandidate[] = []
    for (const market of ['us', 'hk', 'jp', 'kr'] as const) {
      for (let i = 0; i < 12; i++)
        candidates.push(candidate(market, diagnosisWith({ total: 61 + i, fairValue: 200 })))
    }
    candidates.push(candidate('jp', diagnosisWith({ total: 72, fairValue: 400 })))
    const picks = choosePicks(candidates)
    expect(picks).toHaveLength(PICKS_PER_MONTH)
    expect(picks.map((p) => p.rank)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
    const scores = picks.map((p) => p.totalScore)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    // At 72 the jp stock with the wider margin comes first among equals.
    expect(picks[0]?.downsideMargin).toBeCloseTo(0.75, 10)
    const byMarket = new Map<string, number>()
    for (const p of picks) {
      const market = candidates.find((c) => c.companyId === p.companyId)?.market as string
      byMarket.set(market, (byMarket.get(market) ?? 0) + 1)
    }
    expect(Math.max(...byMarket.values())).toBeLessThanOrEqual(PICKS_PER_MARKET_MAX)
  })

  it('fills the spec §3 fields: analyst target when there is one, fair value otherwise; drawdown from history', () => {
    const [withTarget, withoutTarget] = choosePicks([
      candidate('hk', diagnosisWith({ total: 80, price: 100, fairValue: 160 }), 130),
      candidate('hk', diagnosisWith({ total: 70, price: 100, fairValue: 150 })),
    ])
    expect(withTarget).toMatchObject({
      suggestion: 'strong_buy',
      recommendedPrice: 100,
      analystEstimatedPrice: 130,
      analystEstimatedPriceSource: 'consensus',
      dataAsOf: '2025-06-30',
    })
    expect(withTarget?.estimatedReturn).toBeCloseTo(0.3, 10)
    expect(withTarget?.estimatedMaxDrawdown).toBeCloseTo(-0.25, 10)
    expect(withoutTarget).toMatchObject({
      analystEstimatedPrice: 150,
      analystEstimatedPriceSource: 'fair_value',
    })
    expect(withoutTarget?.estimatedReturn).toBeCloseTo(0.5, 10)
  })

  it('calls a pick strong buy only with a high score and a wide margin', () => {
    expect(suggestionOf(70, 0.25)).toBe('strong_buy')
    expect(suggestionOf(69.9, 0.5)).toBe('buy')
    expect(suggestionOf(90, 0.2)).toBe('buy')
  })

  it('types a stock as growth, dividend, value or quality, in that order', () => {
    expect(classifyStockType(diagnosisWith({ total: 70, revenueCagr: 0.12, dividendYield: 0.05 }))).toBe(
      'growth',
    )
    expect(classifyStockType(diagnosisWith({ total: 70, dividendYield: 0.04 }))).toBe('dividend')
    const median = base.benchmarks?.metrics.pe.median as number
    expect(classifyStockType(diagnosisWith({ total: 70, pe: median / 2 }))).toBe('value')
    expect(classifyStockType(diagnosisWith({ total: 70, pe: median * 2 }))).toBe('quality')
  })
})

describe('the track record', () => {
  it('is the return to the latest close and the worst fall from the recommended price or any later high', () => {
    const track = measureTrackRecord(100, [95, 110, 88, 104])
    expect(track.actualReturn).toBeCloseTo(0.04, 10)
    expect(track.actualMaxDrawdown).toBeCloseTo(88 / 110 - 1, 10)
    expect(measureTrackRecord(100, [])).toEqual({ actualReturn: null, actualMaxDrawdown: null })
  })
})
