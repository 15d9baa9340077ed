/**
 * The page shell every screen sits in: header (with the mega-menu), footer, cookie banner, contact dialog and
 * live chat. Its error boundary draws the 404/500 screens inside the shell.
 */
import { useEffect } from 'react'
import { Outlet, useRouteLoaderData } from 'react-router'
import { deferHydration } from '#app/components/deferred-hydration.tsx'
import { ErrorScreen, errorScreenPropsOf } from '#app/components/error-screen.tsx'
import { accountStateFromCookies } from '#app/features/account/account-cookies.server.ts'
import { AccountProvider } from '#app/features/account/account-provider.tsx'
import { isChunkLoadError, reloadOnceAfterChunkFailure } from '#app/features/app-updates/chunk-reload.ts'
import { ArticleReadTracker } from '#app/features/articles/article-tracking.tsx'
import { ContactProvider } from '#app/features/contact/contact-provider.tsx'
import { SearchBox } from '#app/features/search/search-box.tsx'
import { CookieBanner } from '#app/features/shell/cookie-banner.tsx'
import { SiteHeader } from '#app/features/shell/site-header.tsx'
import { requestContext } from '#app/request-context.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { Route } from './+types/shell.ts'

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = context.get(requestContext)
  const [menu, footer] = await Promise.all([
    services.navigation.listMenu(locale),
    services.siteTexts.getSiteText('footer', locale),
  ])
  return {
    menu,
    footer: footer.data,
    year: new Date().getFullYear(),
    // The header is drawn logged in while the access-token cookie is present (spec §4); the page checks it after.
    account: accountStateFromCookies(request.headers.get('cookie')),
  }
}

/** Menus and footer change rarely; they are loaded with the document, not on every navigation. */
export function shouldRevalidate() {
  return false
}

const loggedOut = { isLoggedIn: false, userInfo: null }

/** Below every first screen: drawn with the page, hydrated when its code arrives after the page's (ADR 0011). */
const SiteFooter = deferHydration(() =>
  import('#app/features/shell/site-footer.tsx').then((module) => module.SiteFooter),
)

function Shell({ children }: { children: React.ReactNode }) {
  const root = useRootData()
  const shell = useRouteLoaderData<typeof loader>('routes/shell')
  const page = (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader menu={shell?.menu ?? []} search={<SearchBox />} />
      <ArticleReadTracker />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter footer={shell?.footer} year={shell?.year ?? new Date().getFullYear()} />
      <CookieBanner hasAccepted={root.hasAcceptedCookies} analyticsScriptUrl={root.analyticsScriptUrl} />
    </div>
  )
  return (
    <ContactProvider config={root.publicConfig}>
      <AccountProvider initial={shell?.account ?? loggedOut}>{page}</AccountProvider>
    </ContactProvider>
  )
}

export default function ShellRoute() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceAfterChunkFailure()
  }, [error])
  return (
    <Shell>
      <ErrorScreen {...errorScreenPropsOf(error)} />
    </Shell>
  )
}
