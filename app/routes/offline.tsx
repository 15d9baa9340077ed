/** /offline: what the service worker shows for a page that cannot load offline, in the site's language (ADR 0044). */
import { offlinePageHtml, offlinePagePolicy } from '#app/features/web-app/offline-page.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import type { Route } from './+types/offline.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(requestContext)
  return new Response(offlinePageHtml(locale, getServerTranslator(locale).getFixedT(locale, 'web-app')), {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'public, max-age=3600',
      'content-security-policy': offlinePagePolicy,
      'x-robots-tag': 'noindex',
    },
  })
}
