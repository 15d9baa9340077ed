/** /manifest.webmanifest of the regional site, in its language (resource route; ADR 0044). */
import { webAppManifest } from '#app/features/web-app/web-app-manifest.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import type { Route } from './+types/manifest.webmanifest.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.get(requestContext)
  const manifest = webAppManifest(locale, getServerTranslator(locale).getFixedT(locale, 'web-app'))
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json', 'cache-control': 'public, max-age=3600' },
  })
}
