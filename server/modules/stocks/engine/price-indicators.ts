/**
 * Runs every price indicator the diagnosis needs over the daily bars in a single pass, using the maintained
 * `trading-signals` library (no hand-written RSI, MACD, ADX, MFI…). It returns the latest readings plus the few
 * earlier readings that trends need (SMA 200 and OBV 20 bars ago) and the swing highs and lows of the recent window.
 * It decides nothing about buy or sell; technical-labels.ts and price-levels.ts do.
 */

import { ADX, ATR, CMF, EMA, MACD, MFI, OBV, RSI, SMA, SwingHigh, SwingLow } from 'trading-signals'
import type { DailyBar } from '#server/providers/market-data/market-data.ts'
import { finiteOrNull } from './score-card.ts'

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
  rsi14: number | null
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

/** `bars` must be ascending by date. */
export function computeIndicators(
  bars: readonly DailyBar[],
  settings: IndicatorSettings = DEFAULT_INDICATOR_SETTINGS,
): IndicatorSnapshot {
  const n = bars.length
  const sma20 = new SMA(20)
  const sma50 = new SMA(50)
  const sma200 = new SMA(200)
  const ema20 = new EMA(20)
  const ema50 = new EMA(50)
  const ema200 = new EMA(200)
  const rsi14 = new RSI(14)
  const macd = new MACD(new EMA(12), new EMA(26), new EMA(9))
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

  for (let i = 0; i < n; i++) {
    const bar = bars[i]!
    const close = bar.close
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

  const macdResult = macd.signal.isStable ? macd.getResult() : null
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
    ema20: ema20.isStable ? finiteOrNull(ema20.getResult()) : null,
    ema50: ema50.isStable ? finiteOrNull(ema50.getResult()) : null,
    ema200: ema200.isStable ? finiteOrNull(ema200.getResult()) : null,
    rsi14: finiteOrNull(rsi14.getResult()),
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
