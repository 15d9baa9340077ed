/**
 * The cookies a document request leaves behind whatever page it asks for (spec §2, route checks 2 and 3): the
 * visit's attribution (referer, landing path, search keyword; one hour) and the regional site the reader uses
 * (`i18n_redirected`; a year). They depend on the request only, never on the page, so the route checks and the
 * host's page cache (server/http/page-cache.ts) both take them from here: a page served from the cache sets the same
 * cookies as one rendered for the request. Below both app and server (no zod, no server config).
 */
import { attributionFor } from './attribution.ts'
import { sharedCookieDomain } from './cookie-domains.ts'
import { parseCookieHeader, serializeCookie } from './cookie-header.ts'
import { cookieNames } from './cookie-names.ts'
import { type Region, regions } from './regions.ts'

const oneHour = 60 * 60
const oneYear = 365 * 24 * 60 * 60

export interface VisitRequest {
  url: URL
  headers: Headers
  /** The deployment's sites (the server's config has these three). */
  config: { siteOrigins: Record<Region, string>; apexHostnames: string[]; isHttps: boolean }
  region: Region
}

/** Document navigations only: data requests of client-side navigations are not new visits. */
export function isDocumentRequest(headers: Headers): boolean {
  const destination = headers.get('sec-fetch-dest')
  if (destination) return destination === 'document'
  return (headers.get('accept') ?? '').includes('text/html')
}

function cookieOptionsOf(config: VisitRequest['config'], maxAgeSeconds: number) {
  return { maxAgeSeconds, domain: sharedCookieDomain(config.apexHostnames[0]), secure: config.isHttps }
}

/** Route check 2: where the visit came from, for a document request (none for a data request). */
export function attributionCookiesOf({ url, headers, config }: VisitRequest): string[] {
  if (!isDocumentRequest(headers)) return []
  const siteHostnames = [
    ...Object.values(config.siteOrigins).map((origin) => new URL(origin).hostname),
    ...config.apexHostnames,
  ]
  const cookies = parseCookieHeader(headers.get('cookie'))
  const attribution = attributionFor(
    { url, referer: headers.get('referer'), siteHostnames },
    { landing: cookies[cookieNames.landing] },
  )
  return Object.entries(attribution).map(([name, value]) =>
    serializeCookie(name, value, cookieOptionsOf(config, oneHour)),
  )
}

/** Route check 3, on a regional site: remember it as the reader's choice when it is not already. */
export function languageChoiceCookieOf({ headers, config, region }: VisitRequest): string | undefined {
  if (!isDocumentRequest(headers) || !regions.includes(region)) return undefined
  if (parseCookieHeader(headers.get('cookie'))[cookieNames.languageChoice] === region) return undefined
  return serializeCookie(cookieNames.languageChoice, region, cookieOptionsOf(config, oneYear))
}
