import { CompanyAside } from '#app/features/company/company-aside.tsx'
import { SiteTextArticle } from '#app/features/company/site-text-article.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import type { Route } from './+types/company-history.ts'

export const handle = { catalogs: ['company'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale } = context.get(requestContext)
  return { text: await services.siteTexts.getSiteText('history', locale) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({ title: loaderData?.text.title ?? '', path: location.pathname, root: rootDataOf(matches) })

export default function CompanyHistory({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData
  return (
    <SiteTextArticle text={text} aside={<CompanyAside />}>
      <ol className="relative mb-10 border-s-2 border-brand-100 ps-6" data-testid="history-timeline">
        {(text.data.milestones ?? []).map((milestone) => (
          <li key={`${milestone.year}-${milestone.title}`} className="relative mb-8 last:mb-0">
            <span
              className="absolute -start-[2.05rem] top-1 size-4 rounded-full border-2 border-white bg-brand-600"
              aria-hidden="true"
            />
            <p className="text-sm font-semibold text-brand-700">{milestone.year}</p>
            <h2 className="text-lg font-semibold text-ink-950">{milestone.title}</h2>
            <p className="mt-1 text-sm text-ink-800">{milestone.description}</p>
          </li>
        ))}
      </ol>
    </SiteTextArticle>
  )
}
