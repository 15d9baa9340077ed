/**
 * After a deploy, an open page may ask for a script chunk that no longer exists. Reloading fetches the new
 * build; the guard makes sure it happens once per path within 10 seconds (spec §4, §9), so a chunk that is
 * really broken cannot cause a reload loop. A failure while the reader is on the way to another page (a tap or a key on
 * a link whose code is gone) loads *that* page in full, not the one they are leaving.
 */

const storageKey = 'tickerwise:chunk-reload'
export const reloadGuardMillis = 10_000

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /Importing a module script failed/i,
  /error loading dynamically imported module/i,
  /Unable to preload CSS/i,
  /Loading chunk [\w-]+ failed/i,
]

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return chunkErrorPatterns.some((pattern) => pattern.test(message))
}

interface GuardStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** Decides whether a reload is allowed now for this path, and records it when it is. */
export function claimReload(store: GuardStore, path: string, now: number): boolean {
  let last: { path?: string; at?: number } | null = null
  try {
    last = JSON.parse(store.getItem(storageKey) ?? 'null')
  } catch {
    last = null
  }
  if (last?.path === path && typeof last.at === 'number' && now - last.at < reloadGuardMillis) return false
  store.setItem(storageKey, JSON.stringify({ path, at: now }))
  return true
}

let pendingNavigationHref: string | null = null

/** The page a client-side navigation is on its way to (root.tsx follows the router's navigation), or null. */
export function notePendingNavigation(href: string | null): void {
  pendingNavigationHref = href
}

/** Where a chunk failure should land: the page being navigated to, else the current one. */
export function reloadTargetOf(current: string, pending: string | null): { path: string; href: string } {
  const href = pending ?? current
  return { path: new URL(href, 'http://local').pathname, href }
}

/**
 * Loads the page in full (the one being navigated to, else this one) unless that was already done for its path in
 * the last 10 s; tells whether it did.
 */
export function reloadOnceAfterChunkFailure(): boolean {
  const current = `${window.location.pathname}${window.location.search}${window.location.hash}`
  const target = reloadTargetOf(current, pendingNavigationHref)
  if (!claimReload(window.sessionStorage, target.path, Date.now())) return false
  if (target.href === current) window.location.reload()
  else window.location.assign(target.href)
  return true
}
