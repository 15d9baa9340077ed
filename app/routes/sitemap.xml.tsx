/** /sitemap.xml of the regional site (resource route). */
import { buildSitemap } from '#app/features/articles/article-feeds.server.ts'
import { requestContext } from '#app/request-context.ts'
import type { Route } from './+types/sitemap.xml.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const body = await buildSitemap(context.get(requestContext))
  return new Response(body, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
