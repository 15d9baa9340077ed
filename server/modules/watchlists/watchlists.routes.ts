/**
 * The watchlists API (contracts/watchlists.ts): parse, call the service, answer the envelope. Logged-in readers only:
 * the group's hook answers a visitor 401 before anything is read; whose list it is, is the service's. Writes and
 * exports are limited per client address like other writes.
 */
import type { FastifyInstance } from 'fastify'
import { CommonErrorCode, ok } from '#contracts/envelope.ts'
import {
  AdoptRequest,
  CreateWatchlistRequest,
  FollowRequest,
  RenameWatchlistRequest,
  ReorderStocksRequest,
  ReorderWatchlistsRequest,
  WatchlistIdQuery,
  WatchlistQuery,
  watchlistExportsPerMinute,
  watchlistWritesPerMinute,
} from '#contracts/watchlists.ts'
import { AppError } from '#server/http/app-error.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import { isLoggedIn } from '#server/kernel/reader.ts'
import type { WatchlistsService } from './watchlists.service.ts'

const writes = { config: { rateLimit: { max: watchlistWritesPerMinute, timeWindow: '1 minute' } } }
const exportLimit = { config: { rateLimit: { max: watchlistExportsPerMinute, timeWindow: '1 minute' } } }

export function registerWatchlistsRoutes(api: FastifyInstance, watchlists: WatchlistsService): void {
  api.register(async (routes) => {
    routes.addHook('preHandler', async (request) => {
      if (!isLoggedIn(request.reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    })

    routes.get('/watchlist/lists', async (request) => ok(await watchlists.listWatchlists(request.reader)))

    routes.get('/watchlist/view', async (request) => {
      const { listId } = WatchlistQuery.parse(request.query ?? {})
      return ok(await watchlists.getWatchlistView(request.reader, listId, requestLocale(request)))
    })

    routes.get('/watchlist/export', exportLimit, async (request, reply) => {
      const { listId } = WatchlistIdQuery.parse(request.query ?? {})
      const { fileName, csv } = await watchlists.exportWatchlist(
        request.reader,
        listId,
        requestLocale(request),
      )
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(csv)
    })

    routes.post('/watchlist/create', writes, async (request) => {
      const { name } = CreateWatchlistRequest.parse(request.body ?? {})
      return ok(await watchlists.createWatchlist(request.reader, name))
    })

    routes.post('/watchlist/rename', writes, async (request) => {
      const { listId, name } = RenameWatchlistRequest.parse(request.body ?? {})
      return ok(await watchlists.renameWatchlist(request.reader, listId, name))
    })

    routes.post('/watchlist/reorder', writes, async (request) => {
      const { listIds } = ReorderWatchlistsRequest.parse(request.body ?? {})
      return ok(await watchlists.reorderWatchlists(request.reader, listIds))
    })

    routes.delete('/watchlist/delete', writes, async (request) => {
      const { listId } = WatchlistIdQuery.parse(request.query ?? {})
      return ok(await watchlists.deleteWatchlist(request.reader, listId))
    })

    routes.post('/watchlist/follow', writes, async (request) => {
      const body = FollowRequest.parse(request.body ?? {})
      return ok(await watchlists.followStock(request.reader, body, requestLocale(request)))
    })

    routes.post('/watchlist/unfollow', writes, async (request) => {
      const body = FollowRequest.parse(request.body ?? {})
      return ok(await watchlists.unfollowStock(request.reader, body))
    })

    routes.post('/watchlist/reorderStocks', writes, async (request) => {
      const { listId, stocks } = ReorderStocksRequest.parse(request.body ?? {})
      return ok(await watchlists.reorderStocks(request.reader, listId, stocks))
    })

    routes.post('/watchlist/adopt', writes, async (request) => {
      const { stocks } = AdoptRequest.parse(request.body ?? {})
      return ok(await watchlists.adoptDeviceStocks(request.reader, stocks, requestLocale(request)))
    })
  })
}
