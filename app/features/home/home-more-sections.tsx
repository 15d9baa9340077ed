/**
 * The home page after its first screen (spec §2 home): articles by market (the region's market first; on a phone each
 * market shows its three latest articles, with its "more" link), the stock sections, hot topics and the
 * recommendations. Links, text and figures only, so the home route draws them as a deferred part: the server renders
 * them with the page and the browser hydrates them once this code arrives (ADR 0011).
 */
import { clsx } from 'clsx'
import { __iconData as flameShape } from 'lucide-react/icons/flame'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { articlePath, marketPath, topicPath } from '#app/features/articles/article-paths.ts'
import { ArticleTime } from '#app/features/articles/article-time.tsx'
import type { HomeStockSections } from '#app/features/stocks/home-stock-sections.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { HomeSection, RecommendationsSection, ViewAll } from './article-sections.tsx'
import type { HomeArticles } from './home-articles.server.ts'
import { phoneScrollerClassName } from './phone-scroller.ts'
import { HomeStockSectionList } from './stock-sections.tsx'

const Flame = outlineIcon(flameShape)

export function HomeMoreSections({
  articles,
  stocks,
}: {
  articles: HomeArticles
  stocks: HomeStockSections
}) {
  return (
    <>
      <MarketArticlesSection markets={articles.byMarket} />
      <HomeStockSectionList sections={stocks} />
      <HotTopicsSection topics={articles.hotTopics} />
      <RecommendationsSection articles={articles.recommendations} />
    </>
  )
}

function MarketArticlesSection({ markets }: { markets: HomeArticles['byMarket'] }) {
  const { t } = useTranslation('articles')
  return (
    <HomeSection id="home-markets" title={t('home.byMarket')}>
      <div className={clsx(phoneScrollerClassName, 'sm:grid sm:gap-5 md:grid-cols-2')}>
        {markets.map((market) => (
          <section
            key={market.country}
            aria-labelledby={`home-market-${market.country}`}
            className="flex flex-col gap-3 rounded-card border border-ink-100 bg-white p-5 shadow-sm"
            data-testid={`home-market-${market.country}`}
          >
            <h3 id={`home-market-${market.country}`} className="text-lg font-semibold text-ink-950">
              {t(`markets.${market.country}`)}
            </h3>
            {market.rows.length === 0 ? (
              <p className="text-sm text-ink-700">{t('home.empty')}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-ink-100 max-sm:[&>li:nth-child(n+4)]:hidden">
                {market.rows.map((article) => (
                  <li key={article.articleId} className="flex flex-col gap-1 py-2">
                    <PageLink
                      to={articlePath(article.key)}
                      className="font-medium text-ink-900 hover:text-brand-700"
                    >
                      {article.title}
                    </PageLink>
                    <span className="text-xs text-ink-500">
                      <ArticleTime iso={article.publishedAt} withTime={false} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <ViewAll
              to={marketPath(market.country)}
              label={t('home.viewMarket', { market: t(`markets.${market.country}`) })}
            />
          </section>
        ))}
      </div>
    </HomeSection>
  )
}

function HotTopicsSection({ topics }: { topics: HomeArticles['hotTopics'] }) {
  const { t } = useTranslation('articles')
  if (topics.length === 0) return null
  return (
    <HomeSection id="home-topics" title={t('home.hotTopics')}>
      <ul className={clsx(phoneScrollerClassName, 'sm:grid sm:grid-cols-2 sm:gap-5 lg:grid-cols-4')}>
        {topics.map((topic) => (
          <li
            key={topic.slug}
            className="flex flex-col overflow-hidden rounded-card border border-ink-100 bg-white shadow-sm"
          >
            <img
              src={topic.coverUrl}
              alt=""
              width={320}
              height={180}
              loading="lazy"
              className="aspect-video w-full bg-ink-50 object-cover"
            />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="text-lg font-semibold text-ink-950">
                <PageLink to={topicPath(topic.slug)} className="hover:text-brand-700">
                  {topic.name}
                </PageLink>
              </h3>
              <p className="line-clamp-3 text-sm text-ink-700">{topic.description}</p>
              <p className="mt-auto flex flex-wrap gap-x-3 text-xs text-ink-500">
                <span>{t('home.topicArticles', { count: topic.articleCount })}</span>
                {topic.recentViews > 0 ? (
                  <span className="inline-flex items-center gap-1">
                    <Flame className="size-3 text-gold-500" aria-hidden="true" />
                    {t('home.topicReads', { count: topic.recentViews })}
                  </span>
                ) : null}
              </p>
              {topic.latest ? (
                <PageLink
                  to={articlePath(topic.latest.key)}
                  className="text-sm font-medium text-brand-700 hover:underline"
                >
                  {topic.latest.title}
                </PageLink>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
}
