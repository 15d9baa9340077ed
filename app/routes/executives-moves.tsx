/**
 * /executives-moves (spec §2): insider buys and sells, newest first, filterable by market and by buy or sell, in
 * pages. Amounts are in each stock's listing currency; dates are the trading days of the filings.
 */

import { EmptyState } from '#app/components/empty-state.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { ExecutiveMovesTable } from '#app/features/stocks/executive-moves-table.tsx'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import { choiceOf, listHref, marketOf, pageCountOf, pageOf } from '#app/features/stocks/list-query.ts'
import { FilterLinks, MarketTabs } from '#app/features/stocks/market-tabs.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { Market } from '#contracts/regions.ts'
import type { Route } from './+types/executives-moves.ts'

const pageSize = 20
const kinds = ['all', 'buy', 'sell'] as const

export const handle = { catalogs: ['stocks'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context.get(requestContext)
  const t = getServerTranslator(locale).t
  const params = new URL(request.url).searchParams
  const market = marketOf(params, null, { allowAll: true })
  const kind = choiceOf(params, 'kind', kinds, 'all')
  const page = pageOf(params)
  const answer = await services.stocks.listExecutiveMoves(
    { market: market ?? undefined, kind: kind === 'all' ? undefined : kind, page, pageSize },
    locale,
  )
  return {
    title: t('stocks:moves.title'),
    description: t('stocks:moves.metaDescription'),
    market,
    kind,
    answer,
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function ExecutivesMoves({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('stocks')
  const { displayLocale } = useRootData()
  const { answer, market, kind } = loaderData
  const hrefOf = (next: { market?: Market | null; kind?: string; page?: number }) =>
    listHref('/executives-moves', {
      market: next.market === undefined ? market : next.market,
      kind: (next.kind ?? kind) === 'all' ? null : (next.kind ?? kind),
      page: next.page && next.page > 1 ? next.page : null,
    })
  const caption = t('moves.caption', {
    market: market ? t(`markets.${market}`) : t('lists.allMarkets'),
    kind: t(`moves.filter.${kind}`),
  })
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-8 lg:px-6 lg:py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">{t('moves.title')}</h1>
        <p className="text-ink-700">{t('moves.intro')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <MarketTabs
            current={market}
            allowAll
            hrefOf={(m) => hrefOf({ market: m ?? null, page: 1 })}
            label={t('lists.market')}
          />
          <FilterLinks
            options={kinds}
            current={kind}
            hrefOf={(k) => hrefOf({ kind: k, page: 1 })}
            labelOf={(k) => t(`moves.filter.${k}`)}
            label={t('moves.kindLabel')}
          />
        </div>
        <DataStamp
          isDemo={answer.isDemo}
          asOf={answer.asOf}
          stale={answer.stale}
          displayLocale={displayLocale}
        />
      </header>
      <section aria-label={caption} className="flex flex-col gap-3">
        {answer.rows.length === 0 ? (
          <EmptyState title={t('moves.empty')} description={t('lists.emptyHint')} />
        ) : (
          <div className="md:rounded-card md:border md:border-ink-100 md:bg-white">
            <ExecutiveMovesTable rows={answer.rows} caption={caption} displayLocale={displayLocale} />
          </div>
        )}
        <Pagination
          page={answer.page}
          pageCount={pageCountOf(answer.total, answer.pageSize)}
          hrefOf={(p) => hrefOf({ page: p })}
        />
      </section>
      {answer.isDemo ? <p className="text-xs text-ink-700">{t('moves.demoNote')}</p> : null}
      <p className="text-xs text-ink-700">{t('moves.note')}</p>
    </div>
  )
}
