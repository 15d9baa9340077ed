/** The watchlist page's calls (contracts/watchlists.ts), through the shared client; the page fetches them once idle. */
import { api, dataOf } from '#app/api/api-client.ts'
import type {
  FollowAnswer,
  StockKey,
  WatchlistSummary,
  WatchlistsAnswer,
} from '#contracts/watchlist-rules.ts'

export async function createList(name: string): Promise<WatchlistSummary> {
  return dataOf(await api.post<WatchlistSummary>('/watchlist/create', { name }))
}

export async function renameList(listId: string, name: string): Promise<WatchlistSummary> {
  return dataOf(await api.post<WatchlistSummary>('/watchlist/rename', { listId, name }))
}

export async function reorderLists(listIds: string[]): Promise<WatchlistsAnswer> {
  return dataOf(await api.post<WatchlistsAnswer>('/watchlist/reorder', { listIds }))
}

export async function deleteList(listId: string): Promise<void> {
  dataOf(await api.delete<{ deleted: true }>('/watchlist/delete', { listId }))
}

export async function removeStock(listId: string, stock: StockKey): Promise<FollowAnswer> {
  return dataOf(await api.post<FollowAnswer>('/watchlist/unfollow', { listId, ...stock }))
}

export async function followStockOn(listId: string, stock: StockKey): Promise<FollowAnswer> {
  return dataOf(await api.post<FollowAnswer>('/watchlist/follow', { listId, ...stock }))
}

export async function reorderStocks(listId: string, stocks: StockKey[]): Promise<WatchlistSummary> {
  return dataOf(await api.post<WatchlistSummary>('/watchlist/reorderStocks', { listId, stocks }))
}
