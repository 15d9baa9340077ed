/**
 * /articles/{detail} (spec §2): an article by key or id. Published → the article; no body → 'Content is empty'
 * (200); deleted or taken down → their messages (410); anything else → the content-missing 404 screen.
 */
import { ArticleDetailScreen } from '#app/features/articles/article-detail-screen.tsx'
import { loadArticleDetail } from '#app/features/articles/article-loaders.server.ts'
import { articleMeta } from '#app/features/articles/article-meta.ts'
import { ArticleGoneScreen } from '#app/features/articles/article-state-screen.tsx'
import { requestContext } from '#app/request-context.ts'
import type { Route } from './+types/article-detail.ts'

export function loader({ context, params }: Route.LoaderArgs) {
  return loadArticleDetail(context.get(requestContext), params.detail)
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  articleMeta(loaderData, matches, location.pathname)

export default function ArticleDetailRoute({ loaderData }: Route.ComponentProps) {
  const { article, state } = loaderData
  if (!article) return <ArticleGoneScreen state={state === 'deleted' ? 'deleted' : 'taken-down'} />
  return <ArticleDetailScreen article={article} />
}
