/** Reading and writing the few cookies the browser itself manages (spec §4, §9). */

export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index < 1) continue
    const name = part.slice(0, index).trim()
    const raw = part.slice(index + 1).trim()
    try {
      cookies[name] = decodeURIComponent(raw)
    } catch {
      cookies[name] = raw
    }
  }
  return cookies
}

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

export interface ServerCookieOptions {
  maxAgeSeconds: number
  domain?: string | undefined
  httpOnly?: boolean
  secure?: boolean
}

/** A Set-Cookie value for responses written by the server. */
export function serializeCookie(name: string, value: string, options: ServerCookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'Path=/',
    'SameSite=Lax',
  ]
  if (options.domain) parts.push(`Domain=${options.domain}`)
  if (options.httpOnly) parts.push('HttpOnly')
  if (options.secure) parts.push('Secure')
  return parts.join('; ')
}
