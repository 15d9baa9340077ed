import { describe, expect, it } from 'vitest'
import { StockValuationSection } from '#app/features/home/stock-valuation-section.tsx'
import type { ValuationListAnswer } from '#contracts/stock-lists.ts'
import type { StockSummary } from '#contracts/stocks.ts'
import { renderMarkup, textOf } from './testing/render-markup.tsx'
import { stockSummaryOf as rowOf } from './testing/stock-summary.fixture.ts'
import { ValuationTable } from './valuation-table.tsx'

// As the server sends them: most overvalued first (−325 %, −193 %, −40 %).
const overvalued = [rowOf('NVDA', 425), rowOf('AAPL', 293), rowOf('MSFT', 140)]
const undervalued = [rowOf('KIA', 30), rowOf('META', 80)]

function renderTable(rows: StockSummary[], kind: 'undervalued' | 'overvalued', locale: 'en' | 'zh-Hant') {
  return renderMarkup(
    <ValuationTable
      rows={rows}
      kind={kind}
      firstRank={1}
      caption="Valuation"
      displayLocale={locale === 'en' ? 'en-US' : 'zh-TW'}
    />,
    { locale },
  )
}

/** The gap cell of each row, in the order shown. */
function gapsOf(html: string): string[] {
  return [...html.matchAll(/<span class="[^"]*" data-confidence="(?:low|normal)">(.*?)<\/span><\/td>/g)].map(
    (m) => textOf(m[1] ?? ''),
  )
}

describe('valuation table', () => {
  it('names the gap as investors do: premium to fair value for the overvalued, margin of safety for the undervalued', () => {
    const over = textOf(renderTable(overvalued, 'overvalued', 'en'))
    expect(over).toContain('Premium to fair value')
    expect(over).not.toMatch(/downside margin/i)
    const under = textOf(renderTable(undervalued, 'undervalued', 'en'))
    expect(under).toContain('Margin of safety')
    expect(under).not.toContain('Premium to fair value')
  })

  it('shows a −325% margin as "> 100%" with a low-confidence badge and a note, keeping the server’s order', () => {
    const html = renderTable(overvalued, 'overvalued', 'en')
    const text = textOf(html)
    expect(gapsOf(html)).toEqual(['> 100% Low confidence', '> 100% Low confidence', '40.0%'])
    expect(text.indexOf('NVDA Corp.')).toBeLessThan(text.indexOf('AAPL Corp.'))
    expect(text.indexOf('AAPL Corp.')).toBeLessThan(text.indexOf('MSFT Corp.'))
    expect(text).not.toMatch(/325|193/)
    expect(html).toContain('data-testid="low-confidence-note"')
    expect(text).toContain('Low confidence: the price is more than twice, or less than half, the fair value.')
  })

  it('shows the same low-confidence form in Traditional Chinese', () => {
    const html = renderTable(overvalued, 'overvalued', 'zh-Hant')
    const text = textOf(html)
    expect(text).toContain('較合理價溢價')
    expect(gapsOf(html)).toEqual(['逾 100% 可信度低', '逾 100% 可信度低', '40.0%'])
    expect(text).toContain('可信度低：股價高於合理價的兩倍，或不到合理價的一半。')
    expect(text).not.toMatch(/325|193/)
  })

  it('keeps the figure of a margin of safety beyond 50% and flags it, and has no note when every gap is within a factor of two', () => {
    const html = renderTable(undervalued, 'undervalued', 'en')
    expect(gapsOf(html)).toEqual(['70.0% Low confidence', '20.0%'])
    const calm = renderTable([rowOf('META', 80), rowOf('MSFT', 140)], 'undervalued', 'en')
    expect(calm).not.toContain('low-confidence-note')
    expect(textOf(calm)).not.toContain('Low confidence')
  })

  it('labels the home page’s most undervalued with the margin of safety', () => {
    const answer: ValuationListAnswer = {
      isDemo: true,
      asOf: '2026-11-20',
      stale: false,
      kind: 'undervalued',
      market: 'us',
      rows: undervalued,
      total: 2,
      page: 1,
      pageSize: 6,
    }
    const text = textOf(
      renderMarkup(<StockValuationSection undervalued={answer} displayLocale="zh-TW" />, {
        locale: 'zh-Hant',
      }),
    )
    expect(text).toContain('安全邊際')
    expect(text).toContain('70.0% 可信度低')
  })
})
