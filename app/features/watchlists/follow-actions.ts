/**
 * What the follow control does, fetched on demand (followed-stocks.ts): loads the reader's followed stocks, and
 * follows or unfollows one — the star changes at once, the server (or the device, for a visitor) is told, a failure
 * puts the star back with the reason, and a success offers undo for a few seconds.
 */

import { ApiError, api, dataOf } from '#app/api/api-client.ts'
import { toast } from '#app/components/toaster.tsx'
import { ensureCatalogs, ensureErrorMessages } from '#app/i18n/browser-catalogs.ts'
import type { Translator } from '#app/i18n/i18n.ts'
import type { Market } from '#contracts/regions.ts'
import { type FollowAnswer, stockKeyOf, type WatchlistsAnswer } from '#contracts/watchlist-rules.ts'
import { handOverDeviceWatchlist } from './device-handover.ts'
import { deviceWatchlistMax, readDeviceWatchlist, writeDeviceWatchlist } from './device-watchlist.ts'
import { type FollowOwner, followedState, setFollowedState } from './followed-stocks.ts'
import { toastWithUndo } from './undo-toast.ts'

interface FollowedStock {
  market: Market
  code: string
  name: string
}

let loading: { owner: FollowOwner; done: Promise<boolean> } | null = null

/**
 * The reader's followed stocks: every list of a member, the device list of a visitor. A member's load first hands
 * over a device list still on this browser (the login just happened); it answers whether one was handed over.
 */
export function loadFollowed(owner: FollowOwner, translator?: Translator): Promise<boolean> {
  if (loading?.owner === owner) return loading.done
  const done = (async () => {
    if (owner === 'visitor') {
      setFollowedState({ owner, keys: new Set(readDeviceWatchlist()) })
      return false
    }
    const handedOver = (await handOverDeviceWatchlist(translator)) !== null
    const answer = dataOf(await api.get<WatchlistsAnswer>('/watchlist/lists'))
    setFollowedState({ owner, keys: new Set(answer.lists.flatMap((list) => list.stocks.map(stockKeyOf))) })
    return handedOver
  })().catch(() => {
    // Stars stay empty; the next page tries again.
    loading = null
    return false
  })
  loading = { owner, done }
  return done
}

/** Loads again (the watchlist page, when the device still holds a list: it is handed over first). */
export function reloadFollowed(owner: FollowOwner, translator?: Translator): Promise<boolean> {
  loading = null
  return loadFollowed(owner, translator)
}

function setKey(key: string, isFollowed: boolean, owner: FollowOwner) {
  const keys = new Set(followedState().keys)
  if (isFollowed) keys.add(key)
  else keys.delete(key)
  setFollowedState({ owner, keys })
}

/** Each stock's last change still on its way: the next waits for it (see `saveChange`). */
const changesInFlight = new Map<string, Promise<unknown>>()

/**
 * Tells the server (or the device) of a change, after the stock's previous change has been answered: follow, undo,
 * follow again in quick succession would otherwise race, and an unfollow arriving last would empty the list while
 * the star says followed.
 */
function saveChange(stock: FollowedStock, follow: boolean, owner: FollowOwner): Promise<void> {
  // The device list is written at once, in order: nothing to wait for.
  if (owner === 'visitor') return sendChange(stock, follow, owner)
  const key = stockKeyOf(stock)
  const previous = changesInFlight.get(key) ?? Promise.resolve()
  const change = previous.catch(() => undefined).then(() => sendChange(stock, follow, owner))
  changesInFlight.set(key, change)
  void change
    .catch(() => undefined)
    .then(() => {
      if (changesInFlight.get(key) === change) changesInFlight.delete(key)
    })
  return change
}

async function sendChange(stock: FollowedStock, follow: boolean, owner: FollowOwner): Promise<void> {
  const key = stockKeyOf(stock)
  if (owner === 'member') {
    const body = { market: stock.market, code: stock.code }
    dataOf(await api.post<FollowAnswer>(follow ? '/watchlist/follow' : '/watchlist/unfollow', body))
    return
  }
  const keys = readDeviceWatchlist().filter((k) => k !== key)
  if (follow && keys.length >= deviceWatchlistMax) throw new ApiError(409, 'WATCHLIST_STOCKS_FULL')
  writeDeviceWatchlist(follow ? [...keys, key] : keys)
}

function messageOf(error: unknown, translator: Translator): string {
  const code = error instanceof ApiError ? error.code : 'INTERNAL_ERROR'
  return translator.t(translator.exists(`errors:${code}`) ? `errors:${code}` : 'errors:INTERNAL_ERROR', {
    max: deviceWatchlistMax,
  })
}

/** Follows or unfollows, optimistically, with undo. */
export async function toggleFollow(
  stock: FollowedStock,
  owner: FollowOwner,
  translator: Translator,
): Promise<void> {
  await loadFollowed(owner, translator)
  const key = stockKeyOf(stock)
  const follow = !followedState().keys.has(key)
  setKey(key, follow, owner)
  const catalogs = ensureCatalogs(['watchlist']).catch(() => undefined)
  try {
    await saveChange(stock, follow, owner)
  } catch (error) {
    setKey(key, !follow, owner)
    await ensureErrorMessages()
    toast.error(messageOf(error, translator))
    return
  }
  await catalogs
  const message = follow
    ? owner === 'member'
      ? 'watchlist:toast.followed'
      : 'watchlist:toast.followedOnDevice'
    : 'watchlist:toast.unfollowed'
  void toastWithUndo(translator.t(message, { name: stock.name }), {
    label: translator.t('watchlist:toast.undo'),
    onClick: () => {
      setKey(key, !follow, owner)
      saveChange(stock, !follow, owner).catch((error: unknown) => {
        setKey(key, follow, owner)
        toast.error(messageOf(error, translator))
      })
    },
  })
}
