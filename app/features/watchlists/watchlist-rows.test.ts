import { describe, expect, it } from 'vitest'
import type { WatchlistArticle, WatchlistFigures, WatchlistRow } from '#contracts/watchlist-rules.ts'
import { firstRowsOf, groupByMarket, movedWithinMarket, sortRows } from './watchlist-rows.ts'

function row(
  market: 'us' | 'hk',
  code: string,
  figures: Partial<WatchlistFigures> | null,
  article: WatchlistArticle | null = null,
): WatchlistRow {
  const stock = figures
    ? ({ name: code, currency: market === 'us' ? 'USD' : 'HKD', ...figures } as WatchlistFigures)
    : null
  return { market, code, addedAt: '2026-11-01T00:00:00.000Z', stock, article }
}

const news = (day: string): WatchlistArticle => ({
  key: `news-${day}`,
  title: day,
  publishedAt: `${day}T08:00:00.000Z`,
})

const rows = [
  row(
    'us',
    'AAPL',
    {
      score: 60,
      changeRate: -0.01,
      downsideMargin: 0.1,
      supportDistance: -0.02,
      resistanceDistance: 0.08,
      technicals: 'sell',
      capitalFlow: 'inflow',
    },
    news('2026-11-20'),
  ),
  row('hk', '0700', { score: 80, changeRate: 0.02, downsideMargin: null }),
  row('us', 'GONE', null, news('2026-11-25')),
  row(
    'us',
    'MSFT',
    {
      score: 75,
      changeRate: 0.005,
      downsideMargin: -0.2,
      supportDistance: -0.06,
      resistanceDistance: 0.03,
      technicals: 'buy',
      capitalFlow: 'outflow',
    },
    news('2026-11-24'),
  ),
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

  it('sorts by the nearest support and resistance, technicals and capital flow, and the newest article', () => {
    const us = rows.filter((r) => r.market === 'us')
    expect(sortRows(us, 'support', 'en').map((r) => r.code)).toEqual(['AAPL', 'MSFT', 'GONE'])
    expect(sortRows(us, 'resistance', 'en').map((r) => r.code)).toEqual(['MSFT', 'AAPL', 'GONE'])
    expect(sortRows(us, 'technicals', 'en').map((r) => r.code)).toEqual(['MSFT', 'AAPL', 'GONE'])
    expect(sortRows(us, 'flow', 'en').map((r) => r.code)).toEqual(['AAPL', 'MSFT', 'GONE'])
    // A stock no longer covered stays last, even with the newest article.
    expect(sortRows(us, 'article', 'en').map((r) => r.code)).toEqual(['MSFT', 'AAPL', 'GONE'])
  })

  it('moves a stock past the other markets’ stocks to its market’s neighbour, and not beyond the ends', () => {
    expect(movedWithinMarket(rows, 3, -1).map((r) => r.code)).toEqual(['AAPL', '0700', 'MSFT', 'GONE'])
    expect(movedWithinMarket(rows, 0, -1).map((r) => r.code)).toEqual(['AAPL', '0700', 'GONE', 'MSFT'])
    expect(movedWithinMarket(rows, 1, 1).map((r) => r.code)).toEqual(['AAPL', '0700', 'GONE', 'MSFT'])
  })
})

describe('firstRowsOf', () => {
  const many = Array.from({ length: 30 }, (_, i) => row(i % 3 === 0 ? 'hk' : 'us', `S${i}`, { score: i }))

  it('takes the first rows in the groups’ order, and none from the groups after them', () => {
    const groups = groupByMarket(many, 'order', 'en-US')
    expect(groups.map((g) => g.rows.length)).toEqual([20, 10])
    expect(firstRowsOf(groups, 24)).toEqual([20, 4])
    expect(firstRowsOf(groups, 12)).toEqual([12, 0])
  })

  it('takes every row of a short list', () => {
    const groups = groupByMarket(rows, 'order', 'en-US')
    expect(firstRowsOf(groups, 24)).toEqual(groups.map((g) => g.rows.length))
  })
})
