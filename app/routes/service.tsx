import { Card } from '#app/components/card.tsx'
import { CompanyAside } from '#app/features/company/company-aside.tsx'
import { SiteTextArticle } from '#app/features/company/site-text-article.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import type { Route } from './+types/service.ts'

export const handle = { catalogs: ['company'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale } = context.get(requestContext)
  return { text: await services.siteTexts.getSiteText('service', locale) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({ title: loaderData?.text.title ?? '', path: location.pathname, root: rootDataOf(matches) })

export default function Service({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData
  return (
    <SiteTextArticle text={text} aside={<CompanyAside />}>
      <div className="mb-8 grid gap-4 md:grid-cols-2" data-testid="service-groups">
        {(text.data.groups ?? []).map((group) => (
          <Card key={group.title}>
            <h2 className="text-lg font-semibold text-ink-950">{group.title}</h2>
            <ul className="mt-3 flex list-disc flex-col gap-2 ps-5 text-sm text-ink-800">
              {group.content.map((item) => (
                <li key={item.description}>{item.description}</li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    </SiteTextArticle>
  )
}
