import { describe, expect, it } from 'vitest'
import type { StockSummary } from '#contracts/stocks.ts'
import type { WatchlistRow } from '#contracts/watchlist-rules.ts'
import { groupByMarket, movedWithinMarket, sortRows } from './watchlist-rows.ts'

function row(market: 'us' | 'hk', code: string, figures: Partial<StockSummary> | null): WatchlistRow {
  const stock = figures
    ? ({ market, code, name: code, currency: market === 'us' ? 'USD' : 'HKD', ...figures } as StockSummary)
    : null
  return { market, code, addedAt: '2026-11-01T00:00:00.000Z', stock }
}

const rows = [
  row('us', 'AAPL', { score: 60, latestChangeRate: -0.01, downsideMargin: 0.1 }),
  row('hk', '0700', { score: 80, latestChangeRate: 0.02, downsideMargin: null }),
  row('us', 'GONE', null),
  row('us', 'MSFT', { score: 75, latestChangeRate: 0.005, downsideMargin: -0.2 }),
]

describe('the watchlist’s rows', () => {
  it('groups by market in the site’s order, each with its currencies, stocks no longer covered last', () => {
    const groups = groupByMarket(rows, 'order', 'en')
    expect(groups.map((g) => [g.market, g.currencies, g.rows.map((r) => r.code)])).toEqual([
      ['us', ['USD'], ['AAPL', 'MSFT', 'GONE']],
      ['hk', ['HKD'], ['0700']],
    ])
  })

  it('sorts by score, day change and fair-value gap, highest first, a missing figure last', () => {
    const us = rows.filter((r) => r.market === 'us')
    expect(sortRows(us, 'score', 'en').map((r) => r.code)).toEqual(['MSFT', 'AAPL', 'GONE'])
    expect(sortRows(us, 'change', 'en').map((r) => r.code)).toEqual(['MSFT', 'AAPL', 'GONE'])
    expect(sortRows(us, 'gap', 'en').map((r) => r.code)).toEqual(['AAPL', 'MSFT', 'GONE'])
    expect(sortRows(rows, 'gap', 'en').map((r) => r.code)).toEqual(['AAPL', 'MSFT', '0700', 'GONE'])
  })

  it('moves a stock past the other markets’ stocks to its market’s neighbour, and not beyond the ends', () => {
    expect(movedWithinMarket(rows, 3, -1).map((r) => r.code)).toEqual(['AAPL', '0700', 'MSFT', 'GONE'])
    expect(movedWithinMarket(rows, 0, -1).map((r) => r.code)).toEqual(['AAPL', '0700', 'GONE', 'MSFT'])
    expect(movedWithinMarket(rows, 1, 1).map((r) => r.code)).toEqual(['AAPL', '0700', 'GONE', 'MSFT'])
  })
})
