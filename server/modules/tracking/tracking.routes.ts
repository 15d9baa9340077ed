import type { FastifyInstance } from 'fastify'
import { RecentTrackingQuery, TrackingEventRequest } from '#contracts/articles.ts'
import { ok } from '#contracts/envelope.ts'
import { registerLoopbackOnlyRoutes } from '#server/http/test-endpoints.ts'
import { visitAttributionOf } from '#server/http/visit-attribution.ts'
import { isLoggedIn } from '#server/kernel/reader.ts'
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
      return ok(
        await tracking.recordEvent(event, {
          lang: trackingLangOf(request.headers.lang),
          // The reader as identified from X-Token or, for the page (which cannot read its HttpOnly cookie), the
          // session cookie: a token that no longer opens a session is not logged in.
          isLoggedIn: isLoggedIn(request.reader),
          attribution: visitAttributionOf(request),
        }),
      )
    },
  )

  // A test endpoint (TEST_ENDPOINTS=loopback): the browser journeys read back what a page sent.
  if (options.exposeSessionEvents) {
    registerLoopbackOnlyRoutes(api, (testRoutes) => {
      testRoutes.get('/track/session', async (request) => {
        const { subSessionId } = RecentTrackingQuery.parse(request.query ?? {})
        return ok(await tracking.listSessionEvents(subSessionId))
      })
    })
  }
}
