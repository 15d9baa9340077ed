/**
 * A stock as every chat tool reports it (`StockFacts`: figures with their currency or unit), its sources under the
 * answer, and the company a tool's text names — or `ToolNotFound` when it names none we cover.
 */
import type { ChatSource } from '#contracts/chat-rules.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { Currency, Exchange, StockSummary } from '#contracts/stocks.ts'
import { diagnosisHref, displayCode } from './tool-format.ts'
import type { ToolContext } from './tool-inputs.ts'

export interface StockFacts {
  code: string
  /** AAPL, 0700.HK, 7203.T, 005930.KS */
  displayCode: string
  market: Market
  exchange: Exchange
  currency: Currency
  name: string
  sector: string
  industry: string
  /** Close of `priceDate`, in `currency`. */
  price: number | null
  priceDate: string | null
  /** AI total score, 0–100. */
  score: number | null
  /** Fair value per share in `currency`. */
  fairValue: number | null
  /** Margin of safety (positive: price below fair value) or minus the premium (negative), as a fraction. */
  downsideMargin: number | null
  /** Price ÷ diluted EPS, times. */
  peRatio: number | null
  isDemo: boolean
}

/**
 * The columns every stock row of a tool shares — a listed stock, a watchlist's stock, a holding: who it is (with the
 * code as the market writes it), its close and its AI score. One mapping, so the lists of the reader's own stocks
 * read like every other list the chat cites.
 */
export interface StockRow {
  code: string
  displayCode: string
  market: Market
  name: string
  /** Trading currency of `price`. */
  currency: string
  price: number | null
  priceDate: string | null
  score: number | null
}

export function stockRowOf<C extends string>(stock: {
  code: string
  market: Market
  exchange?: Exchange | undefined
  name: string
  currency: C
  price: number | null
  priceDate: string | null
  score: number | null
}): StockRow & { currency: C } {
  return {
    code: stock.code,
    displayCode: displayCode(stock.code, stock.market, stock.exchange),
    market: stock.market,
    name: stock.name,
    currency: stock.currency,
    price: stock.price,
    priceDate: stock.priceDate,
    score: stock.score,
  }
}

export function factsOf(stock: StockSummary): StockFacts {
  return {
    ...stockRowOf({
      ...stock,
      price: stock.price ?? stock.latestPrice,
      priceDate: stock.priceDate ?? stock.latestPriceDate,
    }),
    exchange: stock.exchange,
    sector: stock.sector,
    industry: stock.industry,
    fairValue: stock.fairValue,
    downsideMargin: stock.downsideMargin,
    peRatio: stock.peRatio,
    isDemo: stock.isDemo,
  }
}

const sourceTitles: Record<'company' | 'diagnosis' | 'prices', Record<Locale, string>> = {
  company: { en: 'company profile', 'zh-Hant': '公司資料' },
  diagnosis: { en: 'AI diagnosis', 'zh-Hant': 'AI 診斷' },
  prices: { en: 'price history', 'zh-Hant': '股價走勢' },
}

export function stockSource(
  kind: 'company' | 'diagnosis' | 'prices',
  stock: StockFacts,
  asOf: string | null,
  locale: Locale,
): ChatSource {
  return {
    kind,
    title: `${stock.name} (${stock.displayCode}) — ${sourceTitles[kind][locale]}`,
    href: diagnosisHref(stock.code, stock.market),
    asOf: asOf ?? stock.priceDate ?? '',
    code: stock.code,
    isDemo: stock.isDemo,
  }
}

/** The text names no company we cover: the assistant says so instead of failing. */
export class ToolNotFound extends Error {
  readonly query: string
  constructor(query: string) {
    super(`No company matches “${query}”`)
    this.query = query
  }
}

/** The company `text` names (in `market` when given) with its latest figures; `ToolNotFound` when none. */
export async function resolveStock(ctx: ToolContext, text: string, market?: Market): Promise<StockSummary> {
  const match = await ctx.stocks.findStock(text, market)
  const stock = match ? await ctx.stocks.getStock(match.market, match.code, ctx.locale) : null
  if (!stock) throw new ToolNotFound(text)
  return stock
}
