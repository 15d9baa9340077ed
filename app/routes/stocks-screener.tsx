/**
 * /stocks-screener (issue 28): stocks found by the reader's own criteria — market, sector, each score and the
 * total, the technicals and capital-flow labels, the fair-value gap, P/E, P/B, dividend yield, market cap, the
 * 52-week position and the return over a period — sorted on any column and paged, with preset screens named and
 * explained. The whole screen is in the URL (a GET form and links), so it can be shared, bookmarked, walked with
 * the back button and used without JavaScript; anonymous readers get it from the page cache like the other lists.
 */

import { EmptyState } from '#app/components/empty-state.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { ProblemList } from '#app/components/problem-list.tsx'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import { pageCountOf } from '#app/features/stocks/list-query.ts'
import { SavedScreens } from '#app/features/stocks/saved-screens.tsx'
import { ScreenerForm, sortLabelKey } from '#app/features/stocks/screener-form.tsx'
import { screenHref } from '#app/features/stocks/screener-href.ts'
import { loadScreenerPage } from '#app/features/stocks/screener-page.server.ts'
import { ScreenerTable } from '#app/features/stocks/screener-table.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import { compareFirstOf } from '#contracts/compare-href.ts'
import { canonicalScreenSearch, screenPresetKeys, screenPresets } from '#contracts/screener-rules.ts'
import type { Route } from './+types/stocks-screener.ts'

export const handle = { catalogs: ['stocks', 'screener'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadScreenerPage(request, context.get(requestContext))
}

export const meta: Route.MetaFunction = titledPageMeta

export default function StocksScreener({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('screener')
  const { displayLocale } = useRootData()
  const { answer, values, problems, saved, screenAlerts } = loaderData
  // A preset keeps the reader's market; it is the current screen when every other parameter is the preset's.
  const current = canonicalScreenSearch(new URLSearchParams({ ...values, market: '' }))
  const presetHrefOf = (key: (typeof screenPresetKeys)[number]) =>
    screenHref({ market: values.market ?? '' }, { ...screenPresets[key] })
  const sortName = answer ? t(sortLabelKey(answer.sort)) : ''
  const compareFirst = answer ? compareFirstOf(answer.rows) : null
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-8 lg:px-6 lg:py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">{t('title')}</h1>
        <p className="text-ink-700">{t('intro')}</p>
        {answer ? (
          <DataStamp
            isDemo={answer.isDemo}
            asOf={answer.asOf}
            stale={answer.stale}
            displayLocale={displayLocale}
          />
        ) : null}
      </header>
      <section aria-labelledby="screener-presets" className="flex flex-col gap-3">
        <h2 id="screener-presets" className="text-lg font-semibold text-ink-950">
          {t('presets.heading')}
        </h2>
        <p className="text-sm text-ink-700">{t('presets.intro')}</p>
        <ul className="grid gap-3 md:grid-cols-3">
          {screenPresetKeys.map((key) => {
            const isCurrent = current === canonicalScreenSearch(new URLSearchParams(screenPresets[key]))
            return (
              <li
                key={key}
                className="flex flex-col gap-1 rounded-card border border-ink-100 bg-white p-4"
                data-testid={`preset-${key}`}
              >
                <PageLink
                  to={presetHrefOf(key)}
                  className="font-semibold text-brand-700 hover:underline"
                  aria-current={isCurrent ? 'page' : undefined}
                >
                  {t(`presets.${key}.name`)}
                </PageLink>
                {isCurrent ? (
                  <span className="text-xs font-medium text-ink-900">{t('presets.current')}</span>
                ) : null}
                <p className="text-sm text-ink-700">{t(`presets.${key}.explain`)}</p>
              </li>
            )
          })}
        </ul>
      </section>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <ScreenerForm key={canonicalScreenSearch(new URLSearchParams(values))} values={values} />
        <SavedScreens saved={saved} alerts={screenAlerts} market={values.market} />
      </div>
      <ProblemList
        heading={t('problems.heading')}
        problems={problems}
        hint={t('problems.hint')}
        testId="screener-problems"
      />
      {answer ? (
        <section aria-labelledby="screener-results" className="flex min-w-0 flex-col gap-3">
          <h2 id="screener-results" className="text-xl font-semibold text-ink-950">
            {t('results.heading')}
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-ink-700" data-testid="screener-count" aria-live="polite">
              {t('results.count', { count: answer.total })}
            </p>
            {compareFirst ? (
              <PageLink
                to={compareFirst.href}
                className="text-sm font-medium text-brand-700 hover:underline"
                data-testid="screener-compare"
              >
                {t('results.compare', { count: compareFirst.count })}
              </PageLink>
            ) : null}
          </div>
          {answer.rows.length === 0 ? (
            <EmptyState title={t('results.empty')} description={t('results.emptyHint')} />
          ) : (
            <ScreenerTable
              answer={answer}
              values={values}
              caption={t('results.caption', { column: sortName })}
              displayLocale={displayLocale}
            />
          )}
          <Pagination
            page={answer.page}
            pageCount={pageCountOf(answer.total, answer.pageSize)}
            hrefOf={(page) => screenHref(values, { page })}
          />
        </section>
      ) : null}
      <p className="text-xs text-ink-700">{t('stocks:disclaimer.short')}</p>
    </div>
  )
}
