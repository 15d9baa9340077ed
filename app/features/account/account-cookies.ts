/**
 * The page's side of the login cookies at logout: expiring every account cookie the page can reach on each domain
 * and path the regional sites use (spec §4). The HttpOnly `access_token` is expired by the server's logout answer;
 * the page repeats it in case an older, readable copy exists. Reading them for the first paint is the server's
 * (account-cookies.server.ts).
 */

import { cookieNames } from '#contracts/cookie-names.ts'

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
