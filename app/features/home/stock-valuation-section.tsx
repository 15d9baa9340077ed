/**
 * Home: the most undervalued stocks of the region's market, leading to /stocks-valuation. Where rows are cards (below
 * the tablet) the first three show; the link leads to the rest.
 */

import type { HomeUndervalued } from '#app/features/stocks/home-stock-sections.server.ts'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import type { DisplayLocale } from '#app/features/stocks/stock-format.ts'
import { ValuationTable } from '#app/features/stocks/valuation-table.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { StockSectionFrame } from './stock-section-frame.tsx'

export function StockValuationSection({
  undervalued,
  displayLocale,
}: {
  undervalued: HomeUndervalued | null
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  if (!undervalued || undervalued.rows.length === 0 || !undervalued.market) return null
  const title = t('valuation.caption.undervalued', { market: t(`markets.${undervalued.market}`) })
  return (
    <StockSectionFrame
      id="home-undervalued"
      title={title}
      stamp={
        <DataStamp
          isDemo={undervalued.isDemo}
          asOf={undervalued.asOf}
          stale={undervalued.stale}
          displayLocale={displayLocale}
        />
      }
      viewAll={{ to: '/stocks-valuation', label: t('home.valuationAll') }}
    >
      <div className="max-md:[&_tbody>tr:nth-child(n+4)]:hidden md:rounded-card md:border md:border-ink-100 md:bg-white">
        <ValuationTable
          rows={undervalued.rows}
          kind="undervalued"
          firstRank={1}
          caption={title}
          displayLocale={displayLocale}
        />
      </div>
    </StockSectionFrame>
  )
}
