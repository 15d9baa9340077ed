/**
 * /mail/confirm and /mail/unsubscribe (contracts/mail-links.ts): the pages the links of our emails open — one route,
 * so every page's route manifest carries one entry for both (ADR 0011). One button, which the API answers.
 */
import { data } from 'react-router'
import { MailLinkScreen } from '#app/features/newsletter/mail-link-screen.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { isMailLink } from '#contracts/mail-links.ts'
import type { Route } from './+types/mail-link.ts'

export const handle = { catalogs: ['mail-links'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export function loader({ context, request, params }: Route.LoaderArgs) {
  const link = params.link
  if (!isMailLink(link)) throw data({ reason: 'not-found' }, { status: 404 })
  const { locale } = context.get(requestContext)
  const token = new URL(request.url).searchParams.get('token')?.trim() || null
  return { link, token, title: getServerTranslator(locale).t(`mail-links:${link}.metaTitle`) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

export default function MailLinkPage({ loaderData }: Route.ComponentProps) {
  return <MailLinkScreen key={loaderData.link} kind={loaderData.link} token={loaderData.token} />
}
