/** One article in a list: cover, kind and market, title, summary (or the search snippet), author and time. */
import { clsx } from 'clsx'
import { Badge } from '#app/components/badge.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ArticleSummary } from '#contracts/articles.ts'
import { articlePath, marketPath, topicPath } from './article-paths.ts'
import { ArticleTime } from './article-time.tsx'
import { CoverPicture } from './cover-picture.tsx'

/** A card's width: a third of the 1280px page from lg, half from sm (the lists' grids), else the screen's. */
const cardCoverSizes = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw'
/** A search result's picture sits beside its text, 14rem wide from sm. */
const rowCoverSizes = '(min-width: 640px) 224px, 100vw'

export function ArticleKindBadge({ kind }: { kind: ArticleSummary['kind'] }) {
  const { t } = useTranslation('articles')
  return <Badge tone={kind === 'recommendation' ? 'brand' : 'neutral'}>{t(`kinds.${kind}`)}</Badge>
}

export function ArticleCard({
  article,
  headingLevel = 2,
  layout = 'card',
  coverSizes,
  coverPriority = false,
}: {
  article: ArticleSummary
  headingLevel?: 2 | 3
  /** The cover's width at each screen width, where the card's list lays cards out otherwise than the lists do. */
  coverSizes?: string
  /** The cover is the first screen's largest picture (see CoverPicture). */
  coverPriority?: boolean
  /** `row`: image beside the text (search results, wide lists); `compact`: no image (side lists). */
  layout?: 'card' | 'row' | 'compact'
}) {
  const { t } = useTranslation('articles')
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article
      className={clsx(
        'flex gap-4 rounded-card border border-ink-100 bg-white p-4 shadow-sm',
        layout === 'card' ? 'flex-col' : 'flex-col sm:flex-row',
      )}
      data-testid="article-card"
    >
      {layout === 'compact' ? null : (
        <CoverPicture
          article={article}
          sizes={coverSizes ?? (layout === 'row' ? rowCoverSizes : cardCoverSizes)}
          priority={coverPriority}
          className={clsx(
            'aspect-video rounded-lg bg-ink-50 object-cover',
            layout === 'row' ? 'w-full sm:w-56' : 'w-full',
          )}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <ArticleKindBadge kind={article.kind} />
          <PageLink
            to={marketPath(article.country)}
            className="font-medium text-ink-700 hover:text-brand-700"
          >
            {t(`markets.${article.country}`)}
          </PageLink>
          <span aria-hidden="true" className="text-ink-300">
            ·
          </span>
          <PageLink
            to={topicPath(article.topic.slug)}
            className="font-medium text-ink-700 hover:text-brand-700"
          >
            {article.topic.name}
          </PageLink>
        </div>
        <Heading className="text-lg leading-snug font-semibold text-ink-950">
          <PageLink to={articlePath(article.key)} className="hover:text-brand-700">
            {article.title}
          </PageLink>
        </Heading>
        {article.snippet ? (
          <p
            className="text-sm text-ink-700 [&_mark]:rounded [&_mark]:bg-gold-500/25 [&_mark]:px-0.5 [&_mark]:text-ink-950"
            data-testid="search-snippet"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: built by highlightSnippet, which escapes everything but its own <mark>
            dangerouslySetInnerHTML={{ __html: article.snippet }}
          />
        ) : layout === 'compact' ? null : (
          <p className="line-clamp-3 text-sm text-ink-700">{article.summary}</p>
        )}
        <p className="mt-auto flex flex-wrap gap-x-2 text-xs text-ink-500">
          <span>{t('card.byline', { author: article.author.name })}</span>
          <ArticleTime iso={article.publishedAt} withTime={false} />
        </p>
      </div>
    </article>
  )
}
