/**
 * Ratios that combine the share price with the statements: market capitalisation, P/E, P/B, yields. Statements may
 * be reported in a currency other than the trading currency; per-share amounts are converted with the fixed FX table
 * before they meet the price. P/E uses the last fiscal year's diluted EPS (the engine sees annual statements only).
 */

import type { MarketCapBand } from '#contracts/diagnosis-keys.ts'
import type { MarketCap } from './diagnosis.types.ts'
import type { YearFigures } from './financial-figures.ts'
import { divideOrNull, finiteOrNull } from './score-card.ts'

export interface PriceRatios {
  epsDiluted: number | null
  pe: number | null
  peReason: 'negative_earnings' | 'missing_data' | null
  bookValuePerShare: number | null
  pb: number | null
  pbReason: 'negative_equity' | 'missing_data' | null
  freeCashFlowYield: number | null
  dividendYield: number | null
}

/** Market-cap bands in US dollars (lower bounds), the common US brokerage convention. */
export const MARKET_CAP_BANDS_USD: ReadonlyArray<{ band: MarketCapBand; atLeast: number }> = [
  { band: 'mega', atLeast: 200e9 },
  { band: 'large', atLeast: 10e9 },
  { band: 'mid', atLeast: 2e9 },
  { band: 'small', atLeast: 300e6 },
  { band: 'micro', atLeast: 50e6 },
  { band: 'nano', atLeast: 0 },
]

export function classifyMarketCap(valueUsd: number | null): MarketCapBand | null {
  if (valueUsd === null || valueUsd <= 0) return null
  return MARKET_CAP_BANDS_USD.find((b) => valueUsd >= b.atLeast)?.band ?? null
}

/**
 * Price × shares. The share count comes from the caller's current figure when given, else the latest statement's
 * shares outstanding, else its diluted weighted shares — a year-end count that misses later buybacks or issues.
 */
export function measureMarketCap(
  price: number | null,
  latest: YearFigures | null,
  sharesOverride: number | null,
  usdPerTradingUnit: number,
): MarketCap {
  const override = finiteOrNull(sharesOverride)
  let shares: number | null = null
  let sharesSource: MarketCap['sharesSource'] = null
  if (override !== null && override > 0) {
    shares = override
    sharesSource = 'override'
  } else if (latest?.sharesOutstanding) {
    shares = latest.sharesOutstanding
    sharesSource = 'shares_outstanding'
  } else if (latest?.dilutedShares) {
    shares = latest.dilutedShares
    sharesSource = 'diluted_shares'
  }
  const value = price !== null && shares !== null ? finiteOrNull(price * shares) : null
  const valueUsd = value === null ? null : finiteOrNull(value * usdPerTradingUnit)
  return {
    value,
    valueUsd,
    band: classifyMarketCap(valueUsd),
    shares,
    sharesSource,
    sharesFiscalYear: sharesSource === 'override' || shares === null ? null : (latest?.fiscalYear ?? null),
  }
}

/** `fxToTrading`: trading-currency units per reporting-currency unit. */
export function computePriceRatios(
  price: number | null,
  latest: YearFigures | null,
  marketCap: number | null,
  fxToTrading: number,
): PriceRatios {
  const eps = latest?.epsDiluted == null ? null : latest.epsDiluted * fxToTrading
  const bvps = latest?.bookValuePerShare == null ? null : latest.bookValuePerShare * fxToTrading
  const pe = eps !== null && eps > 0 ? divideOrNull(price, eps) : null
  const pb = bvps !== null && bvps > 0 ? divideOrNull(price, bvps) : null
  const fcf = latest?.freeCashFlow == null ? null : latest.freeCashFlow * fxToTrading
  const dividends = latest?.dividendsPaid == null ? null : latest.dividendsPaid * fxToTrading
  const cap = marketCap !== null && marketCap > 0 ? marketCap : null
  return {
    epsDiluted: finiteOrNull(eps),
    pe: price === null ? null : pe,
    peReason: pe !== null ? null : eps !== null && eps <= 0 ? 'negative_earnings' : 'missing_data',
    bookValuePerShare: finiteOrNull(bvps),
    pb: price === null ? null : pb,
    pbReason: pb !== null ? null : bvps !== null && bvps <= 0 ? 'negative_equity' : 'missing_data',
    freeCashFlowYield: divideOrNull(fcf, cap),
    dividendYield: divideOrNull(dividends, cap),
  }
}
