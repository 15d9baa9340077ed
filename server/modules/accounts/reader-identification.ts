/**
 * Infrastructure for every API route, registered before the feature routes (server/http.ts):
 * 1. cross-site request forgery: an unsafe request (POST, PUT, PATCH, DELETE) must come from one of the site's
 *    origins — by its Origin header, else by Sec-Fetch-Site; with neither (not a browser) it may not use the
 *    session cookie, only the X-token header (ADR 0006; the check is server/http/request-origin.ts);
 * 2. the device cookie (tw_device) a visitor's quotas are counted on, issued when missing;
 * 3. `request.reader`: who is asking (visitor, member or subscriber), from the X-token header or the
 *    access_token cookie. An unknown or expired token makes a visitor here; routes that need a member answer 401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Config } from '#server/config.ts'
import { checkSameSite, headerOf } from '#server/http/request-origin.ts'
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

/** The session token of a request: the X-token header (API clients) or the access_token cookie (the browser). */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  return headerOf(request, 'x-token') || request.cookies[accountCookieNames.token] || undefined
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
