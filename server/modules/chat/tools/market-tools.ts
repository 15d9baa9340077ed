/**
 * The tool for how a market did (`getMarketOverview`): the market at a glance the product already computes
 * (stocks' `getMarketOverview`, the page /markets/<market>) — our own equal-weight index of the companies we cover
 * over a day, a week, a month and a year, named as ours with its method (the product licenses no exchange index, so
 * no answer may call it the Hang Seng or the S&P 500), the breadth of the latest session, its top movers and its
 * sectors, named from the site's one table of sector names (contracts/sector-names.ts). The source is the market's page, which shows the same figures with the method.
 */
import type { BenchmarkPeriod } from '#contracts/market-overview.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { ScreenSector } from '#contracts/screener-rules.ts'
import { sectorNames } from '#contracts/sector-names.ts'
import type { Currency } from '#contracts/stocks.ts'
import { diagnosisHref, displayCode, marketLabels } from './tool-format.ts'
import { type ToolContext, type ToolInput, type ToolResult, toolInputs } from './tool-inputs.ts'

export interface MarketMoverFacts {
  name: string
  code: string
  displayCode: string
  market: Market
  currency: Currency
  price: number | null
  /** The session's close-to-close change, a fraction. */
  change: number | null
  href: string
}

export interface MarketOverviewFacts {
  market: Market
  /** What the index is, in the reader's language: ours, equal-weighted, how many companies. */
  indexName: string
  /** How it is computed, in the reader's language. */
  indexMethod: string
  method: string
  constituents: number
  /** The index's last level's day. */
  asOf: string | null
  isDemo: boolean
  /** Change over each period, a fraction; null when the index does not reach that far back. */
  changes: Record<BenchmarkPeriod, number | null>
  breadth: {
    session: string | null
    advancing: number
    declining: number
    unchanged: number
    newHighs: number
    newLows: number
  }
  gainers: MarketMoverFacts[]
  losers: MarketMoverFacts[]
  /** The largest sectors by capitalisation, with their market-cap-weighted change of the session. */
  sectors: Array<{ sector: ScreenSector; name: string; change: number | null; capShare: number }>
  /** The market at a glance, where every figure is shown with its method. */
  href: string
}

const sectorsShown = 5

/** Our index's name: never an exchange's. */
const indexMarketNames: Record<Market, string> = { us: 'US', hk: 'Hong Kong', jp: 'Japan', kr: 'Korea' }

export function indexNameOf(market: Market, constituents: number, locale: Locale): string {
  return locale === 'zh-Hant'
    ? `本站${marketLabels[market][locale]}股票池指數（等權重，${constituents} 家公司，本站自行計算，並非交易所指數）`
    : `our ${indexMarketNames[market]} universe index (equal-weighted, ${constituents} companies; our own index, not an exchange’s)`
}

export const indexMethodText: Record<Locale, string> = {
  en: 'the average daily move of the companies we cover, each weighted equally',
  'zh-Hant': '本站覆蓋公司的每日平均漲跌，每家公司權重相同',
}

export const marketPageTitle: Record<Locale, (label: string) => string> = {
  en: (label) => `${label} at a glance`,
  'zh-Hant': (label) => `${label}概覽`,
}

export async function getMarketOverview(
  ctx: ToolContext,
  input: ToolInput<'getMarketOverview'>,
): Promise<ToolResult<MarketOverviewFacts>> {
  const { market } = toolInputs.getMarketOverview.parse(input)
  const answer = await ctx.stocks.getMarketOverview(market, ctx.locale)
  const mover = (m: (typeof answer.gainers)[number]): MarketMoverFacts => ({
    name: m.name,
    code: m.code,
    displayCode: displayCode(m.code, m.market),
    market: m.market,
    currency: m.currency,
    price: m.price,
    change: m.changePercent,
    href: diagnosisHref(m.code, m.market),
  })
  const { benchmark, breadth } = answer
  const asOf = benchmark.asOf ?? answer.asOf
  const isDemo = answer.isDemo || benchmark.isDemo
  const href = `/markets/${market}`
  return {
    data: {
      market,
      indexName: indexNameOf(market, benchmark.constituents, ctx.locale),
      indexMethod: indexMethodText[ctx.locale],
      method: benchmark.method,
      constituents: benchmark.constituents,
      asOf,
      isDemo,
      changes: benchmark.changes,
      breadth: {
        session: breadth.session,
        advancing: breadth.advancing,
        declining: breadth.declining,
        unchanged: breadth.unchanged,
        newHighs: breadth.newHighs,
        newLows: breadth.newLows,
      },
      gainers: answer.gainers.map(mover),
      losers: answer.losers.map(mover),
      sectors: answer.sectors.slice(0, sectorsShown).map((s) => ({
        sector: s.sector,
        name: sectorNames[s.sector][ctx.locale],
        change: s.changePercent,
        capShare: s.capShare,
      })),
      href,
    },
    sources: [
      {
        kind: 'market',
        title: marketPageTitle[ctx.locale](marketLabels[market][ctx.locale]),
        href,
        asOf: asOf ?? '',
        isDemo,
      },
    ],
  }
}
