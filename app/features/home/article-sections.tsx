/**
 * The home page's article sections (spec §2 home): latest and recommendations here, by market and hot topics in
 * home-more-sections.tsx, with the section frame they share. Each is its own component so the home page can place
 * stock sections between them. On a phone each list is a horizontal row of cards.
 */
import { clsx } from 'clsx'
import { __iconData as arrowRightShape } from 'lucide-react/icons/arrow-right'
import type { ReactNode } from 'react'
import { outlineIcon } from '#app/components/icons.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { ArticleCard } from '#app/features/articles/article-card.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ArticleSummary } from '#contracts/articles.ts'
import { phoneScrollerClassName } from './phone-scroller.ts'

const ArrowRight = outlineIcon(arrowRightShape)

export function HomeSection({
  id,
  title,
  action,
  children,
}: {
  id: string
  title: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      aria-labelledby={id}
      className="mx-auto flex max-w-screen-xl flex-col gap-4 px-4 py-6 sm:gap-5 sm:py-8 lg:px-6"
    >
      <div className="flex items-end justify-between gap-4">
        <h2 id={id} className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}

export function ViewAll({ to, label }: { to: string; label: string }) {
  return (
    <PageLink
      to={to}
      className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
    >
      {label}
      <ArrowRight className="size-4" aria-hidden="true" />
    </PageLink>
  )
}

/**
 * A home card's cover width: a third of the 1280px page from lg, half from sm, and below sm a card of the phone row
 * (82% of the row inside its 1rem margins, at most 20rem; less the card's padding and border), so a phone fetches
 * a picture the size of the card.
 */
export const homeCoverSizes =
  '(min-width: 1024px) 400px, (min-width: 640px) 50vw, min(calc(82vw - 60px), 286px)'

/** `firstCoverPriority`: the list is the page's first, its first cover the largest picture of a phone's first screen. */
function ArticleGrid({
  articles,
  firstCoverPriority = false,
}: {
  articles: ArticleSummary[]
  firstCoverPriority?: boolean
}) {
  const { t } = useTranslation('articles')
  if (articles.length === 0) return <p className="text-sm text-ink-700">{t('home.empty')}</p>
  return (
    <ul className={clsx(phoneScrollerClassName, 'sm:grid sm:grid-cols-2 sm:gap-5 lg:grid-cols-3')}>
      {articles.map((article, index) => (
        <li key={article.articleId} className="flex">
          <ArticleCard
            article={article}
            headingLevel={3}
            coverSizes={homeCoverSizes}
            coverPriority={firstCoverPriority && index === 0}
          />
        </li>
      ))}
    </ul>
  )
}

export function LatestArticlesSection({ articles }: { articles: ArticleSummary[] }) {
  const { t } = useTranslation('articles')
  return (
    <HomeSection
      id="home-latest"
      title={t('home.latest')}
      action={<ViewAll to="/articles" label={t('home.viewAll')} />}
    >
      <ArticleGrid articles={articles} firstCoverPriority />
    </HomeSection>
  )
}

export function RecommendationsSection({ articles }: { articles: ArticleSummary[] }) {
  const { t } = useTranslation('articles')
  return (
    <HomeSection
      id="home-recommendations"
      title={t('home.recommendations')}
      action={<ViewAll to="/recommendations" label={t('home.viewAll')} />}
    >
      <ArticleGrid articles={articles} />
    </HomeSection>
  )
}
