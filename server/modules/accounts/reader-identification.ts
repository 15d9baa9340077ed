/**
 * Infrastructure for every API route, registered before the feature routes (server/http.ts):
 * 1. cross-site request forgery: an unsafe request (POST, PUT, PATCH, DELETE) must come from one of the site's
 *    origins — by its Origin header, else by Sec-Fetch-Site; with neither (not a browser) it may not use the
 *    session cookie, only the X-token header (ADR 0006);
 * 2. the device cookie (tw_device) a visitor's quotas are counted on, issued when missing;
 * 3. `request.reader`: who is asking (visitor, member or subscriber), from the X-token header or the
 *    access_token cookie. An unknown or expired token makes a visitor here; routes that need a member answer 401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AccountErrorCode } from '#contracts/accounts.ts'
import type { Config } from '#server/config.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { isDeviceId, newDeviceId } from '#server/kernel/secrets.ts'
import type { AccountsService, Identity } from './accounts.service.ts'
import { accountCookieNames, setDeviceCookie } from './session-cookies.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking; set for every API request before its handler runs. */
    reader: Reader
    /** Accounts-internal: the rows that identified the reader (member info reuses them). */
    identity: Identity
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** The session token of a request: the X-token header (API clients) or the access_token cookie (the browser). */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return headerOf(request, 'x-token') || request.cookies[accountCookieNames.token] || undefined
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
  const usesSessionCookie =
    !headerOf(request, 'x-token') && Boolean(request.cookies[accountCookieNames.token])
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

export function registerReaderIdentification(
  api: FastifyInstance,
  { accounts, config }: { accounts: AccountsService; config: Config },
) {
  const siteOrigins = new Set(Object.values(config.siteOrigins))
  api.decorateRequest('reader', null as unknown as Reader)
  api.decorateRequest('identity', null as unknown as Identity)
  api.addHook('onRequest', async (request, reply) => {
    checkSameSite(request, siteOrigins)
    let deviceId = request.cookies[accountCookieNames.device]
    if (!isDeviceId(deviceId)) {
      deviceId = newDeviceId()
      setDeviceCookie(reply, request, config, deviceId)
    }
    const identity = await accounts.identifyReader({
      token: sessionTokenOf(request),
      deviceId,
      ip: request.ip,
    })
    request.identity = identity
    request.reader = identity.reader
  })
}
