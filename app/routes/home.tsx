/** Home (spec §2): what the site offers, with the sections later features fill with articles and stock data. */

import { __iconData as arrowRightShape } from 'lucide-react/icons/arrow-right'
import { __iconData as chartColumnShape } from 'lucide-react/icons/chart-column'
import { __iconData as flameShape } from 'lucide-react/icons/flame'
import { __iconData as newspaperShape } from 'lucide-react/icons/newspaper'
import { __iconData as sparklesShape } from 'lucide-react/icons/sparkles'
import { buttonClassName } from '#app/components/button.tsx'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { LatestArticlesSection } from '#app/features/home/article-sections.tsx'
import { homeArticlesOf } from '#app/features/home/home-articles.server.ts'
import { loadHomeStockSections } from '#app/features/stocks/home-stock-sections.server.ts'
import { type CatalogHandle, ensureCatalogs, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { regionSettings } from '#contracts/regions.ts'
import type { Route } from './+types/home.ts'

const ArrowRight = outlineIcon(arrowRightShape)
const BarChart3 = outlineIcon(chartColumnShape)
const Flame = outlineIcon(flameShape)
const Newspaper = outlineIcon(newspaperShape)
const Sparkles = outlineIcon(sparklesShape)

export const handle = { catalogs: ['articles', 'home'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, region, services } = context.get(requestContext)
  // Every section loads at once; features add their own call to this list.
  const [articles, stocks] = await Promise.all([
    services.articles.listHomeSections(locale, regionSettings[region].defaultMarket),
    loadHomeStockSections(request, context.get(requestContext)),
  ])
  return {
    description: getServerTranslator(locale).t('home:meta.description'),
    articles: homeArticlesOf(articles),
    stocks,
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: '',
    description: loaderData?.description,
    path: location.pathname,
    root: rootDataOf(matches),
  })

/**
 * After the first screen, links and figures only: hydrated when its code arrives, after the page's, with the stock
 * sections' words (`stocks`), which the first screen does not speak (ADR 0011).
 */
const HomeMoreSections = deferHydration(async () => {
  const [module] = await Promise.all([
    import('#app/features/home/home-more-sections.tsx'),
    ensureCatalogs(['stocks']),
  ])
  return module.HomeMoreSections
})

const features = [
  { to: '/articles', key: 'articles', Icon: Newspaper },
  { to: '/stocks-hot', key: 'hotStocks', Icon: Flame },
  { to: '/stocks-valuation', key: 'valuation', Icon: BarChart3 },
  { to: '/ai-stock-diagnosis', key: 'diagnosis', Icon: Sparkles },
] as const

/** The hero's buttons: the large size from the small tablet up, the medium one on a phone. */
const heroButtonSize = 'sm:h-12 sm:px-6 sm:text-base'

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('home')
  const { articles } = loaderData
  return (
    <>
      <section className="bg-ink-950 text-white">
        {/* On a phone the hero is short: smaller type, and the feature tiles are one line each (their blurb from
            the small tablet up), so the first sections start on the first screen. */}
        <div className="mx-auto grid max-w-screen-xl gap-6 px-4 py-8 sm:gap-8 sm:py-14 lg:grid-cols-2 lg:px-6 lg:py-20">
          <div className="flex flex-col gap-4 sm:gap-5">
            <h1 className="text-2xl leading-tight font-bold tracking-tight sm:text-4xl">{t('hero.title')}</h1>
            <p className="text-base text-ink-300 sm:text-lg">{t('hero.subtitle')}</p>
            <div className="flex flex-wrap gap-3">
              <PageLink to="/ai-stock-diagnosis" className={buttonClassName('primary', 'md', heroButtonSize)}>
                {t('hero.diagnose')}
                <ArrowRight className="size-4" aria-hidden="true" />
              </PageLink>
              <PageLink to="/articles" className={buttonClassName('inverse', 'md', heroButtonSize)}>
                {t('hero.read')}
              </PageLink>
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-2 self-center sm:gap-3">
            {features.map(({ to, key, Icon }) => (
              <li key={key}>
                <PageLink
                  to={to}
                  className="flex h-full items-center gap-2 rounded-card border border-ink-800 bg-ink-900 p-3 hover:border-brand-500 sm:flex-col sm:items-start sm:p-4"
                >
                  <Icon className="size-5 shrink-0 text-brand-500" aria-hidden="true" />
                  <span className="text-sm font-semibold sm:text-base">{t(`features.${key}.title`)}</span>
                  <span className="hidden text-sm text-ink-300 sm:block">{t(`features.${key}.body`)}</span>
                </PageLink>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <LatestArticlesSection articles={articles.latest} />
      <HomeMoreSections articles={articles} stocks={loaderData.stocks} />
    </>
  )
}
