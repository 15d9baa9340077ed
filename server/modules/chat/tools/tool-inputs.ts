/**
 * What every chat tool is given (the reader's context and our services) and gives back (data and sources), and the
 * input each tool takes: zod schemas, which the AI SDK offers the model as JSON schema and each tool parses again.
 */
import { z } from 'zod'
import type { ChatSource } from '#contracts/chat-rules.ts'
import { type Locale, Market, type Region } from '#contracts/regions.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { ArticlesService } from '#server/modules/articles/articles.service.ts'
import type { StocksService } from '#server/modules/stocks/stocks-service.types.ts'
import type { MyStocks } from './my-stocks-tools.ts'
import { figureKeys } from './stock-figures.ts'
import type { StrategiesReading } from './strategy-tools.ts'

export interface ToolContext {
  stocks: StocksService
  articles: ArticlesService
  reader: Reader
  locale: Locale
  region: Region
  /** The asking reader's own watchlist and portfolio (absent where the chat is built without them). */
  mine?: MyStocks | undefined
  /** The strategies service's readers' side (absent where the chat is built without it). */
  strategies?: StrategiesReading | undefined
}

export interface ToolResult<T> {
  data: T
  sources: ChatSource[]
}

export const listLimitMax = 10
export const articleLimitMax = 5

const stockText = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .describe('A stock code (AAPL, 0700, 700.HK, 7203, 005930) or a company name in English or Chinese')
const marketInput = Market.optional().describe('Market: us, hk, jp or kr; omit for every market')

export const periods = ['1m', '3m', '6m', '1y', 'ytd'] as const
export type Period = (typeof periods)[number]

export const toolInputs = {
  lookupCompany: z.object({ query: stockText, market: marketInput }),
  getDiagnosis: z.object({ code: stockText, market: marketInput }),
  getPriceReturn: z.object({
    code: stockText,
    market: marketInput,
    period: z.enum(periods).default('3m').describe('1m, 3m, 6m, 1y or ytd (year to date)'),
  }),
  listValuation: z.object({
    kind: z.enum(['undervalued', 'overvalued']),
    market: marketInput,
    limit: z.number().int().min(1).max(listLimitMax).default(5),
  }),
  listHotStocks: z.object({
    market: marketInput,
    limit: z.number().int().min(1).max(listLimitMax).default(5),
  }),
  searchArticles: z.object({
    query: z.string().trim().min(1).max(80).describe('Keywords or a company name, in the reader’s language'),
    limit: z.number().int().min(1).max(articleLimitMax).default(3),
  }),
  listMonthlyPicks: z.object({ market: marketInput }),
  getStockFigures: z.object({
    code: stockText,
    market: marketInput,
    figures: z
      .array(z.enum(figureKeys))
      .max(figureKeys.length)
      .optional()
      .describe('The figures asked for; omit for every figure held'),
  }),
  getDividendHistory: z.object({ code: stockText, market: marketInput }),
  listInsiderMoves: z.object({
    code: stockText.optional().describe('One company (code or name); omit for a whole market'),
    market: marketInput,
    kind: z.enum(['buy', 'sell']).optional().describe('Only buys or only sells'),
    limit: z.number().int().min(1).max(listLimitMax).default(5),
  }),
  defineTerm: z.object({
    term: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .describe('An investing term as the reader wrote it, in English or Chinese (P/E, 股息率, Altman Z)'),
  }),
  getMarketOverview: z.object({
    market: Market.describe('Market: us, hk, jp or kr'),
  }),
  /** The asking reader's own lists: no input, so no other reader's can be named. */
  getMyWatchlist: z.object({}),
  getMyPortfolio: z.object({}),
  /** The strategies the asking reader's plan shows (and the names of the others): the reader is never an input. */
  getStrategies: z.object({}),
}
export type ToolName = keyof typeof toolInputs
export type ToolInput<N extends ToolName> = z.input<(typeof toolInputs)[N]>
