/**
 * The analysis engine's entry point: from market data already fetched (bars, annual statements, insider trades,
 * analyst consensus), industry benchmarks and market assumptions, it returns a complete, explainable diagnosis as
 * plain JSON-safe data. It is pure: no database, no network, no clock — the as-of date is an input, and data dated
 * after it is ignored. It decides the numbers; how they are worded (summary-generator.ts) and shown (the page) are
 * left to others.
 */

import type { MethodId, ScoreKey } from '#contracts/diagnosis-keys.ts'
import type {
  AnalystConsensus,
  AnnualFundamentals,
  Company,
  DailyBar,
  InsiderTransaction,
} from '#server/providers/market-data/market-data.ts'
import { type CompanyProfileOverrides, chooseHealthModel, isFinancialCompany } from './company-profile.ts'
import { scoreCompetitiveAdvantage } from './competitive-advantage-score.ts'
import type { AnalystView, Diagnosis, Ratios, Score } from './diagnosis.types.ts'
import { estimateFairValue, GROWTH_WINDOW_YEARS } from './fair-value.ts'
import { compoundGrowth, deriveYearFigures, selectFundamentals, trailingSeries } from './financial-figures.ts'
import { assessFinancialHealth } from './financial-health-score.ts'
import { scoreGrossMargin } from './gross-margin-score.ts'
import { scoreGrowth } from './growth-score.ts'
import type { IndustryBenchmarks } from './industry-benchmarks.ts'
import { scoreManagement } from './management-score.ts'
import {
  convertCurrencyRate,
  costOfEquity,
  DEFAULT_ASSUMPTIONS,
  type EngineAssumptions,
} from './market-assumptions.ts'
import { scoreMarketSize } from './market-size-score.ts'
import { scorePiotroski } from './piotroski-score.ts'
import {
  computeIndicators,
  DEFAULT_INDICATOR_SETTINGS,
  type IndicatorSettings,
  selectSessions,
} from './price-indicators.ts'
import { DEFAULT_LEVEL_SETTINGS, findPriceLevels, type LevelSettings } from './price-levels.ts'
import { computePriceRatios, measureMarketCap } from './price-ratios.ts'
import { rateProfitability, scoreProfitability } from './profitability-score.ts'
import { finiteOrNull } from './score-card.ts'
import type { ScoringContext } from './scoring-context.ts'
import { labelCapitalFlow, labelTechnicals } from './technical-labels.ts'
import { combineTotalScore } from './total-score.ts'
import { scoreTrend } from './trend-score.ts'
import { computePeg, scoreValuation } from './valuation-score.ts'

export const ENGINE_VERSION = '1.2.0'

export interface DiagnosisInput {
  company: Company
  /** ISO date `YYYY-MM-DD`; bars, statements and trades dated after it are ignored. */
  asOf: string
  /** Daily bars, ascending by date (an unsorted list is sorted once, at a cost). About five years is ideal. */
  bars: readonly DailyBar[]
  /** Annual statements in any order; periods ending after asOf are ignored. */
  fundamentals: readonly AnnualFundamentals[]
  /** null when the provider has no insider data for this company; [] when it has data and there were no trades. */
  insiderTransactions: readonly InsiderTransaction[] | null
  analystConsensus: AnalystConsensus | null
  /** The company's industry (or sector) medians, from industry-benchmarks.ts; null leaves peer checks out. */
  benchmarks: IndustryBenchmarks | null
  /** Defaults to DEFAULT_ASSUMPTIONS; build variations with resolveAssumptions(). */
  assumptions?: EngineAssumptions
  /** Facts the provider's shapes lack (current share count, financial/manufacturer classification). */
  overrides?: CompanyProfileOverrides
  settings?: { indicators?: Partial<IndicatorSettings>; levels?: Partial<LevelSettings> }
}

function isUsableBar(b: DailyBar): boolean {
  return (
    Number.isFinite(b.close) &&
    Number.isFinite(b.high) &&
    Number.isFinite(b.low) &&
    Number.isFinite(b.open) &&
    Number.isFinite(b.volume) &&
    b.close > 0 &&
    b.high >= b.low
  )
}

/** Bars on or before asOf, ascending and usable; the input array is reused untouched when already clean. */
export function selectBars(bars: readonly DailyBar[], asOf: string): readonly DailyBar[] {
  let sorted = true
  let clean = true
  let end = bars.length
  for (let i = 0; i < bars.length; i++) {
    const b = bars[i]!
    if (i > 0 && bars[i - 1]!.date >= b.date) sorted = false
    if (!isUsableBar(b)) clean = false
    if (b.date > asOf && end === bars.length) end = i
  }
  if (sorted && clean) return end === bars.length ? bars : bars.slice(0, end)
  const byDate = new Map<string, DailyBar>()
  for (const b of bars) if (b.date <= asOf && isUsableBar(b)) byDate.set(b.date, b)
  return [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}

function viewAnalysts(consensus: AnalystConsensus | null, asOf: string): AnalystView | null {
  // A consensus published after asOf would leak the future into a historical diagnosis.
  if (!consensus || consensus.asOf.slice(0, 10) > asOf) return null
  return {
    rating: consensus.rating,
    meanScore: finiteOrNull(consensus.meanScore),
    analystCount: consensus.analystCount,
    targetMean: finiteOrNull(consensus.targetMean),
    targetHigh: finiteOrNull(consensus.targetHigh),
    targetLow: finiteOrNull(consensus.targetLow),
    asOf: consensus.asOf,
  }
}

/** Replaces any non-finite number left anywhere in the result with null, so JSON round-trips exactly. */
function toJsonSafe<T>(value: T): T {
  if (typeof value === 'number') return (Number.isFinite(value) ? value : null) as T
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = toJsonSafe(value[i])
    return value
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>
    for (const key of Object.keys(record)) {
      const v = record[key]
      if (v === undefined) delete record[key]
      else record[key] = toJsonSafe(v)
    }
  }
  return value
}

export function diagnoseStock(input: DiagnosisInput): Diagnosis {
  const { company, asOf } = input
  const assumptions = input.assumptions ?? DEFAULT_ASSUMPTIONS
  const market = assumptions.markets[company.market]
  const isFinancial = isFinancialCompany(company, input.overrides)
  const bars = selectBars(input.bars, asOf)
  // The quote (price, its date, the change) is the data as delivered: on a day without trading the price stands
  // unchanged. Indicators and levels count sessions, so they skip placeholder bars (market-data.ts).
  const sessions = selectSessions(bars)
  const lastBar = bars[bars.length - 1]
  const statements = selectFundamentals(input.fundamentals, asOf)
  const years = deriveYearFigures(statements, market.statutoryTaxRate)
  const latest = years[years.length - 1] ?? null
  const indicators = computeIndicators(sessions, {
    ...DEFAULT_INDICATOR_SETTINGS,
    ...input.settings?.indicators,
  })
  const price = finiteOrNull(lastBar?.close)
  const reportingCurrency = latest?.currency ?? company.currency
  const fxToTrading = convertCurrencyRate(assumptions, reportingCurrency, company.currency)
  const marketCap = measureMarketCap(
    price,
    latest,
    input.overrides?.sharesOutstanding ?? null,
    assumptions.usdPerUnit[company.currency],
  )
  const priceRatios = computePriceRatios(price, latest, marketCap.value, fxToTrading)
  const discountRate = costOfEquity(market)
  const fairValue = estimateFairValue({
    years,
    price,
    isFinancial,
    discountRate,
    terminalGrowth: market.terminalGrowth,
    dcf: assumptions.dcf,
    range: assumptions.range,
    fxToTradingCurrency: fxToTrading,
  })
  const ctx: ScoringContext = {
    asOf,
    company,
    isFinancial,
    years,
    latest,
    byFiscalYear: new Map(years.map((y) => [y.fiscalYear, y])),
    benchmarks: input.benchmarks,
    assumptions,
    market,
    costOfCapital: discountRate,
    indicators,
    price,
    marketCap,
    ratios: priceRatios,
    fairValue,
    insiderTransactions: input.insiderTransactions,
    fxToTrading,
    usdPerReportingUnit: assumptions.usdPerUnit[reportingCurrency],
  }
  const health = assessFinancialHealth(ctx, chooseHealthModel(company, input.overrides))
  const scores: Record<ScoreKey, Score> = {
    fundamentals: scorePiotroski(ctx),
    management: scoreManagement(ctx),
    trend: scoreTrend(ctx),
    market_size: scoreMarketSize(ctx),
    gross_margin: scoreGrossMargin(ctx),
    profitability: scoreProfitability(ctx),
    growth_potential: scoreGrowth(ctx),
    competitive_advantage: scoreCompetitiveAdvantage(ctx),
    valuation: scoreValuation(ctx),
    financial_health: health.score,
  }
  const total = combineTotalScore(scores)
  const technicals = labelTechnicals(indicators)
  const capitalFlow = labelCapitalFlow(indicators)
  const levels = findPriceLevels(sessions, indicators, {
    ...DEFAULT_LEVEL_SETTINGS,
    ...input.settings?.levels,
  })
  const peg = computePeg(ctx)
  const revenueCagr = compoundGrowth(trailingSeries(years, (y) => y.revenue, GROWTH_WINDOW_YEARS + 1))
  const epsCagr = compoundGrowth(trailingSeries(years, (y) => y.epsDiluted, GROWTH_WINDOW_YEARS + 1))
  const ratios: Ratios = {
    pe: priceRatios.pe,
    peBasis: 'last_fiscal_year',
    peFiscalYear: priceRatios.pe === null ? null : (latest?.fiscalYear ?? null),
    epsDiluted: priceRatios.epsDiluted,
    pb: priceRatios.pb,
    bookValuePerShare: priceRatios.bookValuePerShare,
    peg: peg.peg,
    grossMargin: latest?.grossMargin ?? null,
    operatingMargin: latest?.operatingMargin ?? null,
    netMargin: latest?.netMargin ?? null,
    roe: latest?.roe ?? null,
    roa: latest?.roa ?? null,
    roce: latest?.roce ?? null,
    roic: latest?.roic ?? null,
    currentRatio: latest?.currentRatio ?? null,
    debtToEquity: latest?.debtToEquity ?? null,
    interestCoverage: latest?.interestCoverage ?? null,
    freeCashFlowYield: priceRatios.freeCashFlowYield,
    dividendYield: priceRatios.dividendYield,
    revenueCagr: revenueCagr.years >= 2 ? revenueCagr.rate : null,
    epsCagr: epsCagr.years >= 2 ? epsCagr.rate : null,
    fiscalYear: latest?.fiscalYear ?? null,
    reportingCurrency: latest?.currency ?? null,
  }
  const methodSet = new Set<MethodId>(['market-assumptions'])
  for (const s of Object.values(scores)) for (const m of s.methods) methodSet.add(m)
  for (const m of [
    ...total.methods,
    ...technicals.methods,
    ...capitalFlow.methods,
    ...levels.methods,
    ...fairValue.methods,
    ...health.health.methods,
  ]) {
    methodSet.add(m)
  }
  if (input.benchmarks) methodSet.add('industry-benchmarks')
  const previousClose = finiteOrNull(bars[bars.length - 2]?.close)
  const change = price !== null && previousClose !== null ? price - previousClose : null
  const insidersUsed = input.insiderTransactions?.filter((tx) => tx.date <= asOf).length ?? 0
  return toJsonSafe<Diagnosis>({
    engineVersion: ENGINE_VERSION,
    asOf,
    company: {
      code: company.code,
      market: company.market,
      currency: company.currency,
      nameEn: company.nameEn,
      nameZh: company.nameZh,
      sector: company.sector,
      industry: company.industry,
      isFinancial,
    },
    currency: company.currency,
    price,
    priceDate: lastBar?.date ?? null,
    previousClose,
    change,
    changePercent: change !== null && previousClose ? change / previousClose : null,
    marketCap,
    scores,
    total,
    technicals,
    capitalFlow,
    levels,
    fairValue,
    ratios,
    analyst: viewAnalysts(input.analystConsensus, asOf),
    profitabilityRating: rateProfitability(scores.profitability),
    financialHealth: health.health,
    // Copies, so that making the result JSON-safe can never touch the caller's objects.
    benchmarks: input.benchmarks ? structuredClone(input.benchmarks) : null,
    assumptions: structuredClone(assumptions),
    methods: [...methodSet].sort(),
    data: {
      barsUsed: sessions.length,
      firstBarDate: indicators.firstDate,
      lastBarDate: indicators.lastDate,
      fiscalYears: years.map((y) => y.fiscalYear),
      insiderTransactionsUsed: insidersUsed,
    },
  })
}
