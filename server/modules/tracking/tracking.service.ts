/**
 * Reading events (spec §3, §7): stores what the page reports on every navigation to an article path, and answers
 * how often each article was read lately (for the home page's hot topics). Decides what is kept (the fields of
 * spec §3, the call's language, whether the reader was logged in and where the visit came from; never the IP
 * address, the token or who the reader is); leaves who the reader is to the accounts module, and analysis to
 * tools that read the table.
 */
import type { StoredTrackingEvent, TrackingEventAnswer, TrackingEventRequest } from '#contracts/articles.ts'
import { deleteInBatches } from '#server/db/batches.ts'
import type { Db } from '#server/db/database.ts'
import type { VisitAttribution } from '#server/http/visit-attribution.ts'
import {
  countArticleEvents,
  deleteEventsBefore,
  insertTrackingEvent,
  selectSessionEvents,
} from './tracking.repo.ts'

const dayMillis = 24 * 60 * 60 * 1000
/** What counts as "lately" for hot topics. */
export const recentViewDays = 7

export function createTrackingService({
  db,
  now = () => Date.now(),
  cacheMillis = 5 * 60_000,
}: {
  db: Db
  now?: () => number
  cacheMillis?: number
}) {
  let viewsCache: { value: Promise<Map<number, number>>; expiresAt: number } | undefined

  async function recordEvent(
    event: TrackingEventRequest,
    context: { lang: 'hk' | 'en' | 'jp' | 'kr'; isLoggedIn: boolean; attribution: VisitAttribution },
  ): Promise<TrackingEventAnswer> {
    await insertTrackingEvent(db, {
      receivedAt: new Date(now()),
      eventType: event.eventType,
      subSessionId: event.subSessionId,
      lang: context.lang,
      pageUrl: event.pageUrl,
      pageReferrer: event.pageReferrer ?? null,
      pageTitle: event.pageTitle ?? null,
      articleId: event.articleId ?? null,
      category: event.category ?? null,
      deviceType: event.deviceType ?? null,
      osName: event.osName ?? null,
      browser: event.browser ?? null,
      screen: event.screen ?? null,
      sdkVersion: event.sdkVersion ?? null,
      dataSource: event.dataSource ?? null,
      isLoggedIn: context.isLoggedIn,
      visitReferer: context.attribution.referer,
      visitLanding: context.attribution.landing,
    })
    return { accepted: true }
  }

  /** The last day's events of one sub-session (develop deployments expose this for journeys). */
  function listSessionEvents(subSessionId: string): Promise<StoredTrackingEvent[]> {
    return selectSessionEvents(db, subSessionId, new Date(now() - dayMillis), 50)
  }

  /** Reads per article id over the last week; recounted at most every few minutes. */
  function countRecentArticleViews(): Promise<Map<number, number>> {
    if (!viewsCache || viewsCache.expiresAt <= now()) {
      const value = countArticleEvents(db, new Date(now() - recentViewDays * dayMillis))
      viewsCache = { value, expiresAt: now() + cacheMillis }
      value.catch(() => {
        viewsCache = undefined
      })
    }
    return viewsCache.value
  }

  /**
   * Retention (housekeeping): forgets the events received before `before`. The caller decides how far is safe —
   * never past what the analytics rollup has counted. Answers how many went.
   */
  function forgetEventsBefore(before: Date): Promise<number> {
    return deleteInBatches((limit) => deleteEventsBefore(db, before, limit))
  }

  return { recordEvent, listSessionEvents, countRecentArticleViews, forgetEventsBefore }
}

export type TrackingService = ReturnType<typeof createTrackingService>
