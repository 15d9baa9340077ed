/**
 * Everything a scorer may read, computed once per diagnosis: the derived yearly figures, price ratios, indicator
 * readings, the fair value and the market's assumptions. Scorers are pure functions of this context.
 */
import type { Company, InsiderTransaction } from '#server/providers/market-data/market-data.ts'
import type { FairValue, MarketCap } from './diagnosis.types.ts'
import type { YearFigures } from './financial-figures.ts'
import type { IndustryBenchmarks } from './industry-benchmarks.ts'
import type { EngineAssumptions, MarketAssumptions } from './market-assumptions.ts'
import type { IndicatorSnapshot } from './price-indicators.ts'
import type { PriceRatios } from './price-ratios.ts'

export interface ScoringContext {
  asOf: string
  company: Company
  isFinancial: boolean
  /** Ascending by fiscal year, periods ended on or before asOf. */
  years: YearFigures[]
  latest: YearFigures | null
  byFiscalYear: ReadonlyMap<number, YearFigures>
  benchmarks: IndustryBenchmarks | null
  assumptions: EngineAssumptions
  market: MarketAssumptions
  /** Hurdle for returns on capital: the market's beta-1 cost of equity (rf + ERP). */
  costOfCapital: number
  indicators: IndicatorSnapshot
  price: number | null
  marketCap: MarketCap
  ratios: PriceRatios
  fairValue: FairValue
  /** null when the provider has no insider data for this company; [] when it has data but no trades. */
  insiderTransactions: readonly InsiderTransaction[] | null
  /** Trading-currency units per reporting-currency unit. */
  fxToTrading: number
  /** US dollars per reporting-currency unit. */
  usdPerReportingUnit: number
}

/** The statements of `fiscalYear − back` years before the latest, or null. */
export function yearsBack(ctx: ScoringContext, back: number): YearFigures | null {
  if (!ctx.latest) return null
  return ctx.byFiscalYear.get(ctx.latest.fiscalYear - back) ?? null
}
