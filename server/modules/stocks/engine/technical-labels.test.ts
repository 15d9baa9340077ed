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

  it('votes neutral on every reading of a price that never moved, and never reads sell (300 identical bars)', () => {
    // 12.34 is not exact in binary: its averages come out a hair above or below it, which once voted buy or sell,
    // and RSI with no gains and no losses came out as 100, "overbought".
    const still = createRandomWalkBars({ seed: 5, count: 300, endDate: '2025-06-30' }).map((b) => ({
      ...b,
      open: 12.34,
      high: 12.34,
      low: 12.34,
      close: 12.34,
    }))
    const t = labelTechnicals(computeIndicators(still))
    expect(t.votes.map((v) => `${v.key} ${v.signal}`)).toEqual([
      'technicals.rsi14 neutral',
      'technicals.macd neutral',
      'technicals.sma20 neutral',
      'technicals.sma50 neutral',
      'technicals.sma200 neutral',
      'technicals.ema20 neutral',
      'technicals.ema50 neutral',
      'technicals.ema200 neutral',
    ])
    expect(t).toMatchObject({ label: 'neutral', buy: 0, neutral: 8, sell: 0, balance: 0 })
    // RSI is undefined there: the row shows no reading, not 100.
    expect(t.votes[0]!.value).toBeNull()
    expect(labelCapitalFlow(computeIndicators(still)).label).toBe('neutral')
  })

  it('casts no EMA 50, EMA 200 or MACD vote after only 30 sessions', () => {
    const t = labelTechnicals(
      computeIndicators(createRandomWalkBars({ seed: 9, count: 30, endDate: '2025-06-30' })),
    )
    const signal = (key: string) => t.votes.find((v) => v.key === key)!.signal
    expect(signal('technicals.ema50')).toBeNull()
    expect(signal('technicals.ema200')).toBeNull()
    expect(signal('technicals.macd')).toBeNull()
    expect(signal('technicals.ema20')).not.toBeNull()
    expect(t.buy + t.neutral + t.sell).toBe(3)
  })

  it('reads a MACD histogram that is zero to nine significant digits of the price as neutral', () => {
    const macd = (histogram: number) =>
      labelTechnicals(snapshot({ lastClose: 250, macdHistogram: histogram })).votes[1]!.signal
    expect(macd(-2e-14)).toBe('neutral')
    expect(macd(0)).toBe('neutral')
    expect(macd(0.01)).toBe('buy')
    expect(macd(-0.01)).toBe('sell')
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
