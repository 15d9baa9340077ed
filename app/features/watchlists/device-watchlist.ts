/**
 * A visitor's watchlist on the device (ADR 0033): stock keys (`us:AAPL`) in localStorage, never on the server, at
 * most the member's list size. Login hands it to the account (device-handover.ts) and forgets it then.
 */
import type { Market } from '#contracts/regions.ts'
import { deviceWatchlistMax, deviceWatchlistStorageKey, type StockKey } from '#contracts/watchlist-rules.ts'

export { deviceWatchlistMax }

const keyPattern = /^(us|hk|jp|kr):[A-Z0-9.-]{1,12}$/

/** The device's keys, in the order followed; anything unreadable is ignored (a stale or tampered entry). */
export function readDeviceWatchlist(): string[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(deviceWatchlistStorageKey) ?? '[]') as unknown
    if (!Array.isArray(parsed)) return []
    return parsed
      .filter((key): key is string => typeof key === 'string' && keyPattern.test(key))
      .slice(0, deviceWatchlistMax)
  } catch {
    return []
  }
}

export function writeDeviceWatchlist(keys: readonly string[]): void {
  try {
    if (keys.length === 0) window.localStorage.removeItem(deviceWatchlistStorageKey)
    else window.localStorage.setItem(deviceWatchlistStorageKey, JSON.stringify(keys))
  } catch {
    // Storage refused (private mode, full): the star still changed for this page.
  }
}

export function stockOfKey(key: string): StockKey {
  const [market, code] = key.split(':') as [Market, string]
  return { market, code }
}
