/**
 * Where the login page sends the reader afterwards (spec §2 `?redirect={path}`): only a path on this site
 * (contracts/site-paths.ts); anything else — another origin, a protocol-relative or backslash trick, the login page
 * itself — goes home.
 */
import { sameSitePath } from '#contracts/site-paths.ts'

export function safeRedirectPath(value: string | null | undefined): string {
  const path = sameSitePath(value)
  return path.startsWith('/member/login') ? '/' : path
}
