/**
 * The route checks that run before every page, in the spec's order (§2):
 * 1. the optional validation rule (failure → fatal 404 'Page Not Found: {path}');
 * 2. record referer, landing path and search keyword (cookies, 1 hour);
 * 3. redirect a visitor on the apex host to their regional domain (and remember the region they use);
 * 4. apply the operator's redirects.
 */
import { data, type MiddlewareFunction, redirect } from 'react-router'
import { requestContext } from '#app/request-context.ts'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import { isAcceptableText } from '#contracts/text-input.ts'
import { attributionCookiesOf, languageChoiceCookieOf } from '#contracts/visit-cookies.ts'
import { chooseRegion } from './region-redirect.ts'
import { findBrokenRule, hasUnacceptableText } from './route-rules.ts'

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

export const routeChecks: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url)
  const pathname = url.pathname.replace(/\.data$/, '') || '/'
  const { config, hostname, region, services } = context.get(requestContext)

  // 1. Validation rule (and control characters in the path or query, which name no page either).
  if (findBrokenRule(pathname) || hasUnacceptableText(url)) {
    const decodedPath = decodePath(pathname)
    const shownPath = isAcceptableText(decodedPath) ? decodedPath : pathname
    throw data({ reason: 'invalid-route', path: shownPath }, { status: 404, statusText: 'Page Not Found' })
  }

  const visit = { url, headers: request.headers, config, region }

  // 2. Attribution (visit-cookies.ts; the page cache sets the same cookies on the pages it serves).
  const setCookies = attributionCookiesOf(visit)

  // 3. Regional domain.
  if (config.apexHostnames.includes(hostname)) {
    const cookies = parseCookieHeader(request.headers.get('cookie'))
    const target = chooseRegion(cookies[cookieNames.languageChoice], request.headers.get('accept-language'))
    const headers = new Headers({ Vary: 'Accept-Language, Cookie' })
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
    throw redirect(`${config.siteOrigins[target]}${pathname}${url.search}`, { status: 302, headers })
  }
  const languageChoice = languageChoiceCookieOf(visit)
  if (languageChoice) setCookies.push(languageChoice)

  // 4. Operator redirects.
  const operatorRedirect = await services.redirects.findRedirect(pathname)
  if (operatorRedirect) {
    const headers = new Headers()
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
    throw redirect(
      `${operatorRedirect.location}${operatorRedirect.location.includes('?') ? '' : url.search}`,
      {
        status: operatorRedirect.status,
        headers,
      },
    )
  }

  const response = await next()
  for (const cookie of setCookies) response.headers.append('Set-Cookie', cookie)
  return response
}
