/**
 * The chat's tools: in-process reads of our own services that both assistants use. Each returns the data an answer
 * may cite (figures with their unit or currency, lists bounded to a few rows) and the sources to show under the
 * answer. The model calls them through the AI SDK (`createModelTools`); the offline assistant calls them directly.
 * Nothing here uses a reader's diagnosis attempts: the chat meters its own answers.
 */
import { z } from 'zod'
import type { ChatSource } from '#contracts/chat-rules.ts'
import { type Locale, Market, type Region } from '#contracts/regions.ts'
import type { Currency, Exchange, StockDiagnosis, StockSummary } from '#contracts/stocks.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { ArticlesService } from '#server/modules/articles/articles.service.ts'
import type { StocksService } from '#server/modules/stocks/stocks-service.types.ts'
import { dateOf, diagnosisHref, displayCode, marketLabels } from './tool-format.ts'

export interface ToolContext {
  stocks: StocksService
  articles: ArticlesService
  reader: Reader
  locale: Locale
  region: Region
}

export interface ToolResult<T> {
  data: T
  sources: ChatSource[]
}

export const listLimitMax = 10
export const articleLimitMax = 5
const checksPerScore = 4
const historyPointsMax = 12
const methodsMax = 12

// ——— inputs (zod: the AI SDK offers them to the model as JSON schema) ———

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
}
export type ToolName = keyof typeof toolInputs
export type ToolInput<N extends ToolName> = z.input<(typeof toolInputs)[N]>

/** Told to the model with every tool result: JSON numbers carry no units of their own. */
export const toolUnits =
  'Prices, fair values, levels and targets are per share in the row’s `currency`; downsideMargin (positive: margin of safety, negative: premium to fair value), upside, change, priceMove, estimatedReturn, actualReturn, averageReturn, winRate and level distance are fractions (0.1 = 10%); scores and heatScore are 0–100; peRatio and volumeRatio are multiples (times); dates are YYYY-MM-DD.'

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
    'This month’s stock picks the reader’s plan may see, how many are locked, and the track record of past months.',
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
  }
}

// ——— outputs ———

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

function factsOf(stock: StockSummary): StockFacts {
  return {
    code: stock.code,
    displayCode: displayCode(stock.code, stock.market, stock.exchange),
    market: stock.market,
    exchange: stock.exchange,
    currency: stock.currency,
    name: stock.name,
    sector: stock.sector,
    industry: stock.industry,
    price: stock.price ?? stock.latestPrice,
    priceDate: stock.priceDate ?? stock.latestPriceDate,
    score: stock.score,
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

function stockSource(
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

async function resolve(ctx: ToolContext, text: string, market?: Market): Promise<StockSummary> {
  const match = await ctx.stocks.findStock(text, market)
  const stock = match ? await ctx.stocks.getStock(match.market, match.code, ctx.locale) : null
  if (!stock) throw new ToolNotFound(text)
  return stock
}

// lookupCompany

export type LookupResult = { found: true; company: StockFacts } | { found: false; query: string }

export async function lookupCompany(
  ctx: ToolContext,
  input: ToolInput<'lookupCompany'>,
): Promise<ToolResult<LookupResult>> {
  const { query, market } = toolInputs.lookupCompany.parse(input)
  try {
    const company = factsOf(await resolve(ctx, query, market))
    return {
      data: { found: true, company },
      sources: [stockSource('company', company, company.priceDate, ctx.locale)],
    }
  } catch (error) {
    if (error instanceof ToolNotFound) return { data: { found: false, query }, sources: [] }
    throw error
  }
}

// getDiagnosis

export interface DiagnosisFacts {
  stock: StockFacts
  asOf: string | null
  isDemo: boolean
  /** AI total score, 0–100. */
  totalScore: number | null
  scores: Array<{
    key: string
    label: string
    /** 0–100; null when not available. */
    value: number | null
    checksPassed: number
    checksTotal: number
    checks: Array<{
      label: string
      status: 'pass' | 'fail' | 'not_available'
      value: number | null
      unit: string
    }>
  }>
  levels: {
    /** Prices in the stock's currency; distance is (level − close) ÷ close. */
    support: { price: number; distance: number; description: string } | null
    resistance: { price: number; distance: number; description: string } | null
  }
  fairValue: {
    method: string
    /** Per share, in the stock's currency. */
    value: number | null
    low: number | null
    base: number | null
    high: number | null
    downsideMargin: number | null
    /** (fair value − price) ÷ price. */
    upside: number | null
    confidence: 'normal' | 'low' | null
  }
  technicals: string | null
  capitalFlow: string | null
  summary: string
  /** The published methods the diagnosis cites. */
  methods: string[]
}

function diagnosisFacts(d: StockDiagnosis): DiagnosisFacts {
  const level = (l: StockDiagnosis['levels']['support']) =>
    l ? { price: l.price, distance: l.distance, description: l.description } : null
  return {
    stock: factsOf(d.stock),
    asOf: d.asOf,
    isDemo: d.isDemo,
    totalScore: d.scores.total,
    scores: d.scoreDetails.map((s) => ({
      key: s.key,
      label: s.label,
      value: s.value,
      checksPassed: s.checks.filter((c) => c.status === 'pass').length,
      checksTotal: s.checksTotal,
      checks: s.checks
        .slice(0, checksPerScore)
        .map((c) => ({ label: c.label, status: c.status, value: c.value, unit: c.unit })),
    })),
    levels: { support: level(d.levels.support), resistance: level(d.levels.resistance) },
    fairValue: {
      method: d.fairValue.methodLabel,
      value: d.fairValue.value,
      low: d.fairValue.sensitivity?.low.value ?? null,
      base: d.fairValue.sensitivity?.base.value ?? null,
      high: d.fairValue.sensitivity?.high.value ?? null,
      downsideMargin: d.fairValue.downsideMargin,
      upside: d.fairValue.upside,
      confidence: d.fairValue.marginConfidence,
    },
    technicals: d.technicals.labelText,
    capitalFlow: d.capitalFlow.labelText,
    summary: d.summary,
    methods: d.methods.slice(0, methodsMax).map((m) => m.title),
  }
}

async function readDiagnosis(ctx: ToolContext, text: string, market?: Market): Promise<StockDiagnosis> {
  const stock = await resolve(ctx, text, market)
  const diagnosis = await ctx.stocks.readDiagnosis(stock.market, stock.code, ctx.locale)
  if (!diagnosis) throw new ToolNotFound(text)
  return diagnosis
}

export async function getDiagnosis(
  ctx: ToolContext,
  input: ToolInput<'getDiagnosis'>,
): Promise<ToolResult<DiagnosisFacts>> {
  const { code, market } = toolInputs.getDiagnosis.parse(input)
  const facts = diagnosisFacts(await readDiagnosis(ctx, code, market))
  return {
    data: facts,
    sources: [stockSource('diagnosis', { ...facts.stock, isDemo: facts.isDemo }, facts.asOf, ctx.locale)],
  }
}

// getPriceReturn

export interface PriceReturn {
  stock: StockFacts
  period: Period
  currency: Currency
  startDate: string
  /** Closes in `currency`. */
  startClose: number
  endDate: string
  endClose: number
  /** endClose ÷ startClose − 1, a fraction. */
  change: number
  high: number
  low: number
  /** A few closes across the period, oldest first. */
  points: Array<{ date: string; close: number }>
  isDemo: boolean
}

/** The first day of the period that ends on `asOf` (YYYY-MM-DD). */
export function periodStart(asOf: string, period: Period): string {
  const date = new Date(`${asOf}T00:00:00Z`)
  if (period === 'ytd') return `${asOf.slice(0, 4)}-01-01`
  const months = { '1m': 1, '3m': 3, '6m': 6, '1y': 12 }[period]
  date.setUTCMonth(date.getUTCMonth() - months)
  return date.toISOString().slice(0, 10)
}

/** The return over a period from daily bars: from the last close on or before the period's start to the last close. */
export function returnOverPeriod(
  bars: ReadonlyArray<{ date: string; close: number }>,
  period: Period,
): Omit<PriceReturn, 'stock' | 'period' | 'currency' | 'isDemo'> | null {
  const last = bars.at(-1)
  if (!last) return null
  const start = periodStart(last.date, period)
  // YTD starts from the last close of the previous year; the others from the last close on or before the start.
  const before = bars.filter((b) => (period === 'ytd' ? b.date < start : b.date <= start))
  const first = before.at(-1) ?? bars[0]
  if (!first || first === last) return null
  const inPeriod = bars.filter((b) => b.date >= first.date)
  const closes = inPeriod.map((b) => b.close)
  const step = Math.max(1, Math.ceil(inPeriod.length / historyPointsMax))
  const points = inPeriod.filter((_, i) => i % step === 0 || i === inPeriod.length - 1)
  return {
    startDate: first.date,
    startClose: first.close,
    endDate: last.date,
    endClose: last.close,
    change: last.close / first.close - 1,
    high: Math.max(...closes),
    low: Math.min(...closes),
    points: points.map((b) => ({ date: b.date, close: b.close })),
  }
}

export async function getPriceReturn(
  ctx: ToolContext,
  input: ToolInput<'getPriceReturn'>,
): Promise<ToolResult<PriceReturn | { stock: StockFacts; period: Period; available: false }>> {
  const { code, market, period } = toolInputs.getPriceReturn.parse(input)
  const diagnosis = await readDiagnosis(ctx, code, market)
  const stock = factsOf(diagnosis.stock)
  const figures = returnOverPeriod(diagnosis.history, period)
  const source = stockSource('prices', { ...stock, isDemo: diagnosis.isDemo }, diagnosis.asOf, ctx.locale)
  if (!figures) return { data: { stock, period, available: false }, sources: [source] }
  return {
    data: { stock, period, currency: stock.currency, ...figures, isDemo: diagnosis.isDemo },
    sources: [{ ...source, asOf: figures.endDate }],
  }
}

// listValuation

export interface StockList {
  asOf: string | null
  isDemo: boolean
  market: Market | null
  /** Stocks that qualify in all (not only the rows shown). */
  total: number
  rows: StockFacts[]
}

const listTitles = {
  undervalued: { en: 'Most undervalued stocks', 'zh-Hant': '最被低估股票' },
  overvalued: { en: 'Most overvalued stocks', 'zh-Hant': '最被高估股票' },
  hot: { en: 'Hot stocks', 'zh-Hant': '熱門股票' },
  picks: { en: 'Monthly stock picks', 'zh-Hant': '每月精選股票' },
} as const

function listTitle(kind: keyof typeof listTitles, market: Market | undefined, locale: Locale): string {
  const base = listTitles[kind][locale]
  if (!market) return base
  return locale === 'zh-Hant'
    ? `${base}（${marketLabels[market][locale]}）`
    : `${base} — ${marketLabels[market][locale]}`
}

export async function listValuation(
  ctx: ToolContext,
  input: ToolInput<'listValuation'>,
): Promise<ToolResult<StockList & { kind: 'undervalued' | 'overvalued' }>> {
  const { kind, market, limit } = toolInputs.listValuation.parse(input)
  const answer = await ctx.stocks.listValuation({ kind, market, page: 1, pageSize: limit }, ctx.locale)
  const params = new URLSearchParams({ kind, ...(market ? { market } : {}) })
  return {
    data: {
      kind,
      asOf: answer.asOf,
      isDemo: answer.isDemo,
      market: answer.market,
      total: answer.total,
      rows: answer.rows.map(factsOf),
    },
    sources: [
      {
        kind: 'valuation',
        title: listTitle(kind, market, ctx.locale),
        href: `/stocks-valuation?${params.toString()}`,
        asOf: answer.asOf ?? '',
        isDemo: answer.isDemo,
      },
    ],
  }
}

// listHotStocks

export interface HotList {
  asOf: string | null
  isDemo: boolean
  market: Market | null
  rows: Array<
    StockFacts & {
      rank: number
      /** 0–100. */
      heatScore: number
      /** Close-to-close change of the session, a fraction. */
      priceMove: number | null
      /** Session volume ÷ 20-session average, times. */
      volumeRatio: number | null
      /** Articles naming the stock in the last 7 days. */
      mentions: number
      interpretation: string
    }
  >
}

export async function listHotStocks(
  ctx: ToolContext,
  input: ToolInput<'listHotStocks'>,
): Promise<ToolResult<HotList>> {
  const { market, limit } = toolInputs.listHotStocks.parse(input)
  const answer = await ctx.stocks.listHotStocks({ market, limit }, ctx.locale)
  return {
    data: {
      asOf: answer.asOf,
      isDemo: answer.isDemo,
      market: answer.market,
      rows: answer.rows.map((row) => ({
        ...factsOf(row),
        rank: row.rank,
        heatScore: row.heat.heatScore,
        priceMove: row.heat.priceMove,
        volumeRatio: row.heat.volumeRatio,
        mentions: row.heat.mentions,
        interpretation: row.interpretation,
      })),
    },
    sources: [
      {
        kind: 'hot',
        title: listTitle('hot', market, ctx.locale),
        href: market ? `/stocks-hot?market=${market}` : '/stocks-hot',
        asOf: answer.asOf ?? '',
        isDemo: answer.isDemo,
      },
    ],
  }
}

// searchArticles

export interface ArticleHits {
  query: string
  rows: Array<{ key: string; title: string; summary: string; publishedAt: string; href: string }>
}

export async function searchArticles(
  ctx: ToolContext,
  input: ToolInput<'searchArticles'>,
): Promise<ToolResult<ArticleHits>> {
  const { query, limit } = toolInputs.searchArticles.parse(input)
  const answer = await ctx.articles.findArticles({ keyword: query, page: 1, pageSize: limit }, ctx.locale)
  const rows = answer.rows.slice(0, limit).map((row) => ({
    key: row.key,
    title: row.title,
    summary: row.summary,
    publishedAt: dateOf(row.publishedAt),
    href: `/articles/${row.key}`,
  }))
  return {
    data: { query, rows },
    sources: rows.map((row) => ({
      kind: 'article',
      title: row.title,
      href: row.href,
      asOf: row.publishedAt,
      isDemo: false,
    })),
  }
}

// listMonthlyPicks

export interface PicksFacts {
  asOf: string | null
  isDemo: boolean
  month: string | null
  picks: Array<
    StockFacts & {
      rank: number
      suggestion: string
      /** In the stock's currency. */
      recommendedPrice: number
      /** Fraction. */
      estimatedReturn: number
      actualReturn: number | null
    }
  >
  /** Picks of the month the reader's plan does not show. */
  lockedCount: number
  trackRecord: { picks: number; averageReturn: number | null; winRate: number | null }
  rule: string
}

export async function listMonthlyPicks(
  ctx: ToolContext,
  input: ToolInput<'listMonthlyPicks'>,
): Promise<ToolResult<PicksFacts>> {
  const { market } = toolInputs.listMonthlyPicks.parse(input)
  const answer = await ctx.stocks.listMonthlyPicks({ market, months: 6 }, ctx.reader, ctx.locale)
  const current = answer.months[0]
  const picks = (current?.picks ?? []).slice(0, listLimitMax).map((p) => ({
    code: p.code,
    displayCode: displayCode(p.code, p.market),
    market: p.market,
    exchange: (p.market === 'us'
      ? 'NASDAQ'
      : p.market === 'hk'
        ? 'HKEX'
        : p.market === 'jp'
          ? 'TSE'
          : 'KRX') as Exchange,
    currency: p.currency,
    name: p.name,
    sector: '',
    industry: '',
    price: p.latestPrice,
    priceDate: p.latestPriceDate,
    score: p.score,
    fairValue: p.fairValue,
    downsideMargin: p.downsideMargin,
    peRatio: null,
    isDemo: p.isDemo,
    rank: p.rank,
    suggestion: p.suggestion,
    recommendedPrice: p.recommendedPrice,
    estimatedReturn: p.estimatedReturn,
    actualReturn: p.actualReturn,
  }))
  return {
    data: {
      asOf: answer.asOf,
      isDemo: answer.isDemo,
      month: current?.month ?? null,
      picks,
      lockedCount: (current?.lockedCount ?? 0) + Math.max(0, (current?.picks.length ?? 0) - picks.length),
      trackRecord: answer.trackRecord,
      rule: answer.rule,
    },
    sources: [
      {
        kind: 'picks',
        title: listTitle('picks', market, ctx.locale),
        href: '/',
        asOf: current?.picks[0]?.dataAsOf ?? answer.asOf ?? '',
        isDemo: answer.isDemo,
      },
    ],
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
} satisfies { [N in ToolName]: (ctx: ToolContext, input: ToolInput<N>) => Promise<ToolResult<unknown>> }
