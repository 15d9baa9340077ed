/**
 * Requests of the watchlists API (issue 25, ADR 0033); the answers, limits and codes are in watchlist-rules.ts (the
 * zod-free half the pages import). Logged-in readers only (a visitor: 401; a list not theirs: 404).
 *
 *   GET    /watchlist/lists                          → WatchlistsAnswer (every list with its stock keys)
 *   GET    /watchlist/view?listId=                   → WatchlistView (one list with each stock's figures)
 *   GET    /watchlist/export?listId=                 → text/csv
 *   POST   /watchlist/create        { name }         → WatchlistSummary
 *   POST   /watchlist/rename        { listId, name } → WatchlistSummary
 *   POST   /watchlist/reorder       { listIds }      → WatchlistsAnswer
 *   DELETE /watchlist/delete?listId=                 → { deleted: true }
 *   POST   /watchlist/follow        { market, code, listId? }  → FollowAnswer (the first list when none is named)
 *   POST   /watchlist/unfollow      { market, code, listId? }  → FollowAnswer (every list when none is named)
 *   POST   /watchlist/reorderStocks { listId, stocks }         → WatchlistSummary
 *   POST   /watchlist/adopt         { stocks }       → AdoptAnswer (the device list, at login)
 */
import { z } from 'zod'
import { StockMarket } from './stocks.ts'
import { WatchlistErrorCode, watchlistNameMaxLength, watchlistStocksMax } from './watchlist-rules.ts'

export * from './watchlist-rules.ts'

const ListId = z.uuid(WatchlistErrorCode.notFound)

const WatchlistName = z
  .string(WatchlistErrorCode.nameInvalid)
  .trim()
  .min(1, WatchlistErrorCode.nameInvalid)
  .max(watchlistNameMaxLength, WatchlistErrorCode.nameInvalid)

/** A code as the stock lists write it: letters, digits, dot and dash, 1–12 characters (AAPL, 0700, BRK-B). */
const StockCode = z
  .string(WatchlistErrorCode.stockInvalid)
  .trim()
  .regex(/^[A-Za-z0-9.-]{1,12}$/, WatchlistErrorCode.stockInvalid)
  .transform((code) => code.toUpperCase())

const Market = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
  z.enum(StockMarket.options, { error: WatchlistErrorCode.stockInvalid }),
)

export const WatchlistStock = z.object({ market: Market, code: StockCode })

const optionalListId = z.preprocess(
  (value) => (value === null || value === '' ? undefined : value),
  ListId.optional(),
)

export const WatchlistQuery = z.object({ listId: optionalListId })
export type WatchlistQuery = z.infer<typeof WatchlistQuery>

export const WatchlistIdQuery = z.object({ listId: ListId })

export const CreateWatchlistRequest = z.object({ name: WatchlistName })
export const RenameWatchlistRequest = z.object({ listId: ListId, name: WatchlistName })
export const ReorderWatchlistsRequest = z.object({
  listIds: z.array(ListId, WatchlistErrorCode.orderMismatch).max(100, WatchlistErrorCode.orderMismatch),
})
export const FollowRequest = WatchlistStock.extend({ listId: optionalListId })
export type FollowRequest = z.infer<typeof FollowRequest>
export const ReorderStocksRequest = z.object({
  listId: ListId,
  stocks: z
    .array(WatchlistStock, WatchlistErrorCode.orderMismatch)
    .max(watchlistStocksMax, WatchlistErrorCode.orderMismatch),
})
export const AdoptRequest = z.object({
  stocks: z
    .array(WatchlistStock, WatchlistErrorCode.stockInvalid)
    .max(watchlistStocksMax, WatchlistErrorCode.stockInvalid),
})
