/**
 * /compare?codes=us:AAPL,hk:0700 (issue 28): two to four stocks side by side — price and returns, each score with
 * its checks, fair value and its range, margins, growth, P/E, P/B, dividend yield, support and resistance — and their
 * prices on one chart rebased to 100. The stocks are in the URL (links and a plain GET form), so a comparison can be
 * shared, bookmarked, walked with the back button and built without JavaScript; anonymous readers get it from the
 * page cache like the stock lists. Reached from the diagnosis, the watchlist and the screener's rows.
 */

import { ProblemList } from '#app/components/problem-list.tsx'
import { CompareChart } from '#app/features/stocks/compare-chart.tsx'
import { loadComparePage } from '#app/features/stocks/compare-page.server.ts'
import { ComparePicker } from '#app/features/stocks/compare-picker.tsx'
import { CompareTable } from '#app/features/stocks/compare-table.tsx'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import { compareMax, compareMin, compareTokensHref } from '#contracts/compare-rules.ts'
import type { Route } from './+types/compare.ts'

export const handle = { catalogs: ['stocks', 'compare'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadComparePage(request, context.get(requestContext))
}

export const meta: Route.MetaFunction = titledPageMeta

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('compare')
  const { displayLocale } = useRootData()
  const { answer, chosen, problems, isTooFew } = loaderData
  const tokens = chosen.map((stock) => stock.token)
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
      <ProblemList
        heading={t('problems.heading')}
        problems={problems}
        hint={t('problems.hint')}
        testId="compare-problems"
      />
      {isTooFew ? (
        <p
          role="status"
          className="rounded-card bg-brand-100 px-4 py-3 text-sm text-ink-900"
          data-testid="compare-too-few"
        >
          {t('tooFew', { min: compareMin, max: compareMax })}
        </p>
      ) : null}
      <ComparePicker key={tokens.join(',')} chosen={chosen} />
      {answer ? (
        <>
          <CompareChart stocks={answer.stocks} displayLocale={displayLocale} />
          <CompareTable
            answer={answer}
            removeHrefOf={(index) => compareTokensHref(tokens.filter((_, other) => other !== index))}
            displayLocale={displayLocale}
          />
        </>
      ) : null}
      <p className="text-xs text-ink-700">{t('disclaimer')}</p>
    </div>
  )
}
