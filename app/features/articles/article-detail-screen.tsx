/**
 * An article for reading (spec §2 /articles/{detail}): breadcrumb, title, author and times in the region's zone,
 * cover, body, tags, related stocks and related articles. The 'empty' state keeps the article's frame and says
 * 'Content is empty' where the body would be.
 */

import { Badge } from '#app/components/badge.tsx'
import { PageLink } from '#app/components/page-link.tsx'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import type { ArticleDetail } from '#contracts/articles.ts'
import { ArticleCard, ArticleKindBadge } from './article-card.tsx'
import { ArticleCover } from './article-cover.tsx'
import { ArticleJsonLd } from './article-json-ld.tsx'
import { kindListPath, marketPath, searchPath, topicPath } from './article-paths.ts'
import { ArticleStateMessage } from './article-state-screen.tsx'
import { ArticleTime } from './article-time.tsx'
import { RelatedStocks } from './related-stocks.tsx'

export function ArticleDetailScreen({ article }: { article: ArticleDetail }) {
  const { t } = useTranslation('articles')
  const isEmpty = article.contentState === 'empty'
  return (
    <div className="mx-auto max-w-screen-xl px-4 py-8 lg:px-6 lg:py-10">
      {isEmpty ? null : <ArticleJsonLd article={article} />}
      <nav aria-label={t('detail.breadcrumb')} className="mb-4 text-sm text-ink-700">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <PageLink to={kindListPath(article.kind)} className="hover:text-brand-700">
              {article.kind === 'news'
                ? t('nav.all')
                : t(`nav.${article.kind === 'analysis' ? 'analysis' : 'recommendations'}`)}
            </PageLink>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <PageLink to={topicPath(article.topic.slug)} className="hover:text-brand-700">
              {article.topic.name}
            </PageLink>
          </li>
        </ol>
      </nav>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <article className="min-w-0" data-testid="article">
          <header className="flex flex-col gap-4 border-b border-ink-100 pb-6">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <ArticleKindBadge kind={article.kind} />
              <PageLink
                to={marketPath(article.country)}
                className="font-medium text-ink-700 hover:text-brand-700"
              >
                {t(`markets.${article.country}`)}
              </PageLink>
            </div>
            <h1 className="text-3xl leading-tight font-bold tracking-tight text-ink-950 lg:text-4xl">
              {article.title}
            </h1>
            <p className="text-lg text-ink-700">{article.summary}</p>
            <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-700">
              <span>{t('detail.byline', { author: article.author.name })}</span>
              {article.isUnpublishedPreview ? (
                <Badge tone="warn">
                  <span data-testid="unpublished-preview">{t('detail.unpublishedPreview')}</span>
                </Badge>
              ) : (
                <span data-testid="published-at">
                  {t('detail.published')} <ArticleTime iso={article.publishedAt} />
                </span>
              )}
              {article.updatedAt && !article.isUnpublishedPreview ? (
                <span>
                  {t('detail.updated')} <ArticleTime iso={article.updatedAt} />
                </span>
              ) : null}
            </div>
          </header>
          {isEmpty ? (
            <div className="py-8">
              <ArticleStateMessage state="empty" headingLevel={2} />
            </div>
          ) : (
            <>
              <ArticleCover article={article} />
              <div
                className="prose-content"
                data-testid="article-body"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered from Markdown and sanitised on the server (server/text/render-markdown.ts)
                dangerouslySetInnerHTML={{ __html: article.bodyHtml }}
              />
              <p className="mt-8 text-xs text-ink-500">{t('detail.disclaimer')}</p>
            </>
          )}
          {article.tags.length > 0 ? (
            <section aria-labelledby="article-tags" className="mt-8 flex flex-col gap-3">
              <h2 id="article-tags" className="text-sm font-semibold tracking-wide text-ink-700 uppercase">
                {t('detail.tags')}
              </h2>
              <ul className="flex flex-wrap gap-2">
                {article.tags.map((tag) => (
                  <li key={tag.k}>
                    <PageLink
                      to={searchPath(tag.v, tag.k)}
                      className="inline-flex rounded-full bg-ink-50 px-3 py-1 text-sm text-ink-800 hover:bg-brand-100 hover:text-brand-700"
                    >
                      #{tag.v}
                    </PageLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </article>
        <aside className="flex flex-col gap-8">
          <RelatedStocks stocks={article.stocks} />
          <section
            aria-labelledby="about-author"
            className="flex flex-col gap-2 rounded-card border border-ink-100 bg-white p-4"
          >
            <h2 id="about-author" className="text-sm font-semibold tracking-wide text-ink-700 uppercase">
              {t('detail.aboutAuthor')}
            </h2>
            <p className="font-semibold text-ink-950">{article.author.name}</p>
            <p className="text-sm text-ink-700">{article.author.bio}</p>
          </section>
          {article.related.length > 0 ? (
            <section aria-labelledby="related-articles" className="flex flex-col gap-3">
              <h2
                id="related-articles"
                className="text-sm font-semibold tracking-wide text-ink-700 uppercase"
              >
                {t('detail.relatedArticles')}
              </h2>
              <ul className="flex flex-col gap-3">
                {article.related.map((related) => (
                  <li key={related.articleId} className="flex">
                    <ArticleCard article={related} headingLevel={3} layout="compact" />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  )
}
