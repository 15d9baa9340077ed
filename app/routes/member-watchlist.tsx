/**
 * /member/watchlist (issue 25), linked from the header's account menu, the phone menu and the member area's tabs: a
 * member's watchlists with each stock's figures; a visitor's stocks followed on this device, and the way to keep
 * them (log in), in the member area's frame; for a member, the switch for alerts on big changes of everything they
 * follow (issue 26) (its tabs, member-area-nav.tsx). Private: the page is never indexed and a
 * member's page is never cached for anyone else (it reads
 * the session, which keeps it out of the page cache).
 */

import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { loadFollowedChanges } from '#app/features/alerts/alerts.server.ts'
import { MemberAreaPage } from '#app/features/member-area/member-area-nav.tsx'
import { readerOfRequest } from '#app/features/plans/plans.server.ts'
import { DeviceWatchlistView } from '#app/features/watchlists/device-watchlist-view.tsx'
import { loadWatchlistView } from '#app/features/watchlists/watchlist.server.ts'
import { MemberWatchlist } from '#app/features/watchlists/watchlist-page.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { getServerTranslator } from '#app/i18n/translator.server.ts'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { requestContext } from '#app/request-context.ts'
import { pageMeta, rootDataOf } from '#app/routing/page-meta.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { Route } from './+types/member-watchlist.ts'

// The switch for alerts on big changes (issue 26): drawn with the page, its code fetched after the page's own.
const FollowedChangesSwitch = deferHydration(() =>
  import('#app/features/alerts/followed-changes-switch.tsx').then((module) => module.FollowedChangesSwitch),
)

export const handle = { catalogs: ['member', 'stocks', 'watchlist'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ context, request }: Route.LoaderArgs) {
  const facts = context.get(requestContext)
  const { t } = getServerTranslator(facts.locale)
  const reader = await readerOfRequest(request, facts)
  const listId = new URL(request.url).searchParams.get('list')
  const [view, followedChanges] = await Promise.all([
    loadWatchlistView(facts.services, reader, listId, facts.locale),
    loadFollowedChanges(facts.services, reader),
  ])
  return {
    view,
    followedChanges,
    title: t('watchlist:page.title'),
    description: t('watchlist:page.metaDescription'),
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

export default function MemberWatchlistPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('watchlist')
  const { displayLocale, timeZone } = useRootData()
  const { view } = loaderData
  return (
    <MemberAreaPage title={t('page.title')} intro={t('page.intro')}>
      {view ? (
        <>
          <MemberWatchlist view={view} displayLocale={displayLocale} timeZone={timeZone} />
          <FollowedChangesSwitch initial={loaderData.followedChanges} />
        </>
      ) : (
        <DeviceWatchlistView />
      )}
    </MemberAreaPage>
  )
}
