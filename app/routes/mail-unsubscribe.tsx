/** The page the unsubscribe link of our emails opens (contracts/mail.ts): one button, which the API answers. */
import { MailLinkScreen } from '#app/features/newsletter/mail-link-screen.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import type { Route } from './+types/mail-unsubscribe.ts'

export const handle = { catalogs: ['mail-links', 'errors'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export function loader({ context, request }: Route.LoaderArgs) {
  const { locale } = context.get(requestContext)
  const token = new URL(request.url).searchParams.get('token')?.trim() || null
  return { token, title: getServerTranslator(locale).t('mail-links:unsubscribe.metaTitle') }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

export default function MailLinkPage({ loaderData }: Route.ComponentProps) {
  return <MailLinkScreen kind="unsubscribe" token={loaderData.token} />
}
