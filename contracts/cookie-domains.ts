/**
 * Which cookies the regional sites share. On a configured parent domain (`{region}.example.com`) cookies set for
 * `example.com` reach every regional site; hosts without one (`{region}.localhost`) or on unrelated domains share
 * nothing, and a reader moving between them needs a hand-over (ADR 0010). Used by the server (session and visit
 * cookies) and the page (consent cookie, language switcher).
 */

/** The parent domain cookies are shared on, or undefined when the host has none (e.g. `localhost`). */
export function sharedCookieDomain(apexHostname: string | undefined): string | undefined {
  return apexHostname?.includes('.') ? apexHostname : undefined
}

function hostnameOf(host: string): string {
  return host.replace(/:\d+$/, '').toLowerCase()
}

/** The Domain attribute for a cookie set on `host`: the shared domain when the host is under it, else none. */
export function cookieDomainOfHost(
  sharedDomain: string | null | undefined,
  host: string,
): string | undefined {
  const hostname = hostnameOf(host)
  return sharedDomain && (hostname === sharedDomain || hostname.endsWith(`.${sharedDomain}`))
    ? sharedDomain
    : undefined
}

/** Whether a cookie set on one host reaches the other (both under the shared domain). */
export function sharesCookies(
  sharedDomain: string | null | undefined,
  hostA: string,
  hostB: string,
): boolean {
  return (
    cookieDomainOfHost(sharedDomain, hostA) !== undefined &&
    cookieDomainOfHost(sharedDomain, hostB) !== undefined
  )
}
