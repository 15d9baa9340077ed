import { Button } from '#app/components/button.tsx'
import { Card } from '#app/components/card.tsx'
import { SiteTextArticle } from '#app/features/company/site-text-article.tsx'
import { ContactChannelList } from '#app/features/contact/contact-channels.tsx'
import { ContactForm } from '#app/features/contact/contact-form.tsx'
import { useContact } from '#app/features/contact/contact-provider.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { Route } from './+types/contact-us.ts'

export const handle = { catalogs: ['company'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale } = context.get(requestContext)
  return { text: await services.siteTexts.getSiteText('contact-us', locale) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({ title: loaderData?.text.title ?? '', path: location.pathname, root: rootDataOf(matches) })

export default function ContactUs({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('company')
  const { publicConfig } = useRootData()
  const { openContact } = useContact()
  return (
    <SiteTextArticle
      text={loaderData.text}
      aside={
        <Card>
          <ContactForm />
        </Card>
      }
    >
      <section className="mb-8 flex flex-col gap-4" aria-label={t('contact.channels')}>
        <ContactChannelList channels={publicConfig.contact} />
        <div>
          <Button onClick={openContact}>{t('contact.chatNow')}</Button>
        </div>
      </section>
    </SiteTextArticle>
  )
}
