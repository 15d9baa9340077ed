/**
 * The shape of one row of the universe: a listed company as readers know it, plus its scale profile — the handful
 * of approximate real figures the demo provider grows its synthetic numbers from, so that a demo Apple is the size
 * of Apple and a demo bank looks like a bank. This module decides how a row is written and what is derived from it
 * (currency, Yahoo symbol); the rows themselves live in `universe-us.ts`, `universe-hk.ts`, `universe-jp.ts` and
 * `universe-kr.ts`.
 */
import type { Market } from '#contracts/regions.ts'
import type { Company, Currency, Exchange, Sector } from './market-data.ts'

export type DividendHabit = 'none' | 'low' | 'medium' | 'high'

/** How the statements are built: operating companies have a cost of revenue; banks and insurers do not. */
export type StatementShape = 'operating' | 'bank' | 'insurer'

/**
 * Approximate reference scale of the real company (around its 2024/2025 fiscal year), in the trading currency:
 * companies that report in another currency (CNY, USD in Hong Kong, TWD or EUR behind a US ADR) are converted at
 * a rough average rate. These figures only size the demo data; they are never shown as facts.
 */
export interface ScaleProfile {
  /** Revenue of a recent full fiscal year; for banks, total operating income. */
  revenue: number
  /** Net income / revenue, as a fraction (0.25 = 25 %). */
  netMargin: number
  /** Gross profit / revenue; null for banks and insurers. */
  grossMargin: number | null
  sharesOutstanding: number
  /** A typical recent share price (per ADS for ADRs). */
  priceLevel: number
  dividend: DividendHabit
  /** Typical annual revenue growth as a fraction (0.08 = 8 %); negative for shrinking companies. */
  growth: number
  /** Month (1–12) in which the fiscal year ends. */
  fiscalYearEndMonth: number
  shape: StatementShape
}

export interface Listing {
  company: Company
  scale: ScaleProfile
}

/** The scale profile as written in the data files: short keys keep one company on one or two lines. */
export interface ScaleInput {
  rev: number
  nm: number
  /** Omit for banks and insurers. */
  gm?: number
  sh: number
  px: number
  div: DividendHabit
  g: number
  /** Fiscal year-end month; defaults to December. */
  fy?: number
  shape?: StatementShape
}

export const marketCurrency: Record<Market, Currency> = { us: 'USD', hk: 'HKD', jp: 'JPY', kr: 'KRW' }

/** Yahoo Finance's symbol for a code: `BRK.B` → `BRK-B`, `0700` → `0700.HK`, `7203` → `7203.T`, KOSDAQ → `.KQ`. */
export function deriveYahooSymbol(market: Market, exchange: Exchange, code: string): string {
  switch (market) {
    case 'us':
      return code.replaceAll('.', '-')
    case 'hk':
      return `${code}.HK`
    case 'jp':
      return `${code}.T`
    case 'kr':
      return exchange === 'KOSDAQ' ? `${code}.KQ` : `${code}.KS`
  }
}

export function defineListing(
  market: Market,
  exchange: Exchange,
  code: string,
  nameEn: string,
  nameZh: string,
  aliases: string[],
  sector: Sector,
  industry: string,
  scale: ScaleInput,
): Listing {
  const shape = scale.shape ?? 'operating'
  return {
    company: {
      code,
      market,
      exchange,
      currency: marketCurrency[market],
      nameEn,
      nameZh,
      aliases,
      sector,
      industry,
      yahooSymbol: deriveYahooSymbol(market, exchange, code),
    },
    scale: {
      revenue: scale.rev,
      netMargin: scale.nm,
      grossMargin: shape === 'operating' ? (scale.gm ?? null) : null,
      sharesOutstanding: scale.sh,
      priceLevel: scale.px,
      dividend: scale.div,
      growth: scale.g,
      fiscalYearEndMonth: scale.fy ?? 12,
      shape,
    },
  }
}
