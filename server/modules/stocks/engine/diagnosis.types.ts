/**
 * The shape of a diagnosis: plain, JSON-safe data (numbers are finite or null, never NaN or Infinity) that carries
 * every figure a page needs to explain a number — the value, what it was compared with, the inputs it came from, the
 * method that produced it and the date it describes. Nothing here computes; see diagnose-stock.ts.
 */

import type {
  CapitalFlowVoteKey,
  CheckKey,
  FairValueMethod,
  FlowSignal,
  HealthModel,
  HealthModelReason,
  HealthZone,
  LevelException,
  LevelMethod,
  MarketCapBand,
  MethodId,
  PivotName,
  ProfitabilityRating,
  ScoreKey,
  TechnicalSignal,
  TechnicalVoteKey,
  ThresholdSource,
  UnavailableReason,
} from '#contracts/diagnosis-keys.ts'
import type { Market } from '#contracts/regions.ts'
import type { LowConfidenceReason, MarginConfidence } from '#contracts/stocks.ts'
import type { AnalystRating, Currency, Sector } from '#server/providers/market-data/market-data.ts'
import type { IndustryBenchmarks } from './industry-benchmarks.ts'
import type { EngineAssumptions } from './market-assumptions.ts'

/**
 * How a page should format a value:
 * `percent` — a fraction shown as a percentage (0.152 → 15.2 %); `percent_points` — a difference of fractions shown
 * in percentage points; `multiple` — a ratio shown with ×; `currency` — an amount in the stock's trading currency;
 * `usd` — an amount in US dollars; `index` — an oscillator on a fixed scale (RSI 0–100); `number` — a plain number
 * (Altman Z, MACD); `count` — a whole count; `shares` — a number of shares.
 */
export type Unit =
  | 'percent'
  | 'percent_points'
  | 'multiple'
  | 'currency'
  | 'usd'
  | 'index'
  | 'number'
  | 'count'
  | 'shares'

/** `gt` value > threshold, `gte` ≥, `lt` <, `lte` ≤. */
export type Comparison = 'gt' | 'gte' | 'lt' | 'lte'

/** The named figures a value was computed from, e.g. `{ netIncome: 1.2e9, totalAssetsBeginning: 9.8e9 }`. */
export type CheckInputs = Record<string, number | string | null>

export interface Check {
  key: CheckKey
  /** The measured value; null when not available. */
  value: number | null
  unit: Unit
  comparison: Comparison
  /** What the value is compared with (a fixed threshold, last year's figure or an industry median). */
  threshold: number | null
  /** Where the threshold comes from, so the page can say "industry median" or "previous year". */
  thresholdSource: ThresholdSource
  /** true passed, false failed, null not available (then excluded from the score). */
  passed: boolean | null
  status: 'pass' | 'fail' | 'not_available'
  reason: UnavailableReason | null
  weight: number
  inputs: CheckInputs
  /** The fiscal year or the bar date the value describes. */
  period: string | null
}

export interface Score {
  key: ScoreKey
  /** 0–100, one decimal; null when not available. */
  value: number | null
  available: boolean
  reason: UnavailableReason | null
  checks: Check[]
  checksAvailable: number
  checksTotal: number
  /** Fewer available checks than this makes the score not available. */
  minChecksAvailable: number
  /** Sum of weights of the available checks over the sum of all weights (0–1). */
  weightCoverage: number
  asOf: string
  /** Latest period the data behind this score describes (fiscal period end or last bar date). */
  dataThrough: string | null
  methods: MethodId[]
}

export interface TotalScoreComponent {
  key: ScoreKey
  weight: number
  value: number | null
  /** weight × value / sum of available weights; null when the component is not available. */
  contribution: number | null
}

export interface TotalScore {
  value: number | null
  available: boolean
  reason: UnavailableReason | null
  components: TotalScoreComponent[]
  componentsAvailable: number
  minComponentsAvailable: number
  methods: MethodId[]
}

export interface Vote<K extends string, S extends string> {
  key: K
  signal: S | null
  /** The indicator reading (RSI, MACD histogram, price). */
  value: number | null
  /** What it is compared with (the moving average, zero line, or the band edges). */
  reference: number | null
  /** Band edges where a vote has a neutral band (RSI 30/70, MFI 40/60, CMF ±0.05, OBV ±0.10). */
  lower: number | null
  upper: number | null
  inputs: CheckInputs
}

export type TechnicalVote = Vote<TechnicalVoteKey, TechnicalSignal>
export type CapitalFlowVote = Vote<CapitalFlowVoteKey, FlowSignal>

export interface TechnicalsLabel {
  label: TechnicalSignal | null
  buy: number
  neutral: number
  sell: number
  /** (buy − sell) / votes available, −1 … 1. */
  balance: number | null
  votes: TechnicalVote[]
  asOf: string | null
  methods: MethodId[]
}

export interface CapitalFlowLabel {
  label: FlowSignal | null
  inflow: number
  neutral: number
  outflow: number
  balance: number | null
  votes: CapitalFlowVote[]
  asOf: string | null
  methods: MethodId[]
}

export interface PriceLevel {
  price: number
  method: LevelMethod
  /** Pivot level name (P, R1…R3, S1…S3) for pivot levels; null for swing clusters. */
  pivot: PivotName | null
  /** Swing points merged into this level (1 = a single swing high or low); null for pivots. */
  touches: number | null
  /** Dates of the swing points, or the pivot's source period. */
  dates: string[]
  /** (level − close) / close. */
  distance: number
}

export interface PivotPoints {
  periodType: 'day' | 'week' | 'month'
  /** The completed period the pivots come from: `2025-05` (month), the week's Monday, or the day. */
  period: string
  high: number
  low: number
  close: number
  levels: Record<PivotName, number>
}

export interface SwingCluster {
  price: number
  touches: number
  kinds: Array<'high' | 'low'>
  dates: string[]
}

export interface PriceLevels {
  close: number | null
  closeDate: string | null
  support: PriceLevel | null
  resistance: PriceLevel | null
  supportException: LevelException | null
  resistanceException: LevelException | null
  pivots: PivotPoints | null
  swingClusters: SwingCluster[]
  /** Highest high and lowest low of the bars supplied (the history the engine saw, not necessarily all-time). */
  historyHigh: number | null
  historyLow: number | null
  swingLookbackBars: number
  swingWindow: number
  clusterTolerance: number | null
  methods: MethodId[]
}

export interface DcfProjectionYear {
  year: number
  freeCashFlow: number
  discountFactor: number
  presentValue: number
}

export interface DcfValuation {
  /** Free cash flow = operating cash flow − capital expenditure, averaged over `baseYears`; reporting currency. */
  baseFreeCashFlow: number
  baseYears: Array<{
    fiscalYear: number
    operatingCashFlow: number
    capitalExpenditure: number
    freeCashFlow: number
  }>
  growthRate: number
  growthSource: 'revenue_cagr' | 'terminal_growth'
  /** The unclamped revenue CAGR before the growth floor and cap were applied. */
  growthRateUnclamped: number | null
  explicitYears: number
  terminalGrowth: number
  discountRate: number
  projection: DcfProjectionYear[]
  terminalValue: number
  terminalPresentValue: number
  enterpriseValue: number
  cash: number
  debt: number
  equityValue: number
  dilutedShares: number
  /** Trading-currency units per reporting-currency unit (1 when they are the same currency). */
  fxToTradingCurrency: number
  fairValuePerShare: number
  /** Share of the enterprise value that comes from the terminal value (0–1). */
  terminalShare: number
}

export interface JustifiedPriceToBookValuation {
  bookValuePerShare: number
  returnOnEquity: number
  returnOnEquityYears: number[]
  costOfEquity: number
  growth: number
  justifiedPriceToBook: number
  fxToTradingCurrency: number
  fairValuePerShare: number
}

/** One case of the fair value (docs/analysis-methods.md#fair-value-range). */
export interface FairValueScenario {
  /** Explicit-stage growth (DCF) or the lasting return on equity (justified P/B). */
  driver: number
  discountRate: number
  terminalGrowth: number
  /** Per share, trading currency; null when the case has no meaningful value (r ≤ g, equity ≤ 0). */
  value: number | null
}

/** The base case, the low and high cases, and the driver the price implies. */
export interface FairValueSensitivity {
  driver: 'explicit_growth' | 'return_on_equity'
  /** Years of explicit growth (DCF); null for the justified P/B. */
  explicitYears: number | null
  low: FairValueScenario
  base: FairValueScenario
  high: FairValueScenario
  /**
   * The driver at which the model's value equals the price, everything else as in the base case. `beyond` is set
   * when the price lies outside the searched range (`value` is then the range's limit). Null without a price.
   */
  implied: { value: number; beyond: 'above' | 'below' | null } | null
}

export interface FairValue {
  method: FairValueMethod
  value: number | null
  available: boolean
  reason: UnavailableReason | null
  /**
   * Signed margin, (fair value − price) / fair value (the spec's "downside margin"). Positive: the margin of safety,
   * the price below fair value by that share of fair value. Negative: minus the premium to fair value,
   * (price − fair value) / fair value.
   */
  downsideMargin: number | null
  /** (fair value − price) / price: the move from price to fair value. */
  upside: number | null
  /** Low when price and fair value differ by more than a factor of two (assessMarginConfidence); null without a margin. */
  marginConfidence: MarginConfidence | null
  lowConfidenceReason: LowConfidenceReason | null
  /** Null when the fair value is not available. */
  sensitivity: FairValueSensitivity | null
  dcf: DcfValuation | null
  justifiedPriceToBook: JustifiedPriceToBookValuation | null
  methods: MethodId[]
}

export interface Ratios {
  /** Price / diluted EPS of the last fiscal year (not trailing twelve months: the engine sees annual statements). */
  pe: number | null
  peBasis: 'last_fiscal_year'
  peFiscalYear: number | null
  epsDiluted: number | null
  pb: number | null
  bookValuePerShare: number | null
  peg: number | null
  grossMargin: number | null
  operatingMargin: number | null
  netMargin: number | null
  roe: number | null
  roa: number | null
  roce: number | null
  roic: number | null
  currentRatio: number | null
  debtToEquity: number | null
  interestCoverage: number | null
  freeCashFlowYield: number | null
  dividendYield: number | null
  revenueCagr: number | null
  epsCagr: number | null
  fiscalYear: number | null
  /** Reporting currency of the statements (ratios with price use converted per-share figures). */
  reportingCurrency: Currency | null
}

export interface MarketCap {
  value: number | null
  valueUsd: number | null
  band: MarketCapBand | null
  shares: number | null
  sharesSource: 'override' | 'shares_outstanding' | 'diluted_shares' | null
  sharesFiscalYear: number | null
}

export interface AltmanComponents {
  workingCapitalToAssets: number | null
  retainedEarningsToAssets: number | null
  ebitToAssets: number | null
  /** Market value of equity / total liabilities (Z) or book equity / total liabilities (Z''). */
  equityToLiabilities: number | null
  salesToAssets: number | null
}

export interface FinancialHealth {
  model: HealthModel
  zone: HealthZone | null
  /** Z or Z'' for Altman models; equity / assets for financials. */
  value: number | null
  components: AltmanComponents | null
  coefficients: Record<string, number>
  /** Value above `safeAbove` is safe; below `distressBelow` is distress; between is grey. */
  safeAbove: number
  distressBelow: number
  /** Why this model was chosen (manufacturer, non-manufacturer, HK/KR listing, financial company). */
  modelReason: HealthModelReason
  fiscalYear: number | null
  inputs: CheckInputs
  methods: MethodId[]
}

export interface AnalystView {
  rating: AnalystRating
  meanScore: number | null
  analystCount: number
  targetMean: number | null
  targetHigh: number | null
  targetLow: number | null
  asOf: string
}

export interface Diagnosis {
  engineVersion: string
  asOf: string
  company: {
    code: string
    market: Market
    currency: Currency
    nameEn: string
    nameZh: string
    sector: Sector
    industry: string
    isFinancial: boolean
  }
  currency: Currency
  /** Last close on or before asOf. */
  price: number | null
  priceDate: string | null
  previousClose: number | null
  change: number | null
  changePercent: number | null
  marketCap: MarketCap
  scores: Record<ScoreKey, Score>
  total: TotalScore
  technicals: TechnicalsLabel
  capitalFlow: CapitalFlowLabel
  levels: PriceLevels
  fairValue: FairValue
  ratios: Ratios
  analyst: AnalystView | null
  profitabilityRating: ProfitabilityRating | null
  financialHealth: FinancialHealth
  benchmarks: IndustryBenchmarks | null
  assumptions: EngineAssumptions
  /** Every method cited anywhere in this diagnosis. */
  methods: MethodId[]
  data: {
    barsUsed: number
    firstBarDate: string | null
    lastBarDate: string | null
    fiscalYears: number[]
    insiderTransactionsUsed: number
  }
}
