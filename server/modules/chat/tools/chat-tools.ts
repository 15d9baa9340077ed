/**
 * The chat's tools: in-process reads of our own services that both assistants use. Each returns the data an answer
 * may cite (figures with their unit or currency, lists bounded to a few rows) and the sources to show under the
 * answer. This is the catalogue the assistants see — each tool's description for the model, the label the reader
 * sees while it runs, and its implementation (company-tools.ts, list-tools.ts, article-tools.ts; inputs in
 * tool-inputs.ts). The model calls them through the AI SDK (model-assistant.ts); the offline assistant calls them
 * directly. Nothing here uses a reader's diagnosis attempts: the chat meters its own answers.
 */
import type { Locale, Market } from '#contracts/regions.ts'
import { searchArticles } from './article-tools.ts'
import { getDiagnosis, getPriceReturn, lookupCompany } from './company-tools.ts'
import { getDividendHistory } from './dividend-tools.ts'
import { getStockFigures } from './figure-tools.ts'
import { defineTerm } from './glossary-tools.ts'
import { listInsiderMoves } from './insider-tools.ts'
import { listHotStocks, listMonthlyPicks, listValuation } from './list-tools.ts'
import { getMarketOverview } from './market-tools.ts'
import { getMyPortfolio, getMyWatchlist } from './my-stocks-tools.ts'
import { getStrategies } from './strategy-tools.ts'
import { marketLabels } from './tool-format.ts'
import type { ToolContext, ToolInput, ToolName, ToolResult } from './tool-inputs.ts'

/** Told to the model with every tool result: JSON numbers carry no units of their own. */
export const toolUnits =
  'Prices, fair values, levels and targets are per share in the row’s `currency` (a market cap is the whole company’s); downsideMargin (positive: margin of safety, negative: premium to fair value), upside, change, priceMove, estimatedReturn, actualReturn, averageReturn, winRate and level distance are fractions (0.1 = 10%); scores and heatScore are 0–100; peRatio and volumeRatio are multiples (times); dates are YYYY-MM-DD.'

/** What each tool does, for the model. */
export const toolDescriptions: Record<ToolName, string> = {
  lookupCompany:
    'Find a listed company by code or name (English or Chinese) and return its code, market, latest price and AI score.',
  getDiagnosis:
    'The AI stock diagnosis of one company: total and component scores (0–100) with their checks, support and resistance levels, fair value (low, base, high case), margin of safety or premium, and the methods used.',
  getPriceReturn:
    'Closing prices and the price return of one stock over a period (1m, 3m, 6m, 1y, ytd), with high and low.',
  listValuation:
    'The most undervalued or overvalued stocks by margin to fair value, optionally in one market.',
  listHotStocks:
    'The hottest stocks of the latest session by heat score (volume, price move, article mentions).',
  searchArticles: 'Search our articles (news and analysis) in the reader’s language.',
  listMonthlyPicks:
    'This month’s stock picks the reader’s plan may see (the first 10 listed; shownCount in all, every one on href), how many a higher plan would show (lockedCount), and the track record of past months.',
  getStockFigures:
    'Single figures of one company, each with its unit, as-of date (session or fiscal year), a one-line meaning and text as written: close, 52-week high and low, RSI, MACD histogram, moving averages, ADX, volume against average, support, resistance, gross/operating/net margin, ROE, ROA, P/E, P/B, PEG, dividend yield, free cash flow yield, market cap, fair value with its range, debt to equity, current ratio, interest coverage, revenue and EPS growth, Altman Z, Piotroski F-score, analysts’ target. Use it when the reader asks for one or a few figures; answer those first, then link to href for the full diagnosis. value null means we do not hold that figure for this company: say so.',
  getDividendHistory:
    'A company’s dividends over the years (method fiscal-year-cash-dividends-v1): up to five fiscal years of cash dividends paid, oldest first, each per share (basis per_share; the total paid when share counts are missing, basis total) in the reporting currency with its change on the year before and its payout ratio (dividends ÷ net income; null in a loss year), the compound annual growth (cagr, from and to fiscal years), the latest payout ratio and the trailing dividend yield, each also as text to quote. Use it for dividend history, dividend growth, payout ratio or “what has it paid”; give the figure asked first, then the years as a table, the fiscal year and as-of date, and link href. status non_payer: it paid no dividend in fiscalYear; not_reported: the statements we hold show no payment in fiscalYear (not that none was declared); say so in one sentence, without figures.',
  listInsiderMoves:
    'Executives’ moves: insider buys and sells as filed (who, role, date, shares, price, value in currency), newest first, for one company or a market.',
  defineTerm:
    'The meaning of an investing term (P/E, dividend yield, RSI, DCF, Piotroski F-score, Altman Z, moat, drawdown…) from our reviewed glossary, and the page of our site that shows it (shownAt). found false: the glossary does not have it.',
  getMarketOverview:
    'How one market did (us, hk, jp or kr): our own equal-weight index of the companies we cover (indexName, method, constituents — never call it an exchange index such as the Hang Seng, S&P 500, Nikkei or KOSPI, which we do not carry) with its change over a day, week, month and year (null: the index does not reach that far back), the latest session’s breadth (advancing, declining, unchanged, new 52-week highs and lows), its top gainers and losers, and its largest sectors. Use it for “how did the Hong Kong market do this week”, today’s movers, breadth, or a question about an index; name the index as indexName says and link href.',
  getMyWatchlist:
    'The asking reader’s own watchlist (their first list): each stock with its price, day change, AI score and margin to fair value. status visitor: not logged in — say so and link href (log in to keep a watchlist); status empty: no stock followed yet — say so and link href. Never guess what a reader follows.',
  getMyPortfolio:
    'The asking reader’s own portfolio: market value, cost, unrealised and realised gain and dividends in baseCurrency, the value-weighted AI score, and each holding (quantity, average cost and price in its currency, market value in baseCurrency, weight, return, score). status visitor or empty: say the reader has no portfolio and link href where they create one. Never guess holdings.',
  getStrategies:
    'The firm’s investment strategies (portfolios our analysts run) as the asking reader’s plan shows them. open: the strategies the plan includes, each with its summary, market, inception, total return since inception against its market’s equal-weight benchmark (fractions, also as text), the date its prices reach (asOf) and its holdings (stock and target weight, largest first); link href. locked: the strategies the plan does not include, only by name, market and the plan that includes them (planName) with the reader’s step (logIn, subscribe or upgrade) — never describe their contents or holdings, you do not have them; link href (/subscribe). Use it for “what strategies do you have”, “show me the dividend strategy”, “which stocks does a strategy hold”.',
}

/** "Reading Tencent's diagnosis…": what the reader sees while a tool runs. */
export function toolLabel(name: ToolName, input: Record<string, unknown>, locale: Locale): string {
  const subject = String(input.code ?? input.query ?? '')
  const market = typeof input.market === 'string' ? marketLabels[input.market as Market]?.[locale] : undefined
  const zh = locale === 'zh-Hant'
  switch (name) {
    case 'lookupCompany':
      return zh ? `查找公司「${subject}」…` : `Looking up “${subject}”…`
    case 'getDiagnosis':
      return zh ? `讀取「${subject}」的 AI 診斷…` : `Reading the AI diagnosis of “${subject}”…`
    case 'getPriceReturn':
      return zh ? `讀取「${subject}」的股價走勢…` : `Reading the price history of “${subject}”…`
    case 'listValuation': {
      const over = input.kind === 'overvalued'
      if (zh) return `讀取${market ?? ''}${over ? '最高估' : '最低估'}股票…`
      return `Reading the most ${over ? 'overvalued' : 'undervalued'} ${market ?? 'stocks'}…`
    }
    case 'listHotStocks':
      return zh ? `讀取${market ?? ''}熱門股票…` : `Reading the hot ${market ?? 'stocks'}…`
    case 'searchArticles':
      return zh ? `搜尋文章「${subject}」…` : `Searching articles for “${subject}”…`
    case 'listMonthlyPicks':
      return zh ? '讀取本月精選股票…' : 'Reading this month’s stock picks…'
    case 'getStockFigures':
      return zh ? `讀取「${subject}」的數據…` : `Reading the figures of “${subject}”…`
    case 'getDividendHistory':
      return zh ? `讀取「${subject}」的派息紀錄…` : `Reading the dividend history of “${subject}”…`
    case 'listInsiderMoves':
      return zh
        ? `讀取${subject ? `「${subject}」的` : (market ?? '')}高管動向…`
        : `Reading executives’ moves${subject ? ` at “${subject}”` : ''}…`
    case 'getMarketOverview':
      return zh ? `讀取${market ?? ''}概覽…` : `Reading how ${market ?? 'the market'} did…`
    case 'getMyWatchlist':
      return zh ? '讀取您的自選清單…' : 'Reading your watchlist…'
    case 'getMyPortfolio':
      return zh ? '讀取您的投資組合…' : 'Reading your portfolio…'
    case 'getStrategies':
      return zh ? '讀取投資策略…' : 'Reading our investment strategies…'
    case 'defineTerm':
      return zh
        ? `查閱詞彙「${String(input.term ?? '')}」…`
        : `Looking up “${String(input.term ?? '')}” in the glossary…`
  }
}

export const toolImplementations = {
  lookupCompany,
  getDiagnosis,
  getPriceReturn,
  listValuation,
  listHotStocks,
  searchArticles,
  listMonthlyPicks,
  getStockFigures,
  getDividendHistory,
  listInsiderMoves,
  defineTerm,
  getMarketOverview,
  getMyWatchlist,
  getMyPortfolio,
  getStrategies,
} satisfies { [N in ToolName]: (ctx: ToolContext, input: ToolInput<N>) => Promise<ToolResult<unknown>> }
