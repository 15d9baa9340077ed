/**
 * Paths on this site that a query parameter may send the reader to (the login page's `?redirect=`, the language
 * switch's `path`): only a path of the site itself, never another origin — a protocol-relative (`//evil.example`),
 * backslash (`/\evil.example`) or whitespace trick included. The browser and the server apply the same rule.
 */
const base = 'http://site.invalid'

/** The path (with its query and fragment) when `value` is a path on this site; otherwise `/`, the home page. */
export function sameSitePath(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/'
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    return '/'
  }
  if (url.origin !== base) return '/'
  return `${url.pathname}${url.search}${url.hash}`
}
