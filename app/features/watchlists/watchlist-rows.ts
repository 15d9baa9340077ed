/**
 * How the watchlist page arranges a list's rows: grouped by market (in the site's market order, each with the
 * currencies its prices are in), and sorted within each group by the reader's choice. Stocks no longer covered
 * keep their market and sort last, whatever the order. Pure, so the page and its tests agree.
 */

import type { Market } from '#contracts/regions.ts'
import { markets } from '#contracts/regions.ts'
import type { WatchlistFigures, WatchlistRow, WatchlistView } from '#contracts/watchlist-rules.ts'

export const watchlistSorts = [
  'order',
  'name',
  'change',
  'score',
  'gap',
  'support',
  'resistance',
  'technicals',
  'flow',
  'article',
] as const
export type WatchlistSort = (typeof watchlistSorts)[number]

/**
 * A stock's figures as the page has them: the service's, without those the page draws nowhere (the loader sends
 * every row's data with the page, ADR 0046, so what no row draws is not sent).
 */
export type PageFigures = Omit<WatchlistFigures, 'exchange' | 'fairValue' | 'isDemo'>
export type PageRow = Omit<WatchlistRow, 'addedAt' | 'stock'> & { stock: PageFigures | null }
export type PageView = Omit<WatchlistView, 'current'> & {
  current: { id: string; name: string; rows: PageRow[] } | null
  /**
   * The names of the analysts' view, technicals and capital flow keys the rows hold (`analyst.buy`, `signal.sell`,
   * `flow.inflow`), in the reader's language: the engine's label table of every key in both languages is too heavy
   * for the page's first paint for eleven words.
   */
  keyLabels: Record<string, string>
}

export interface MarketGroup {
  market: Market
  currencies: string[]
  rows: PageRow[]
}

const signalRank = { buy: 1, neutral: 0, sell: -1, inflow: 1, outflow: -1 } as const

/**
 * The figure a sort reads; null sorts last. Higher first for figures, A→Z for names: the nearest support first (its
 * distance is below zero), the nearest resistance first, buy and inflow before neutral before sell and outflow, the
 * newest article first.
 */
function figureOf(row: PageRow, sort: WatchlistSort): number | string | null {
  const stock = row.stock
  if (sort === 'article') return row.article ? Date.parse(row.article.publishedAt) : null
  if (!stock) return null
  if (sort === 'name') return stock.name
  if (sort === 'change') return stock.changeRate
  if (sort === 'score') return stock.score
  if (sort === 'gap') return stock.downsideMargin
  if (sort === 'support') return stock.supportDistance
  if (sort === 'resistance') return stock.resistanceDistance === null ? null : -stock.resistanceDistance
  if (sort === 'technicals') return stock.technicals === null ? null : signalRank[stock.technicals]
  if (sort === 'flow') return stock.capitalFlow === null ? null : signalRank[stock.capitalFlow]
  return null
}

export function sortRows<Row extends PageRow>(
  rows: readonly Row[],
  sort: WatchlistSort,
  locale: string,
): Row[] {
  const indexed = rows.map((row, index) => ({ row, index }))
  indexed.sort((a, b) => {
    const covered = Number(b.row.stock !== null) - Number(a.row.stock !== null)
    if (covered !== 0) return covered
    if (sort === 'order') return a.index - b.index
    const x = figureOf(a.row, sort)
    const y = figureOf(b.row, sort)
    if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1
    if (typeof x === 'string' && typeof y === 'string') return x.localeCompare(y, locale) || a.index - b.index
    return (y as number) - (x as number) || a.index - b.index
  })
  return indexed.map((entry) => entry.row)
}

export function groupByMarket(rows: readonly PageRow[], sort: WatchlistSort, locale: string): MarketGroup[] {
  return markets
    .map((market) => {
      const inMarket = rows.filter((row) => row.market === market)
      const currencies = [...new Set(inMarket.flatMap((row) => (row.stock ? [row.stock.currency] : [])))]
      return { market, currencies, rows: sortRows(inMarket, sort, locale) }
    })
    .filter((group) => group.rows.length > 0)
}

/**
 * How many of each group's rows are among the first `count` rows of the page, in the groups' order: the groups
 * that follow a full first screen draw none.
 */
export function firstRowsOf(groups: readonly MarketGroup[], count: number): number[] {
  let left = count
  return groups.map((group) => {
    const shown = Math.min(group.rows.length, left)
    left -= shown
    return shown
  })
}

/**
 * The list's order after a stock moves a step within its market's group (-1 up, +1 down): it swaps places with its
 * neighbour in that group, wherever the other markets' stocks sit in between. Unchanged at either end.
 */
export function movedWithinMarket<Row extends PageRow>(
  rows: readonly Row[],
  index: number,
  step: -1 | 1,
): Row[] {
  const moving = rows[index]
  if (!moving) return [...rows]
  let neighbour = index + step
  while (neighbour >= 0 && neighbour < rows.length && rows[neighbour]?.market !== moving.market)
    neighbour += step
  if (neighbour < 0 || neighbour >= rows.length) return [...rows]
  const next = [...rows]
  next[index] = rows[neighbour] as Row
  next[neighbour] = moving
  return next
}
