/**
 * /stocks-hot (spec §1, §2): the hot stocks of one market with their interpretation, and the heat of every market.
 * The market is in the URL (`?market=hk`), defaulting to the region's market; each stock links to its diagnosis.
 */

import { PageLink } from '#app/components/page-link.tsx'
import { HotStocksView } from '#app/features/stocks/hot-stocks-view.tsx'
import { DataStamp } from '#app/features/stocks/list-parts.tsx'
import { listHref, marketOf } from '#app/features/stocks/list-query.ts'
import { MarketTabs } from '#app/features/stocks/market-tabs.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import { type Market, regionSettings } from '#contracts/regions.ts'
import type { Route } from './+types/stocks-hot.ts'

/** How many hot stocks a market's list shows. */
const hotStocksShown = 20

export const handle = { catalogs: ['stocks'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale, region } = context.get(requestContext)
  const t = getServerTranslator(locale).t
  const market = marketOf(new URL(request.url).searchParams, regionSettings[region].defaultMarket) as Market
  // The list is the chosen market's; the heat strip shows every market, so the tabs say where to look.
  const [answer, everyMarket] = await Promise.all([
    services.stocks.listHotStocks({ market, limit: hotStocksShown }, locale),
    services.stocks.listHotStocks({ limit: 1 }, locale),
  ])
  const heat = everyMarket.markets.length > 0 ? everyMarket.markets : answer.markets
  return {
    title: t('stocks:hot.title'),
    description: t('stocks:hot.metaDescription'),
    market,
    answer: { ...answer, markets: heat },
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function StocksHot({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('stocks')
  const { displayLocale } = useRootData()
  const { answer, market } = loaderData
  const hrefOf = (m: Market | null) => listHref('/stocks-hot', { market: m })
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-6 px-4 py-8 lg:px-6 lg:py-10">
      <header className="flex flex-col gap-3">
        <h1 className="text-2xl font-bold text-ink-950 sm:text-3xl">{t('hot.title')}</h1>
        <p className="text-ink-700">{t('hot.intro')}</p>
        <MarketTabs current={market} hrefOf={hrefOf} label={t('lists.market')} />
        <p>
          <PageLink
            to={`/markets/${market}`}
            className="text-sm font-medium text-brand-700 hover:underline"
            data-testid="market-overview-link"
          >
            {t('overview.link', { market: t(`markets.${market}`) })}
          </PageLink>
        </p>
        <DataStamp
          isDemo={answer.isDemo}
          asOf={answer.asOf}
          stale={answer.stale}
          displayLocale={displayLocale}
        />
      </header>
      <HotStocksView answer={answer} market={market} hrefOf={hrefOf} displayLocale={displayLocale} />
      <p className="text-xs text-ink-700">{t('disclaimer.short')}</p>
    </div>
  )
}
