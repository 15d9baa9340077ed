/**
 * Home: the monthly stock picks' track record (spec §3 monthly pick) — for the latest month the reader may see, each
 * pick's price when recommended against its latest close and the return since, with arrow and sign; the record of
 * the completed months; the rule that chose the picks; and, when the reader's tier hides some of this month's
 * picks, the way to see them.
 */
import { Lock } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '#app/components/badge.tsx'
import { buttonClassName } from '#app/components/button.tsx'
import { ChangeIndicator } from '#app/components/change-indicator.tsx'
import { otherNameOf } from '#app/features/stocks/hot-stocks-view.tsx'
import { DataStamp, StockNameLink } from '#app/features/stocks/list-parts.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatMonth,
  formatPercent,
  formatPrice,
} from '#app/features/stocks/stock-format.ts'
import type { MonthlyPick, MonthlyPicksAnswer } from '#contracts/stocks.ts'
import { StockSectionFrame } from './stock-section-frame.tsx'

type PicksMonth = MonthlyPicksAnswer['months'][number]

function ReturnText({ value, displayLocale }: { value: number | null; displayLocale: DisplayLocale }) {
  if (value === null) return <span className="text-ink-700">—</span>
  return (
    <ChangeIndicator value={value} className="justify-end">
      {formatPercent(value, displayLocale, { signed: true })}
    </ChangeIndicator>
  )
}

/**
 * One pick. On a phone the row is a small card (name and badges, then the two prices and the return side by side,
 * each with its label), so the return is on the screen without scrolling the table sideways.
 */
function PickRow({ pick, displayLocale }: { pick: MonthlyPick; displayLocale: DisplayLocale }) {
  const { t } = useTranslation('stocks')
  const phoneLabel = 'block text-xs font-semibold text-ink-700 sm:hidden'
  return (
    <tr
      className="grid grid-cols-3 gap-x-3 border-b border-ink-100 py-2 align-top last:border-b-0 sm:table-row sm:py-0 sm:last:border-b"
      data-testid="pick-row"
    >
      <th scope="row" className="col-span-3 pb-2 text-start font-normal sm:py-2 sm:pe-3">
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
      <td className="text-end sm:py-2">
        <span className={phoneLabel}>{t('picks.return')}</span>
        <ReturnText value={pick.actualReturn} displayLocale={displayLocale} />
      </td>
    </tr>
  )
}

/** Picks listed on the home page; the month's record above counts all of them. */
export const homePicksShown = 6
/** On a phone the table lists fewer, so the section stays about one screen tall. */
export const phonePicksShown = 3

export function StockPicksSection({
  picks,
  displayLocale,
}: {
  picks: MonthlyPicksAnswer | null
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  if (!picks) return null
  const shown = picks.months.find((m) => m.picks.length > 0)
  const current = picks.months[0]
  if (!shown && !current?.lockedCount) return null
  const record = picks.trackRecord
  const captionOf = (month: PicksMonth, limit: number) =>
    month.picks.length > limit
      ? t('picks.monthCaptionTop', {
          month: formatMonth(month.month, displayLocale),
          shown: limit,
          count: month.picks.length,
        })
      : t('picks.monthCaption', { month: formatMonth(month.month, displayLocale) })
  return (
    <StockSectionFrame
      id="home-picks"
      title={t('picks.title')}
      stamp={
        <DataStamp
          isDemo={picks.isDemo}
          asOf={picks.asOf}
          stale={picks.stale}
          displayLocale={displayLocale}
        />
      }
    >
      <dl className="grid grid-cols-3 gap-3">
        <div className="rounded-card border border-ink-100 bg-white p-3">
          <dt className="text-xs font-semibold text-ink-700">{t('picks.averageReturn')}</dt>
          <dd className="text-lg font-bold">
            <ReturnText value={record.averageReturn} displayLocale={displayLocale} />
          </dd>
        </div>
        <div className="rounded-card border border-ink-100 bg-white p-3">
          <dt className="text-xs font-semibold text-ink-700">{t('picks.winRate')}</dt>
          <dd className="text-lg font-bold tabular-nums">
            {record.winRate === null ? '—' : formatPercent(record.winRate, displayLocale, { digits: 0 })}
          </dd>
        </div>
        <div className="rounded-card border border-ink-100 bg-white p-3">
          <dt className="text-xs font-semibold text-ink-700">{t('picks.count')}</dt>
          <dd className="text-lg font-bold tabular-nums">{record.picks}</dd>
        </div>
      </dl>
      {shown ? (
        <div className="rounded-card border border-ink-100 bg-white p-3 sm:overflow-x-auto">
          <table className="w-full text-sm sm:min-w-[32rem]">
            <caption className="pb-2 text-start text-sm font-semibold text-ink-900">
              <span className="sm:hidden">{captionOf(shown, phonePicksShown)}</span>
              <span className="max-sm:hidden">{captionOf(shown, homePicksShown)}</span>
            </caption>
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
                <th scope="col" className="py-2 text-end font-semibold">
                  {t('picks.return')}
                </th>
              </tr>
            </thead>
            <tbody className="flex flex-col sm:table-row-group max-sm:[&>tr:nth-child(n+4)]:hidden">
              {shown.picks.slice(0, homePicksShown).map((pick) => (
                <PickRow key={`${pick.market}-${pick.code}`} pick={pick} displayLocale={displayLocale} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {current && current.lockedCount > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-card bg-brand-100 p-4">
          <p className="flex items-center gap-2 text-sm text-ink-900">
            <Lock className="size-4" aria-hidden="true" />
            {t('picks.locked', { count: current.lockedCount })}
          </p>
          <Link to="/subscribe" className={buttonClassName('primary', 'sm')}>
            {t('quota.subscribe')}
          </Link>
        </div>
      ) : null}
      <p className="text-xs text-ink-700">
        {picks.rule} {t('picks.note')}
      </p>
    </StockSectionFrame>
  )
}
