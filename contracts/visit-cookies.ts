/**
 * The cookies a visit leaves behind (spec §2, route checks 2 and 3): its attribution (referer, landing path, search
 * keyword; one hour, first touch) and the regional site the reader uses (`i18n_redirected`; a year).
 *
 * No page answer sets them (ADR 0024): a page is the same for every anonymous reader, so a shared cache may keep it.
 * The page reports the visit instead — a few lines of inline script (app/features/visit/visit-report-script.ts) post
 * the landing path and `document.referrer` to `POST /track/visit` when a cookie is missing or out of date — and
 * that answer sets them. Which cookies a report earns is decided here, for the script (what is missing) and the
 * endpoint (what to set) alike. Below both app and server (no zod, no server config).
 */
import { attributionFor } from './attribution.ts'
import { sharedCookieDomain } from './cookie-domains.ts'
import { parseCookieHeader, serializeCookie } from './cookie-header.ts'
import { cookieNames } from './cookie-names.ts'
import { type Region, regionFromHostname } from './regions.ts'

/** Where the page posts its report, under the API base. */
export const visitReportPath = '/track/visit'

const oneHour = 60 * 60
const oneYear = 365 * 24 * 60 * 60

/** What the page reports of a visit: where it landed (path and query) and the browser's `document.referrer`. */
export interface VisitReport {
  landing: string
  /** Empty when the browser gives none (typed address, a bookmark, a `no-referrer` policy). */
  referrer: string
}

export interface VisitSite {
  /** The Cookie header of the report: what the visit already has. */
  cookieHeader: string | null | undefined
  /** The host the page was served on (the report is posted to the same host). */
  hostname: string
  /** The deployment's sites (the server's config has these three). */
  config: { siteOrigins: Record<Region, string>; apexHostnames: string[]; isHttps: boolean }
}

function cookieOptionsOf(config: VisitSite['config'], maxAgeSeconds: number) {
  return { maxAgeSeconds, domain: sharedCookieDomain(config.apexHostnames[0]), secure: config.isHttps }
}

function siteHostnamesOf(config: VisitSite['config']): string[] {
  return [
    ...Object.values(config.siteOrigins).map((origin) => new URL(origin).hostname),
    ...config.apexHostnames,
  ]
}

/**
 * The Set-Cookie values a visit report earns: route check 2 (the attribution the visit does not have yet; a value it
 * has is never replaced) and route check 3 (the regional site, when it is not already the remembered choice; never
 * on an apex host, which only redirects).
 */
export function visitCookiesOf(report: VisitReport, site: VisitSite): string[] {
  const cookies = parseCookieHeader(site.cookieHeader)
  const attribution = attributionFor(
    {
      url: new URL(report.landing, 'https://landing.invalid'),
      referer: report.referrer || null,
      siteHostnames: siteHostnamesOf(site.config),
    },
    { landing: cookies[cookieNames.landing], referer: cookies[cookieNames.referer] },
  )
  const setCookies = Object.entries(attribution).map(([name, value]) =>
    serializeCookie(name, value, cookieOptionsOf(site.config, oneHour)),
  )
  const hostname = site.hostname.toLowerCase()
  if (!site.config.apexHostnames.includes(hostname)) {
    const region = regionFromHostname(hostname)
    if (cookies[cookieNames.languageChoice] !== region) {
      setCookies.push(
        serializeCookie(cookieNames.languageChoice, region, cookieOptionsOf(site.config, oneYear)),
      )
    }
  }
  return setCookies
}
