import type { FastifyInstance } from 'fastify'
import {
  RecentTrackingQuery,
  TrackingEventRequest,
  type VisitReportAnswer,
  VisitReportRequest,
} from '#contracts/articles.ts'
import { ok } from '#contracts/envelope.ts'
import { type VisitSite, visitCookiesOf, visitReportPath } from '#contracts/visit-cookies.ts'
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
  options: { exposeSessionEvents: boolean; sites: VisitSite['config'] },
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

  // The page's report of where its visit came from (ADR 0024): the answer sets the visit cookies no page answer
  // sets. A page sends it once per visit, and again only when the reader moves to another regional site; 300 a
  // minute per address, as for reading events: many new readers may share one office or mobile-network address.
  api.post(
    visitReportPath,
    { bodyLimit: 4096, config: { rateLimit: { max: 300, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const report = VisitReportRequest.parse(request.body ?? {})
      const setCookies = visitCookiesOf(report, {
        cookieHeader: request.headers.cookie,
        hostname: request.hostname.replace(/:\d+$/, ''),
        config: options.sites,
      })
      reply.header('cache-control', 'no-store')
      for (const cookie of setCookies) reply.header('set-cookie', cookie)
      const answer: VisitReportAnswer = {
        recorded: setCookies.map((cookie) => cookie.slice(0, cookie.indexOf('='))),
      }
      return ok(answer)
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
