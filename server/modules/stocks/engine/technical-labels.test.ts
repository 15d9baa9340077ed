import { describe, expect, it } from 'vitest'
import { createRandomWalkBars } from './diagnosis.fixtures.ts'
import { computeIndicators, type IndicatorSnapshot } from './price-indicators.ts'
import { labelCapitalFlow, labelTechnicals } from './technical-labels.ts'

const base = computeIndicators(createRandomWalkBars({ seed: 3, count: 300, endDate: '2025-06-30' }))

function snapshot(overrides: Partial<IndicatorSnapshot>): IndicatorSnapshot {
  return { ...base, ...overrides }
}

describe('technicals label', () => {
  it('shows all eight votes with the reading and what it was compared with', () => {
    const t = labelTechnicals(base)
    expect(t.votes.map((v) => v.key)).toEqual([
      'technicals.rsi14',
      'technicals.macd',
      'technicals.sma20',
      'technicals.sma50',
      'technicals.sma200',
      'technicals.ema20',
      'technicals.ema50',
      'technicals.ema200',
    ])
    expect(t.buy + t.neutral + t.sell).toBe(8)
    const sma50 = t.votes.find((v) => v.key === 'technicals.sma50')!
    expect(sma50.value).toBe(base.lastClose)
    expect(sma50.reference).toBe(base.sma50)
  })

  it('votes buy on oversold RSI and sell on overbought RSI', () => {
    const rsi = (value: number) => labelTechnicals(snapshot({ rsi14: value })).votes[0]!.signal
    expect(rsi(25)).toBe('buy')
    expect(rsi(30)).toBe('buy')
    expect(rsi(50)).toBe('neutral')
    expect(rsi(70)).toBe('sell')
  })

  it('reads buy when the price is above every average and MACD is positive', () => {
    const t = labelTechnicals(
      snapshot({
        lastClose: 200,
        sma20: 150,
        sma50: 150,
        sma200: 150,
        ema20: 150,
        ema50: 150,
        ema200: 150,
        macdHistogram: 1,
        rsi14: 60,
      }),
    )
    expect(t).toMatchObject({ label: 'buy', buy: 7, neutral: 1, sell: 0 })
    expect(t.balance).toBeCloseTo(7 / 8, 10)
  })

  it('casts no vote for readings that cannot be computed, rather than a neutral one', () => {
    const t = labelTechnicals(snapshot({ sma200: null, ema200: null }))
    expect(t.votes.filter((v) => v.signal === null).map((v) => v.key)).toEqual([
      'technicals.sma200',
      'technicals.ema200',
    ])
    expect(t.buy + t.neutral + t.sell).toBe(6)
  })
})

describe('capital-flow label', () => {
  it('reads inflow when MFI, CMF and OBV all point to buying', () => {
    const c = labelCapitalFlow(
      snapshot({
        mfi14: 70,
        cmf20: 0.12,
        obv: 5_000_000,
        obvEarlier: 1_000_000,
        obvWindowVolume: 20_000_000,
      }),
    )
    expect(c).toMatchObject({ label: 'inflow', inflow: 3, neutral: 0, outflow: 0 })
    expect(c.votes[2]!.value).toBeCloseTo(0.2, 12)
  })

  it('reads neutral when inflow and outflow votes tie', () => {
    const c = labelCapitalFlow(
      snapshot({ mfi14: 70, cmf20: -0.12, obv: 0, obvEarlier: 0, obvWindowVolume: 1 }),
    )
    expect(c).toMatchObject({ label: 'neutral', inflow: 1, neutral: 1, outflow: 1 })
  })

  it('reads outflow when the majority of votes point to selling', () => {
    const c = labelCapitalFlow(
      snapshot({ mfi14: 30, cmf20: -0.2, obv: 0, obvEarlier: 0, obvWindowVolume: 1 }),
    )
    expect(c.label).toBe('outflow')
  })
})
