import { ADX, CMF, MFI, OBV, RSI, SMA, SwingHigh, SwingLow } from 'trading-signals'
import { describe, expect, it } from 'vitest'
import type { DailyBar } from '#server/providers/market-data/market-data.ts'
import { createRandomWalkBars } from './diagnosis.fixtures.ts'
import { computeIndicators } from './price-indicators.ts'

// About five years of weekday bars from a seeded random walk.
const bars = createRandomWalkBars({ seed: 20251122, count: 1260, endDate: '2025-06-30' })
const closes = bars.map((b) => b.close)
const snapshot = computeIndicators(bars)

function last<T>(values: T[]): T {
  return values[values.length - 1]!
}

/**
 * The textbook EMA, written out as a reference: no value before `n` inputs, the simple average of the first `n`,
 * then value = input × k + previous × (1 − k) with k = 2 ÷ (n + 1).
 */
function textbookEma(values: readonly number[], n: number): Array<number | null> {
  const k = 2 / (n + 1)
  let ema: number | null = null
  return values.map((v, i) => {
    if (i === n - 1) ema = values.slice(0, n).reduce((a, b) => a + b, 0) / n
    else if (i >= n) ema = v * k + (ema as number) * (1 - k)
    return ema
  })
}

function textbookMacd(values: readonly number[]) {
  const fast = textbookEma(values, 12)
  const slow = textbookEma(values, 26)
  const line = values.map((_, i) => (slow[i] === null ? null : (fast[i] as number) - (slow[i] as number)))
  const defined = line.filter((v): v is number => v !== null)
  const signal = textbookEma(defined, 9)
  const macd = last(defined)
  const s = last(signal)
  return s === null ? null : { macd, signal: s, histogram: macd - s }
}

/** A day without trading as data sources deliver it: no volume, the last close as every price. */
function placeholderAfter(bar: DailyBar, date: string): DailyBar {
  return { date, open: bar.close, high: bar.close, low: bar.close, close: bar.close, volume: 0 }
}

describe('price indicators', () => {
  it('equal the library’s RSI(14) and SMA fed independently', () => {
    const rsi = new RSI(14)
    const sma = [new SMA(20), new SMA(50), new SMA(200)]
    for (const c of closes) {
      rsi.add(c)
      for (const s of sma) s.add(c)
    }
    expect(snapshot.rsi14).toBe(rsi.getResult())
    expect([snapshot.sma20, snapshot.sma50, snapshot.sma200]).toEqual(sma.map((s) => s.getResult()))
  })

  it('give the textbook EMA and MACD(12, 26, 9): each EMA started from the simple average of its first closes', () => {
    // Short histories show the start most: 210 bars leave the EMA 200 ten bars past its seed.
    for (const series of [closes, closes.slice(0, 210), closes.slice(0, 60)]) {
      const s = computeIndicators(bars.slice(0, series.length))
      const expected = [20, 50, 200].map((n) => last(textbookEma(series, n)))
      ;[s.ema20, s.ema50, s.ema200].forEach((value, i) => {
        if (expected[i] === null) expect(value).toBeNull()
        else expect(value).toBeCloseTo(expected[i] as number, 9)
      })
      const macd = textbookMacd(series)!
      expect(s.macd).toBeCloseTo(macd.macd, 9)
      expect(s.macdSignal).toBeCloseTo(macd.signal, 9)
      expect(s.macdHistogram).toBeCloseTo(macd.histogram, 9)
    }
  })

  it('give no EMA reading before its period and no MACD before the signal line has its 9 values (34 closes)', () => {
    const readingsAfter = (count: number) => computeIndicators(bars.slice(0, count))
    expect(readingsAfter(19).ema20).toBeNull()
    expect(readingsAfter(20).ema20).toBeCloseTo(closes.slice(0, 20).reduce((a, b) => a + b, 0) / 20, 9)
    const thirty = readingsAfter(30)
    expect([thirty.ema50, thirty.ema200, thirty.macd, thirty.macdSignal, thirty.macdHistogram]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ])
    expect(readingsAfter(33).macdHistogram).toBeNull()
    expect(readingsAfter(34).macdHistogram).not.toBeNull()
    expect(readingsAfter(199).ema200).toBeNull()
    expect(readingsAfter(200).ema200).not.toBeNull()
  })

  it('skip placeholder bars: days without trading change no reading', () => {
    const sessions = bars.slice(-400)
    const withGaps: DailyBar[] = []
    sessions.forEach((bar, i) => {
      withGaps.push(bar)
      // A suspension of five days after the 100th session, and single blank days every 37 sessions.
      if (i === 100) for (let d = 1; d <= 5; d++) withGaps.push(placeholderAfter(bar, `${bar.date}~${d}`))
      else if (i % 37 === 0 && i < sessions.length - 1) withGaps.push(placeholderAfter(bar, `${bar.date}~1`))
    })
    expect(withGaps.length).toBeGreaterThan(sessions.length + 10)
    expect(computeIndicators(withGaps)).toEqual(computeIndicators(sessions))
  })

  it('read no RSI for a price that never moved, rather than an overbought 100', () => {
    const still = bars
      .slice(0, 300)
      .map((b) => ({ ...b, open: 12.34, high: 12.34, low: 12.34, close: 12.34 }))
    const s = computeIndicators(still)
    expect(new RSI(14).updates(still.map((b) => b.close)).at(-1)).toBe(100)
    expect(s.rsi14).toBeNull()
    expect(s.rsi14Undefined).toBe(true)
    expect(s.closeUnchanged).toBe(true)
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
