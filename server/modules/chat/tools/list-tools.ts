/**
 * The tools that list stocks: the most undervalued or overvalued (`listValuation`), the hottest of the latest
 * session (`listHotStocks`), and this month's picks the reader's plan may see (`listMonthlyPicks`). Lists are
 * capped at `listLimitMax` rows; each has one source, the page that shows the whole list.
 */
import type { Locale, Market } from '#contracts/regions.ts'
import type { Exchange } from '#contracts/stocks.ts'
import { factsOf, type StockFacts } from './stock-facts.ts'
import { displayCode, marketLabels } from './tool-format.ts'
import { listLimitMax, type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

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
  /** The first day of the month the picks were recommended on (YYYY-MM-DD). */
  recommendedAt: string | null
  /** The session the returns so far are counted to: the latest close of the picks listed. */
  pricesAsOf: string | null
  /** Picks of the month the reader's plan shows: all of them are on `href`, the first `picks.length` are listed. */
  shownCount: number
  /** Picks of the month the reader's plan does not show. */
  lockedCount: number
  /** The page with every pick the reader's plan shows. */
  href: string
  trackRecord: { picks: number; averageReturn: number | null; winRate: number | null }
  rule: string
}

/** Every pick of the month the reader's plan shows, with the step that shows the rest (app/routes/member-picks.tsx). */
const picksPageHref = '/member/picks'

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
  // The table's figures are as of the latest close of the picks it lists, not the data the picks were chosen on.
  const pricesAsOf =
    picks
      .map((p) => p.priceDate)
      .filter((date): date is string => date !== null)
      .sort()
      .at(-1) ?? answer.asOf
  return {
    data: {
      asOf: answer.asOf,
      isDemo: answer.isDemo,
      month: current?.month ?? null,
      recommendedAt: current?.recommendedAt ?? null,
      pricesAsOf,
      picks,
      shownCount: current?.picks.length ?? 0,
      // Only what the plan hides: a Premium reader's picks beyond the first ten are theirs, on the page.
      lockedCount: current?.lockedCount ?? 0,
      trackRecord: answer.trackRecord,
      rule: answer.rule,
      href: picksPageHref,
    },
    sources: [
      {
        kind: 'picks',
        title: listTitle('picks', market, ctx.locale),
        href: picksPageHref,
        asOf: pricesAsOf ?? '',
        isDemo: answer.isDemo,
      },
    ],
  }
}
