/**
 * The reading event itself (spec §3/§7): what it says about the page and the client, and posting it to /track/event
 * with the tracking `Lang` header, the token when logged in and credentials; a failure is ignored. Fetched by the
 * tracker (article-tracking.tsx) at the first article a reader opens, not with every page (ADR 0011).
 */
import { dropEmptyValues, requestHeaders } from '#app/api/api-client.ts'
import type { TrackingEventInput } from '#contracts/articles.ts'
import { type Locale, type Region, trackingLangHeader } from '#contracts/regions.ts'

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

export interface ArticleRead {
  pageUrl: string
  referrer: string
  pageTitle: string
  article: { articleId: number; kind: string } | undefined
  /** A keyword search's first page: whether it found anything (sent as a `search` event instead of a read). */
  search?: 'found' | 'missed' | undefined
  region: Region
  locale: Locale
  apiBase: string
}

export function sendArticleReadEvent({
  pageUrl,
  referrer,
  pageTitle,
  article,
  search,
  region,
  locale,
  apiBase,
}: ArticleRead) {
  const client = describeClient(navigator.userAgent, window.screen.width)
  const event: TrackingEventInput = {
    eventType: search ? 'search' : 'page_view',
    subSessionId: subSessionId(),
    pageUrl,
    pageReferrer: referrer || undefined,
    pageTitle: pageTitle.slice(0, 300),
    articleId: article?.articleId,
    category: search ?? article?.kind ?? 'article',
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
  void fetch(`${apiBase}/track/event`, {
    method: 'POST',
    headers,
    credentials: 'include',
    keepalive: true,
    body: JSON.stringify(dropEmptyValues(event)),
  }).catch(() => undefined)
}
