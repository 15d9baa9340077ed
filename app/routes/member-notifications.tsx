/**
 * /member/notifications (issue 26), the bell's page and a member-area tab: the notification centre. A visitor is
 * asked to log in. Private: never indexed, never cached for another reader (it reads the session).
 */

import { loadNotificationCentre } from '#app/features/alerts/alerts.server.ts'
import { NotificationCentre } from '#app/features/alerts/notifications-page.tsx'
import { LockPrompt } from '#app/features/member-area/lock-prompt.tsx'
import { MemberAreaPage } from '#app/features/member-area/member-area-nav.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { Route } from './+types/member-notifications.ts'

export const handle = { catalogs: ['alerts', 'member', 'plans'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  const facts = context.get(requestContext)
  const { t } = getServerTranslator(facts.locale)
  const reader = await readerOfRequest(request, facts)
  return {
    centre: await loadNotificationCentre(facts.services, reader),
    title: t('alerts:centre.title'),
    description: t('alerts:centre.metaDescription'),
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  pageMeta({
    title: loaderData?.title ?? '',
    description: loaderData?.description,
    path: location.pathname,
    root: rootDataOf(matches),
    noIndex: true,
  })

export default function MemberNotificationsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('alerts')
  const { displayLocale, timeZone } = useRootData()
  const { centre } = loaderData
  return (
    <MemberAreaPage title={t('centre.title')} intro={t('centre.intro')}>
      {centre ? (
        <NotificationCentre
          initial={centre.notifications}
          settings={centre.settings}
          displayLocale={displayLocale}
          timeZone={timeZone}
        />
      ) : (
        <LockPrompt reason={{ kind: 'logIn' }} what={t('centre.lockWhat')} />
      )}
    </MemberAreaPage>
  )
}
