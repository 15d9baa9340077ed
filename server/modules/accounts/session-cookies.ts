/**
 * The cookies of a login (spec §4, §9): `access_token` (the session token; HttpOnly, SameSite=Lax, Secure over
 * https; until the session's absolute end), `userInfo` (what the header draws; readable by the page; 15 days) and
 * `tw_device` (a random device id for visitor quotas; one year). On a shared parent domain (en.example.com,
 * hant.example.com…) they are set for the parent, so one login serves every regional site.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { UserInfoCookie } from '#contracts/accounts.ts'
import { cookieDomainOfHost, sharedCookieDomain } from '#contracts/cookie-domains.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import type { Config } from '#server/config.ts'

export const accountCookieNames = {
  token: cookieNames.accessToken,
  userInfo: cookieNames.userInfo,
  device: cookieNames.device,
} as const

const userInfoMaxAgeSeconds = 15 * 24 * 60 * 60
export const deviceMaxAgeSeconds = 365 * 24 * 60 * 60

/** The paths cookies were ever set on: the site root and the two API bases (spec §4 clears them all). */
const cookiePaths = ['/', '/api/portal', '/portal', '/member']

/** The Domain of the cookies set on `hostname`: the regional sites' shared parent domain, when it has one. */
export function cookieDomainFor(config: Config, hostname: string): string | undefined {
  return cookieDomainOfHost(sharedCookieDomain(config.apexHostnames[0]), hostname)
}

/**
 * The options of a cookie every regional site shares: the whole site, SameSite=Lax, Secure over https, on the
 * shared parent domain when there is one.
 */
export function siteWideCookieOptions(
  request: FastifyRequest,
  config: Config,
  { maxAge, httpOnly = false }: { maxAge: number; httpOnly?: boolean },
) {
  const domain = cookieDomainFor(config, request.hostname)
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: config.isHttps,
    httpOnly,
    maxAge,
    ...(domain ? { domain } : {}),
  }
}

export function setSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  session: { token: string; userInfo: UserInfoCookie; secondsLeft?: number },
): void {
  // A session lives until its absolute end (a new login's is SESSION_ABSOLUTE_DAYS away); the cookie lasts as long.
  const maxAge = session.secondsLeft ?? Math.floor(config.auth.sessionAbsoluteMs / 1000)
  reply.setCookie(
    accountCookieNames.token,
    session.token,
    siteWideCookieOptions(request, config, { maxAge, httpOnly: true }),
  )
  setUserInfoCookie(reply, request, config, session.userInfo)
}

export function setUserInfoCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  userInfo: UserInfoCookie,
): void {
  reply.setCookie(
    accountCookieNames.userInfo,
    JSON.stringify(userInfo),
    siteWideCookieOptions(request, config, { maxAge: userInfoMaxAgeSeconds }),
  )
}

/** Expires the token and userInfo cookies for every domain and path combination they may have been set with. */
export function clearSessionCookies(reply: FastifyReply, config: Config): void {
  const shared = sharedCookieDomain(config.apexHostnames[0])
  const domains: (string | undefined)[] = [undefined, ...(shared ? [shared, `.${shared}`] : [])]
  for (const name of [accountCookieNames.token, accountCookieNames.userInfo]) {
    for (const domain of domains) {
      for (const path of cookiePaths) {
        reply.setCookie(name, '', {
          path,
          maxAge: 0,
          expires: new Date(0),
          sameSite: 'lax',
          secure: config.isHttps,
          httpOnly: name === accountCookieNames.token,
          ...(domain ? { domain } : {}),
        })
      }
    }
  }
}

export function setDeviceCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  config: Config,
  deviceId: string,
): void {
  reply.setCookie(
    accountCookieNames.device,
    deviceId,
    siteWideCookieOptions(request, config, { maxAge: deviceMaxAgeSeconds, httpOnly: true }),
  )
}
