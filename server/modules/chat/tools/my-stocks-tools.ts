/**
 * The reader's own stocks as chat tools (issue 25): `getMyWatchlist` (the first watchlist, each stock's price, day
 * change, score and fair-value margin) and `getMyPortfolio` (the portfolio's value in its base currency, gains, score
 * and each holding). They read the asking reader's lists only, through the watchlists and portfolios services
 * (received as functions: `MyStocks`, server/services.ts), never their tables; no input names a reader, so neither
 * assistant can ask for someone else's. A visitor, or a reader with no list, gets `status` saying so and the page
 * where one is made, so the answer is honest rather than empty.
 */
import type { ImportPreview, PortfolioAnswer } from '#contracts/portfolio-rules.ts'
import type { Locale } from '#contracts/regions.ts'
import type { WatchlistView } from '#contracts/watchlist-rules.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { type StockFacts, type StockRow, stockRowOf } from './stock-facts.ts'
import { displayCode } from './tool-format.ts'
import type { ToolContext, ToolInput, ToolResult } from './tool-inputs.ts'

/** What the chat may read of the reader's own stocks: the two services' reading functions, nothing else. */
export interface MyStocks {
  getWatchlistView(reader: Reader, locale: Locale): Promise<WatchlistView>
  getPortfolio(reader: Reader, locale: Locale): Promise<PortfolioAnswer>
  /** The portfolio import's preview of a holdings file's CSV text (nothing saved). */
  previewImport(reader: Reader, text: string, locale: Locale): Promise<ImportPreview>
}

export const watchlistPath = '/member/watchlist'
export const portfolioPath = '/member/portfolio'

/** `visitor`: not logged in; `empty`: logged in, nothing listed yet; `ok`: the rows below. */
export type MyListStatus = 'visitor' | 'empty' | 'ok'

export interface MyWatchlistRow
  extends Omit<StockRow, 'currency'>,
    Pick<StockFacts, 'currency' | 'fairValue' | 'downsideMargin'> {
  isDemo: boolean
  /** Change of the latest session, a fraction. */
  dayChange: number | null
}

export interface MyWatchlist {
  status: MyListStatus
  /** Where the reader sees, or creates, their watchlist. */
  href: string
  listName: string | null
  asOf: string | null
  isDemo: boolean
  rows: MyWatchlistRow[]
  /** Stocks on the list that left our coverage, by display code. */
  noLongerCovered: string[]
}

/** `currency` is the trading currency of price and average cost. */
export interface MyHolding extends StockRow {
  quantity: number
  averageCost: number
  /** In the portfolio's base currency. */
  marketValue: number | null
  unrealisedReturn: number | null
  /** Share of the portfolio's value, a fraction. */
  weight: number | null
}

export interface MyPortfolio {
  status: MyListStatus
  href: string
  baseCurrency: string
  asOf: string | null
  isDemo: boolean
  totals: PortfolioAnswer['totals'] | null
  /** Value-weighted total score (0–100) and the share of the value it covers. */
  score: { total: number | null; coverage: number; method: string } | null
  holdings: MyHolding[]
  /** Currencies without a rate to the base currency: their holdings are left out of the totals. */
  missingRates: string[]
}

const titles = {
  watchlist: { en: 'Your watchlist', 'zh-Hant': '您的自選清單' },
  portfolio: { en: 'Your portfolio', 'zh-Hant': '您的投資組合' },
} as const

function noMyStocks(): never {
  throw new Error('the chat was built without the reader’s lists (MyStocks)')
}

export async function getMyWatchlist(
  ctx: ToolContext,
  _input: ToolInput<'getMyWatchlist'>,
): Promise<ToolResult<MyWatchlist>> {
  const empty: MyWatchlist = {
    status: 'visitor',
    href: watchlistPath,
    listName: null,
    asOf: null,
    isDemo: false,
    rows: [],
    noLongerCovered: [],
  }
  if (ctx.reader.memberId === null) return { data: empty, sources: [] }
  const view = await (ctx.mine ?? noMyStocks()).getWatchlistView(ctx.reader, ctx.locale)
  const rows = view.current?.rows ?? []
  if (!view.current || rows.length === 0)
    return { data: { ...empty, status: 'empty', listName: view.current?.name ?? null }, sources: [] }
  const data: MyWatchlist = {
    status: 'ok',
    href: watchlistPath,
    listName: view.current.name,
    asOf: view.asOf,
    isDemo: view.isDemo,
    rows: rows.flatMap(({ code, market, stock }) =>
      stock
        ? [
            {
              ...stockRowOf({ ...stock, code, market }),
              fairValue: stock.fairValue,
              downsideMargin: stock.downsideMargin,
              isDemo: stock.isDemo,
              dayChange: stock.changeRate,
            },
          ]
        : [],
    ),
    noLongerCovered: rows.filter((row) => !row.stock).map((row) => displayCode(row.code, row.market)),
  }
  return {
    data,
    sources: [
      {
        kind: 'watchlist',
        title: `${titles.watchlist[ctx.locale]} — ${view.current.name}`,
        href: watchlistPath,
        asOf: view.asOf ?? '',
        isDemo: view.isDemo,
      },
    ],
  }
}

export async function getMyPortfolio(
  ctx: ToolContext,
  _input: ToolInput<'getMyPortfolio'>,
): Promise<ToolResult<MyPortfolio>> {
  const empty: MyPortfolio = {
    status: 'visitor',
    href: portfolioPath,
    baseCurrency: 'USD',
    asOf: null,
    isDemo: false,
    totals: null,
    score: null,
    holdings: [],
    missingRates: [],
  }
  if (ctx.reader.memberId === null) return { data: empty, sources: [] }
  const answer = await (ctx.mine ?? noMyStocks()).getPortfolio(ctx.reader, ctx.locale)
  if (answer.holdings.length === 0)
    return { data: { ...empty, status: 'empty', baseCurrency: answer.baseCurrency }, sources: [] }
  const data: MyPortfolio = {
    status: 'ok',
    href: portfolioPath,
    baseCurrency: answer.baseCurrency,
    asOf: answer.asOf,
    isDemo: answer.isDemo,
    totals: answer.totals,
    score: { total: answer.score.total, coverage: answer.score.coverage, method: answer.score.method },
    holdings: answer.holdings.map((h) => ({
      ...stockRowOf({ ...h, score: h.totalScore }),
      quantity: h.quantity,
      averageCost: h.averageCost,
      marketValue: h.marketValue,
      unrealisedReturn: h.unrealisedReturn,
      weight: h.weight,
    })),
    missingRates: answer.missingRates,
  }
  return {
    data,
    sources: [
      {
        kind: 'portfolio',
        title: titles.portfolio[ctx.locale],
        href: portfolioPath,
        asOf: answer.asOf ?? '',
        isDemo: answer.isDemo,
      },
    ],
  }
}
