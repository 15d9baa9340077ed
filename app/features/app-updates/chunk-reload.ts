/**
 * After a deploy, an open page may ask for a script chunk that no longer exists. Reloading fetches the new
 * build; the guard makes sure it happens once per path within 10 seconds (spec §4, §9), so a chunk that is
 * really broken cannot cause a reload loop.
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

/** Reloads the page unless it was already reloaded for this path in the last 10 s; tells whether it did. */
export function reloadOnceAfterChunkFailure(): boolean {
  if (!claimReload(window.sessionStorage, window.location.pathname, Date.now())) return false
  window.location.reload()
  return true
}
