/**
 * The pieces a monthly pick is shown with (spec §3), shared by the home page's track record and the member area's
 * picks page: the signed return, one pick's row (name and badges, the price then, the latest close and its date,
 * the return, and on the member page the worst fall since) and the table's header row.
 */

import { Badge } from '#app/components/badge.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { otherNameOf } from '#app/features/stocks/hot-stocks-view.tsx'
import { StockNameLink } from '#app/features/stocks/list-parts.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatPercent,
  formatPrice,
} from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { MonthlyPick } from '#contracts/monthly-picks.ts'

export function ReturnText({ value, displayLocale }: { value: number | null; displayLocale: DisplayLocale }) {
  if (value === null) return <span className="text-ink-700">—</span>
  return (
    <ChangeIndicator value={value} className="justify-end">
      {formatPercent(value, displayLocale, { signed: true })}
    </ChangeIndicator>
  )
}

/**
 * One pick. On a phone the row is a small card (name and badges, then the prices and the return side by side, each
 * with its label), so the return is on the screen without scrolling the table sideways. `withWorstFall` adds the
 * largest fall of the close since the recommendation.
 */
export function PickRow({
  pick,
  displayLocale,
  withWorstFall = false,
  worstFallLabel = '',
}: {
  pick: MonthlyPick
  displayLocale: DisplayLocale
  withWorstFall?: boolean
  /** The worst-fall column's name (the caller's messages). */
  worstFallLabel?: string
}) {
  const { t } = useTranslation('stocks')
  const phoneLabel = 'block text-xs font-semibold text-ink-700 sm:hidden'
  const columns = withWorstFall ? 'grid-cols-2 gap-y-2' : 'grid-cols-3'
  return (
    <tr
      className={`grid ${columns} gap-x-3 border-b border-ink-100 py-2 align-top last:border-b-0 sm:table-row sm:py-0 sm:last:border-b`}
      data-testid="pick-row"
    >
      <th scope="row" className="col-span-full pb-2 text-start font-normal sm:py-2 sm:pe-3">
        <StockNameLink name={pick.name} otherName={otherNameOf(pick)} code={pick.code} market={pick.market} />
        <span className="mt-1 flex flex-wrap gap-1">
          <Badge tone="brand">{t(`picks.suggestion.${pick.suggestion}`)}</Badge>
          <Badge>{t(`picks.type.${pick.stockType}`)}</Badge>
        </span>
      </th>
      <td className="tabular-nums sm:py-2 sm:pe-3 sm:text-end">
        <span className={phoneLabel}>{t('picks.priceThen')}</span>
        <span className="block font-medium">
          {formatPrice(pick.recommendedPrice, pick.currency, displayLocale)}
        </span>
        <span className="block text-xs text-ink-700">{formatDate(pick.dataAsOf, displayLocale)}</span>
      </td>
      <td className="tabular-nums sm:py-2 sm:pe-3 sm:text-end">
        <span className={phoneLabel}>{t('picks.priceNow')}</span>
        <span className="block font-medium">
          {pick.latestPrice === null ? '—' : formatPrice(pick.latestPrice, pick.currency, displayLocale)}
        </span>
        {pick.latestPriceDate ? (
          <span className="block text-xs text-ink-700">
            {formatDate(pick.latestPriceDate, displayLocale)}
          </span>
        ) : null}
      </td>
      <td className={withWorstFall ? 'sm:py-2 sm:pe-3 sm:text-end' : 'text-end sm:py-2'}>
        <span className={phoneLabel}>{t('picks.return')}</span>
        <ReturnText value={pick.actualReturn} displayLocale={displayLocale} />
      </td>
      {withWorstFall ? (
        <td className="tabular-nums sm:py-2 sm:text-end">
          <span className={phoneLabel}>{worstFallLabel}</span>
          <span className="text-loss">
            {pick.actualMaxDrawdown === null
              ? '—'
              : formatPercent(pick.actualMaxDrawdown, displayLocale, { signed: true })}
          </span>
        </td>
      ) : null}
    </tr>
  )
}

/** The picks table's header row (hidden on a phone, where each cell carries its own label). */
export function PickTableHead({ worstFallLabel }: { worstFallLabel?: string | undefined }) {
  const { t } = useTranslation('stocks')
  return (
    <thead className="hidden sm:table-header-group">
      <tr className="border-b border-ink-300 text-xs text-ink-700">
        <th scope="col" className="py-2 pe-3 text-start font-semibold">
          {t('lists.stock')}
        </th>
        <th scope="col" className="py-2 pe-3 text-end font-semibold">
          {t('picks.priceThen')}
        </th>
        <th scope="col" className="py-2 pe-3 text-end font-semibold">
          {t('picks.priceNow')}
        </th>
        <th scope="col" className={`py-2 text-end font-semibold ${worstFallLabel ? 'pe-3' : ''}`}>
          {t('picks.return')}
        </th>
        {worstFallLabel ? (
          <th scope="col" className="py-2 text-end font-semibold">
            {worstFallLabel}
          </th>
        ) : null}
      </tr>
    </thead>
  )
}
