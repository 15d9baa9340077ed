/**
 * /articles/{detail} (spec §2): an article by key or id. Published → the article; no body → 'Content is empty'
 * (200); deleted or taken down → their messages (410); anything else → the content-missing 404 screen.
 */

import { ArticleDetailScreen } from '#app/features/articles/article-detail-screen.tsx'
import { loadArticleDetail } from '#app/features/articles/article-loaders.server.ts'
import { articleMeta } from '#app/features/articles/article-meta.ts'
import { ArticleGoneScreen } from '#app/features/articles/article-state-screen.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { requestContext } from '#app/request-context.ts'
import { previewQueryParameter } from '#contracts/console-rules.ts'
import type { Route } from './+types/article-detail.ts'

export const handle = { catalogs: ['articles'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export function loader({ context, params, request }: Route.LoaderArgs) {
  const previewToken = new URL(request.url).searchParams.get(previewQueryParameter) ?? undefined
  return loadArticleDetail(context.get(requestContext), params.detail, previewToken)
}

/** A preview (a console preview link) is this reader's alone: no shared cache keeps it, no search engine lists it. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers()
  for (const name of ['cache-control', 'x-robots-tag']) {
    const value = loaderHeaders.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}

/** The head shows the editor's SEO title and description when they wrote them (the page shows the title). */
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const article = loaderData?.article
  const forSearch = article
    ? {
        ...loaderData,
        article: {
          ...article,
          title: article.seoTitle || article.title,
          summary: article.seoDescription || article.summary,
        },
      }
    : loaderData
  return articleMeta(forSearch, matches, location.pathname)
}

export default function ArticleDetailRoute({ loaderData }: Route.ComponentProps) {
  const { article, state } = loaderData
  if (!article) return <ArticleGoneScreen state={state === 'deleted' ? 'deleted' : 'taken-down'} />
  return <ArticleDetailScreen article={article} />
}
