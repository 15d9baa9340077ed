/**
 * The reading event of spec §3/§7: on every navigation to a path containing /articles/ the page posts it to
 * /track/event with the tracking `Lang` header (hk for hant, else en, jp or kr), the token when logged in and
 * credentials; a failure is ignored. Rendered once by the page shell.
 */
import { useEffect, useRef } from 'react'
import { useLocation, useMatches } from 'react-router'
import { dropEmptyValues, requestHeaders } from '#app/api/api-client.ts'
import { useRootData } from '#app/use-root-data.ts'
import type { TrackingEventInput } from '#contracts/articles.ts'
import { trackingLangHeader } from '#contracts/regions.ts'

export const trackingSdkVersion = 'tickerwise-web-1'
const subSessionStorageKey = 'tickerwise.subSessionId'

/** One id per browser tab (sessionStorage), so a reader's article path can be followed without knowing who they are. */
export function subSessionId(): string {
  try {
    const existing = window.sessionStorage.getItem(subSessionStorageKey)
    if (existing && /^[\w-]{8,64}$/.test(existing)) return existing
    const created = crypto.randomUUID()
    window.sessionStorage.setItem(subSessionStorageKey, created)
    return created
  } catch {
    return crypto.randomUUID()
  }
}

/** Device, system and browser from the user agent, coarsely: enough to group readers, not to identify them. */
export function describeClient(userAgent: string, screenWidth: number) {
  const ua = userAgent.toLowerCase()
  const isTablet = /ipad|tablet/.test(ua) || (/android/.test(ua) && !/mobile/.test(ua))
  const isMobile = !isTablet && /mobi|iphone|android/.test(ua)
  const deviceType = isTablet ? 'tablet' : isMobile || screenWidth < 640 ? 'mobile' : 'desktop'
  const osName = /windows/.test(ua)
    ? 'Windows'
    : /iphone|ipad|ios/.test(ua)
      ? 'iOS'
      : /android/.test(ua)
        ? 'Android'
        : /mac os|macintosh/.test(ua)
          ? 'macOS'
          : /linux/.test(ua)
            ? 'Linux'
            : 'Other'
  const browser = /edg\//.test(ua)
    ? 'Edge'
    : /firefox\//.test(ua)
      ? 'Firefox'
      : /chrome\/|chromium\//.test(ua)
        ? 'Chrome'
        : /safari\//.test(ua)
          ? 'Safari'
          : 'Other'
  return { deviceType, osName, browser } as const
}

export function isArticlePath(pathname: string): boolean {
  return pathname.includes('/articles/')
}

export function ArticleReadTracker() {
  const location = useLocation()
  const matches = useMatches()
  const { region, locale, publicConfig } = useRootData()
  const previousUrl = useRef<string | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: one event per navigation (location.key)
  useEffect(() => {
    const pageUrl = window.location.href
    const referrer = previousUrl.current ?? document.referrer
    previousUrl.current = pageUrl
    if (!isArticlePath(location.pathname)) return
    const article = matches
      .map(
        (match) =>
          (match.loaderData as { article?: { articleId: number; kind: string } | null } | undefined)?.article,
      )
      .find((value) => value)
    const client = describeClient(navigator.userAgent, window.screen.width)
    const event: TrackingEventInput = {
      eventType: 'page_view',
      subSessionId: subSessionId(),
      pageUrl,
      pageReferrer: referrer || undefined,
      pageTitle: document.title.slice(0, 300),
      articleId: article?.articleId,
      category: article?.kind ?? 'article',
      ...client,
      screen: `${window.screen.width}x${window.screen.height}`,
      sdkVersion: trackingSdkVersion,
      dataSource: 'web',
    }
    const headers = {
      ...requestHeaders(locale),
      Lang: trackingLangHeader(region),
      'Content-Type': 'application/json',
    }
    void fetch(`${publicConfig.apiBase}/track/event`, {
      method: 'POST',
      headers,
      credentials: 'include',
      keepalive: true,
      body: JSON.stringify(dropEmptyValues(event)),
    }).catch(() => undefined)
  }, [location.key])

  return null
}
