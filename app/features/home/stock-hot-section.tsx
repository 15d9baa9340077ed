/**
 * Home: a few of the region's hot stocks, with their heat and interpretation, leading to /stocks-hot. On a phone they
 * are a horizontal row of cards.
 */
import { clsx } from 'clsx'
import type { HomeHotStocks } from '#app/features/stocks/home-stock-sections.server.ts'
import { HotStockRow } from '#app/features/stocks/hot-stocks-view.tsx'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import type { DisplayLocale } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { phoneScrollerClassName } from './phone-scroller.ts'
import { StockSectionFrame } from './stock-section-frame.tsx'

export function StockHotSection({
  hot,
  displayLocale,
}: {
  hot: HomeHotStocks | null
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  if (!hot || hot.rows.length === 0) return null
  return (
    <StockSectionFrame
      id="home-hot-stocks"
      title={t('home.hotTitle')}
      stamp={
        <DataStamp isDemo={hot.isDemo} asOf={hot.asOf} stale={hot.stale} displayLocale={displayLocale} />
      }
      viewAll={{ to: '/stocks-hot', label: t('home.hotAll') }}
    >
      <ol className={clsx(phoneScrollerClassName, 'sm:grid sm:grid-cols-1 lg:grid-cols-2')}>
        {hot.rows.map((row) => (
          <HotStockRow key={`${row.market}-${row.code}`} row={row} displayLocale={displayLocale} />
        ))}
      </ol>
    </StockSectionFrame>
  )
}
