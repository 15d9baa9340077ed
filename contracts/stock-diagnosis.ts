/**
 * Wire shapes of the AI stock diagnosis (spec §3, §7):
 *
 *   GET /bizStockScore/getByCode   StockDiagnosisQuery → StockDiagnosisAnswer (uses one diagnosis attempt;
 *                                  404 STOCK_NOT_FOUND, 429 DIAGNOSIS_LIMIT_*, 503 DIAGNOSIS_FAILED; rate-limited)
 *
 * The scores with their checks, the technical and capital-flow labels with their votes, support and resistance,
 * the fair value with its range, financial health, the analysts' consensus, the method citations and a year of
 * bars; the chat's tools read the same body without the quota. The conventions of every stocks answer (contracts/
 * stocks.ts) hold here too.
 */
import { z } from 'zod'
import { quotaLimits } from './account-codes.ts'
import {
  AnalystRating,
  DataStamp,
  HealthZone,
  LowConfidenceReason,
  MarginConfidence,
  MarketFilter,
  ScoreKey,
  StockQueryText,
  StockSummary,
} from './stocks.ts'

export const StockDiagnosisQuery = z.object({
  /** A code (AAPL, 0700, 700, 0700.HK, 7203.T, 005930) or a name or alias in English or Chinese (Apple, 騰訊). */
  code: StockQueryText,
  market: MarketFilter,
})
export type StockDiagnosisQuery = z.infer<typeof StockDiagnosisQuery>

export const DiagnosisCheck = z.object({
  key: z.string(),
  /** The condition that passes, in the caller's language ("Return on assets is positive"). */
  label: z.string(),
  value: z.number().nullable(),
  unit: z.enum([
    'percent',
    'percent_points',
    'multiple',
    'currency',
    'usd',
    'index',
    'number',
    'count',
    'shares',
  ]),
  comparison: z.enum(['gt', 'gte', 'lt', 'lte']),
  threshold: z.number().nullable(),
  thresholdSource: z.enum([
    'fixed',
    'previous_year',
    'industry_median',
    'cost_of_capital',
    'fair_value',
    'derived',
  ]),
  /** "Industry median", "Previous year"… in the caller's language. */
  thresholdLabel: z.string(),
  status: z.enum(['pass', 'fail', 'not_available']),
  reason: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  weight: z.number(),
  inputs: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  /** Fiscal year or bar date the value describes. */
  period: z.string().nullable(),
})
export type DiagnosisCheck = z.infer<typeof DiagnosisCheck>

export const DiagnosisScore = z.object({
  key: ScoreKey,
  label: z.string(),
  /** 0–100; null when not available (`reason`). */
  value: z.number().nullable(),
  available: z.boolean(),
  reason: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  /** Weight of this score in the total, and its contribution to it (null when left out). */
  weight: z.number(),
  contribution: z.number().nullable(),
  checks: z.array(DiagnosisCheck),
  checksAvailable: z.number().int(),
  checksTotal: z.number().int(),
  dataThrough: z.string().nullable(),
  methods: z.array(z.string()),
})
export type DiagnosisScore = z.infer<typeof DiagnosisScore>

/** The diagnosis scores of spec §3 ("valuation" is valuation rationality). */
export const DiagnosisScores = z.object({
  total: z.number().nullable(),
  fundamentals: z.number().nullable(),
  management: z.number().nullable(),
  trend: z.number().nullable(),
  market_size: z.number().nullable(),
  gross_margin: z.number().nullable(),
  profitability: z.number().nullable(),
  growth_potential: z.number().nullable(),
  competitive_advantage: z.number().nullable(),
  valuation: z.number().nullable(),
  financial_health: z.number().nullable(),
})
export type DiagnosisScores = z.infer<typeof DiagnosisScores>

export const DiagnosisVote = z.object({
  key: z.string(),
  label: z.string(),
  signal: z.string().nullable(),
  value: z.number().nullable(),
  reference: z.number().nullable(),
  lower: z.number().nullable(),
  upper: z.number().nullable(),
})

export const DiagnosisLabel = z.object({
  /** technicals: buy / neutral / sell; capital flow: inflow / neutral / outflow. */
  label: z.string().nullable(),
  labelText: z.string().nullable(),
  counts: z.record(z.string(), z.number().int()),
  votes: z.array(DiagnosisVote),
  methods: z.array(z.string()),
})

export const DiagnosisLevel = z.object({
  price: z.number(),
  method: z.enum(['pivot_classic', 'swing_cluster']),
  pivot: z.string().nullable(),
  touches: z.number().int().nullable(),
  dates: z.array(z.string()),
  /** (level − close) ÷ close. */
  distance: z.number(),
  /** How the level was found, in the caller's language ("last month's pivot S1"). */
  description: z.string(),
})

export const DiagnosisLevels = z.object({
  support: DiagnosisLevel.nullable(),
  resistance: DiagnosisLevel.nullable(),
  /** Why there is no level: at_history_high, at_history_low, none_above, none_below, insufficient_data. */
  supportException: z.string().nullable(),
  resistanceException: z.string().nullable(),
  exceptionText: z.string().nullable(),
  pivots: z
    .object({
      periodType: z.enum(['day', 'week', 'month']),
      period: z.string(),
      levels: z.record(z.string(), z.number()),
    })
    .nullable(),
  historyHigh: z.number().nullable(),
  historyLow: z.number().nullable(),
  methods: z.array(z.string()),
})

/** One case of the fair value: its assumptions and the value per share they give (trading currency). */
export const FairValueScenario = z.object({
  /** The model's main assumption: explicit-stage growth (DCF) or the lasting return on equity (justified P/B). */
  driver: z.number(),
  discountRate: z.number(),
  terminalGrowth: z.number(),
  /** Null when the case gives no meaningful value (discount rate not above growth, or equity not positive). */
  value: z.number().nullable(),
})
export type FairValueScenario = z.infer<typeof FairValueScenario>

/**
 * What drives the fair value: the base case and the low and high cases under the documented steps
 * (docs/analysis-methods.md#fair-value-range), and the value of the driver at which the model meets the price.
 */
export const FairValueSensitivity = z.object({
  driver: z.enum(['explicit_growth', 'return_on_equity']),
  /** Years of explicit growth (DCF); null for the justified P/B. */
  explicitYears: z.number().int().nullable(),
  low: FairValueScenario,
  base: FairValueScenario,
  high: FairValueScenario,
  /**
   * The driver at which the model's value equals the price, everything else as in the base case; `beyond` says the
   * price lies outside the searched range and `value` is then that range's limit. Null without a price.
   */
  implied: z.object({ value: z.number(), beyond: z.enum(['above', 'below']).nullable() }).nullable(),
})
export type FairValueSensitivity = z.infer<typeof FairValueSensitivity>

export const DiagnosisFairValue = z.object({
  method: z.enum(['dcf_two_stage', 'justified_price_to_book']),
  methodLabel: z.string(),
  value: z.number().nullable(),
  available: z.boolean(),
  reason: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  /** Signed margin, as in StockSummary: margin of safety when positive, minus the premium when negative. */
  downsideMargin: z.number().nullable(),
  /** (fair value − price) ÷ price. */
  upside: z.number().nullable(),
  /** `assessMarginConfidence` of the margin, as the engine applied it; null without a margin. */
  marginConfidence: MarginConfidence.nullable(),
  lowConfidenceReason: LowConfidenceReason.nullable(),
  /** Null when the fair value is not available. */
  sensitivity: FairValueSensitivity.nullable(),
  /** The model's inputs and intermediate figures (two-stage DCF or justified P/B), as the engine computed them. */
  inputs: z.record(z.string(), z.unknown()).nullable(),
  methods: z.array(z.string()),
})

export const DiagnosisHealth = z.object({
  model: z.enum(['altman_z', 'altman_z_double_prime', 'financials_equity_to_assets']),
  modelLabel: z.string(),
  zone: HealthZone.nullable(),
  value: z.number().nullable(),
  safeAbove: z.number(),
  distressBelow: z.number(),
  modelReason: z.string(),
  fiscalYear: z.number().int().nullable(),
  components: z.record(z.string(), z.number().nullable()).nullable(),
})

export const MethodCitation = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  /** Anchor in the methods document (docs/analysis-methods.md#<id>). */
  anchor: z.string(),
})

export const PriceBar = z.object({
  date: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
})
export type PriceBar = z.infer<typeof PriceBar>

/**
 * Dividends (docs/analysis-methods.md#dividends, method `fiscal-year-cash-dividends-v1`), from the annual statements
 * the diagnosis used: the status of the latest fiscal year, the trailing yield (that year's dividends paid ÷ market
 * capitalisation at the as-of close), the payout ratio (dividends paid ÷ net income), up to five fiscal years of
 * payments oldest first, each with its growth on the year before, and the compound annual growth over them. Amounts
 * are in the reporting `currency`; growth is per share when every year shown has a share count, else of the total.
 */
export const DiagnosisDividends = z.object({
  status: z.enum(['payer', 'non_payer', 'not_reported']),
  method: z.string(),
  /** Null when not a payer, or without a market capitalisation; 0 for a non-payer. */
  yield: z.number().nullable(),
  currency: z.string().nullable(),
  /** The latest fiscal year of the statements and its end. */
  fiscalYear: z.number().int().nullable(),
  periodEnd: z.string().nullable(),
  payoutRatio: z.number().nullable(),
  basis: z.enum(['per_share', 'total']),
  years: z.array(
    z.object({
      fiscalYear: z.number().int(),
      periodEnd: z.string(),
      /** Cash dividends paid in the fiscal year (a magnitude). */
      paid: z.number(),
      perShare: z.number().nullable(),
      /** Null in a loss year. */
      payoutRatio: z.number().nullable(),
      /** On the fiscal year before, on `basis`; null for the first year or after a gap. */
      growth: z.number().nullable(),
    }),
  ),
  cagr: z.object({ value: z.number(), from: z.number().int(), to: z.number().int() }).nullable(),
})
export type DiagnosisDividends = z.infer<typeof DiagnosisDividends>

export const StockDiagnosis = z.object({
  ...DataStamp,
  stock: StockSummary,
  /** When the engine ran and which version; the diagnosis describes `asOf`. */
  engineVersion: z.string(),
  computedAt: z.string(),
  scores: DiagnosisScores,
  scoreDetails: z.array(DiagnosisScore),
  technicals: DiagnosisLabel,
  capitalFlow: DiagnosisLabel,
  levels: DiagnosisLevels,
  fairValue: DiagnosisFairValue,
  ratios: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  financialHealth: DiagnosisHealth,
  dividends: DiagnosisDividends,
  analyst: z
    .object({
      rating: AnalystRating,
      meanScore: z.number().nullable(),
      analystCount: z.number().int(),
      targetMean: z.number().nullable(),
      targetHigh: z.number().nullable(),
      targetLow: z.number().nullable(),
      asOf: z.string(),
    })
    .nullable(),
  /** One paragraph in the caller's language, built only from the figures above. */
  summary: z.string(),
  methods: z.array(MethodCitation),
  /** Month the market assumptions (rates, premiums) were last reviewed. */
  assumptionsReviewed: z.string(),
  data: z.object({
    barsUsed: z.number().int(),
    firstBarDate: z.string().nullable(),
    lastBarDate: z.string().nullable(),
    fiscalYears: z.array(z.number().int()),
    insiderTransactionsUsed: z.number().int(),
    /** Where the data came from: demo, yahoo or csv. */
    source: z.string(),
  }),
  /**
   * The year of daily bars up to `asOf`, oldest first, from the last session on or before the day a year back (a
   * one-year return's base), for the price chart and the comparison; less when the history is shorter.
   */
  history: z.array(PriceBar),
})
export type StockDiagnosis = z.infer<typeof StockDiagnosis>

export const QuotaLeft = z.object({
  /** Uses left after this one (the smaller of today's and this month's). */
  remaining: z.number().int(),
  monthlyRemaining: z.number().int().nullable(),
  dailyRemaining: z.number().int(),
  /** False when this answer did not use an attempt (the same stock again the same day). */
  charged: z.boolean(),
  /** null while attempts are left; else the limit that refuses the next one (QuotaStatus.limitedBy). */
  limitedBy: z.enum(quotaLimits).nullable(),
})

export const StockDiagnosisAnswer = StockDiagnosis.extend({ quota: QuotaLeft })
export type StockDiagnosisAnswer = z.infer<typeof StockDiagnosisAnswer>
