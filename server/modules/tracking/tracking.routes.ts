import type { FastifyInstance } from 'fastify'
import { RecentTrackingQuery, TrackingEventRequest } from '#contracts/articles.ts'
import { ok } from '#contracts/envelope.ts'
import type { TrackingService } from './tracking.service.ts'

/** The `Lang` header of a tracking call (spec §7): hk, en, jp or kr; anything else is read as en. */
function trackingLangOf(header: string | string[] | undefined): 'hk' | 'en' | 'jp' | 'kr' {
  const value = (Array.isArray(header) ? header[0] : header)?.toLowerCase()
  return value === 'hk' || value === 'jp' || value === 'kr' ? value : 'en'
}

export function registerTrackingRoutes(
  api: FastifyInstance,
  tracking: TrackingService,
  options: { exposeSessionEvents: boolean },
): void {
  // One event per article navigation: 300 a minute per address leaves room for many readers behind one office or
  // mobile-network address, and still stops a flood.
  api.post(
    '/track/event',
    { config: { rateLimit: { max: 300, timeWindow: '1 minute' } } },
    async (request) => {
      const event = TrackingEventRequest.parse(request.body ?? {})
      const token = request.headers['x-token']
      return ok(
        await tracking.recordEvent(event, {
          lang: trackingLangOf(request.headers.lang),
          isLoggedIn: typeof token === 'string' && token.length > 0,
        }),
      )
    },
  )

  if (options.exposeSessionEvents) {
    api.get('/track/session', async (request) => {
      const { subSessionId } = RecentTrackingQuery.parse(request.query ?? {})
      return ok(await tracking.listSessionEvents(subSessionId))
    })
  }
}
