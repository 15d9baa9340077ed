/**
 * Trend score: is the stock in an established uptrend? Moving-average alignment (price above the 50- and 200-day
 * averages, the 50 above the 200, the 200 itself rising) and Wilder's directional movement (ADX strength with +DI
 * above −DI). It measures the trend, not whether the trend will continue.
 */
import { ADX, DX } from 'trading-signals'
import type { Check, Score } from './diagnosis.types.ts'
import { buildScore, compareCheck, decidedCheck } from './score-card.ts'
import type { ScoringContext } from './scoring-context.ts'

/** ADX at or above 25 marks a trending market (the common reading of Wilder 1978). */
export const ADX_TRENDING = 25
/** Bars ±DI(14) and ADX(14) need before their first reading (ADX smooths DX again: 2 × 14 − 1). */
const DI_BARS = new DX(14).getRequiredInputs()
const ADX_BARS = new ADX(14).getRequiredInputs()

export function scoreTrend(ctx: ScoringContext): Score {
  const s = ctx.indicators
  const period = s.lastDate
  const close = s.lastClose
  const adxAvailable = s.adx14 !== null && s.plusDi14 !== null && s.minusDi14 !== null
  // ±DI divide by the average true range: a price that never moved has none, so they are undefined (0 ÷ 0) rather
  // than short of history.
  const stillFor = (bars: number) =>
    s.closeUnchanged && s.barCount >= bars ? 'no_price_movement' : 'insufficient_history'
  const diInputs = { adx: s.adx14, plusDi: s.plusDi14, minusDi: s.minusDi14, period: 14 }
  const checks: Check[] = [
    compareCheck({
      key: 'trend.price_above_sma50',
      value: close,
      unit: 'currency',
      comparison: 'gt',
      threshold: s.sma50,
      thresholdSource: 'derived',
      inputs: { close, sma50: s.sma50 },
      period,
      reasonIfMissing: 'insufficient_history',
    }),
    compareCheck({
      key: 'trend.price_above_sma200',
      value: close,
      unit: 'currency',
      comparison: 'gt',
      threshold: s.sma200,
      thresholdSource: 'derived',
      weight: 1.5,
      inputs: { close, sma200: s.sma200 },
      period,
      reasonIfMissing: 'insufficient_history',
    }),
    compareCheck({
      key: 'trend.sma50_above_sma200',
      value: s.sma50,
      unit: 'currency',
      comparison: 'gt',
      threshold: s.sma200,
      thresholdSource: 'derived',
      weight: 1.5,
      inputs: { sma50: s.sma50, sma200: s.sma200 },
      period,
      reasonIfMissing: 'insufficient_history',
    }),
    compareCheck({
      key: 'trend.sma200_rising',
      value: s.sma200,
      unit: 'currency',
      comparison: 'gt',
      threshold: s.sma200Earlier,
      thresholdSource: 'derived',
      inputs: { sma200: s.sma200, sma200Earlier: s.sma200Earlier, barsEarlier: s.settings.slopeBars },
      period,
      reasonIfMissing: 'insufficient_history',
    }),
    compareCheck({
      key: 'trend.di_plus_above_di_minus',
      value: s.plusDi14,
      unit: 'index',
      comparison: 'gt',
      threshold: s.minusDi14,
      thresholdSource: 'derived',
      inputs: diInputs,
      period,
      reasonIfMissing: stillFor(DI_BARS),
    }),
    adxAvailable
      ? decidedCheck({
          key: 'trend.adx_strong_uptrend',
          value: s.adx14,
          unit: 'index',
          comparison: 'gte',
          threshold: ADX_TRENDING,
          thresholdSource: 'fixed',
          // Strength alone is not enough: a strong downtrend also has a high ADX.
          passed: (s.adx14 as number) >= ADX_TRENDING && (s.plusDi14 as number) > (s.minusDi14 as number),
          inputs: diInputs,
          period,
        })
      : compareCheck({
          key: 'trend.adx_strong_uptrend',
          value: null,
          unit: 'index',
          comparison: 'gte',
          threshold: ADX_TRENDING,
          thresholdSource: 'fixed',
          inputs: diInputs,
          period,
          reasonIfMissing: stillFor(ADX_BARS),
        }),
  ]
  return buildScore({
    key: 'trend',
    checks,
    minChecksAvailable: 3,
    asOf: ctx.asOf,
    dataThrough: s.lastDate,
    methods: ['moving-average-trend', 'wilder-adx'],
  })
}
