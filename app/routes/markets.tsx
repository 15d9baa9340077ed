/**
 * /markets/:market (issue 28): a market at a glance — our universe index over a day, week, month and year with its
 * year's chart (drawn here, on the server, as inline SVG), the session's breadth, the sector map, top movers and the
 * most-diagnosed stocks. `/markets` goes to the region's market; an unknown market is the site's 404.
 */
import { data, redirect } from 'react-router'
import { indexChartGeometry } from '#app/features/markets/index-chart-geometry.ts'
import { MarketOverviewView } from '#app/features/markets/market-overview-view.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import { type Market, markets, regionSettings } from '#contracts/regions.ts'
import type { Route } from './+types/markets.ts'

export const handle = { catalogs: ['stocks', 'markets'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, locale, region } = context.get(requestContext)
  if (!params.market) throw redirect(`/markets/${regionSettings[region].defaultMarket}`)
  const market = params.market as Market
  if (!markets.includes(market)) throw data({ reason: 'not-found' }, { status: 404 })
  const t = getServerTranslator(locale).t
  const answer = await services.stocks.getMarketOverview(market, locale)
  const { points, ...benchmark } = answer.benchmark
  const marketName = t(`stocks:markets.${market}`)
  return {
    title: t('markets:title', { market: marketName }),
    description: t('markets:metaDescription', { market: marketName }),
    // The chart is drawn here: the page receives its path, not the year of levels.
    answer: { ...answer, benchmark },
    // Drawn in a box of 1000 × 300 that stretches to the page's width; its labels are text beside it.
    chart: indexChartGeometry(points, {
      width: 1000,
      height: 300,
      padding: { top: 12, right: 0, bottom: 12, left: 0 },
    }),
    chartRange: { from: points[0]?.date ?? null, to: points.at(-1)?.date ?? null },
  }
}

export const meta: Route.MetaFunction = titledPageMeta

export default function Markets({ loaderData }: Route.ComponentProps) {
  return <MarketOverviewView {...loaderData} />
}
