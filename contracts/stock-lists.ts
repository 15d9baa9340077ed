/**
 * Wire shapes of the stock lists (spec §3, §7):
 *
 *   GET /bizStockScore/listStock   ValuationListQuery  → ValuationListAnswer (most undervalued / overvalued)
 *   GET /bizStockScore/listStockAI AiScoreListQuery    → AiScoreListAnswer (AI-scored list; with `q` it is the
 *                                  autocomplete of the diagnosis input and the header search's stock suggestions;
 *                                  rate-limited)
 *   GET /hotStockAnaly/list        HotStocksQuery      → HotStocksAnswer (hot stocks with interpretation, market heat)
 *   GET /stockHl/list              ExecutiveMovesQuery → ExecutiveMovesAnswer (stock highlights: insider buys/sells)
 *
 * The conventions of every stocks answer (contracts/stocks.ts) hold here too.
 */
import { z } from 'zod'
import {
  StockErrorCode,
  stockPageSizeDefault,
  stockPageSizeMax,
  stockQueryMaxLength,
  stockSuggestionsMax,
  valuationKinds,
} from './stock-rules.ts'
import {
  blankAsAbsent,
  Currency,
  DataStamp,
  MarketFilter,
  positiveInt,
  StockMarket,
  StockSummary,
} from './stocks.ts'

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
  market: StockMarket.nullable(),
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
  market: StockMarket.nullable(),
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
  market: StockMarket,
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
  market: StockMarket.nullable(),
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
  market: StockMarket,
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
  market: StockMarket.nullable(),
  rows: z.array(ExecutiveMove),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ExecutiveMovesAnswer = z.infer<typeof ExecutiveMovesAnswer>
