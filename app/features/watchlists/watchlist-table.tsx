/**
 * One market's stocks of a watchlist: price and day change, AI score with the analysts' view, fair-value gap and the
 * session each figure describes; a stock we no longer cover says so. In the reader's own order each row moves up or
 * down; every row can be removed. On a phone each row is a card (the header row stays for screen readers).
 */
import { ArrowDown, ArrowUp, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PageLink } from '#app/components/page-link.tsx'
import { diagnosisHref } from '#app/features/stocks/diagnosis-href.ts'
import { FairValueGap } from '#app/features/stocks/fair-value-gap.tsx'
import { PriceChange } from '#app/features/stocks/list-parts.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatPrice,
  formatScore,
} from '#app/features/stocks/stock-format.ts'
import { useKeyLabels } from '#app/features/stocks/stock-labels.ts'
import type { WatchlistRow } from '#contracts/watchlist-rules.ts'
import type { MarketGroup } from './watchlist-rows.ts'

const cell = 'px-3 py-2 align-top md:table-cell'
const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-ink-700 hover:bg-ink-100 disabled:opacity-40'

export function WatchlistTable({
  group,
  displayLocale,
  canMove,
  onMove,
  onRemove,
}: {
  group: MarketGroup
  displayLocale: DisplayLocale
  /** In the reader's own order only: a sorted view has no "up". */
  canMove: boolean
  onMove(row: WatchlistRow, step: -1 | 1): void
  onRemove(row: WatchlistRow): void
}) {
  const { t } = useTranslation(['watchlist', 'stocks'])
  const keyLabel = useKeyLabels()
  const market = t(`stocks:markets.${group.market}`)
  const headingId = `watchlist-${group.market}`
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-2"
      data-testid={`watchlist-${group.market}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink-950">
        {market}
        {group.currencies.length > 0 ? (
          <span className="ms-2 text-sm font-normal text-ink-700">{group.currencies.join(' · ')}</span>
        ) : null}
      </h2>
      <table className="w-full border-collapse text-sm max-md:block">
        <caption className="sr-only">
          {t('table.caption', { market, currencies: group.currencies.join(', ') || '—' })}
        </caption>
        <thead className="border-b border-ink-300 text-xs text-ink-700 max-md:sr-only">
          <tr>
            <th scope="col" className="px-3 py-2 text-start font-semibold">
              {t('table.stock')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('table.price')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('table.score')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('table.gap')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('table.asOf')}
            </th>
            <th scope="col" className="px-3 py-2 text-end font-semibold">
              {t('table.actions')}
            </th>
          </tr>
        </thead>
        <tbody className="flex flex-col gap-3 md:table-row-group">
          {group.rows.map((row, index) => {
            const stock = row.stock
            const name = stock?.name ?? row.code
            const price = stock ? (stock.latestPrice ?? stock.price) : null
            const date = stock ? (stock.latestPriceDate ?? stock.priceDate) : null
            const view = stock ? keyLabel('analyst', stock.analystRating) : null
            return (
              <tr
                key={`${row.market}:${row.code}`}
                className="grid grid-cols-2 gap-x-3 rounded-card border border-ink-100 bg-white p-2 md:table-row md:rounded-none md:border-0 md:border-b md:p-0"
                data-testid="watchlist-row"
              >
                <td className={`${cell} col-span-2`}>
                  <span className="flex flex-col">
                    <PageLink
                      to={diagnosisHref(row.code, row.market)}
                      className="font-semibold text-ink-950 hover:text-brand-700 hover:underline"
                    >
                      {name}
                    </PageLink>
                    <span className="text-xs text-ink-700">{row.code}</span>
                    {stock ? null : (
                      <span className="text-xs font-medium text-loss" title={t('table.notCoveredHint')}>
                        {t('table.notCovered')}
                      </span>
                    )}
                  </span>
                </td>
                <td className={`${cell} md:text-end`}>
                  <span className="block text-xs text-ink-700 md:hidden">{t('table.price')}</span>
                  <span className="block font-medium tabular-nums">
                    {stock && price !== null ? formatPrice(price, stock.currency, displayLocale) : '—'}
                  </span>
                  {stock ? (
                    <PriceChange
                      change={stock.latestChange}
                      rate={stock.latestChangeRate}
                      currency={stock.currency}
                      displayLocale={displayLocale}
                      className="text-xs md:justify-end"
                    />
                  ) : null}
                </td>
                <td className={`${cell} md:text-end`}>
                  <span className="block text-xs text-ink-700 md:hidden">{t('table.score')}</span>
                  <span className="block font-medium tabular-nums">
                    {stock?.score == null ? '—' : formatScore(stock.score, displayLocale)}
                  </span>
                  {view ? <span className="block text-xs text-ink-700">{view}</span> : null}
                </td>
                <td className={`${cell} md:text-end`}>
                  <span className="block text-xs text-ink-700 md:hidden">{t('table.gap')}</span>
                  <FairValueGap
                    margin={stock?.downsideMargin ?? null}
                    displayLocale={displayLocale}
                    className="md:justify-end"
                  />
                </td>
                <td className={`${cell} text-xs text-ink-700 md:text-end`}>
                  <span className="md:hidden">{t('table.asOf')}: </span>
                  {date ? formatDate(date, displayLocale) : '—'}
                </td>
                <td className={`${cell} md:text-end`}>
                  <span className="inline-flex gap-1">
                    {canMove ? (
                      <>
                        <button
                          type="button"
                          className={iconButton}
                          disabled={index === 0}
                          aria-label={t('table.moveUp', { name })}
                          onClick={() => onMove(row, -1)}
                        >
                          <ArrowUp className="size-4" aria-hidden="true" />
                        </button>
                        <button
                          type="button"
                          className={iconButton}
                          disabled={index === group.rows.length - 1}
                          aria-label={t('table.moveDown', { name })}
                          onClick={() => onMove(row, 1)}
                        >
                          <ArrowDown className="size-4" aria-hidden="true" />
                        </button>
                      </>
                    ) : null}
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={t('table.remove', { name })}
                      data-testid="watchlist-remove"
                      onClick={() => onRemove(row)}
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  </span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
