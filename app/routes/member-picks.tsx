/**
 * /member/picks (issue 15): the month's stock picks the reader's plan shows (Base 5, Plus 10, Premium every one;
 * contracts/benefits.ts), each with its record since the recommendation, filtered by market and month in the
 * address; the step that shows the rest; and analyst portfolio tracking for the plans that have it.
 */

import { useId } from 'react'
import { Form } from 'react-router'
import { Button } from '#app/components/button.tsx'
import { LockPrompt } from '#app/features/member-area/lock-prompt.tsx'
import { MemberAreaPage } from '#app/features/member-area/member-area-nav.tsx'
import { loadMemberPicks } from '#app/features/picks/member-picks.server.ts'
import { PicksTrackingView } from '#app/features/picks/picks-tracking-view.tsx'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import { PickRow, PickTableHead } from '#app/features/stocks/pick-rows.tsx'
import { formatMonth } from '#app/features/stocks/stock-format.ts'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import { markets } from '#contracts/regions.ts'
import type { Route } from './+types/member-picks.ts'

export const handle = { catalogs: ['member', 'picks', 'plans', 'stocks'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  const facts = context.get(requestContext)
  const { t } = getServerTranslator(facts.locale)
  return {
    page: await loadMemberPicks(request, facts),
    title: t('picks:page.title'),
    description: t('picks:page.intro'),
  }
}

export const meta: Route.MetaFunction = titledPageMeta

const selectClass =
  'h-10 w-full rounded-lg border border-ink-300 bg-white px-3 text-sm text-ink-900 focus:border-brand-600'

export default function MemberPicks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation(['picks', 'stocks'])
  const { displayLocale } = useRootData()
  const { page } = loaderData
  const { month } = page
  const worstFall = t('picks:table.worstFall')
  const marketId = useId()
  const monthId = useId()
  return (
    <MemberAreaPage title={t('picks:page.title')} intro={t('picks:page.intro')}>
      <Form
        method="get"
        className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
        aria-label={t('picks:filters.label')}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={marketId} className="text-sm font-medium text-ink-800">
            {t('picks:filters.market')}
          </label>
          <select id={marketId} name="market" defaultValue={page.market ?? ''} className={selectClass}>
            <option value="">{t('stocks:lists.allMarkets')}</option>
            {markets.map((market) => (
              <option key={market} value={market}>
                {t(`stocks:markets.${market}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={monthId} className="text-sm font-medium text-ink-800">
            {t('picks:filters.month')}
          </label>
          <select id={monthId} name="month" defaultValue={month?.month ?? ''} className={selectClass}>
            {page.months.map((value) => (
              <option key={value} value={value}>
                {formatMonth(value, displayLocale)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary">
          {t('picks:filters.apply')}
        </Button>
      </Form>

      <section aria-labelledby="month-picks" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="month-picks" className="text-xl font-semibold text-ink-950">
            {month
              ? t('picks:month.title', { month: formatMonth(month.month, displayLocale) })
              : t('picks:month.none')}
          </h2>
          <DataStamp isDemo={page.isDemo} asOf={page.asOf} stale={page.stale} displayLocale={displayLocale} />
        </div>
        {month ? (
          <p className="text-sm text-ink-800" data-testid="picks-count">
            {t('picks:month.shown', {
              count: month.picks.length,
              total: month.picks.length + month.lockedCount,
            })}
          </p>
        ) : null}
        {month && month.picks.length > 0 ? (
          <div className="rounded-card border border-ink-100 bg-white p-3 sm:overflow-x-auto">
            <table className="w-full text-sm sm:min-w-[40rem]">
              <caption className="sr-only">
                {t('picks:month.title', { month: formatMonth(month.month, displayLocale) })}
              </caption>
              <PickTableHead worstFallLabel={worstFall} />
              <tbody className="flex flex-col sm:table-row-group">
                {month.picks.map((pick) => (
                  <PickRow
                    key={`${pick.market}-${pick.code}`}
                    pick={pick}
                    displayLocale={displayLocale}
                    withWorstFall
                    worstFallLabel={worstFall}
                  />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {month && page.picksLock ? (
          <LockPrompt reason={page.picksLock} what={t('picks:lockWhat', { count: month.lockedCount })} />
        ) : null}
        <p className="text-xs text-ink-700">
          {page.rule} {t('stocks:picks.note')}
        </p>
      </section>

      <section aria-labelledby="picks-tracking" className="flex flex-col gap-3">
        <h2 id="picks-tracking" className="text-xl font-semibold text-ink-950">
          {t('picks:tracking.title')}
        </h2>
        <p className="text-sm text-ink-800">{t('picks:tracking.intro')}</p>
        {page.tracking.state === 'open' ? (
          <PicksTrackingView tracking={page.tracking.tracking} displayLocale={displayLocale} />
        ) : (
          <LockPrompt reason={page.tracking.lock} what={t('picks:tracking.lockWhat')} />
        )}
      </section>
    </MemberAreaPage>
  )
}
