/**
 * The watchlist page's data, read in-process from the watchlists service: a member's list (the one the address
 * names, else the first; a list that is gone or not theirs falls back to the first), or nothing for a visitor,
 * whose list is on the device.
 */
import type { RequestContext } from '#app/request-context.ts'
import type { Locale } from '#contracts/regions.ts'
import { isServiceError } from '#contracts/service-error.ts'
import type { WatchlistView } from '#contracts/watchlist-rules.ts'
import type { Reader } from '#server/kernel/reader.ts'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function loadWatchlistView(
  services: RequestContext['services'],
  reader: Reader,
  requestedListId: string | null,
  locale: Locale,
): Promise<WatchlistView | null> {
  if (!reader.memberId) return null
  const listId = requestedListId && uuidPattern.test(requestedListId) ? requestedListId : undefined
  try {
    return await services.watchlists.getWatchlistView(reader, listId, locale)
  } catch (error) {
    if (listId && isServiceError(error, 'not_found'))
      return services.watchlists.getWatchlistView(reader, undefined, locale)
    throw error
  }
}
