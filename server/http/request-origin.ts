/**
 * Where a request comes from, for the rules that depend on it. Decides: the cross-site request check of ADR 0006
 * (an unsafe request must come from one of the site's origins — by its Origin header, else by Sec-Fetch-Site; with
 * neither, not a browser, it may not use the session cookie, only the X-token header), and whether a navigation
 * came from a page of a given origin. Leaves to its callers when to ask: reader identification checks every API
 * request before its route (server/modules/accounts/reader-identification.ts); the chat checks its streamed GETs,
 * which change state.
 */
import type { FastifyRequest } from 'fastify'
import { AccountErrorCode } from '#contracts/accounts.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import { AppError } from './app-error.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** A request header's value (the first, when it was sent more than once). */
export function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * `changesState`: a GET that changes something (the AI chat's streamed answer and its stop, which a browser can only
 * ask for by GET) is checked as an unsafe request is.
 */
export function checkSameSite(
  request: FastifyRequest,
  siteOrigins: ReadonlySet<string>,
  { changesState = !safeMethods.has(request.method) }: { changesState?: boolean } = {},
): void {
  if (!changesState) return
  const origin = headerOf(request, 'origin')
  if (origin !== undefined) {
    if (!siteOrigins.has(origin)) throw new AppError('forbidden', AccountErrorCode.crossSiteRequest)
    return
  }
  const fetchSite = headerOf(request, 'sec-fetch-site')
  if (fetchSite !== undefined) {
    if (fetchSite !== 'same-origin' && fetchSite !== 'none')
      throw new AppError('forbidden', AccountErrorCode.crossSiteRequest)
    return
  }
  const usesSessionCookie = !headerOf(request, 'x-token') && Boolean(request.cookies[cookieNames.accessToken])
  if (usesSessionCookie) throw new AppError('forbidden', AccountErrorCode.crossSiteRequest)
}

/**
 * A navigation (GET) that came from `origin` itself — a link on one of its pages — and not from another site:
 * Sec-Fetch-Site `same-origin` (or `none`: typed or bookmarked); from a browser that does not send it, an Origin
 * or else a Referer of `origin`. Nothing to go by reads as another site.
 */
export function isSameOriginNavigation(request: FastifyRequest, origin: string | undefined): boolean {
  if (!origin) return false
  const fetchSite = headerOf(request, 'sec-fetch-site')
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none'
  const originHeader = headerOf(request, 'origin')
  if (originHeader !== undefined) return originHeader === origin
  const referer = headerOf(request, 'referer')
  if (!referer) return false
  try {
    return new URL(referer).origin === origin
  } catch {
    return false
  }
}
