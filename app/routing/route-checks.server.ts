/**
 * The route checks that run before every page, in the spec's order (§2):
 * 1. the optional validation rule (failure → fatal 404 'Page Not Found: {path}');
 * 2. record referer, landing path and search keyword (cookies, 1 hour);
 * 3. redirect a visitor on the apex host to their regional domain (and remember the region they use);
 * 4. apply the operator's redirects.
 */
import { data, type MiddlewareFunction, redirect } from 'react-router'
import { parseCookieHeader, serializeCookie } from '#app/api/cookies.ts'
import { requestContext } from '#app/request-context.ts'
import { sharedCookieDomain } from '#contracts/cookie-domains.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import { regions } from '#contracts/regions.ts'
import { isAcceptableText } from '#contracts/text-input.ts'
import { attributionFor } from './attribution.ts'
import { chooseRegion } from './region-redirect.ts'
import { findBrokenRule, hasUnacceptableText } from './route-rules.ts'

const oneHour = 60 * 60
const oneYear = 365 * 24 * 60 * 60

function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

/** Document navigations only: data requests of client-side navigations are not new visits. */
function isDocumentRequest(request: Request): boolean {
  const destination = request.headers.get('sec-fetch-dest')
  if (destination) return destination === 'document'
  return (request.headers.get('accept') ?? '').includes('text/html')
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

  const cookies = parseCookieHeader(request.headers.get('cookie'))
  const setCookies: string[] = []
  const isDocument = isDocumentRequest(request)
  const sharedDomain = sharedCookieDomain(config.apexHostnames[0])
  const siteHostnames = [
    ...Object.values(config.siteOrigins).map((origin) => new URL(origin).hostname),
    ...config.apexHostnames,
  ]

  // 2. Attribution.
  if (isDocument) {
    const attribution = attributionFor(
      { url, referer: request.headers.get('referer'), siteHostnames },
      { landing: cookies[cookieNames.landing] },
    )
    for (const [name, value] of Object.entries(attribution)) {
      setCookies.push(
        serializeCookie(name, value, {
          maxAgeSeconds: oneHour,
          domain: sharedDomain,
          secure: config.isHttps,
        }),
      )
    }
  }

  // 3. Regional domain.
  if (config.apexHostnames.includes(hostname)) {
    const target = chooseRegion(cookies[cookieNames.languageChoice], request.headers.get('accept-language'))
    const headers = new Headers({ Vary: 'Accept-Language, Cookie' })
    for (const cookie of setCookies) headers.append('Set-Cookie', cookie)
    throw redirect(`${config.siteOrigins[target]}${pathname}${url.search}`, { status: 302, headers })
  }
  if (isDocument && cookies[cookieNames.languageChoice] !== region && regions.includes(region)) {
    setCookies.push(
      serializeCookie(cookieNames.languageChoice, region, {
        maxAgeSeconds: oneYear,
        domain: sharedDomain,
        secure: config.isHttps,
      }),
    )
  }

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
