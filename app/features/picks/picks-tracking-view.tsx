/**
 * Analyst portfolio tracking on /member/picks (issue 15): every month's picks held in equal weight from their
 * recommendation day, against the same days of each pick's own market benchmark; the months together first, then
 * month by month, with the method and its as-of date named (contracts/picks-tracking.ts).
 */

import { Badge, DemoBadge } from '#app/components/badge.tsx'
import { ReturnText } from '#app/features/stocks/pick-rows.tsx'
import {
  type DisplayLocale,
  formatDate,
  formatMonth,
  formatPercent,
} from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { PickOutcome, PicksTracking } from '#contracts/picks-tracking.ts'

function OutcomeText({
  outcome,
  displayLocale,
}: {
  outcome: PickOutcome | null
  displayLocale: DisplayLocale
}) {
  if (!outcome) return <span className="text-ink-700">—</span>
  return (
    <span className="flex flex-wrap items-center justify-end gap-x-2">
      <span className="text-ink-900">{outcome.name}</span>
      <ReturnText value={outcome.return} displayLocale={displayLocale} />
    </span>
  )
}

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="rounded-card border border-ink-100 bg-white p-3">
      <dt className="text-xs font-semibold text-ink-700">{label}</dt>
      <dd className="text-lg font-bold tabular-nums">{children}</dd>
    </div>
  )
}

export function PicksTrackingView({
  tracking,
  displayLocale,
}: {
  tracking: PicksTracking
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('picks')
  const { overall } = tracking
  const rate = (value: number | null) =>
    value === null ? '—' : formatPercent(value, displayLocale, { digits: 0 })
  if (tracking.months.length === 0) return <p className="text-ink-800">{t('tracking.empty')}</p>
  return (
    <div className="flex flex-col gap-4" data-testid="picks-tracking">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label={t('tracking.overallReturn')}>
          <ReturnText value={overall.averageReturn} displayLocale={displayLocale} />
        </Figure>
        <Figure label={t('tracking.benchmarkReturn')}>
          <ReturnText value={overall.benchmarkReturn} displayLocale={displayLocale} />
        </Figure>
        <Figure label={t('tracking.winRate')}>{rate(overall.winRate)}</Figure>
        <Figure label={t('tracking.monthsAhead')}>
          {t('tracking.monthsAheadValue', { ahead: overall.monthsAhead, count: overall.monthsCompared })}
        </Figure>
      </dl>
      <p className="text-sm text-ink-800">
        {t('tracking.overallNote', { picks: overall.picks, count: overall.months })}
      </p>
      <div className="rounded-card border border-ink-100 bg-white p-3 sm:overflow-x-auto">
        <table className="w-full text-sm sm:min-w-[44rem]">
          <caption className="pb-2 text-start text-sm font-semibold text-ink-900">
            {t('tracking.byMonth')}
          </caption>
          <thead className="hidden sm:table-header-group">
            <tr className="border-b border-ink-300 text-xs text-ink-700">
              <th scope="col" className="py-2 pe-3 text-start font-semibold">
                {t('tracking.month')}
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-semibold">
                {t('tracking.average')}
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-semibold">
                {t('tracking.benchmark')}
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-semibold">
                {t('tracking.winRate')}
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-semibold">
                {t('tracking.best')}
              </th>
              <th scope="col" className="py-2 text-end font-semibold">
                {t('tracking.worst')}
              </th>
            </tr>
          </thead>
          <tbody className="flex flex-col sm:table-row-group">
            {tracking.months.map((month) => (
              <TrackedMonthRow key={month.month} month={month} displayLocale={displayLocale} rate={rate} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="flex flex-wrap items-center gap-2 text-xs text-ink-700" data-testid="tracking-method">
        {tracking.isDemo ? <DemoBadge /> : null}
        <span>
          {t('tracking.method', {
            method: tracking.benchmarkMethod,
            date: tracking.asOf ? formatDate(tracking.asOf, displayLocale) : '—',
          })}
        </span>
      </p>
    </div>
  )
}

function TrackedMonthRow({
  month,
  displayLocale,
  rate,
}: {
  month: PicksTracking['months'][number]
  displayLocale: DisplayLocale
  rate: (value: number | null) => string
}) {
  const { t } = useTranslation('picks')
  const phoneLabel = 'block text-xs font-semibold text-ink-700 sm:hidden'
  return (
    <tr
      className="grid grid-cols-2 gap-x-3 gap-y-2 border-b border-ink-100 py-2 last:border-b-0 sm:table-row sm:py-0"
      data-testid="tracked-month"
    >
      <th scope="row" className="col-span-full text-start font-semibold sm:py-2 sm:pe-3">
        {formatMonth(month.month, displayLocale)}{' '}
        <span className="font-normal text-ink-700">{t('tracking.picksCount', { count: month.picks })}</span>
        {month.excessReturn !== null ? (
          <span className="ms-2 inline-block">
            <Badge tone={month.excessReturn > 0 ? 'gain' : 'neutral'}>
              {t(month.excessReturn > 0 ? 'tracking.ahead' : 'tracking.behind', {
                points: formatPercent(Math.abs(month.excessReturn), displayLocale),
              })}
            </Badge>
          </span>
        ) : null}
      </th>
      <td className="sm:py-2 sm:pe-3 sm:text-end">
        <span className={phoneLabel}>{t('tracking.average')}</span>
        <ReturnText value={month.averageReturn} displayLocale={displayLocale} />
      </td>
      <td className="sm:py-2 sm:pe-3 sm:text-end">
        <span className={phoneLabel}>{t('tracking.benchmark')}</span>
        <ReturnText value={month.benchmarkReturn} displayLocale={displayLocale} />
      </td>
      <td className="tabular-nums sm:py-2 sm:pe-3 sm:text-end">
        <span className={phoneLabel}>{t('tracking.winRate')}</span>
        {rate(month.winRate)}
      </td>
      <td className="sm:py-2 sm:pe-3 sm:text-end">
        <span className={phoneLabel}>{t('tracking.best')}</span>
        <OutcomeText outcome={month.best} displayLocale={displayLocale} />
      </td>
      <td className="col-span-full sm:py-2 sm:text-end">
        <span className={phoneLabel}>{t('tracking.worst')}</span>
        <OutcomeText outcome={month.worst} displayLocale={displayLocale} />
      </td>
    </tr>
  )
}
