import { sql } from 'drizzle-orm'
import { type Db, selectRows } from '#server/db/database.ts'
import { trackingEvents } from './tracking.sql.ts'

export type NewTrackingEvent = typeof trackingEvents.$inferInsert

export async function insertTrackingEvent(db: Db, event: NewTrackingEvent): Promise<void> {
  await db.insert(trackingEvents).values(event)
}

/** One sub-session's events since a time, newest first. */
export async function selectSessionEvents(db: Db, subSessionId: string, since: Date, limit: number) {
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`select event_type as "eventType", lang as "lang", page_url as "pageUrl", page_title as "pageTitle",
          article_id as "articleId", received_at as "receivedAt"
        from tracking_events
        where received_at >= ${since.toISOString()}::timestamptz and sub_session_id = ${subSessionId}
        order by received_at desc, id desc
        limit ${limit}`,
  )
  return rows.map((row) => ({
    eventType: String(row.eventType),
    lang: String(row.lang),
    pageUrl: String(row.pageUrl),
    pageTitle: row.pageTitle === null ? null : String(row.pageTitle),
    articleId: row.articleId === null ? null : Number(row.articleId),
    receivedAt: new Date(
      String(row.receivedAt instanceof Date ? row.receivedAt.toISOString() : row.receivedAt),
    ).toISOString(),
  }))
}

/** Events per article since a time. */
export async function countArticleEvents(db: Db, since: Date): Promise<Map<number, number>> {
  const rows = await selectRows<{ articleId: string | number; n: number }>(
    db,
    sql`select article_id as "articleId", count(*)::int as "n"
        from tracking_events
        where received_at >= ${since.toISOString()}::timestamptz and article_id is not null
        group by article_id`,
  )
  return new Map(rows.map((row) => [Number(row.articleId), row.n]))
}

/**
 * Deletes up to `limit` events received before `before`; answers how many went. The table has no key, so rows are
 * named by their physical place (`ctid`), found through the time index.
 */
export async function deleteEventsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`delete from tracking_events
        where ctid = any(array(
          select ctid from tracking_events where received_at < ${before.toISOString()}::timestamptz limit ${limit}
        ))
        returning 1 as id`,
  )
  return rows.length
}
