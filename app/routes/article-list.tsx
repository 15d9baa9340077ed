/**
 * Every article-list screen of spec §2 — /articles, /analysis, /recommendations, /market-{us,hk,jp,kr},
 * /topics/{slug}, /search/{keyword}?tag= — is this one module, registered once per path in routes.ts.
 */

import { redirect } from 'react-router'
import { ArticleListScreen } from '#app/features/articles/article-list-screen.tsx'
import { loadArticleList } from '#app/features/articles/article-loaders.server.ts'
import { searchPath } from '#app/features/articles/article-paths.ts'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import type { Route } from './+types/article-list.ts'

export const handle = { catalogs: ['articles'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export function loader({ context, request }: Route.LoaderArgs) {
  // A plain search form (the 404 screen's, before the page's JavaScript runs) asks for /search?q=term.
  const url = new URL(request.url)
  const term = url.pathname === '/search' ? url.searchParams.get('q')?.trim() : undefined
  if (term) throw redirect(searchPath(term))
  return loadArticleList(context.get(requestContext), request)
}

/** A refused search (429) tells the browser when it may search again. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const retryAfter = loaderHeaders.get('retry-after')
  return retryAfter ? { 'retry-after': retryAfter } : new Headers()
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const page = loaderData?.page ?? 1
  return pageMeta({
    title: loaderData?.heading ?? '',
    description: loaderData?.description,
    path: page > 1 ? `${location.pathname}?page=${page}` : location.pathname,
    root: rootDataOf(matches),
    noIndex: loaderData?.isSearch ?? false,
  })
}

export default function ArticleList({ loaderData }: Route.ComponentProps) {
  return <ArticleListScreen data={loaderData} />
}
