/**
 * What the browser needs of the stock contract on its first paint, without zod (ADR 0011): error codes, query and
 * page limits, the valuation lists' kinds, the score keys in the specification's order, the trading currencies, and
 * the margin-confidence rule. contracts/stocks.ts builds its schemas
 * from these and re-exports them.
 */
import type { LowConfidenceReason, MarginConfidence } from './stocks.ts'

export const StockErrorCode = {
  queryEmpty: 'STOCK_QUERY_EMPTY',
  queryTooLong: 'STOCK_QUERY_TOO_LONG',
  marketInvalid: 'STOCK_MARKET_INVALID',
  notFound: 'STOCK_NOT_FOUND',
  diagnosisFailed: 'DIAGNOSIS_FAILED',
  dataNotReady: 'STOCK_DATA_NOT_READY',
} as const

/** Spec §5: a query is at most 100 characters. */
export const stockQueryMaxLength = 100
/** Rows of the autocomplete under the diagnosis input (spec §5: at most 10 suggestions). */
export const stockSuggestionsMax = 10
export const stockPageSizeMax = 50
export const stockPageSizeDefault = 20

/** The ten scores of a diagnosis, in the specification's order (spec §3; "valuation" is valuation rationality). */
export const scoreKeys = [
  'fundamentals',
  'management',
  'trend',
  'market_size',
  'gross_margin',
  'profitability',
  'growth_potential',
  'competitive_advantage',
  'valuation',
  'financial_health',
] as const

/** The trading (and reporting) currencies of the four markets. */
export const currencies = ['USD', 'HKD', 'JPY', 'KRW'] as const

export function isCurrency(value: unknown): value is (typeof currencies)[number] {
  return (currencies as readonly unknown[]).includes(value)
}

/** The two valuation lists: price below fair value, and price above it. */
export const valuationKinds = ['undervalued', 'overvalued'] as const

/**
 * A margin is low-confidence when the price and the fair value differ by more than this factor, either way: the price
 * more than twice the fair value (a premium beyond 100 %) or less than half of it (a margin of safety beyond 50 %,
 * the price would have to more than double). A gap that wide says more about the model's assumptions than about the
 * stock (docs/analysis-methods.md#margin-confidence). The engine and every screen apply this one rule.
 */
export const lowConfidencePriceFactor = 2

/** The confidence of a signed margin (`downsideMargin`); null when there is no margin. */
export function assessMarginConfidence(
  downsideMargin: number | null,
): { confidence: MarginConfidence; reason: LowConfidenceReason | null } | null {
  if (downsideMargin === null || !Number.isFinite(downsideMargin)) return null
  // m = (fair − price) ÷ fair, so price ÷ fair = 1 − m.
  const priceToFairValue = 1 - downsideMargin
  if (priceToFairValue > lowConfidencePriceFactor)
    return { confidence: 'low', reason: 'price_above_twice_fair_value' }
  if (priceToFairValue < 1 / lowConfidencePriceFactor)
    return { confidence: 'low', reason: 'price_below_half_fair_value' }
  return { confidence: 'normal', reason: null }
}
