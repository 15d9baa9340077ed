/**
 * The visitor → member hand-over of the device list (ADR 0033), as the chat hands over a visitor's conversations at
 * login: the first time a page loads the member's followed stocks after the login (a page with a follow control, or
 * the watchlist page), the device's stocks are sent to the account (`POST /watchlist/adopt`, merged into the first
 * list) and forgotten on the device only once the server has them — a failure keeps them for the next page.
 */

import { api, dataOf } from '#app/api/api-client.ts'
import { toast } from '#app/components/toaster.tsx'
import { ensureCatalogs } from '#app/i18n/browser-catalogs.ts'
import type { Translator } from '#app/i18n/i18n.ts'
import type { AdoptAnswer } from '#contracts/watchlist-rules.ts'
import { readDeviceWatchlist, stockOfKey, writeDeviceWatchlist } from './device-watchlist.ts'

let running: Promise<AdoptAnswer | null> | null = null

/**
 * Moves the device list to the account; null when there was nothing to move or the server did not take it. One at
 * a time: the login and the watchlist page opening right after it ask together.
 */
export function handOverDeviceWatchlist(translator?: Translator): Promise<AdoptAnswer | null> {
  running ??= handOver(translator).finally(() => {
    running = null
  })
  return running
}

async function handOver(translator?: Translator): Promise<AdoptAnswer | null> {
  const keys = readDeviceWatchlist()
  if (keys.length === 0) return null
  let answer: AdoptAnswer
  try {
    answer = dataOf(await api.post<AdoptAnswer>('/watchlist/adopt', { stocks: keys.map(stockOfKey) }))
  } catch {
    return null
  }
  writeDeviceWatchlist([])
  if (translator && answer.added > 0) {
    await ensureCatalogs(['watchlist']).catch(() => undefined)
    toast.success(translator.t('watchlist:toast.handedOver', { count: answer.added }))
  }
  return answer
}
