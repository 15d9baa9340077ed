import { describe, expect, it } from 'vitest'
import { renderMarkup, textOf } from '#app/features/stocks/testing/render-markup.tsx'
import { HoldingsTable } from './portfolio-tables.tsx'
import type { PortfolioHoldingRow, PortfolioView } from './portfolio-view.ts'

function portfolioOf(count: number): PortfolioView {
  const holdings: PortfolioHoldingRow[] = Array.from({ length: count }, (_, i) => ({
    market: 'us',
    code: `S${i}`,
    name: `Stock ${i}`,
    currency: 'USD',
    quantity: 10,
    averageCost: 100,
    price: 110,
    marketValue: 1100,
    unrealisedGain: 100,
    unrealisedReturn: 0.1,
    weight: 1 / count,
    totalScore: 3.5,
    isCovered: true,
  }))
  return { baseCurrency: 'USD', holdings } as unknown as PortfolioView
}

const rowsOf = (html: string) => html.split('data-testid="portfolio-holding"').length - 1

describe('the holdings table drawn by the server (ADR 0046)', () => {
  it('draws the largest 24 of 200 holdings, and says without JavaScript that the rest need it', () => {
    const html = renderMarkup(
      <HoldingsTable portfolio={portfolioOf(200)} locale="en-US" onAlert={() => {}} />,
    )
    expect(rowsOf(html)).toBe(24)
    expect(html).toContain('Stock 23')
    expect(html).not.toContain('Stock 24<')
    expect(textOf(html)).toContain(
      'Showing the largest 24 of 200 holdings: the rest are shown with JavaScript on.',
    )
  })

  it('says so in Chinese on the Chinese site', () => {
    const html = renderMarkup(
      <HoldingsTable portfolio={portfolioOf(30)} locale="zh-TW" onAlert={() => {}} />,
      { locale: 'zh-Hant' },
    )
    expect(rowsOf(html)).toBe(24)
    expect(textOf(html)).toContain('目前只顯示最大的 24 項持股（共 30 項）')
  })

  it('draws a portfolio of up to 24 holdings whole, with nothing to explain', () => {
    const html = renderMarkup(<HoldingsTable portfolio={portfolioOf(24)} locale="en-US" onAlert={() => {}} />)
    expect(rowsOf(html)).toBe(24)
    expect(html).not.toContain('<noscript>')
  })
})
