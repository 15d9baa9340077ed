/**
 * Who is asking: the one description of the reader that every module receives (from `request.reader` in API
 * routes, from `services.accounts.readerFromCookies(...)` in page loaders). Decides nothing itself; it lives in the
 * kernel because every module reads it and accounts (which makes it) is only one of them.
 */
import type { Role, Tier } from '#contracts/accounts.ts'

export interface Reader {
  /** visitor (no valid session), member (logged in, no active subscription) or subscriber. */
  role: Role
  memberId: string | null
  /** The active subscription's tier; null unless role is subscriber. */
  tier: Tier | null
  /** The session that authenticated this request, if any. */
  sessionId: string | null
  /**
   * The browser, for visitor quotas: `key` is a keyed hash of the device cookie (tw_device), `network` a keyed
   * hash of the client's IPv4 address or IPv6 /64 (null when unknown, e.g. in page loaders).
   */
  device: { key: string; network: string | null }
}

export function isLoggedIn(reader: Reader): reader is Reader & { memberId: string } {
  return reader.memberId !== null
}
