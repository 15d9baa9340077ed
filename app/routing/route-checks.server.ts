/**
 * The route checks that run before every page, in the spec's order (§2):
 * 1. the optional validation rule (failure → fatal 404 'Page Not Found: {path}');
 * 2. record referer, landing path and search keyword (cookies, 1 hour);
 * 3. redirect a visitor on the apex host to their regional domain (and remember the region they use);
 * 4. apply the operator's redirects.
 * The cookies of 2 and 3 are not set here: a page answer sets none, so every anonymous page may be kept by a shared
 * cache. The page reports its visit and that answer sets them (contracts/visit-cookies.ts, ADR 0024).
 */
import { data, type MiddlewareFunction, redirect } from 'react-router'
import { requestContext } from '#app/request-context.ts'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import { isAcceptableText } from '#contracts/text-input.ts'
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
  const { config, hostname, services } = context.get(requestContext)

  // 1. Validation rule (and control characters in the path or query, which name no page either).
  if (findBrokenRule(pathname) || hasUnacceptableText(url)) {
    const decodedPath = decodePath(pathname)
    const shownPath = isAcceptableText(decodedPath) ? decodedPath : pathname
    throw data({ reason: 'invalid-route', path: shownPath }, { status: 404, statusText: 'Page Not Found' })
  }

  // 2. Attribution: reported by the page (the root's visit report), where the reader landed after any redirect;
  // a redirect keeps the referrer, and the apex one the path and query too.

  // 3. Regional domain (the regional page remembers the choice the same way).
  if (config.apexHostnames.includes(hostname)) {
    const cookies = parseCookieHeader(request.headers.get('cookie'))
    const target = chooseRegion(cookies[cookieNames.languageChoice], request.headers.get('accept-language'))
    const headers = new Headers({ Vary: 'Accept-Language, Cookie' })
    throw redirect(`${config.siteOrigins[target]}${pathname}${url.search}`, { status: 302, headers })
  }

  // 4. Operator redirects.
  const operatorRedirect = await services.redirects.findRedirect(pathname)
  if (operatorRedirect) {
    throw redirect(
      `${operatorRedirect.location}${operatorRedirect.location.includes('?') ? '' : url.search}`,
      operatorRedirect.status,
    )
  }

  return next()
}
