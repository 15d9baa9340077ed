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
  removeItem(key: string): void
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

const navigationKey = 'tickerwise:navigating-to'

/**
 * Notes where a client-side navigation is going (root.tsx follows the router's), or clears the note when it is over.
 * React Router answers a route module that fails to load by reloading the page the reader is *leaving*; the note lets
 * that reload carry on to the page they asked for.
 */
export function notePendingNavigation(store: GuardStore, from: string, to: string | null, now: number): void {
  if (to === null) store.removeItem(navigationKey)
  else store.setItem(navigationKey, JSON.stringify({ from, to, at: now }))
}

/**
 * At start: the page the reader was on the way to when this page was reloaded under them (within the guard's 10 s,
 * once per path), or null to go on with this one.
 */
export function navigationToResume(store: GuardStore, current: string, now: number): string | null {
  let note: { from?: unknown; to?: unknown; at?: unknown } | null = null
  try {
    note = JSON.parse(store.getItem(navigationKey) ?? 'null')
  } catch {
    note = null
  }
  store.removeItem(navigationKey)
  if (!note || note.from !== current || typeof note.to !== 'string' || typeof note.at !== 'number')
    return null
  if (now - note.at > reloadGuardMillis || note.to === current || !note.to.startsWith('/')) return null
  return claimReload(store, new URL(note.to, 'http://local').pathname, now) ? note.to : null
}

/** Reloads the page unless it was already reloaded for this path in the last 10 s; tells whether it did. */
export function reloadOnceAfterChunkFailure(): boolean {
  if (!claimReload(window.sessionStorage, window.location.pathname, Date.now())) return false
  window.location.reload()
  return true
}
