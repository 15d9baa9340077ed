/**
 * /stocks-valuation (spec §1, §2): the most undervalued stocks of a market by margin of safety, and the most
 * overvalued by premium to fair value. Kind, market and page are in the URL; each stock links to its diagnosis.
 */

import { EmptyState } from '#app/components/empty-state.tsx'
import { Pagination } from '#app/components/pagination.tsx'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import { choiceOf, listHref, marketOf, pageCountOf, pageOf } from '#app/features/stocks/list-query.ts'
import { FilterLinks, MarketTabs } from '#app/features/stocks/market-tabs.tsx'
import { ValuationTable } from '#app/features/stocks/valuation-table.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import { type Market, regionSettings } from '#contracts/regions.ts'
import { valuationKinds } from '#contracts/stock-rules.ts'
import type { Route } from './+types/stocks-valuation.ts'

const pageSize = 20

export const handle = { catalogs: ['stocks'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale, region } = context.get(requestContext)
  const t = getServerTranslator(locale).t
  const params = new URL(request.url).searchParams
  const market = marketOf(params, regionSettings[region].defaultMarket) as Market
  const kind = choiceOf(params, 'kind', valuationKinds, 'undervalued')
  const page = pageOf(params)
  const answer = await services.stocks.listValuation({ kind, market, page, pageSize }, locale)
  return {
    title: t('stocks:valuation.title'),
    description: t('stocks:valuation.metaDescription'),
    market,
    kind,
    answer,
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function StocksValuation({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('stocks')
  const { displayLocale } = useRootData()
  const { answer, market, kind } = loaderData
  const hrefOf = (next: { market?: Market | null; kind?: string; page?: number }) =>
    listHref('/stocks-valuation', {
      kind: (next.kind ?? kind) === 'undervalued' ? null : (next.kind ?? kind),
      market: next.market === undefined ? market : next.market,
      page: next.page && next.page > 1 ? next.page : null,
    })
  const caption = t(`valuation.caption.${kind}`, { market: t(`markets.${market}`) })
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-8 lg:px-6 lg:py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">{t('valuation.title')}</h1>
        <p className="text-ink-700">{t('valuation.intro')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <FilterLinks
            options={valuationKinds}
            current={kind}
            hrefOf={(k) => hrefOf({ kind: k, page: 1 })}
            labelOf={(k) => t(`valuation.kind.${k}`)}
            label={t('valuation.kindLabel')}
          />
          <MarketTabs
            current={market}
            hrefOf={(m) => hrefOf({ market: m, page: 1 })}
            label={t('lists.market')}
          />
        </div>
        <DataStamp
          isDemo={answer.isDemo}
          asOf={answer.asOf}
          stale={answer.stale}
          displayLocale={displayLocale}
        />
      </header>
      <section aria-labelledby="valuation-heading" className="flex flex-col gap-3">
        <h2 id="valuation-heading" className="text-xl font-semibold text-ink-950">
          {caption}
        </h2>
        <p className="text-sm text-ink-700">{t(`valuation.explain.${kind}`)}</p>
        {answer.rows.length === 0 ? (
          <EmptyState title={t('lists.empty')} description={t('lists.emptyHint')} />
        ) : (
          <div className="md:rounded-card md:border md:border-ink-100 md:bg-white">
            <ValuationTable
              rows={answer.rows}
              kind={kind}
              firstRank={(answer.page - 1) * answer.pageSize + 1}
              caption={caption}
              displayLocale={displayLocale}
            />
          </div>
        )}
        <Pagination
          page={answer.page}
          pageCount={pageCountOf(answer.total, answer.pageSize)}
          hrefOf={(p) => hrefOf({ page: p })}
        />
      </section>
      <p className="text-xs text-ink-700">{t('disclaimer.short')}</p>
    </div>
  )
}
