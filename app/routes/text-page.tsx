/** The description screen (spec §2) for texts without a layout of their own: disclaimer and policies. */

import { data } from 'react-router'
import { CompanyAside } from '#app/features/company/company-aside.tsx'
import { SiteTextArticle } from '#app/features/company/site-text-article.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { SiteTextKey } from '#contracts/site.ts'
import type { Route } from './+types/text-page.ts'

export const handle = { catalogs: ['company'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  const key = SiteTextKey.safeParse(new URL(request.url).pathname.replace(/^\/|\.data$/g, ''))
  if (!key.success) throw data({ reason: 'content-missing' }, { status: 404 })
  const { services, locale } = context.get(requestContext)
  return { text: await services.siteTexts.getSiteText(key.data, locale) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({ title: loaderData?.text.title ?? '', path: location.pathname, root: rootDataOf(matches) })

export default function TextPage({ loaderData }: Route.ComponentProps) {
  return <SiteTextArticle text={loaderData.text} aside={<CompanyAside />} />
}
