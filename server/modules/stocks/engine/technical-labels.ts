/**
 * The two chart labels: technicals (a buy / neutral / sell tally of eight classic readings) and capital flow
 * (inflow / neutral / outflow from three volume-weighted readings). Each vote is kept with its reading and what it
 * was compared with, so the page can show why the label came out as it did. A reading that cannot be computed (too
 * few bars) casts no vote rather than a neutral one. Equal values vote neutral: a close and an average that agree to
 * nine significant digits are equal (score-card.ts), so rounding noise cannot make a still price a buy or a sell.
 */

import type {
  CapitalFlowVoteKey,
  FlowSignal,
  MethodId,
  TechnicalSignal,
  TechnicalVoteKey,
} from '#contracts/diagnosis-keys.ts'
import type { CapitalFlowLabel, CapitalFlowVote, TechnicalsLabel, TechnicalVote } from './diagnosis.types.ts'
import type { IndicatorSnapshot } from './price-indicators.ts'
import { divideOrNull, isNearlyEqual, roundTo } from './score-card.ts'

/** RSI at or below 30 is oversold (buy), at or above 70 overbought (sell): Wilder (1978). */
export const RSI_OVERSOLD = 30
export const RSI_OVERBOUGHT = 70
/** Tally balance (buy − sell) / votes at or beyond ±0.25 tips the label off neutral. */
export const TALLY_THRESHOLD = 0.25
/** MFI above 60 / below 40 reads as inflow / outflow; the 40–60 middle is neutral. */
export const MFI_INFLOW = 60
export const MFI_OUTFLOW = 40
/** CMF above +0.05 / below −0.05 (a buffer around zero against noise, as Chaikin's users commonly apply). */
export const CMF_BAND = 0.05
/** OBV change over the window as a share of the window's volume: ±10 %. */
export const OBV_BAND = 0.1

function signalAgainst(price: number | null, reference: number | null): TechnicalSignal | null {
  if (price === null || reference === null) return null
  if (isNearlyEqual(price, reference)) return 'neutral'
  if (price > reference) return 'buy'
  if (price < reference) return 'sell'
  return 'neutral'
}

function movingAverageVote(
  key: TechnicalVoteKey,
  price: number | null,
  average: number | null,
): TechnicalVote {
  return {
    key,
    signal: signalAgainst(price, average),
    value: price,
    reference: average,
    lower: null,
    upper: null,
    inputs: { close: price, average },
  }
}

function tallyLabel<S extends string>(
  plus: number,
  minus: number,
  available: number,
  up: S,
  down: S,
  neutral: S,
): { label: S | null; balance: number | null } {
  if (available === 0) return { label: null, balance: null }
  const balance = (plus - minus) / available
  const label = balance >= TALLY_THRESHOLD ? up : balance <= -TALLY_THRESHOLD ? down : neutral
  return { label, balance: roundTo(balance, 4) }
}

const TECHNICAL_METHODS: MethodId[] = ['technical-tally', 'wilder-rsi', 'appel-macd', 'moving-average-trend']

/** RSI's vote; a price that never moved has no RSI (no gains, no losses) and is neither overbought nor oversold. */
function rsiVote(s: IndicatorSnapshot): TechnicalSignal | null {
  if (s.rsi14 === null) return s.rsi14Undefined ? 'neutral' : null
  return s.rsi14 <= RSI_OVERSOLD ? 'buy' : s.rsi14 >= RSI_OVERBOUGHT ? 'sell' : 'neutral'
}

/**
 * MACD's vote from the histogram's sign. The histogram is a difference of prices, so it counts as zero when it is
 * zero to nine significant digits of the close (the equal-values rule), not only when it is exactly 0.
 */
function macdVote(s: IndicatorSnapshot): TechnicalSignal | null {
  const h = s.macdHistogram
  if (h === null) return null
  if (s.lastClose !== null && isNearlyEqual(s.lastClose + h, s.lastClose)) return 'neutral'
  return h > 0 ? 'buy' : h < 0 ? 'sell' : 'neutral'
}

export function labelTechnicals(s: IndicatorSnapshot): TechnicalsLabel {
  const close = s.lastClose
  const rsiSignal = rsiVote(s)
  const macdSignal = macdVote(s)
  const votes: TechnicalVote[] = [
    {
      key: 'technicals.rsi14',
      signal: rsiSignal,
      value: s.rsi14,
      reference: null,
      lower: RSI_OVERSOLD,
      upper: RSI_OVERBOUGHT,
      inputs: s.rsi14Undefined ? { period: 14, note: 'price_unchanged' } : { period: 14 },
    },
    {
      key: 'technicals.macd',
      signal: macdSignal,
      value: s.macdHistogram,
      reference: 0,
      lower: null,
      upper: null,
      inputs: {
        macd: s.macd,
        signal: s.macdSignal,
        histogram: s.macdHistogram,
        fast: 12,
        slow: 26,
        signalPeriod: 9,
      },
    },
    movingAverageVote('technicals.sma20', close, s.sma20),
    movingAverageVote('technicals.sma50', close, s.sma50),
    movingAverageVote('technicals.sma200', close, s.sma200),
    movingAverageVote('technicals.ema20', close, s.ema20),
    movingAverageVote('technicals.ema50', close, s.ema50),
    movingAverageVote('technicals.ema200', close, s.ema200),
  ]
  let buy = 0
  let sell = 0
  let neutral = 0
  for (const v of votes) {
    if (v.signal === 'buy') buy++
    else if (v.signal === 'sell') sell++
    else if (v.signal === 'neutral') neutral++
  }
  const { label, balance } = tallyLabel<TechnicalSignal>(
    buy,
    sell,
    buy + sell + neutral,
    'buy',
    'sell',
    'neutral',
  )
  return { label, buy, neutral, sell, balance, votes, asOf: s.lastDate, methods: TECHNICAL_METHODS }
}

function bandSignal(value: number | null, lower: number, upper: number): FlowSignal | null {
  if (value === null) return null
  if (value > upper) return 'inflow'
  if (value < lower) return 'outflow'
  return 'neutral'
}

function flowVote(
  key: CapitalFlowVoteKey,
  value: number | null,
  lower: number,
  upper: number,
  inputs: CapitalFlowVote['inputs'],
): CapitalFlowVote {
  return { key, signal: bandSignal(value, lower, upper), value, reference: null, lower, upper, inputs }
}

export function labelCapitalFlow(s: IndicatorSnapshot): CapitalFlowLabel {
  const obvChange = s.obv !== null && s.obvEarlier !== null ? s.obv - s.obvEarlier : null
  const obvShare = divideOrNull(
    obvChange,
    s.obvWindowVolume !== null && s.obvWindowVolume > 0 ? s.obvWindowVolume : null,
  )
  const votes: CapitalFlowVote[] = [
    flowVote('capital_flow.mfi14', s.mfi14, MFI_OUTFLOW, MFI_INFLOW, { period: 14 }),
    flowVote('capital_flow.cmf20', s.cmf20, -CMF_BAND, CMF_BAND, { period: 20 }),
    flowVote('capital_flow.obv_trend', obvShare, -OBV_BAND, OBV_BAND, {
      obv: s.obv,
      obvEarlier: s.obvEarlier,
      obvChange,
      windowVolume: s.obvWindowVolume,
      bars: s.settings.slopeBars,
    }),
  ]
  let inflow = 0
  let outflow = 0
  let neutral = 0
  for (const v of votes) {
    if (v.signal === 'inflow') inflow++
    else if (v.signal === 'outflow') outflow++
    else if (v.signal === 'neutral') neutral++
  }
  // Majority of cast votes; a tie between inflow and outflow is neutral.
  const available = inflow + outflow + neutral
  const label: FlowSignal | null =
    available === 0
      ? null
      : inflow > outflow && inflow >= neutral
        ? 'inflow'
        : outflow > inflow && outflow >= neutral
          ? 'outflow'
          : 'neutral'
  return {
    label,
    inflow,
    neutral,
    outflow,
    balance: available === 0 ? null : roundTo((inflow - outflow) / available, 4),
    votes,
    asOf: s.lastDate,
    methods: ['capital-flow'],
  }
}
