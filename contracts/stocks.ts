/**
 * Wire shapes of stocks (spec §3, §7): what every stocks answer shares — the stock of spec §3 (`StockSummary`), its
 * keys, the market filter and query text, the data stamp — and the conventions below. Each area's requests and
 * answers are in a file of its own beside this one:
 *
 *   contracts/stock-diagnosis.ts   GET /bizStockScore/getByCode (the AI stock diagnosis)
 *   contracts/stock-lists.ts       GET /bizStockScore/listStock, /bizStockScore/listStockAI, /hotStockAnaly/list,
 *                                  /stockHl/list (valuation, AI scores and suggestions, hot stocks, executives' moves)
 *   contracts/monthly-picks.ts     GET /home/listGains (the monthly picks and their track record)
 *
 * The paths of spec §7 keep their names; what the spec does not show is defined in these files and nowhere else.
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
import { markets } from './regions.ts'
import { currencies, StockErrorCode, scoreKeys, stockQueryMaxLength } from './stock-rules.ts'

// The market schema is built here from the list rather than imported: regions.ts sits in the browser's shared code,
// and importing its schema from a contract the diagnosis page loads would keep zod in every page (ADR 0011). The
// area files (stock-diagnosis.ts, stock-lists.ts, monthly-picks.ts) build on it and on the pieces below.
export const StockMarket = z.enum(markets)

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
export const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

/** A market filter: us, hk, jp or kr (any case); blank means every market; anything else is refused. */
export const MarketFilter = z.preprocess(
  (value) => (typeof value === 'string' ? blankAsAbsent(value.trim().toLowerCase()) : value),
  z.enum(StockMarket.options, { error: StockErrorCode.marketInvalid }).optional(),
)

/** A code or a name, in English or Chinese: required, trimmed, 1–100 characters. */
export const StockQueryText = z
  .string(StockErrorCode.queryEmpty)
  .trim()
  .min(1, StockErrorCode.queryEmpty)
  .max(stockQueryMaxLength, StockErrorCode.queryTooLong)

export const positiveInt = (max: number, fallback: number) =>
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
  market: StockMarket,
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
export const DataStamp = {
  isDemo: z.boolean(),
  /** Latest session date of the data in the answer (YYYY-MM-DD); null when no data has been loaded yet. */
  asOf: z.string().nullable(),
  /** True when the data is older than the exchanges' last completed sessions. */
  stale: z.boolean(),
}
