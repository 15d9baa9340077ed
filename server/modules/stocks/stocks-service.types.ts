/**
 * What the stocks service offers to routes and page loaders (`services.stocks`). The shapes are the wire shapes of
 * contracts/stocks.ts and its area files (stock-diagnosis.ts, stock-lists.ts, monthly-picks.ts), so a page loader
 * gets exactly what the API answers. Failures are AppErrors with the codes of `StockErrorCode`
 * (contracts/stock-rules.ts) and the quota codes of `QuotaErrorCode` (contracts/accounts.ts).
 */

import type { CalendarAnswer } from '#contracts/calendar.ts'
import type { CompareAnswer } from '#contracts/compare.ts'
import type { CompareToken } from '#contracts/compare-rules.ts'
import type { MarketOverviewAnswer } from '#contracts/market-overview.ts'
import type { MonthlyPicksAnswer, MonthlyPicksQuery } from '#contracts/monthly-picks.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type {
  SavedScreen,
  SavedScreensAnswer,
  SaveScreenRequest,
  ScreenAnswer,
  ScreenQuery,
} from '#contracts/screener.ts'
import type { StockDiagnosis, StockDiagnosisAnswer, StockDiagnosisQuery } from '#contracts/stock-diagnosis.ts'
import type {
  AiScoreListAnswer,
  AiScoreListQuery,
  ExecutiveMovesAnswer,
  ExecutiveMovesQuery,
  HotStocksAnswer,
  HotStocksQuery,
  StockMatchKind,
  ValuationListAnswer,
  ValuationListQuery,
} from '#contracts/stock-lists.ts'
import type { StockSummary } from '#contracts/stocks.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { CalendarRequest } from './stock-calendar.ts'

/** A company the reader's text names, and how it was recognised. */
export interface StockMatch {
  market: Market
  code: string
  nameEn: string
  nameZh: string
  matchedBy: StockMatchKind
  /** The code, name or alias that matched. */
  matchedText: string
  /** 1 for exact matches; the trigram similarity (0–1) for fuzzy ones. */
  similarity: number
}

export interface StocksService {
  /**
   * The company a code or name means: exact code first (700, 00700, 0700.HK, 7203.T, 005930.KS, BRK-B), then an
   * exact name or alias in either language, then the most similar name (pg_trgm). null when nothing is close.
   */
  findStock(text: string, market?: Market): Promise<StockMatch | null>
  /**
   * The AI stock diagnosis of spec §3 (GET /bizStockScore/getByCode). Order: the quota is checked, the stock
   * found, the diagnosis loaded (latest snapshot, or a fresh engine run), and only then is one attempt used.
   * Throws AppError: invalid (STOCK_QUERY_EMPTY, STOCK_QUERY_TOO_LONG, STOCK_MARKET_INVALID), limited
   * (DIAGNOSIS_LIMIT_VISITOR | _MEMBER | _SUBSCRIBER | _DAILY), not_found (STOCK_NOT_FOUND, no attempt used),
   * unavailable (DIAGNOSIS_FAILED, no attempt used).
   */
  getDiagnosis(query: StockDiagnosisQuery, reader: Reader, locale: Locale): Promise<StockDiagnosisAnswer>
  /**
   * A stock's diagnosis without the reader's quota (the AI chat's tools read it; the chat meters its own answers):
   * the same body as getDiagnosis, with about a year of daily bars. null when the stock is unknown. Throws AppError
   * unavailable (STOCK_DATA_NOT_READY, DIAGNOSIS_FAILED) like getDiagnosis.
   */
  readDiagnosis(market: Market, code: string, locale: Locale): Promise<StockDiagnosis | null>
  /** One stock's summary (spec §3 fields) without using a diagnosis attempt; null when unknown. */
  getStock(market: Market, code: string, locale: Locale): Promise<StockSummary | null>
  /**
   * Several stocks' summaries in one query (a watchlist of up to 200), in no particular order; a stock no longer in
   * the universe is left out.
   */
  getStocks(keys: readonly { market: Market; code: string }[], locale: Locale): Promise<StockSummary[]>
  /** Most undervalued / overvalued stocks (GET /bizStockScore/listStock). */
  listValuation(query: ValuationListQuery, locale: Locale): Promise<ValuationListAnswer>
  /** Stocks by AI score, or the autocomplete when `q` is given (GET /bizStockScore/listStockAI). */
  listAiScores(query: AiScoreListQuery, locale: Locale): Promise<AiScoreListAnswer>
  /** Hot stocks with interpretation, and each market's heat (GET /hotStockAnaly/list). */
  listHotStocks(query: HotStocksQuery, locale: Locale): Promise<HotStocksAnswer>
  /** Executives' moves: insider buys and sells, newest first (GET /stockHl/list). */
  listExecutiveMoves(query: ExecutiveMovesQuery, locale: Locale): Promise<ExecutiveMovesAnswer>
  /** Monthly picks with their track record; the current month is limited by tier (GET /home/listGains). */
  listMonthlyPicks(query: MonthlyPicksQuery, reader: Reader, locale: Locale): Promise<MonthlyPicksAnswer>
  /**
   * The screener (GET /screener/list): stocks passing every filter, sorted and paged. Throws AppError invalid with
   * the first field's code (SCREEN_*_INVALID, SCREEN_RANGE_REVERSED, STOCK_MARKET_INVALID).
   */
  screenStocks(query: ScreenQuery, locale: Locale): Promise<ScreenAnswer>
  /** The reader's own saved screens and how many they may keep (GET /screener/saved); visitors: unauthenticated. */
  listSavedScreens(reader: Reader): Promise<SavedScreensAnswer>
  /** Saves a screen for the reader (POST /screener/saved); forbidden SCREEN_SAVED_LIMIT past the tier's count. */
  saveScreen(request: SaveScreenRequest, reader: Reader): Promise<SavedScreen>
  /** Deletes the reader's own saved screen (DELETE /screener/saved/:id); another's is not_found. */
  deleteSavedScreen(id: string, reader: Reader): Promise<void>
  /** The reader's own saved screen by id; null when there is none or it is another's. Visitors: unauthenticated. */
  findSavedScreen(reader: Reader, id: string): Promise<SavedScreen | null>
  /**
   * The current stocks of these saved screens that a refresh of `market` can change (their market, or every market),
   * as one JSON array of `{ screenId, name, members }` (`members`: sorted `market:code`); for screen alerts (ADR 0040).
   */
  readScreenMembersJson(screenIds: readonly string[], market: Market): Promise<string>
  /**
   * 2–4 stocks side by side (the compare page, `/compare?codes=…`), in the order given, from their diagnoses without
   * the reader's quota. Throws AppError not_found (STOCK_NOT_FOUND) for a stock out of the universe and unavailable
   * (STOCK_DATA_NOT_READY, DIAGNOSIS_FAILED) as readDiagnosis does; how many stocks is the caller's rule.
   */
  compareStocks(keys: readonly { market: Market; code: string }[], locale: Locale): Promise<CompareAnswer>
  /** GET /compare: 2–4 stocks as the API's `codes` name them (found like the page's URL); see stock-compare.ts. */
  compareCodes(tokens: readonly CompareToken[], locale: Locale): Promise<CompareAnswer>
  /**
   * A market at a glance (GET /market/overview, /markets/:market): our equal-weight universe index over a day, week,
   * month and year with its last year, the latest session's breadth and sectors, top movers and today's most
   * diagnosed stocks. Invalid: STOCK_MARKET_INVALID.
   */
  getMarketOverview(market: Market, locale: Locale): Promise<MarketOverviewAnswer>
  /**
   * One week's results dates and dividends (GET /calendar/list, /calendar), in the region's `timeZone`: the week
   * given (ISO `2026-W49`) or the one holding today there, one market or all, only the given stocks when `stocks` is
   * set (a member's watchlists, a visitor's device list). Invalid: CALENDAR_WEEK_INVALID, STOCK_MARKET_INVALID.
   */
  listCalendar(request: CalendarRequest, timeZone: string, locale: Locale): Promise<CalendarAnswer>
  /** Housekeeping: forgets which diagnoses readers opened on days before today. */
  forgetPastDiagnosisViews(): Promise<void>
  /**
   * What alerts watch of every stock of a market after its refresh (issue 26), as one JSON array of `AlertFigures`
   * (stocks.repo.ts `selectAlertFiguresJson`): the alerts' evaluation hands it to the database as it is.
   */
  readAlertFiguresJson(market: Market): Promise<string>
}
