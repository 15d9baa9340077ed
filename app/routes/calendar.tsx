/**
 * /calendar (issue 28): results dates and dividends (ex-date, pay date, amount) week by week, by market and by the
 * reader's watchlist, in the region's time zone. The week and filters are in the URL (links and a plain GET form),
 * so a view can be shared, walked with the back button and used without JavaScript; anonymous readers get it from
 * the page cache like the other public pages. Everything is read from what the market refresh stored.
 */

import { loadCalendarPage } from '#app/features/calendar/calendar-page.server.ts'
import { CalendarView } from '#app/features/calendar/calendar-view.tsx'
import { type CatalogHandle, fetchPageCatalogs } from '#app/i18n/browser-catalogs.ts'
import { requestContext } from '#app/request-context.ts'
import { titledPageMeta } from '#app/routing/page-meta.ts'
import type { Route } from './+types/calendar.ts'

export const handle = { catalogs: ['stocks', 'calendar'] } satisfies CatalogHandle
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [fetchPageCatalogs(handle)]

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadCalendarPage(request, context.get(requestContext))
}

export const meta: Route.MetaFunction = titledPageMeta

export default function Calendar({ loaderData }: Route.ComponentProps) {
  return <CalendarView {...loaderData} />
}
