import { describe, expect, it } from 'vitest'
import { homeHotStocksOf, homeUndervaluedOf } from '#app/features/stocks/home-stock-sections.server.ts'
import { renderMarkup } from '#app/features/stocks/testing/render-markup.tsx'
import { stockSummaryOf as rowOf } from '#app/features/stocks/testing/stock-summary.fixture.ts'
import type { HotStocksAnswer, ValuationListAnswer } from '#contracts/stock-lists.ts'
import { StockHotSection } from './stock-hot-section.tsx'
import { StockValuationSection } from './stock-valuation-section.tsx'

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
