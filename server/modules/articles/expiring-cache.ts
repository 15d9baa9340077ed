/** The store behind the articles service's caches (which data is kept, and for how long, is the service's). */

/** Keys a cache holds at most: keys come from readers' queries (a tag, a page), so they must not grow unbounded. */
const cacheKeysMax = 2_000

/**
 * A small cache of one value per key that expires; enough for data that changes on an editor's schedule. `clear`
 * forgets everything (an announced change); a load begun before it is not kept after it.
 */
export function createExpiringCache<T>(now: () => number, ttlMillis: number) {
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>()
  const read = (key: string, load: () => Promise<T>): Promise<T> => {
    const entry = entries.get(key)
    if (entry && entry.expiresAt > now()) return entry.value
    if (!entry && entries.size >= cacheKeysMax) entries.clear()
    const value = load()
    const stored = { value, expiresAt: now() + ttlMillis }
    entries.set(key, stored)
    // A failed load must not be remembered.
    value.catch(() => {
      if (entries.get(key) === stored) entries.delete(key)
    })
    return value
  }
  return Object.assign(read, { clear: () => entries.clear() })
}

export type ExpiringCache<T> = ReturnType<typeof createExpiringCache<T>>
