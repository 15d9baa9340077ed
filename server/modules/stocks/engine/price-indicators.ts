/**
 * Runs every price indicator the diagnosis needs over the daily bars in a single pass, using the maintained
 * `trading-signals` library (no hand-written RSI, ADX, MFI…). It returns the latest readings plus the few
 * earlier readings that trends need (SMA 200 and OBV 20 bars ago) and the swing highs and lows of the recent window.
 * Placeholder bars (no volume, one price: days without trading) are skipped, so every indicator counts sessions.
 * A reading exists only once its indicator has warmed up; one that is undefined (RSI of a price that never moved)
 * is no reading. It decides nothing about buy or sell; technical-labels.ts and price-levels.ts do.
 */

import { ADX, ATR, CMF, EMA, MFI, OBV, RSI, SMA, SwingHigh, SwingLow } from 'trading-signals'
import { type DailyBar, isPlaceholderBar } from '#server/providers/market-data/market-data.ts'
import { finiteOrNull } from './score-card.ts'

/**
 * An exponential moving average as the standard definition (and most charting tools) start it: no reading before
 * `interval` inputs, then the simple average of those inputs, then the usual smoothing by 2 ÷ (interval + 1).
 * The library's EMA instead starts from its very first input and calls itself stable after `interval` inputs, when
 * that first input still weighs (1 − 2 ÷ (interval + 1))^(interval − 1) — 14 % of a 200-day EMA after 200 bars — so
 * its early readings are not the EMA readers see elsewhere. Here the library's SMA makes the seed and the library's
 * EMA carries on from it (an EMA's first input is where it starts).
 */
export class SeededEma {
  readonly #seed: SMA
  readonly #ema: EMA
  #value: number | null = null

  constructor(interval: number) {
    this.#seed = new SMA(interval)
    this.#ema = new EMA(interval)
  }

  add(input: number): number | null {
    if (this.#value === null) {
      const average = this.#seed.add(input)
      if (average !== null) this.#value = this.#ema.add(average)
    } else {
      this.#value = this.#ema.add(input)
    }
    return this.#value
  }

  get value(): number | null {
    return this.#value
  }
}

export interface MacdReading {
  macd: number
  signal: number
  histogram: number
}

/**
 * MACD(12, 26, 9) as Appel defines it: MACD = EMA 12 − EMA 26 of the close, signal = EMA 9 of MACD, histogram =
 * MACD − signal, each EMA started from a simple average (SeededEma). The first MACD value comes with the 26th close
 * and the first signal with the 34th; before that there is no reading. (The library's MACD class is built on its
 * first-input EMA, see SeededEma.)
 */
export function createMacd(fast = 12, slow = 26, signal = 9) {
  const fastEma = new SeededEma(fast)
  const slowEma = new SeededEma(slow)
  const signalEma = new SeededEma(signal)
  let reading: MacdReading | null = null
  return {
    add(close: number): MacdReading | null {
      const f = fastEma.add(close)
      const s = slowEma.add(close)
      if (f === null || s === null) return null
      const macd = f - s
      const line = signalEma.add(macd)
      if (line === null) return null
      reading = { macd, signal: line, histogram: macd - line }
      return reading
    },
    get reading(): MacdReading | null {
      return reading
    },
  }
}

export interface IndicatorSettings {
  /** Bars on each side a swing high/low must exceed (5 is the chartists' convention in trading-signals). */
  swingLookback: number
  /** Swing points are looked for in this many most recent bars (about one trading year). */
  swingWindow: number
  /** How many bars back "earlier" readings are taken for slopes (SMA 200 rising, OBV trend). */
  slopeBars: number
}

export const DEFAULT_INDICATOR_SETTINGS: IndicatorSettings = {
  swingLookback: 5,
  swingWindow: 250,
  slopeBars: 20,
}

export interface SwingPoint {
  kind: 'high' | 'low'
  price: number
  date: string
}

export interface IndicatorSnapshot {
  barCount: number
  firstDate: string | null
  lastDate: string | null
  lastClose: number | null
  previousClose: number | null
  sma20: number | null
  sma50: number | null
  sma200: number | null
  /** SMA 200 `slopeBars` bars before the last bar. */
  sma200Earlier: number | null
  ema20: number | null
  ema50: number | null
  ema200: number | null
  /** null before 15 closes, and when the close never moved (no gains and no losses: RSI is 0 ÷ 0). */
  rsi14: number | null
  /** True when RSI had enough closes but is undefined because the close never changed. */
  rsi14Undefined: boolean
  /**
   * Every close equal to the first: RSI is undefined (0 ÷ 0), and so are ±DI and ADX when the range never moved
   * either — undefined, rather than missing for want of history.
   */
  closeUnchanged: boolean
  macd: number | null
  macdSignal: number | null
  macdHistogram: number | null
  adx14: number | null
  /** +DI and −DI on the usual 0–100 scale (the library reports fractions). */
  plusDi14: number | null
  minusDi14: number | null
  atr14: number | null
  mfi14: number | null
  cmf20: number | null
  obv: number | null
  /** OBV `slopeBars` bars before the last bar. */
  obvEarlier: number | null
  /** Total volume of the last `slopeBars` bars (the bars whose signed volume makes the OBV change). */
  obvWindowVolume: number | null
  historyHigh: number | null
  historyLow: number | null
  /** Highest high and lowest low of every bar except the last: "at the top of its history" compares with these. */
  highBeforeLast: number | null
  lowBeforeLast: number | null
  swings: SwingPoint[]
  settings: IndicatorSettings
}

/** Sessions only: the bars without placeholder bars (the same array when there are none). */
export function selectSessions(bars: readonly DailyBar[]): readonly DailyBar[] {
  return bars.some(isPlaceholderBar) ? bars.filter((bar) => !isPlaceholderBar(bar)) : bars
}

/** `bars` must be ascending by date. Placeholder bars are skipped. */
export function computeIndicators(
  input: readonly DailyBar[],
  settings: IndicatorSettings = DEFAULT_INDICATOR_SETTINGS,
): IndicatorSnapshot {
  const bars = selectSessions(input)
  const n = bars.length
  const sma20 = new SMA(20)
  const sma50 = new SMA(50)
  const sma200 = new SMA(200)
  const ema20 = new SeededEma(20)
  const ema50 = new SeededEma(50)
  const ema200 = new SeededEma(200)
  const rsi14 = new RSI(14)
  const macd = createMacd()
  const adx14 = new ADX(14)
  const atr14 = new ATR(14)
  const mfi14 = new MFI(14)
  const cmf20 = new CMF(20)
  // OBV(2): the library's interval is the number of candles held; two are enough for the close-to-close sign.
  const obv = new OBV(2)
  const swingHigh = new SwingHigh({ lookback: settings.swingLookback })
  const swingLow = new SwingLow({ lookback: settings.swingLookback })

  const earlierIndex = n - 1 - settings.slopeBars
  const swingStart = Math.max(0, n - settings.swingWindow)
  const swings: SwingPoint[] = []
  let sma200Earlier: number | null = null
  let obvEarlier: number | null = null
  let obvWindowVolume = 0
  let historyHigh = Number.NEGATIVE_INFINITY
  let historyLow = Number.POSITIVE_INFINITY
  let highBeforeLast = Number.NEGATIVE_INFINITY
  let lowBeforeLast = Number.POSITIVE_INFINITY
  let closeUnchanged = n > 0

  for (let i = 0; i < n; i++) {
    const bar = bars[i]!
    const close = bar.close
    if (i > 0 && close !== bars[0]!.close) closeUnchanged = false
    if (i === n - 1) {
      highBeforeLast = historyHigh
      lowBeforeLast = historyLow
    }
    sma20.add(close)
    sma50.add(close)
    sma200.add(close)
    ema20.add(close)
    ema50.add(close)
    ema200.add(close)
    rsi14.add(close)
    macd.add(close)
    adx14.add(bar)
    atr14.add(bar)
    mfi14.add(bar)
    cmf20.add(bar)
    obv.add(bar)
    if (bar.high > historyHigh) historyHigh = bar.high
    if (bar.low < historyLow) historyLow = bar.low
    if (i === earlierIndex) {
      sma200Earlier = sma200.getResult()
      obvEarlier = obv.getResult()
    }
    if (i > earlierIndex) obvWindowVolume += bar.volume
    if (i >= swingStart) {
      // A swing is confirmed `swingLookback` bars after its own bar, so the reported point is that earlier bar.
      const pivotBar = bars[i - settings.swingLookback]
      const high = swingHigh.add(bar)
      if (high !== null && pivotBar) swings.push({ kind: 'high', price: high, date: pivotBar.date })
      const low = swingLow.add(bar)
      if (low !== null && pivotBar) swings.push({ kind: 'low', price: low, date: pivotBar.date })
    }
  }

  const macdResult = macd.reading
  // With no gains and no losses RSI is 0 ÷ 0; the library answers 100 ("overbought"), which a still price is not.
  const rsi = finiteOrNull(rsi14.getResult())
  const adx = adx14.getResult()
  const last = bars[n - 1]
  return {
    barCount: n,
    firstDate: bars[0]?.date ?? null,
    lastDate: last?.date ?? null,
    lastClose: finiteOrNull(last?.close),
    previousClose: finiteOrNull(bars[n - 2]?.close),
    sma20: finiteOrNull(sma20.getResult()),
    sma50: finiteOrNull(sma50.getResult()),
    sma200: finiteOrNull(sma200.getResult()),
    sma200Earlier: finiteOrNull(sma200Earlier),
    ema20: finiteOrNull(ema20.value),
    ema50: finiteOrNull(ema50.value),
    ema200: finiteOrNull(ema200.value),
    rsi14: closeUnchanged ? null : rsi,
    rsi14Undefined: closeUnchanged && rsi !== null,
    closeUnchanged,
    macd: finiteOrNull(macdResult?.macd),
    macdSignal: finiteOrNull(macdResult?.signal),
    macdHistogram: finiteOrNull(macdResult?.histogram),
    adx14: finiteOrNull(adx),
    plusDi14: adx === null ? null : finiteOrNull(scaleDi(adx14.pdi)),
    minusDi14: adx === null ? null : finiteOrNull(scaleDi(adx14.mdi)),
    atr14: finiteOrNull(atr14.getResult()),
    mfi14: finiteOrNull(mfi14.getResult()),
    cmf20: finiteOrNull(cmf20.getResult()),
    obv: finiteOrNull(obv.getResult()),
    obvEarlier: finiteOrNull(obvEarlier),
    obvWindowVolume: earlierIndex >= 0 ? obvWindowVolume : null,
    historyHigh: n > 0 ? historyHigh : null,
    historyLow: n > 0 ? historyLow : null,
    highBeforeLast: n > 1 ? highBeforeLast : null,
    lowBeforeLast: n > 1 ? lowBeforeLast : null,
    swings,
    settings,
  }
}

/** The library types +DI/−DI as `number | void` before it has a reading. */
function scaleDi(value: unknown): number | null {
  return typeof value === 'number' ? value * 100 : null
}
