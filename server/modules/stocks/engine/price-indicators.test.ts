import { ADX, CMF, EMA, MACD, MFI, OBV, RSI, SMA, SwingHigh, SwingLow } from 'trading-signals'
import { describe, expect, it } from 'vitest'
import { createRandomWalkBars } from './diagnosis.fixtures.ts'
import { computeIndicators } from './price-indicators.ts'

// About five years of weekday bars from a seeded random walk.
const bars = createRandomWalkBars({ seed: 20251122, count: 1260, endDate: '2025-06-30' })
const closes = bars.map((b) => b.close)
const snapshot = computeIndicators(bars)

function last<T>(values: T[]): T {
  return values[values.length - 1]!
}

describe('price indicators', () => {
  it('equal the library’s RSI(14), MACD(12, 26, 9), SMA and EMA fed independently', () => {
    const rsi = new RSI(14)
    const macd = new MACD(new EMA(12), new EMA(26), new EMA(9))
    const sma = [new SMA(20), new SMA(50), new SMA(200)]
    const ema = [new EMA(20), new EMA(50), new EMA(200)]
    for (const c of closes) {
      rsi.add(c)
      macd.add(c)
      for (const s of sma) s.add(c)
      for (const e of ema) e.add(c)
    }
    expect(snapshot.rsi14).toBe(rsi.getResult())
    expect(snapshot.macd).toBe(macd.getResult()!.macd)
    expect(snapshot.macdSignal).toBe(macd.getResult()!.signal)
    expect(snapshot.macdHistogram).toBe(macd.getResult()!.histogram)
    expect([snapshot.sma20, snapshot.sma50, snapshot.sma200]).toEqual(sma.map((s) => s.getResult()))
    expect([snapshot.ema20, snapshot.ema50, snapshot.ema200]).toEqual(ema.map((e) => e.getResult()))
  })

  it('give the 200-day SMA as the plain mean of the last 200 closes', () => {
    const mean = closes.slice(-200).reduce((a, b) => a + b, 0) / 200
    expect(snapshot.sma200).toBeCloseTo(mean, 8)
    const earlier = closes.slice(-220, -20).reduce((a, b) => a + b, 0) / 200
    expect(snapshot.sma200Earlier).toBeCloseTo(earlier, 8)
  })

  it('equal the library’s ADX(14) and scale +DI and −DI to 0–100', () => {
    const adx = new ADX(14)
    for (const b of bars) adx.add(b)
    expect(snapshot.adx14).toBe(adx.getResult())
    expect(snapshot.plusDi14).toBeCloseTo((adx.pdi as number) * 100, 12)
    expect(snapshot.minusDi14).toBeCloseTo((adx.mdi as number) * 100, 12)
    expect(snapshot.adx14!).toBeGreaterThanOrEqual(0)
    expect(snapshot.adx14!).toBeLessThanOrEqual(100)
  })

  it('equal the library’s MFI(14), CMF(20) and OBV, with the OBV change over 20 bars', () => {
    const mfi = new MFI(14)
    const cmf = new CMF(20)
    const obv = new OBV(2)
    const obvValues: Array<number | null> = []
    for (const b of bars) {
      mfi.add(b)
      cmf.add(b)
      obvValues.push(obv.add(b))
    }
    expect(snapshot.mfi14).toBe(mfi.getResult())
    expect(snapshot.cmf20).toBe(cmf.getResult())
    expect(snapshot.obv).toBe(last(obvValues))
    expect(snapshot.obvEarlier).toBe(obvValues[obvValues.length - 21])
    const windowVolume = bars.slice(-20).reduce((sum, b) => sum + b.volume, 0)
    expect(snapshot.obvWindowVolume).toBe(windowVolume)
    // The OBV change equals the signed volume of the last 20 bars.
    let signed = 0
    for (let i = bars.length - 20; i < bars.length; i++) {
      const diff = bars[i]!.close - bars[i - 1]!.close
      signed += diff > 0 ? bars[i]!.volume : diff < 0 ? -bars[i]!.volume : 0
    }
    expect(snapshot.obv! - snapshot.obvEarlier!).toBe(signed)
  })

  it('date each swing point on the bar where it occurred, within the last 250 bars', () => {
    const high = new SwingHigh({ lookback: 5 })
    const low = new SwingLow({ lookback: 5 })
    const window = bars.slice(-250)
    const expected: string[] = []
    window.forEach((b, i) => {
      if (high.add(b) !== null) expected.push(`high:${window[i - 5]!.date}`)
      if (low.add(b) !== null) expected.push(`low:${window[i - 5]!.date}`)
    })
    expect(snapshot.swings.map((s) => `${s.kind}:${s.date}`)).toEqual(expected)
    for (const s of snapshot.swings) {
      const source = bars.find((b) => b.date === s.date)!
      expect(s.price).toBe(s.kind === 'high' ? source.high : source.low)
    }
  })

  it('report no reading rather than a number when there are too few bars', () => {
    const short = computeIndicators(bars.slice(0, 20))
    expect(short.sma50).toBeNull()
    expect(short.sma200).toBeNull()
    expect(short.ema200).toBeNull()
    expect(short.macdSignal).toBeNull()
    expect(short.adx14).toBeNull()
    expect(short.plusDi14).toBeNull()
    expect(short.rsi14).not.toBeNull()
  })
})
