import { describe, expect, it } from 'vitest'
import { homeHotStocksOf, homeUndervaluedOf } from '#app/features/stocks/home-stock-sections.server.ts'
import { renderMarkup } from '#app/features/stocks/testing/render-markup.tsx'
import type { HotStocksAnswer, ValuationListAnswer } from '#contracts/stock-lists.ts'
import type { StockSummary } from '#contracts/stocks.ts'
import { StockHotSection } from './stock-hot-section.tsx'
import { StockValuationSection } from './stock-valuation-section.tsx'

/** A listed stock with every figure a list's row carries. */
function rowOf(code: string, price: number): StockSummary {
  return {
    code,
    market: 'us',
    exchange: 'NASDAQ',
    currency: 'USD',
    name: `${code} Corp.`,
    nameEn: `${code} Corp.`,
    nameZh: `${code} 公司`,
    sector: 'information_technology',
    industry: 'semiconductors',
    price,
    priceDate: '2026-11-20',
    latestPrice: price + 1,
    latestPriceDate: '2026-11-21',
    latestChange: 1,
    latestChangeRate: 0.01,
    score: 70,
    supportLevel: price - 5,
    resistanceLevel: price + 5,
    fairValue: 100,
    downsideMargin: (100 - price) / 100,
    peRatio: 20,
    marketCap: 1e12,
    marketCapUsd: 1e12,
    analystRating: 'buy',
    profitabilityRating: 'strong',
    financialHealth: 'safe',
    technicals: 'buy',
    capitalFlow: 'inflow',
    isDemo: true,
  }
}

const stamp = { isDemo: true, asOf: '2026-11-21', stale: false }
const hot: HotStocksAnswer = {
  ...stamp,
  market: 'us',
  markets: [],
  rows: [rowOf('NVDA', 140), rowOf('KIA', 30)].map((row, index) => ({
    ...row,
    rank: index + 1,
    heat: {
      heatScore: 90 - index,
      volumeRatio: 2.1,
      priceMove: 0.04,
      mentions: 3,
      sessionDate: '2026-11-21',
    },
    interpretation: `${row.name} traded twice its usual volume.`,
  })),
}
const undervalued: ValuationListAnswer = {
  ...stamp,
  kind: 'undervalued',
  market: 'us',
  rows: [rowOf('KIA', 30), rowOf('META', 80)],
  total: 2,
  page: 1,
  pageSize: 5,
}

describe('the home page’s stock rows', () => {
  it('draw the same hot cards and valuation rows, in both languages, from the fields the home page sends', () => {
    for (const locale of ['en', 'zh-Hant'] as const) {
      const displayLocale = locale === 'en' ? 'en-US' : 'zh-TW'
      expect(
        renderMarkup(<StockHotSection hot={homeHotStocksOf(hot)} displayLocale={displayLocale} />, {
          locale,
        }),
      ).toBe(renderMarkup(<StockHotSection hot={hot} displayLocale={displayLocale} />, { locale }))
      expect(
        renderMarkup(
          <StockValuationSection
            undervalued={homeUndervaluedOf(undervalued)}
            displayLocale={displayLocale}
          />,
          { locale },
        ),
      ).toBe(
        renderMarkup(<StockValuationSection undervalued={undervalued} displayLocale={displayLocale} />, {
          locale,
        }),
      )
    }
  })

  it('leave out the figures the home page does not draw', () => {
    const [card] = homeHotStocksOf(hot).rows
    const [row] = homeUndervaluedOf(undervalued).rows
    for (const dropped of [
      'technicals',
      'capitalFlow',
      'marketCap',
      'supportLevel',
      'analystRating',
      'sector',
    ])
      expect([dropped in (card ?? {}), dropped in (row ?? {})]).toEqual([false, false])
    expect(homeUndervaluedOf(undervalued)).toMatchObject({ total: 2, market: 'us', ...stamp })
  })
})
