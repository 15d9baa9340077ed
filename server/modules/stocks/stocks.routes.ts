/**
 * The stocks API (spec §7): parse with the contract, call the service, answer in the envelope. The diagnosis and
 * the autocomplete are rate-limited per client address (shared counters, so the limit holds across processes).
 */
import type { FastifyInstance } from 'fastify'
import { CalendarQuery } from '#contracts/calendar.ts'
import { CompareQuery } from '#contracts/compare.ts'
import { ok } from '#contracts/envelope.ts'
import { MarketOverviewQuery } from '#contracts/market-overview.ts'
import { MonthlyPicksQuery } from '#contracts/monthly-picks.ts'
import { regionFromHostname, regionSettings } from '#contracts/regions.ts'
import { SaveScreenRequest, ScreenQuery } from '#contracts/screener.ts'
import { StockDiagnosisQuery } from '#contracts/stock-diagnosis.ts'
import {
  AiScoreListQuery,
  ExecutiveMovesQuery,
  HotStocksQuery,
  ValuationListQuery,
} from '#contracts/stock-lists.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import { parseInput } from './stock-answers.ts'
import type { StocksService } from './stocks-service.types.ts'

export function registerStocksRoutes(
  api: FastifyInstance,
  stocks: StocksService,
  limits: { diagnosisPerMinute: number; suggestPerMinute: number },
): void {
  api.get(
    '/bizStockScore/getByCode',
    // Diagnoses per client address (STOCKS_DIAGNOSIS_RATE_PER_MINUTE); each also uses a quota attempt.
    { config: { rateLimit: { max: limits.diagnosisPerMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const query = StockDiagnosisQuery.parse(request.query ?? {})
      return ok(await stocks.getDiagnosis(query, request.reader, requestLocale(request)))
    },
  )
  api.get('/bizStockScore/listStock', async (request) => {
    const query = ValuationListQuery.parse(request.query ?? {})
    return ok(await stocks.listValuation(query, requestLocale(request)))
  })
  api.get(
    '/bizStockScore/listStockAI',
    // Autocomplete requests per client address (STOCKS_SUGGEST_RATE_PER_MINUTE), one per debounced keystroke.
    { config: { rateLimit: { max: limits.suggestPerMinute, timeWindow: '1 minute' } } },
    async (request) => {
      const query = AiScoreListQuery.parse(request.query ?? {})
      return ok(await stocks.listAiScores(query, requestLocale(request)))
    },
  )
  api.get('/hotStockAnaly/list', async (request) => {
    const query = HotStocksQuery.parse(request.query ?? {})
    return ok(await stocks.listHotStocks(query, requestLocale(request)))
  })
  api.get('/stockHl/list', async (request) => {
    const query = ExecutiveMovesQuery.parse(request.query ?? {})
    return ok(await stocks.listExecutiveMoves(query, requestLocale(request)))
  })
  api.get('/market/overview', async (request) => {
    const query = MarketOverviewQuery.parse(request.query ?? {})
    return ok(await stocks.getMarketOverview(query.market, requestLocale(request)))
  })
  api.get(
    '/compare',
    // Comparisons per client address: each may run the engine for up to four stocks.
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request) => {
      const query = CompareQuery.parse(request.query ?? {})
      return ok(await stocks.compareCodes(query.codes, requestLocale(request)))
    },
  )
  api.get('/calendar/list', async (request) => {
    // The field's own code (CALENDAR_WEEK_INVALID…), so the reader is told which part to fix.
    const query = parseInput(CalendarQuery, request.query ?? {})
    // The site's host decides the time zone the week is read in, as on the page.
    const { timeZone } = regionSettings[regionFromHostname(request.hostname.replace(/:\d+$/, ''))]
    return ok(await stocks.listCalendar(query, timeZone, requestLocale(request)))
  })
  api.get('/home/listGains', async (request) => {
    const query = MonthlyPicksQuery.parse(request.query ?? {})
    return ok(await stocks.listMonthlyPicks(query, request.reader, requestLocale(request)))
  })
  api.get(
    '/screener/list',
    // Screens per client address: each new filter set is a query the 30 s answer cache has not seen.
    { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } },
    async (request) => {
      const query = ScreenQuery.parse(request.query ?? {})
      return ok(await stocks.screenStocks(query, requestLocale(request)))
    },
  )
  api.get('/screener/saved', async (request) => ok(await stocks.listSavedScreens(request.reader)))
  api.post(
    '/screener/saved',
    // Saves per client address: a member's count is capped by tier, this caps how fast anyone may try.
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const body = SaveScreenRequest.parse(request.body ?? {})
      return ok(await stocks.saveScreen(body, request.reader))
    },
  )
  api.delete('/screener/saved/:id', async (request) => {
    const { id } = request.params as { id: string }
    await stocks.deleteSavedScreen(id, request.reader)
    return ok(null)
  })
}
