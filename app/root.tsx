/**
 * The document: language, head, scripts with the request's nonce (the visit report among them), app-wide providers
 * and the route checks.
 * What a reader sees inside the page (header, footer) is the shell route's job (routes/shell.tsx).
 */
import { useEffect } from 'react'
import {
  createPath,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from 'react-router'
import { useTranslation } from '#app/i18n/use-translation.tsx'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import { regionSettings } from '#contracts/regions.ts'
import type { Route } from './+types/root.ts'
import { configureApiClient } from './api/api-client.ts'
import stylesheet from './app.css?url'
import { ErrorScreen, errorScreenPropsOf } from './components/error-screen.tsx'
import { whenIdle } from './components/on-demand.ts'
import { Toaster } from './components/toaster.tsx'
import {
  isChunkLoadError,
  notePendingNavigation,
  reloadOnceAfterChunkFailure,
} from './features/app-updates/chunk-reload.ts'
import { useBuildWatch } from './features/app-updates/use-build-watch.ts'
import { visitReportScript } from './features/visit/visit-report-script.ts'
import { manifestPath, themeColor } from './features/web-app/web-app-paths.ts'
import { catalogsOf } from './i18n/browser-catalogs.ts'
import { useNonce } from './nonce.tsx'
import { requestContext } from './request-context.ts'
import { routeChecks } from './routing/route-checks.server.ts'

export const middleware: Route.MiddlewareFunction[] = [routeChecks]

export async function loader({ context, request }: Route.LoaderArgs) {
  const { region, locale, publicConfig, buildId, config, services } = context.get(requestContext)
  const cookies = parseCookieHeader(request.headers.get('cookie'))
  const settings = regionSettings[region]
  // Contact channels are the admins' (the console), the configuration's until they save some.
  const contact = await services.contactChannels.getContactChannels()
  return {
    region,
    locale,
    displayLocale: settings.displayLocale,
    timeZone: settings.timeZone,
    defaultMarket: settings.defaultMarket,
    publicConfig: { ...publicConfig, contact },
    buildId,
    hasAcceptedCookies: cookies[cookieNames.privacy] === 'accepted',
    fontStylesheetUrl: config.fontStylesheetUrl,
    analyticsScriptUrl: config.analyticsScriptUrl,
  }
}

export type RootData = Awaited<ReturnType<typeof loader>>

/** Nothing in the root changes during a visit: the language and region belong to the domain. */
export function shouldRevalidate() {
  return false
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installable on phones (ADR 0044): the manifest in the site's language. iOS finds its home-screen icon unasked
  // at /apple-touch-icon.png.
  { rel: 'manifest', href: manifestPath },
]

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const { i18n } = useTranslation()
  const data = useRouteLoaderData<RootData>('root')
  // The page namespaces this page speaks, for the browser to fetch with the reader catalog before hydrating.
  const catalogs = catalogsOf(useMatches()).join(' ')
  return (
    <html lang={i18n.language} dir="ltr" data-catalogs={catalogs || undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={themeColor} />
        <Meta />
        <Links nonce={nonce} />
        {data ? (
          <script
            nonce={nonce}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own fixed source; its two values are escaped
            dangerouslySetInnerHTML={{
              __html: visitReportScript({ apiBase: data.publicConfig.apiBase, region: data.region }),
            }}
          />
        ) : null}
        {data?.fontStylesheetUrl ? <link rel="stylesheet" href={data.fontStylesheetUrl} /> : null}
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {data?.analyticsScriptUrl && data.hasAcceptedCookies ? (
          <script async src={data.analyticsScriptUrl} nonce={nonce} />
        ) : null}
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { publicConfig, locale, buildId } = loaderData
  configureApiClient({ apiBase: publicConfig.apiBase, locale })
  useBuildWatch({ apiBase: publicConfig.apiBase, buildId, intervalMs: publicConfig.buildPollIntervalMs })
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    // Preloading on intent is not part of the first paint either: its code comes right after (ADR 0011).
    let uninstall: (() => void) | undefined
    let isGone = false
    import('./features/app-updates/route-preloader.ts')
      .then((module) => {
        if (!isGone) uninstall = module.installRoutePreloading()
      })
      .catch(() => undefined)
    // The error screen and the error messages are not part of the first paint; fetched now, they are at hand when a
    // later navigation or call fails, even when the network is what failed.
    const cancel = whenIdle(ErrorScreen.preload)
    return () => {
      isGone = true
      uninstall?.()
      cancel()
    }
  }, [])
  return (
    <>
      <Outlet />
      <Toaster />
      <PendingNavigationNote />
    </>
  )
}

/**
 * Tells the chunk-failure reload where the reader is going (its own component: only it re-renders per navigation).
 * It runs again when a navigation has committed, so a note the link's click wrote (route-preloader.ts) for a
 * navigation too quick to be seen pending here is cleared then.
 */
function PendingNavigationNote() {
  const pendingLocation = useNavigation().location
  const { key: committedKey } = useLocation()
  // biome-ignore lint/correctness/useExhaustiveDependencies: the committed navigation's key is what runs it again
  useEffect(() => {
    try {
      const { pathname, search } = window.location
      const to = pendingLocation ? createPath(pendingLocation) : null
      notePendingNavigation(window.sessionStorage, `${pathname}${search}`, to, Date.now())
    } catch {
      // No session storage (a locked-down browser): a failed page load then reloads the current page.
    }
  }, [pendingLocation, committedKey])
  return null
}

/** Last resort, for failures before the shell can draw (route checks, the shell's own data). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useEffect(() => {
    if (isChunkLoadError(error)) reloadOnceAfterChunkFailure()
  }, [error])
  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <ErrorScreen {...errorScreenPropsOf(error)} />
    </main>
  )
}
