/**
 * The stocks service (`services.stocks`; its shape and each function's contract in stocks-service.types.ts): the one
 * door through which routes, page loaders and other modules (the articles' search, the chat's tools, picks
 * tracking) reach stocks. It composes the use cases, each in its own file:
 *
 *   stock-finder.ts     a company from what a reader typed (findStock; the autocomplete's matches)
 *   stock-diagnosis.ts  the AI diagnosis with the reader's quota (getDiagnosis) and without it (readDiagnosis)
 *   stock-lists.ts      the valuation, AI-score, hot-stock and executives' moves lists
 *   picks-list.ts       the monthly picks with their track record, the current month by tier
 *   stock-screener.ts   the screener over its read model, and members' saved screens
 *   stock-compare.ts    2–4 stocks side by side (the compare page), from their diagnoses without the quota
 *   market-overview.ts  each market at a glance: benchmark, breadth, sectors, movers, most diagnosed
 *   stock-calendar.ts   a week's results dates and dividends in the region's time zone (the calendar)
 *   stock-answers.ts    what every answer shares: the query read with its contract, the data stamp, the list cache
 *
 * and answers one stock's summary itself (getStock), or several at once in at most one query (getStocks: watchlists, alerts; rows reused as the lists' answers). A new use case (watchlists, alerts, the screener, compare,
 * calendars) is a file beside these, composed here with its functions added to StocksService: it finds companies
 * through the finder and stamps its answers like the others. Leaves the analysis to the engine, fetching and
 * snapshots to the refresh (stock-refresh.ts), and who the reader is and how many attempts they have to accounts
 * and quotas.
 */
import type { Locale, Market } from '#contracts/regions.ts'
import type { StockSummary } from '#contracts/stocks.ts'
import type { Clock } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import type { QuotaService } from '#server/modules/quotas/quotas.service.ts'
import { type SummaryGenerator, templateSummaryGenerator } from './engine/summary-generator.ts'
import { createMarketOverview } from './market-overview.ts'
import { createPicksList } from './picks-list.ts'
import { createAnswerCache, createDataStamps, createStockRowCache } from './stock-answers.ts'
import { createStockCalendar } from './stock-calendar.ts'
import { createStockCompare } from './stock-compare.ts'
import { createStockDiagnosis } from './stock-diagnosis.ts'
import { createStockFinder } from './stock-finder.ts'
import { type CountArticleMentions, createStockLists } from './stock-lists.ts'
import type { StockRefresh } from './stock-refresh.ts'
import { createStockScreener } from './stock-screener.ts'
import { toStockSummary } from './stock-wire.ts'
import { selectAlertFiguresJson, selectStockRowsOf } from './stocks.repo.ts'
import type { StocksService } from './stocks-service.types.ts'

export interface StocksServiceDependencies {
  db: Db
  config: Config
  clock: Clock
  quotas: QuotaService
  refresh: StockRefresh
  countArticleMentions?: CountArticleMentions | undefined
  summaries?: SummaryGenerator
  /**
   * How long list answers, and the companies' rows several stocks are read from (watchlists, alerts), are reused
   * (default 30 s); snapshots change only when a refresh runs.
   */
  listCacheMillis?: number
}

export function createStocksService(deps: StocksServiceDependencies): StocksService {
  const { db, config, clock, quotas, refresh } = deps
  const finder = createStockFinder({ db })
  const stamps = createDataStamps({ config, clock })
  const cacheMillis = deps.listCacheMillis ?? 30_000
  const cached = createAnswerCache(cacheMillis)
  const stockRows = createStockRowCache(cacheMillis, (ids) => selectStockRowsOf(db, ids))

  const diagnosis = createStockDiagnosis({
    db,
    config,
    clock,
    quotas,
    recomputeSnapshots: refresh.recomputeSnapshots,
    summaries: deps.summaries ?? templateSummaryGenerator,
    finder,
    stamps,
  })
  const lists = createStockLists({
    db,
    clock,
    finder,
    stamps,
    cached,
    countArticleMentions: deps.countArticleMentions,
  })
  const picks = createPicksList({ db, clock, stamps, cached })
  const screener = createStockScreener({ db, stamps, cached })
  const compare = createStockCompare({ readDiagnosis: diagnosis.readDiagnosis, finder })
  const overview = createMarketOverview({ db, config, clock, stamps, cached })
  const calendar = createStockCalendar({ db, clock, cached })

  async function getStock(market: Market, code: string, locale: Locale): Promise<StockSummary | null> {
    const row = await finder.rowOf({ market, code })
    return row ? toStockSummary(row, locale) : null
  }

  async function getStocks(
    keys: readonly { market: Market; code: string }[],
    locale: Locale,
  ): Promise<StockSummary[]> {
    const companyIds = await finder.companyIdsOf(keys)
    if (companyIds.length === 0) return []
    const rows = await stockRows.of(companyIds)
    return rows.map((row) => toStockSummary(row, locale))
  }

  return {
    readAlertFiguresJson: (market) => selectAlertFiguresJson(db, market),
    findStock: finder.findStock,
    getDiagnosis: diagnosis.getDiagnosis,
    readDiagnosis: diagnosis.readDiagnosis,
    getStock,
    getStocks,
    listValuation: lists.listValuation,
    listAiScores: lists.listAiScores,
    listHotStocks: lists.listHotStocks,
    listExecutiveMoves: lists.listExecutiveMoves,
    listMonthlyPicks: picks.listMonthlyPicks,
    screenStocks: screener.screenStocks,
    listSavedScreens: screener.listSavedScreens,
    saveScreen: screener.saveScreen,
    deleteSavedScreen: screener.deleteSavedScreen,
    findSavedScreen: screener.findSavedScreen,
    readScreenMembersJson: screener.readScreenMembersJson,
    compareStocks: compare.compareStocks,
    compareCodes: compare.compareCodes,
    getMarketOverview: overview.getMarketOverview,
    listCalendar: calendar.listCalendar,
    forgetPastDiagnosisViews: diagnosis.forgetPastDiagnosisViews,
  }
}
