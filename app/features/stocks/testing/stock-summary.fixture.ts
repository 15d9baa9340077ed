import type { StockSummary } from '#contracts/stocks.ts'

/** A stock as the lists send it: every figure a row carries, priced at `price` against a fair value of 100. */
export function stockSummaryOf(code: string, price: number): StockSummary {
  const fairValue = 100
  return {
    code,
    market: 'us',
    exchange: 'NASDAQ',
    currency: 'USD',
    name: `${code} Corp.`,
    nameEn: `${code} Corp.`,
    nameZh: `${code} 公司`,
    sector: 'information_technology',
    industry: 'semiconductors',
    price,
    priceDate: '2026-11-20',
    latestPrice: price,
    latestPriceDate: '2026-11-20',
    latestChange: 0,
    latestChangeRate: 0,
    score: 70,
    supportLevel: null,
    resistanceLevel: null,
    fairValue,
    downsideMargin: (fairValue - price) / fairValue,
    peRatio: 20,
    marketCap: 1e12,
    marketCapUsd: 1e12,
    analystRating: 'buy',
    profitabilityRating: 'strong',
    financialHealth: 'safe',
    technicals: 'buy',
    capitalFlow: 'inflow',
    isDemo: true,
  }
}
