/**
 * The alerts and notification-centre API (contracts/alerts.ts): parse, call the service, answer the envelope.
 * Logged-in readers only (the group's hook answers a visitor 401), except the bell's unread count, which answers a
 * visitor 0. Whose alert or notification it is, is the services'. Writes are limited per client address.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import {
  AlertIdQuery,
  alertWritesPerMinute,
  CreateAlertRequest,
  FollowedChangesRequest,
  NotificationIdRequest,
  NotificationListQuery,
  NotificationSettingRequest,
  ScreenAlertRequest,
  UpdateAlertRequest,
} from '#contracts/alerts.ts'
import { CommonErrorCode, ok } from '#contracts/envelope.ts'
import type { Market } from '#contracts/regions.ts'
import { StockMarket } from '#contracts/stocks.ts'
import { AppError } from '#server/http/app-error.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import { registerLoopbackOnlyRoutes } from '#server/http/test-endpoints.ts'
import { isLoggedIn } from '#server/kernel/reader.ts'
import type { NotificationsService } from '#server/modules/notifications/notifications.service.ts'
import type { AlertsService, SessionMove } from './alerts.service.ts'

const DevMarketRefreshRequest = z.object({
  market: StockMarket,
  // A journey's big move: the demo session of a stock reads as having moved this fraction (journeys cannot wait for
  // a day whose demo data moves 5 %).
  move: z
    .object({
      code: z.string().min(1).max(12),
      rate: z.number().finite().min(-0.99).max(10).optional(),
      outOfScreens: z.boolean().optional(),
    })
    .optional(),
})

const writes = { config: { rateLimit: { max: alertWritesPerMinute, timeWindow: '1 minute' } } }

export function registerAlertsRoutes(
  api: FastifyInstance,
  alerts: AlertsService,
  notifications: NotificationsService,
  options: {
    /** Test endpoints (TEST_ENDPOINTS=loopback): a market's refresh with its alerts, as the job runs it. */
    refreshMarket?: ((market: Market, move?: SessionMove) => Promise<unknown>) | undefined
  } = {},
): void {
  const { refreshMarket } = options
  if (refreshMarket)
    registerLoopbackOnlyRoutes(api, (testRoutes) => {
      testRoutes.post('/dev/market-refresh', async (request) => {
        const { market, move } = DevMarketRefreshRequest.parse(request.body ?? {})
        await refreshMarket(market, move)
        return ok({ refreshed: market })
      })
    })

  api.get('/notification/unread', async (request) => ok(await notifications.countUnread(request.reader)))

  api.register(async (routes) => {
    routes.addHook('preHandler', async (request) => {
      if (!isLoggedIn(request.reader)) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    })

    routes.get('/alert/list', async (request) =>
      ok(await alerts.listAlerts(request.reader, requestLocale(request))),
    )

    routes.post('/alert/create', writes, async (request) => {
      const body = CreateAlertRequest.parse(request.body ?? {})
      return ok(await alerts.createAlert(request.reader, body, requestLocale(request)))
    })

    routes.post('/alert/update', writes, async (request) => {
      const body = UpdateAlertRequest.parse(request.body ?? {})
      return ok(await alerts.updateAlert(request.reader, body, requestLocale(request)))
    })

    routes.delete('/alert/delete', writes, async (request) => {
      const { alertId } = AlertIdQuery.parse(request.query ?? {})
      return ok(await alerts.deleteAlert(request.reader, alertId))
    })

    routes.post('/alert/followed', writes, async (request) => {
      const { enabled } = FollowedChangesRequest.parse(request.body ?? {})
      return ok(await alerts.setFollowedChanges(request.reader, enabled))
    })

    routes.post('/alert/held', writes, async (request) => {
      const { enabled } = FollowedChangesRequest.parse(request.body ?? {})
      return ok(await alerts.setHeldChanges(request.reader, enabled))
    })

    routes.post('/alert/screen', writes, async (request) => {
      const body = ScreenAlertRequest.parse(request.body ?? {})
      return ok(await alerts.setScreenAlert(request.reader, body))
    })

    routes.get('/notification/list', async (request) => {
      const { before } = NotificationListQuery.parse(request.query ?? {})
      return ok(await notifications.listNotifications(request.reader, before))
    })

    routes.post('/notification/read', writes, async (request) => {
      const { notificationId } = NotificationIdRequest.parse(request.body ?? {})
      return ok(await notifications.markRead(request.reader, notificationId))
    })

    routes.post('/notification/readAll', writes, async (request) =>
      ok(await notifications.markAllRead(request.reader)),
    )

    routes.get('/notification/settings', async (request) =>
      ok(await notifications.getSettings(request.reader)),
    )

    routes.post('/notification/settings', writes, async (request) => {
      const body = NotificationSettingRequest.parse(request.body ?? {})
      return ok(await notifications.changeSetting(request.reader, body))
    })
  })
}
