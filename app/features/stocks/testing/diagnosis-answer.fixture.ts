/**
 * Test input for the diagnosis screens: a `StockDiagnosisAnswer` built from the real engine run on the seeded demo
 * provider (deterministic: fixed seed and end date), mapped to the wire by the stocks service's own mapper and so
 * labelled in the requested language exactly as the page receives it. Tests only.
 */
import type { Locale, Market } from '#contracts/regions.ts'
import type { StockDiagnosisAnswer } from '#contracts/stock-diagnosis.ts'
import type { StockSummary } from '#contracts/stocks.ts'
import { dividendsOfDiagnosis } from '#server/modules/stocks/dividend-history.ts'
import { diagnoseStock } from '#server/modules/stocks/engine/diagnose-stock.ts'
import { makeBenchmarks } from '#server/modules/stocks/engine/diagnosis.fixtures.ts'
import type { Diagnosis } from '#server/modules/stocks/engine/diagnosis.types.ts'
import { writeTemplateSummary } from '#server/modules/stocks/engine/summary-generator.ts'
import { yearOfBars } from '#server/modules/stocks/screen-figures.ts'
import { toStockDiagnosis } from '#server/modules/stocks/stock-wire.ts'
import type { AnnualFundamentals } from '#server/providers/market-data/market-data.ts'
import { createMarketDataProvider } from '#server/providers/market-data/market-data-factory.ts'
import { findCompany } from '#server/providers/market-data/universe.ts'

export const fixtureAsOf = '2026-11-20'

/** The wire answer for an engine diagnosis, mapped by the stocks service's own mapper (stock-wire.ts). */
export function toAnswer(
  d: Diagnosis,
  locale: Locale,
  bars: StockDiagnosisAnswer['history'],
  fundamentals: readonly AnnualFundamentals[] = [],
): StockDiagnosisAnswer {
  const stock: StockSummary = {
    code: d.company.code,
    market: d.company.market,
    exchange: 'NASDAQ',
    currency: d.currency,
    name: locale === 'zh-Hant' ? d.company.nameZh : d.company.nameEn,
    nameEn: d.company.nameEn,
    nameZh: d.company.nameZh,
    sector: d.company.sector,
    industry: d.company.industry,
    price: d.price,
    priceDate: d.priceDate,
    latestPrice: d.price,
    latestPriceDate: d.priceDate,
    latestChange: d.change,
    latestChangeRate: d.changePercent,
    score: d.total.value,
    supportLevel: d.levels.support?.price ?? null,
    resistanceLevel: d.levels.resistance?.price ?? null,
    fairValue: d.fairValue.value,
    downsideMargin: d.fairValue.downsideMargin,
    peRatio: d.ratios.pe,
    marketCap: d.marketCap.value,
    marketCapUsd: d.marketCap.valueUsd,
    analystRating: d.analyst?.rating ?? null,
    profitabilityRating: d.profitabilityRating,
    financialHealth: d.financialHealth.zone,
    technicals: d.technicals.label,
    capitalFlow: d.capitalFlow.label,
    isDemo: true,
  }
  const answer = toStockDiagnosis(
    d,
    stock,
    {
      isDemo: true,
      stale: false,
      computedAt: `${d.asOf}T22:00:00.000Z`,
      source: 'demo',
      summary: writeTemplateSummary(d, locale),
      history: bars,
      dividends: dividendsOfDiagnosis(fundamentals, d),
    },
    locale,
  )
  return {
    ...answer,
    quota: { remaining: 2, monthlyRemaining: 2, dailyRemaining: 9, charged: true, limitedBy: null },
  }
}

/** The diagnosis of one universe company on the fixed as-of date, from the seeded demo provider. */
export async function buildDiagnosisAnswer(
  market: Market,
  code: string,
  locale: Locale = 'en',
): Promise<StockDiagnosisAnswer> {
  const company = findCompany(market, code)
  if (!company) throw new Error(`unknown company ${market}:${code}`)
  const provider = createMarketDataProvider({
    provider: 'demo',
    demo: { seed: 'tickerwise', endDate: fixtureAsOf },
  })
  const bars = await provider.getDailyBars(company, '2021-01-01', fixtureAsOf)
  const fundamentals = await provider.getAnnualFundamentals(company)
  const diagnosis = diagnoseStock({
    company,
    asOf: fixtureAsOf,
    bars,
    fundamentals,
    insiderTransactions: await provider.getInsiderTransactions(company, '2024-01-01'),
    analystConsensus: await provider.getAnalystConsensus(company),
    benchmarks: makeBenchmarks(),
  })
  return toAnswer(diagnosis, locale, yearOfBars(bars, fixtureAsOf), fundamentals)
}
