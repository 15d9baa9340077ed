/** Home (spec §2): what the site offers, with the sections later features fill with articles and stock data. */
import { ArrowRight, BarChart3, Flame, Newspaper, Sparkles } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { buttonClassName } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { NewsletterForm } from '#app/features/contact/newsletter-form.tsx'
import {
  HotTopicsSection,
  LatestArticlesSection,
  MarketArticlesSection,
  RecommendationsSection,
} from '#app/features/home/article-sections.tsx'
import { HomeStockSectionList } from '#app/features/home/stock-sections.tsx'
import { loadHomeStockSections } from '#app/features/stocks/home-stock-sections.server.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { regionSettings } from '#contracts/regions.ts'
import type { Route } from './+types/home.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, region, services } = context.get(requestContext)
  // Every section loads at once; features add their own call to this list.
  const [articles, stocks] = await Promise.all([
    services.articles.listHomeSections(locale, regionSettings[region].defaultMarket),
    loadHomeStockSections(request, context.get(requestContext)),
  ])
  return { description: getServerTranslator(locale).t('home:meta.description'), articles, stocks }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: '',
    description: loaderData?.description,
    path: location.pathname,
    root: rootDataOf(matches),
  })

const features = [
  { to: '/articles', key: 'articles', Icon: Newspaper },
  { to: '/stocks-hot', key: 'hotStocks', Icon: Flame },
  { to: '/stocks-valuation', key: 'valuation', Icon: BarChart3 },
  { to: '/ai-stock-diagnosis', key: 'diagnosis', Icon: Sparkles },
] as const

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('home')
  const { articles } = loaderData
  return (
    <>
      <section className="bg-ink-950 text-white">
        <div className="mx-auto grid max-w-screen-xl gap-8 px-4 py-14 lg:grid-cols-2 lg:px-6 lg:py-20">
          <div className="flex flex-col gap-5">
            <h1 className="text-3xl leading-tight font-bold tracking-tight sm:text-4xl">{t('hero.title')}</h1>
            <p className="text-lg text-ink-300">{t('hero.subtitle')}</p>
            <div className="flex flex-wrap gap-3">
              <Link to="/ai-stock-diagnosis" className={buttonClassName('primary', 'lg')}>
                {t('hero.diagnose')}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              <Link to="/articles" className={buttonClassName('inverse', 'lg')}>
                {t('hero.read')}
              </Link>
            </div>
          </div>
          <ul className="grid grid-cols-2 gap-3 self-center">
            {features.map(({ to, key, Icon }) => (
              <li key={key}>
                <Link
                  to={to}
                  className="flex h-full flex-col gap-2 rounded-card border border-ink-800 bg-ink-900 p-4 hover:border-brand-500"
                >
                  <Icon className="size-5 text-brand-500" aria-hidden="true" />
                  <span className="font-semibold">{t(`features.${key}.title`)}</span>
                  <span className="text-sm text-ink-300">{t(`features.${key}.body`)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <LatestArticlesSection articles={articles.latest} />
      <MarketArticlesSection markets={articles.byMarket} />
      <HomeStockSectionList sections={loaderData.stocks} />
      <HotTopicsSection topics={articles.hotTopics} />
      <RecommendationsSection articles={articles.recommendations} />
      <section className="mx-auto max-w-screen-xl px-4 py-12 lg:px-6">
        <Card className="flex flex-col gap-4 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-xl font-semibold text-ink-950">{t('newsletter.title')}</h2>
            <p className="mt-1 text-sm text-ink-700">{t('newsletter.body')}</p>
          </div>
          <div className="md:w-[28rem]">
            <NewsletterForm source="home" />
          </div>
        </Card>
      </section>
    </>
  )
}
