/**
 * Reading a Cookie header and writing a Set-Cookie value (spec §4, §9): the browser reads `document.cookie` with
 * the same parser the server reads requests with (app/api/cookies.ts, server/http/page-cache.ts, the loaders).
 * No zod, no DOM: every page and the server import it.
 */

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
