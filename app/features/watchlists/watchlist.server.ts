/**
 * The watchlist page's data, read in-process from the watchlists service: a member's list (the one the address
 * names, else the first; a list that is gone or not theirs falls back to the first), or nothing for a visitor,
 * whose list is on the device. Each row is cut to what the page draws (`pageViewOf`).
 */
import { keyLabelOf } from '#app/features/stocks/stock-labels.ts'
import type { RequestContext } from '#app/request-context.ts'
import type { Locale } from '#contracts/regions.ts'
import { isServiceError } from '#contracts/service-error.ts'
import type { WatchlistRow, WatchlistView } from '#contracts/watchlist-rules.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { PageRow, PageView } from './watchlist-rows.ts'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function loadWatchlistView(
  services: RequestContext['services'],
  reader: Reader,
  requestedListId: string | null,
  locale: Locale,
): Promise<PageView | null> {
  if (!reader.memberId) return null
  const listId = requestedListId && uuidPattern.test(requestedListId) ? requestedListId : undefined
  try {
    return pageViewOf(await services.watchlists.getWatchlistView(reader, listId, locale), locale)
  } catch (error) {
    if (listId && isServiceError(error, 'not_found'))
      return pageViewOf(await services.watchlists.getWatchlistView(reader, undefined, locale), locale)
    throw error
  }
}

function pageRowOf({ market, code, stock, article }: WatchlistRow): PageRow {
  if (!stock) return { market, code, stock: null, article }
  const { exchange: _exchange, fairValue: _fairValue, isDemo: _isDemo, ...drawn } = stock
  return { market, code, stock: drawn, article }
}

/** The names, in `locale`, of the rating and signal keys the rows hold. */
function keyLabelsOf(rows: readonly WatchlistRow[], locale: Locale): Record<string, string> {
  const labels: Record<string, string> = {}
  const add = (prefix: string, key: string | null) => {
    const label = keyLabelOf(locale, prefix, key)
    if (label !== null) labels[`${prefix}.${key}`] = label
  }
  for (const { stock } of rows) {
    if (!stock) continue
    add('analyst', stock.analystRating)
    add('signal', stock.technicals)
    add('flow', stock.capitalFlow)
  }
  return labels
}

/**
 * The view with each row cut to what the page draws: the page carries every row's data (ADR 0046), and a field no
 * row draws (the exchange, the fair value itself, the stock's own demo mark, when it was added) is not sent. The
 * rows' rating and signal keys come with their names in the reader's language (`keyLabels`).
 */
export function pageViewOf(view: WatchlistView, locale: Locale): PageView {
  const { current } = view
  return {
    ...view,
    current: current && { ...current, rows: current.rows.map(pageRowOf) },
    keyLabels: keyLabelsOf(current?.rows ?? [], locale),
  }
}
