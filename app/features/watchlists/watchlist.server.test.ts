import { describe, expect, it } from 'vitest'
import type { WatchlistFigures, WatchlistView } from '#contracts/watchlist-rules.ts'
import { pageViewOf } from './watchlist.server.ts'

const figures: WatchlistFigures = {
  name: 'Apple',
  exchange: 'NASDAQ',
  currency: 'USD',
  price: 189.25,
  priceDate: '2026-11-27',
  change: 1.5,
  changeRate: 0.008,
  score: 72,
  analystRating: 'buy',
  fairValue: 210,
  downsideMargin: 0.1,
  diagnosisAsOf: '2026-11-26',
  support: 180,
  resistance: 195,
  supportDistance: -0.04,
  resistanceDistance: 0.03,
  technicals: 'buy',
  capitalFlow: 'inflow',
  isDemo: true,
}

const view: WatchlistView = {
  lists: [{ id: 'l1', name: 'Mine', size: 2 }],
  current: {
    id: 'l1',
    name: 'Mine',
    rows: [
      {
        market: 'us',
        code: 'AAPL',
        addedAt: '2026-11-01T00:00:00.000Z',
        stock: figures,
        article: { key: 'apple-results', title: 'Apple results', publishedAt: '2026-11-20T08:00:00.000Z' },
      },
      { market: 'hk', code: '9999', addedAt: '2026-11-02T00:00:00.000Z', stock: null, article: null },
    ],
  },
  limits: { lists: 20, stocksPerList: 200 },
  isDemo: true,
  asOf: '2026-11-27',
}

describe('pageViewOf', () => {
  it('keeps every figure a row draws and drops those none draws', () => {
    const page = pageViewOf(view, 'en')
    const { exchange: _exchange, fairValue: _fairValue, isDemo: _isDemo, ...drawn } = figures
    expect(page.current?.rows).toEqual([
      { market: 'us', code: 'AAPL', stock: drawn, article: view.current?.rows[0]?.article },
      { market: 'hk', code: '9999', stock: null, article: null },
    ])
    expect(page.current?.rows[0]?.stock).not.toHaveProperty('fairValue')
    expect(page.current?.rows[0]).not.toHaveProperty('addedAt')
  })

  it('keeps the lists, limits and data stamp, and a reader without a list', () => {
    const { current: _current, keyLabels: _keyLabels, ...rest } = pageViewOf(view, 'en')
    const { current: _, ...expected } = view
    expect(rest).toEqual(expected)
    expect(pageViewOf({ ...view, current: null }, 'en').current).toBeNull()
  })

  it("names the rows' rating and signal keys in the reader's language, and only those", () => {
    expect(pageViewOf(view, 'en').keyLabels).toEqual({
      'analyst.buy': 'Buy',
      'signal.buy': 'Buy',
      'flow.inflow': 'Inflow',
    })
    expect(pageViewOf(view, 'zh-Hant').keyLabels).toEqual({
      'analyst.buy': '買進',
      'signal.buy': '買進',
      'flow.inflow': '資金流入',
    })
    expect(pageViewOf({ ...view, current: null }, 'en').keyLabels).toEqual({})
  })
})
