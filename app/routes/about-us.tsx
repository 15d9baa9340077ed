import { Link } from 'react-router'
import { buttonClassName } from '#app/components/button.tsx'
import { CompanyAside } from '#app/features/company/company-aside.tsx'
import { SiteTextArticle } from '#app/features/company/site-text-article.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import type { Route } from './+types/about-us.ts'

export const handle = { catalogs: ['company'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale } = context.get(requestContext)
  return { text: await services.siteTexts.getSiteText('about-us', locale) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({ title: loaderData?.text.title ?? '', path: location.pathname, root: rootDataOf(matches) })

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('company')
  const { text } = loaderData
  return (
    <SiteTextArticle text={text} aside={<CompanyAside />}>
      <dl className="mb-8 grid gap-4 sm:grid-cols-3" data-testid="marketing-claims">
        {(text.data.stats ?? []).map((stat) => (
          <div key={stat.label} className="rounded-card bg-ink-950 p-5 text-white">
            <dt className="text-sm text-ink-300">{stat.label}</dt>
            <dd className="mt-1 text-3xl font-bold text-brand-500">{stat.value}</dd>
          </div>
        ))}
      </dl>
      <div className="mb-8 flex flex-wrap gap-3">
        <Link to="/service" className={buttonClassName('primary')}>
          {t('pages.service')}
        </Link>
        <Link to="/company-history" className={buttonClassName('secondary')}>
          {t('pages.history')}
        </Link>
      </div>
    </SiteTextArticle>
  )
}
