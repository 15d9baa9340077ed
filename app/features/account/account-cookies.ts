/**
 * The page's side of the login cookies: reading `userInfo` (what the header draws) and, at logout, expiring every
 * account cookie the page can reach on each domain and path the regional sites use (spec §4). The HttpOnly
 * `access_token` is expired by the server's logout answer; the page repeats it in case an older, readable copy
 * exists.
 */

import { parseCookieHeader } from '#app/api/cookies.ts'
import { UserInfoCookie } from '#contracts/accounts.ts'
import { cookieNames } from '#contracts/cookie-names.ts'

export function userInfoFromCookieValue(value: string | undefined): UserInfoCookie | null {
  if (!value) return null
  try {
    const parsed = UserInfoCookie.safeParse(JSON.parse(value))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** From a Cookie header (server render) or document.cookie (browser). */
export function accountStateFromCookies(cookieHeader: string | null | undefined): {
  isLoggedIn: boolean
  userInfo: UserInfoCookie | null
} {
  const cookies = parseCookieHeader(cookieHeader)
  return {
    isLoggedIn: Boolean(cookies[cookieNames.accessToken]),
    userInfo: userInfoFromCookieValue(cookies[cookieNames.userInfo]),
  }
}

/** Every parent domain of the host (hant.example.com → example.com), with and without the leading dot. */
export function cookieDomainsOf(hostname: string): (string | undefined)[] {
  const labels = hostname.split('.')
  const parents: string[] = []
  for (let i = 1; i < labels.length - 1; i++) parents.push(labels.slice(i).join('.'))
  return [undefined, hostname, ...parents.flatMap((domain) => [domain, `.${domain}`])]
}

const cookiePaths = ['/', '/api/portal', '/portal', '/member']

export function clearAccountCookies(): void {
  for (const name of [cookieNames.accessToken, cookieNames.userInfo]) {
    for (const domain of cookieDomainsOf(window.location.hostname)) {
      for (const path of cookiePaths) {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser readers use
        document.cookie = `${name}=; Max-Age=0; Path=${path}${domain ? `; Domain=${domain}` : ''}`
      }
    }
  }
}
