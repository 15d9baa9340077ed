/**
 * Reading and writing the few cookies the browser itself manages (spec §4, §9). The header parser is the shared
 * floor's (contracts/cookie-header.ts): the server reads requests with the same one.
 */
import { parseCookieHeader } from '#contracts/cookie-header.ts'

export function readBrowserCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined
  return parseCookieHeader(document.cookie)[name]
}

/** `domain`: the regional sites' shared parent domain, for a cookie every regional site should see. */
export function writeBrowserCookie(
  name: string,
  value: string,
  maxAgeSeconds: number,
  domain?: string,
): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : ''
  const domainAttribute = domain ? `; Domain=${domain}` : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser readers use
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/${domainAttribute}; SameSite=Lax${secure}`
}
