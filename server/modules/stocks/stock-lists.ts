/**
 * The stock lists of spec §3 and §7: most undervalued and overvalued (by margin of safety or premium to fair value),
 * by AI score (and, with a query, the autocomplete: best match first), hot stocks with each market's heat, and
 * executives' moves. Decides what each list holds, its order and its paging; how hot a stock is and how it is
 * worded is heat-score.ts's, and the article mentions behind it are the articles module's to count.
 */
import type { Locale } from '#contracts/regions.ts'
import { markets } from '#contracts/regions.ts'
import {
  type AiScoreListAnswer,
  AiScoreListQuery,
  type AiScoreRow,
  type ExecutiveMovesAnswer,
  ExecutiveMovesQuery,
  type HotStock,
  type HotStocksAnswer,
  HotStocksQuery,
  type ValuationListAnswer,
  ValuationListQuery,
} from '#contracts/stock-lists.ts'
import { StockErrorCode } from '#contracts/stock-rules.ts'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import { DEFAULT_ASSUMPTIONS } from './engine/market-assumptions.ts'
import { countExecutiveMoves, selectExecutiveMoves } from './executive-moves.repo.ts'
import { heatScoreOf, interpretHotStock, MENTION_WINDOW_DAYS, measureMarketHeat } from './heat-score.ts'
import { type AnswerCache, type DataStamps, parseInput } from './stock-answers.ts'
import type { StockFinder } from './stock-finder.ts'
import { nameIn, toStockSummary } from './stock-wire.ts'
import { countStockRows, selectStockRows } from './stocks.repo.ts'
import type { StockMatch } from './stocks-service.types.ts'

/** Published-article mentions per company (`market:code`) since an instant; the articles module answers. */
export type CountArticleMentions = (since: Date) => Promise<Map<string, number>>

export function createStockLists({
  db,
  clock,
  finder,
  stamps,
  cached,
  countArticleMentions,
}: {
  db: Db
  clock: Clock
  finder: StockFinder
  stamps: DataStamps
  cached: AnswerCache
  countArticleMentions?: CountArticleMentions | undefined
}) {
  function listValuation(query: ValuationListQuery, locale: Locale): Promise<ValuationListAnswer> {
    const input = parseInput(ValuationListQuery, query)
    return cached(`valuation:${JSON.stringify(input)}:${locale}`, async () => {
      const filter = { market: input.market, withSnapshot: true, valuation: input.kind }
      const [rows, total, all] = await Promise.all([
        selectStockRows(db, filter, {
          order: input.kind,
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        }),
        countStockRows(db, filter),
        selectStockRows(db, { market: input.market, withSnapshot: true }),
      ])
      return {
        ...stamps.stampOf(all),
        kind: input.kind,
        market: input.market ?? null,
        rows: rows.map((row) => toStockSummary(row, locale)),
        total,
        page: input.page,
        pageSize: input.pageSize,
      }
    })
  }

  function listAiScores(query: AiScoreListQuery, locale: Locale): Promise<AiScoreListAnswer> {
    const input = parseInput(AiScoreListQuery, query)
    return cached(`ai:${JSON.stringify(input)}:${locale}`, async () => {
      const offset = (input.page - 1) * input.pageSize
      if (!input.q) {
        const filter = { market: input.market, withSnapshot: true }
        const [rows, total] = await Promise.all([
          selectStockRows(db, filter, { order: 'score', limit: input.pageSize, offset }),
          countStockRows(db, filter),
        ])
        return {
          ...stamps.stampOf(rows),
          q: null,
          market: input.market ?? null,
          rows: rows.map(
            (row): AiScoreRow => ({ ...toStockSummary(row, locale), matchedBy: null, matchedText: null }),
          ),
          total,
          page: input.page,
          pageSize: input.pageSize,
        }
      }
      const matches = await finder.matchStocks(input.q, input.market, 50)
      const ids = await finder.companyIdsOf(matches)
      const page = ids.slice(offset, offset + input.pageSize)
      const rows = await selectStockRows(db, { companyIds: page })
      const byId = new Map(rows.map((r) => [r.companyId, r]))
      const pageRows = page.flatMap((id, i) => {
        const row = byId.get(id)
        const match = matches[offset + i] as StockMatch
        return row
          ? [{ ...toStockSummary(row, locale), matchedBy: match.matchedBy, matchedText: match.matchedText }]
          : []
      })
      return {
        ...stamps.stampOf(rows),
        q: input.q,
        market: input.market ?? null,
        rows: pageRows,
        total: ids.length,
        page: input.page,
        pageSize: input.pageSize,
      }
    })
  }

  async function mentionsSinceLastWeek(): Promise<Map<string, number>> {
    if (!countArticleMentions) return new Map()
    return countArticleMentions(new Date(clock.now().getTime() - MENTION_WINDOW_DAYS * 86_400_000))
  }

  function listHotStocks(query: HotStocksQuery, locale: Locale): Promise<HotStocksAnswer> {
    const input = parseInput(HotStocksQuery, query)
    return cached(`hot:${JSON.stringify(input)}:${locale}`, async () => {
      const [rows, mentions] = await Promise.all([
        selectStockRows(db, { withSnapshot: true }),
        mentionsSinceLastWeek(),
      ])
      const scored = rows.map((row) => {
        const mentionCount = mentions.get(`${row.market}:${row.code}`) ?? 0
        const heat = {
          heatScore: heatScoreOf({
            volumeRatio: row.volumeRatio,
            priceMove: row.priceMove,
            mentions: mentionCount,
          }),
          volumeRatio: row.volumeRatio,
          priceMove: row.priceMove,
          mentions: mentionCount,
          sessionDate: row.asOf,
        }
        return { row, heat }
      })
      const inScope = scored.filter((s) => !input.market || s.row.market === input.market)
      const hottest = [...inScope]
        .sort(
          (a, b) =>
            b.heat.heatScore - a.heat.heatScore || (b.row.marketCapUsd ?? 0) - (a.row.marketCapUsd ?? 0),
        )
        .slice(0, input.limit)
      const hot: HotStock[] = hottest.map(({ row, heat }, i) => {
        const stock = toStockSummary(row, locale)
        return { ...stock, rank: i + 1, heat, interpretation: interpretHotStock(stock, heat, locale) }
      })
      const marketHeat = markets
        .filter((market) => !input.market || market === input.market)
        .map((market) =>
          measureMarketHeat(
            market,
            scored.filter((s) => s.row.market === market).map((s) => ({ ...s.heat })),
            locale,
          ),
        )
      return {
        ...stamps.stampOf(inScope.map((s) => s.row)),
        market: input.market ?? null,
        markets: marketHeat,
        rows: hot,
      }
    })
  }

  function listExecutiveMoves(query: ExecutiveMovesQuery, locale: Locale): Promise<ExecutiveMovesAnswer> {
    const input = parseInput(ExecutiveMovesQuery, query)
    return cached(`moves:${JSON.stringify(input)}:${locale}`, async () => {
      let companyId: number | undefined
      if (input.code) {
        const match = await finder.findStock(input.code, input.market)
        if (!match) throw new AppError('not_found', StockErrorCode.notFound)
        companyId = (await finder.companyIdsOf([match]))[0]
      }
      const filter = { market: input.market, kind: input.kind, companyId }
      const [rows, total, stampRows] = await Promise.all([
        selectExecutiveMoves(db, filter, {
          limit: input.pageSize,
          offset: (input.page - 1) * input.pageSize,
        }),
        countExecutiveMoves(db, filter),
        selectStockRows(db, {
          market: input.market,
          companyIds: companyId !== undefined ? [companyId] : undefined,
          withSnapshot: true,
        }),
      ])
      return {
        ...stamps.stampOf(stampRows),
        market: input.market ?? null,
        rows: rows.map((row) => ({
          code: row.code,
          market: row.market,
          name: nameIn(locale, row),
          nameEn: row.nameEn,
          nameZh: row.nameZh,
          currency: row.currency,
          date: row.date,
          insiderName: row.insiderName,
          role: row.role,
          kind: row.kind,
          shares: row.shares,
          price: row.price,
          value: row.value,
          valueUsd: row.value * DEFAULT_ASSUMPTIONS.usdPerUnit[row.currency],
          isDemo: row.isDemo ?? false,
        })),
        total,
        page: input.page,
        pageSize: input.pageSize,
      }
    })
  }

  return { listValuation, listAiScores, listHotStocks, listExecutiveMoves }
}
