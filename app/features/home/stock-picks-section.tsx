/**
 * Home: the monthly stock picks' track record (spec §3 monthly pick) — for the latest month the reader may see, each
 * pick's price when recommended against its latest close and the return since, with arrow and sign; the record of
 * the completed months; the rule that chose the picks; and, when the reader's tier hides some of this month's
 * picks, the way to see them.
 */

import { __iconData as lockShape } from 'lucide-react/icons/lock'
import { buttonClassName } from '#app/components/button.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import type { HomePicks, HomePicksMonth } from '#app/features/stocks/home-stock-sections.server.ts'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import { PickRow, PickTableHead, ReturnText } from '#app/features/stocks/pick-rows.tsx'
import { type DisplayLocale, formatMonth, formatPercent } from '#app/features/stocks/stock-format.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { homePicksShown } from './home-picks.ts'
import { StockSectionFrame } from './stock-section-frame.tsx'

const Lock = outlineIcon(lockShape)

/** On a phone the table lists fewer, so the section stays about one screen tall. */
export const phonePicksShown = 3

export function StockPicksSection({
  picks,
  displayLocale,
}: {
  picks: HomePicks | null
  displayLocale: DisplayLocale
}) {
  const { t } = useTranslation('stocks')
  if (!picks) return null
  const shown = picks.months.find((m) => m.picks.length > 0)
  const current = picks.months[0]
  if (!shown && !current?.lockedCount) return null
  const record = picks.trackRecord
  const captionOf = (month: HomePicksMonth, limit: number) =>
    month.pickCount > limit
      ? t('picks.monthCaptionTop', {
          month: formatMonth(month.month, displayLocale),
          shown: limit,
          count: month.pickCount,
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
            <PickTableHead />
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
          <PageLink to="/subscribe" className={buttonClassName('primary', 'sm')}>
            {t('quota.subscribe')}
          </PageLink>
        </div>
      ) : null}
      <p className="text-xs text-ink-700">
        {picks.rule} {t('picks.note')}
      </p>
    </StockSectionFrame>
  )
}
