/** /rss.xml: the newest articles in the regional site's language (resource route). */
import { buildRssFeed } from '#app/features/articles/article-feeds.server.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import type { Route } from './+types/rss.xml.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const request = context.get(requestContext)
  const t = getServerTranslator(request.locale).getFixedT(request.locale, 'articles')
  const body = await buildRssFeed(request, { title: t('feed.title'), description: t('feed.description') })
  return new Response(body, {
    headers: { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=900' },
  })
}
