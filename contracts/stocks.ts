/**
 * Wire shapes of stocks: the AI stock diagnosis, the valuation and AI-score lists, hot stocks and market heat,
 * executives' moves and the monthly picks (spec §3, §7). The paths of spec §7 keep their names; what the spec does
 * not show is defined here and nowhere else.
 *
 *   GET /bizStockScore/getByCode   StockDiagnosisQuery → StockDiagnosisAnswer (uses one diagnosis attempt;
 *                                  404 STOCK_NOT_FOUND, 429 DIAGNOSIS_LIMIT_*, 503 DIAGNOSIS_FAILED; rate-limited)
 *   GET /bizStockScore/listStock   ValuationListQuery  → ValuationListAnswer (most undervalued / overvalued)
 *   GET /bizStockScore/listStockAI AiScoreListQuery    → AiScoreListAnswer (AI-scored list; with `q` it is the
 *                                  autocomplete of the diagnosis input; rate-limited)
 *   GET /hotStockAnaly/list        HotStocksQuery      → HotStocksAnswer (hot stocks with interpretation, market heat)
 *   GET /stockHl/list              ExecutiveMovesQuery → ExecutiveMovesAnswer (stock highlights: insider buys/sells)
 *   GET /home/listGains            MonthlyPicksQuery   → MonthlyPicksAnswer (monthly picks and their track record)
 *
 * Conventions of every answer:
 * - `isDemo`: true when any number in the answer comes from synthetic (DEMO) market data; pages must say DEMO.
 * - `asOf`: the latest session date (YYYY-MM-DD, exchange calendar) the answer's data describes; `stale` is true
 *   when that session is older than the exchange's last completed session (the refresh has not caught up).
 * - Ratios are fractions (0.125 = 12.5 %): change rates, margins, returns, drawdowns, growth, yields.
 * - Prices and amounts are in the stock's trading `currency`; `marketCapUsd` is converted at fixed rates.
 * - Texts (`name`, labels, summaries, interpretations) are in the caller's language (the `Lang` header);
 *   `nameEn` and `nameZh` are both always present.
 * - Keys (`analystRating`, `profitabilityRating`, `financialHealth`, `suggestion`, `stockType`…) are stable
 *   identifiers a page may translate itself.
 */
import { z } from 'zod'
import { quotaLimits } from './account-codes.ts'
import { markets } from './regions.ts'
import {
  currencies,
  StockErrorCode,
  scoreKeys,
  stockPageSizeDefault,
  stockPageSizeMax,
  stockQueryMaxLength,
  stockSuggestionsMax,
  valuationKinds,
} from './stock-rules.ts'

// The market schema is built here from the list rather than imported: regions.ts sits in the browser's shared code,
// and importing its schema from a contract the diagnosis page loads would keep zod in every page (ADR 0011).
const Market = z.enum(markets)

// Codes, limits and the margin-confidence rule live in a file without zod, which the browser imports (ADR 0011);
// the API's modules keep importing them from here.
export {
  assessMarginConfidence,
  currencies,
  isCurrency,
  lowConfidencePriceFactor,
  StockErrorCode,
  scoreKeys,
  stockPageSizeDefault,
  stockPageSizeMax,
  stockQueryMaxLength,
  stockSuggestionsMax,
} from './stock-rules.ts'

/** Query strings send '' for a field left empty; read it as absent. */
const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

/** A market filter: us, hk, jp or kr (any case); blank means every market; anything else is refused. */
export const MarketFilter = z.preprocess(
  (value) => (typeof value === 'string' ? blankAsAbsent(value.trim().toLowerCase()) : value),
  z.enum(Market.options, { error: StockErrorCode.marketInvalid }).optional(),
)

/** A code or a name, in English or Chinese: required, trimmed, 1–100 characters. */
export const StockQueryText = z
  .string(StockErrorCode.queryEmpty)
  .trim()
  .min(1, StockErrorCode.queryEmpty)
  .max(stockQueryMaxLength, StockErrorCode.queryTooLong)

const positiveInt = (max: number, fallback: number) =>
  z.preprocess(blankAsAbsent, z.coerce.number().int().min(1).max(max).default(fallback))

// ——— Keys ———

export const ScoreKey = z.enum(scoreKeys)
export type ScoreKey = z.infer<typeof ScoreKey>
export const AnalystRating = z.enum(['strong_buy', 'buy', 'hold', 'sell', 'strong_sell'])
export type AnalystRating = z.infer<typeof AnalystRating>
export const ProfitabilityRating = z.enum(['strong', 'average', 'weak'])
export type ProfitabilityRating = z.infer<typeof ProfitabilityRating>
/** Financial health status: the zone of the health model (Altman Z, Z″ or equity-to-assets for financials). */
export const HealthZone = z.enum(['safe', 'grey', 'distress'])
export type HealthZone = z.infer<typeof HealthZone>
export const TechnicalSignal = z.enum(['buy', 'neutral', 'sell'])
export type TechnicalSignal = z.infer<typeof TechnicalSignal>
export const FlowSignal = z.enum(['inflow', 'neutral', 'outflow'])
export type FlowSignal = z.infer<typeof FlowSignal>
export const Currency = z.enum(currencies)
export type Currency = z.infer<typeof Currency>
export const Exchange = z.enum(['NASDAQ', 'NYSE', 'HKEX', 'TSE', 'KRX', 'KOSDAQ'])
export type Exchange = z.infer<typeof Exchange>

// ——— The stock (spec §3) ———

/** The stock fields of spec §3, as every list and the diagnosis show them. */
export const StockSummary = z.object({
  code: z.string(),
  market: Market,
  exchange: Exchange,
  currency: Currency,
  /** Name in the caller's language. */
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  sector: z.string(),
  industry: z.string(),
  /** Close of the session the scores describe (`priceDate`). */
  price: z.number().nullable(),
  priceDate: z.string().nullable(),
  /** Latest stored close and its change from the previous close (equal to `price` once the snapshot is current). */
  latestPrice: z.number().nullable(),
  latestPriceDate: z.string().nullable(),
  latestChange: z.number().nullable(),
  /** Fraction: 0.0125 = +1.25 %. */
  latestChangeRate: z.number().nullable(),
  /** Total AI score, 0–100. */
  score: z.number().nullable(),
  supportLevel: z.number().nullable(),
  resistanceLevel: z.number().nullable(),
  fairValue: z.number().nullable(),
  /**
   * The spec's "downside margin", signed: (fair value − price) ÷ fair value. Positive: the margin of safety (price
   * below fair value). Negative: minus the premium to fair value, (price − fair value) ÷ fair value. Lists sort by it;
   * screens show it through `assessMarginConfidence`.
   */
  downsideMargin: z.number().nullable(),
  /** Price ÷ diluted EPS of the last fiscal year. */
  peRatio: z.number().nullable(),
  marketCap: z.number().nullable(),
  marketCapUsd: z.number().nullable(),
  analystRating: AnalystRating.nullable(),
  profitabilityRating: ProfitabilityRating.nullable(),
  financialHealth: HealthZone.nullable(),
  technicals: TechnicalSignal.nullable(),
  capitalFlow: FlowSignal.nullable(),
  isDemo: z.boolean(),
})
export type StockSummary = z.infer<typeof StockSummary>

// ——— Margin of safety and premium to fair value ———

// The rule itself, `assessMarginConfidence` with `lowConfidencePriceFactor`, is in contracts/stock-rules.ts.
export const MarginConfidence = z.enum(['normal', 'low'])
export type MarginConfidence = z.infer<typeof MarginConfidence>
export const LowConfidenceReason = z.enum(['price_above_twice_fair_value', 'price_below_half_fair_value'])
export type LowConfidenceReason = z.infer<typeof LowConfidenceReason>

/** Common to every answer: whether the data is synthetic, and which session it describes. */
const DataStamp = {
  isDemo: z.boolean(),
  /** Latest session date of the data in the answer (YYYY-MM-DD); null when no data has been loaded yet. */
  asOf: z.string().nullable(),
  /** True when the data is older than the exchanges' last completed sessions. */
  stale: z.boolean(),
}

// ——— Diagnosis (getByCode) ———

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
  /** About one year of daily bars up to `asOf`, oldest first, for the price chart. */
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

// ——— Lists ———

export const ValuationKind = z.enum(valuationKinds)
export type ValuationKind = z.infer<typeof ValuationKind>

export const ValuationListQuery = z.object({
  kind: z.preprocess(blankAsAbsent, ValuationKind.default('undervalued')),
  market: MarketFilter,
  page: positiveInt(100, 1),
  pageSize: positiveInt(stockPageSizeMax, stockPageSizeDefault),
})
export type ValuationListQuery = z.infer<typeof ValuationListQuery>

/**
 * Undervalued: price below fair value (downside margin > 0), largest margin of safety first. Overvalued: price above
 * fair value (margin < 0), largest premium to fair value first. Only stocks whose fair value could be estimated are
 * listed.
 */
export const ValuationListAnswer = z.object({
  ...DataStamp,
  kind: ValuationKind,
  market: Market.nullable(),
  rows: z.array(StockSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ValuationListAnswer = z.infer<typeof ValuationListAnswer>

export const AiScoreListQuery = z.object({
  /** Optional search text: code or name, either language, fuzzy. Blank lists by score. */
  q: z.preprocess(
    blankAsAbsent,
    z.string().trim().max(stockQueryMaxLength, StockErrorCode.queryTooLong).optional(),
  ),
  market: MarketFilter,
  page: positiveInt(100, 1),
  pageSize: positiveInt(stockPageSizeMax, stockSuggestionsMax),
})
export type AiScoreListQuery = z.infer<typeof AiScoreListQuery>

export const StockMatchKind = z.enum(['code', 'name', 'alias', 'fuzzy'])
export type StockMatchKind = z.infer<typeof StockMatchKind>

export const AiScoreRow = StockSummary.extend({
  /** With `q`: how the row matched (exact code, exact name, exact alias, or similar text); null without `q`. */
  matchedBy: StockMatchKind.nullable(),
  /** The name or alias that matched, as written in the universe (shows why 'Samsung' found 三星電子). */
  matchedText: z.string().nullable(),
})
export type AiScoreRow = z.infer<typeof AiScoreRow>

/** Without `q`: every stock with a score, highest first. With `q`: the best matches first (the autocomplete). */
export const AiScoreListAnswer = z.object({
  ...DataStamp,
  q: z.string().nullable(),
  market: Market.nullable(),
  rows: z.array(AiScoreRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type AiScoreListAnswer = z.infer<typeof AiScoreListAnswer>

export const HotStocksQuery = z.object({
  market: MarketFilter,
  limit: positiveInt(stockPageSizeMax, 10),
})
export type HotStocksQuery = z.infer<typeof HotStocksQuery>

/** The facts behind a stock's heat on its latest session (docs/market-data.md#heat-score). */
export const HeatFigures = z.object({
  /** 0–100. */
  heatScore: z.number(),
  /** Volume of the session ÷ average volume of the 20 sessions before it. */
  volumeRatio: z.number().nullable(),
  /** Close-to-close change of the session, fraction. */
  priceMove: z.number().nullable(),
  /** Published articles naming the stock in the last 7 days. */
  mentions: z.number().int(),
  sessionDate: z.string().nullable(),
})
export type HeatFigures = z.infer<typeof HeatFigures>

export const HotStock = StockSummary.extend({
  rank: z.number().int(),
  heat: HeatFigures,
  /** A short paragraph in the caller's language, generated from the figures. */
  interpretation: z.string(),
})
export type HotStock = z.infer<typeof HotStock>

export const MarketHeat = z.object({
  market: Market,
  /** Market name in the caller's language. */
  name: z.string(),
  /** Mean heat score of the market's stocks, 0–100. */
  heatScore: z.number(),
  level: z.enum(['hot', 'warm', 'cool']),
  advancers: z.number().int(),
  decliners: z.number().int(),
  unchanged: z.number().int(),
  /** Median close-to-close change of the session, fraction. */
  medianMove: z.number().nullable(),
  /** Median volume ratio (volume ÷ 20-session average). */
  medianVolumeRatio: z.number().nullable(),
  mentions: z.number().int(),
  sessionDate: z.string().nullable(),
  /** One sentence in the caller's language. */
  interpretation: z.string(),
})
export type MarketHeat = z.infer<typeof MarketHeat>

export const HotStocksAnswer = z.object({
  ...DataStamp,
  market: Market.nullable(),
  markets: z.array(MarketHeat),
  rows: z.array(HotStock),
})
export type HotStocksAnswer = z.infer<typeof HotStocksAnswer>

export const InsiderKind = z.enum(['buy', 'sell'])
export type InsiderKind = z.infer<typeof InsiderKind>

export const ExecutiveMovesQuery = z.object({
  market: MarketFilter,
  kind: z.preprocess(blankAsAbsent, InsiderKind.optional()),
  /** Optional: one stock (code or name), resolved like the diagnosis input. */
  code: z.preprocess(
    blankAsAbsent,
    z.string().trim().max(stockQueryMaxLength, StockErrorCode.queryTooLong).optional(),
  ),
  page: positiveInt(100, 1),
  pageSize: positiveInt(stockPageSizeMax, stockPageSizeDefault),
})
export type ExecutiveMovesQuery = z.infer<typeof ExecutiveMovesQuery>

export const ExecutiveMove = z.object({
  code: z.string(),
  market: Market,
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  currency: Currency,
  date: z.string(),
  insiderName: z.string(),
  /** As filed, e.g. "Chief Executive Officer", "Director". */
  role: z.string(),
  kind: InsiderKind,
  shares: z.number(),
  price: z.number(),
  value: z.number(),
  valueUsd: z.number(),
  isDemo: z.boolean(),
})
export type ExecutiveMove = z.infer<typeof ExecutiveMove>

/** Newest first. */
export const ExecutiveMovesAnswer = z.object({
  ...DataStamp,
  market: Market.nullable(),
  rows: z.array(ExecutiveMove),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ExecutiveMovesAnswer = z.infer<typeof ExecutiveMovesAnswer>

// ——— Monthly picks ———

export const PickSuggestion = z.enum(['strong_buy', 'buy'])
export type PickSuggestion = z.infer<typeof PickSuggestion>
export const StockType = z.enum(['growth', 'dividend', 'value', 'quality'])
export type StockType = z.infer<typeof StockType>

export const MonthlyPicksQuery = z.object({
  market: MarketFilter,
  /** How many recent months to include (the current one first). */
  months: positiveInt(24, 6),
})
export type MonthlyPicksQuery = z.infer<typeof MonthlyPicksQuery>

/** A monthly stock pick (spec §3) with its track record since the recommendation. */
export const MonthlyPick = z.object({
  month: z.string(),
  rank: z.number().int(),
  code: z.string(),
  market: Market,
  /** Company name in the caller's language; nameEn and nameZh both present. */
  name: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  currency: Currency,
  suggestion: PickSuggestion,
  stockType: StockType,
  /** Last close before the recommendation (the price a reader could act on). */
  recommendedPrice: z.number(),
  /** Analysts' mean target at the time; the engine's fair value when no consensus existed. */
  analystEstimatedPrice: z.number(),
  analystEstimatedPriceSource: z.enum(['consensus', 'fair_value']),
  /** (analyst estimated price − recommended price) ÷ recommended price. */
  estimatedReturn: z.number(),
  /** Largest peak-to-trough fall of the close over the 250 sessions before the recommendation (negative). */
  estimatedMaxDrawdown: z.number(),
  /** Recommendation time: the first day of the month (YYYY-MM-DD); data as of the session before it (`dataAsOf`). */
  recommendedAt: z.string(),
  dataAsOf: z.string(),
  score: z.number(),
  fairValue: z.number(),
  downsideMargin: z.number(),
  /** Track record: latest close, its date, the return since the recommendation and the worst fall since. */
  latestPrice: z.number().nullable(),
  latestPriceDate: z.string().nullable(),
  actualReturn: z.number().nullable(),
  actualMaxDrawdown: z.number().nullable(),
  isDemo: z.boolean(),
})
export type MonthlyPick = z.infer<typeof MonthlyPick>

export const MonthlyPicksMonth = z.object({
  month: z.string(),
  recommendedAt: z.string(),
  /** Picks the reader may see this month (the current month is limited by tier, spec §6). */
  picks: z.array(MonthlyPick),
  /** Picks of this month the reader's tier does not show. */
  lockedCount: z.number().int(),
  /** Mean actual return of the month's picks (all of them, shown or not) and the share that gained. */
  averageReturn: z.number().nullable(),
  winRate: z.number().nullable(),
})
export type MonthlyPicksMonth = z.infer<typeof MonthlyPicksMonth>

export const MonthlyPicksAnswer = z.object({
  ...DataStamp,
  market: Market.nullable(),
  months: z.array(MonthlyPicksMonth),
  /** Over every pick of the completed months in the answer. */
  trackRecord: z.object({
    picks: z.number().int(),
    averageReturn: z.number().nullable(),
    winRate: z.number().nullable(),
  }),
  /** The rule that chose the picks, in the caller's language. */
  rule: z.string(),
})
export type MonthlyPicksAnswer = z.infer<typeof MonthlyPicksAnswer>
