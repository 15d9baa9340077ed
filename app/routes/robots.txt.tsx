/** /robots.txt of the regional site (resource route). */
import { robotsTxt } from '#app/features/shell/robots-txt.ts'
import { requestContext } from '#app/request-context.ts'
import type { Route } from './+types/robots.txt.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { publicConfig, region } = context.get(requestContext)
  return new Response(robotsTxt(publicConfig.siteOrigins[region]), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  })
}
