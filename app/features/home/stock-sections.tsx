/** The home page's stock sections, in their order: monthly picks' track record, hot stocks, each market at a glance, most undervalued. */
import type { HomeStockSections } from '#app/features/stocks/home-stock-sections.server.ts'
import { useRootData } from '#app/use-root-data.ts'
import { MarketOverviewLinks } from './market-overview-links.tsx'
import { StockHotSection } from './stock-hot-section.tsx'
import { StockPicksSection } from './stock-picks-section.tsx'
import { StockValuationSection } from './stock-valuation-section.tsx'

export function HomeStockSectionList({ sections }: { sections: HomeStockSections }) {
  const { displayLocale, defaultMarket } = useRootData()
  return (
    <>
      <StockPicksSection picks={sections.picks} displayLocale={displayLocale} />
      <StockHotSection hot={sections.hot} displayLocale={displayLocale} />
      <MarketOverviewLinks first={defaultMarket} />
      <StockValuationSection undervalued={sections.undervalued} displayLocale={displayLocale} />
    </>
  )
}
