/**
 * Where the login page sends the reader afterwards (spec §2 `?redirect={path}`): only a path on this site;
 * anything else — another origin, a protocol-relative or backslash trick, the login page itself — goes home.
 */
const base = 'http://site.invalid'

export function safeRedirectPath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/'
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return '/'
  }
  if (url.origin !== base || url.pathname.startsWith('/member/login')) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}
