/**
 * Queries of readers' analytics (ADR 0016): the rollup (what was recorded in a span of time, added to the daily
 * tables) and the dashboard's questions, each answered from the daily tables for what is rolled up and from the
 * recorded rows for the rest (`rolledUntil` onwards). Reporting only: this module reads the tracking, accounts,
 * stocks, chat and articles modules' tables and never writes them (a read model across modules, named in ADR 0018).
 * No rules here.
 */
import { type SQL, sql } from 'drizzle-orm'
import { type Db, selectRows } from '#server/db/database.ts'

export const rollupName = 'readers'

/** What the dashboard groups article views (or searches) by; stored as `dimension` in analytics_daily_counts. */
export const dimensions = [
  'total',
  'article',
  'referer',
  'landing',
  'device',
  'browser',
  'search_found',
  'search_missed',
  'searches',
] as const
export type Dimension = (typeof dimensions)[number]

export const activities = ['signup', 'login', 'diagnosis', 'chat'] as const
export type Activity = (typeof activities)[number]

/** The site of an event, from its page address's first host label (as regionFromHostname reads a request). */
const regionOfEvent = sql`(case lower(substring(e.page_url from '^[A-Za-z][A-Za-z0-9+.-]*://([^./:?#]+)'))
    when 'hant' then 'hant' when 'hk' then 'hk' when 'kr' then 'kr' when 'jp' then 'jp' else 'en' end)`

const isView = sql`e.event_type = 'page_view'`
const isSearch = sql`e.event_type = 'search'`
/** The keyword segment of a /search/{keyword} address, still percent-encoded (decoded when shown). */
const searchKeyword = sql`lower(substring(e.page_url from '/search/([^/?#]+)'))`

/** Each dimension's key for one event; null when the event does not count in that dimension. */
const keyOfDimension: Record<Dimension, SQL> = {
  total: sql`case when ${isView} then '' end`,
  article: sql`case when ${isView} then e.article_id::text end`,
  referer: sql`case when ${isView} then coalesce(lower(substring(e.visit_referer from '^[A-Za-z][A-Za-z0-9+.-]*://([^/?#:]+)')), '') end`,
  landing: sql`case when ${isView} then coalesce(split_part(e.visit_landing, '?', 1), '') end`,
  device: sql`case when ${isView} then coalesce(e.device_type, 'other') end`,
  browser: sql`case when ${isView} then coalesce(e.browser, 'Other') end`,
  search_found: sql`case when ${isSearch} and e.category = 'found' then ${searchKeyword} end`,
  search_missed: sql`case when ${isSearch} and e.category = 'missed' then ${searchKeyword} end`,
  /** Every keyword search, found or not, in one row a day: the total without reading every keyword's row. */
  searches: sql`case when ${isSearch} and ${searchKeyword} is not null then '' end`,
}

/** Where and when each activity is recorded (time column, table, condition). */
const activitySources: Record<Activity, { at: SQL; from: SQL; where: SQL }> = {
  signup: { at: sql`registered_at`, from: sql`members`, where: sql`true` },
  // A login is a login code used: hand-overs between the sites open sessions too, but are not logins.
  login: { at: sql`used_at`, from: sql`login_codes`, where: sql`used_at is not null` },
  diagnosis: { at: sql`created_at`, from: sql`stock_diagnosis_views`, where: sql`true` },
  chat: { at: sql`created_at`, from: sql`chat_messages`, where: sql`role = 'question'` },
}

const firmDay = (column: SQL, timeZone: string) => sql`(${column} at time zone ${timeZone})::date`

function iso(instant: Date): string {
  return instant.toISOString()
}

// ——— rollup ———

/** The rollup's mark, locked until the transaction ends (one rollup at a time even without the job's lock). */
export async function lockRolledUntil(db: Db): Promise<Date | null> {
  await db.execute(
    sql`insert into analytics_rollup_state (name, rolled_until) values (${rollupName}, '-infinity')
        on conflict (name) do nothing`,
  )
  const rows = await selectRows<{ millis: number | null }>(
    db,
    sql`select case when rolled_until = '-infinity' then null
                    else (extract(epoch from rolled_until) * 1000)::float8 end as millis
        from analytics_rollup_state where name = ${rollupName} for update`,
  )
  const millis = rows[0]?.millis
  return millis === null || millis === undefined ? null : new Date(Number(millis))
}

export async function selectRolledUntil(db: Db): Promise<Date | null> {
  const rows = await selectRows<{ millis: number }>(
    db,
    sql`select (extract(epoch from rolled_until) * 1000)::float8 as millis from analytics_rollup_state
        where name = ${rollupName} and rolled_until <> '-infinity'`,
  )
  return rows[0] ? new Date(Number(rows[0].millis)) : null
}

export async function updateRolledUntil(db: Db, until: Date): Promise<void> {
  await db.execute(
    sql`update analytics_rollup_state set rolled_until = ${iso(until)}::timestamptz where name = ${rollupName}`,
  )
}

/** When the first event still recorded arrived (null without events): where a first rollup starts. */
export async function selectFirstEventAt(db: Db): Promise<Date | null> {
  const rows = await selectRows<{ millis: number | null }>(
    db,
    sql`select (extract(epoch from min(received_at)) * 1000)::float8 as millis from tracking_events`,
  )
  const millis = rows[0]?.millis
  return millis === null || millis === undefined ? null : new Date(Number(millis))
}

/** More memory for the rollup's grouping in this transaction (a day of events groups into tens of thousands of rows). */
export async function allowRollupMemory(db: Db): Promise<void> {
  await db.execute(sql`set local work_mem = '64MB'`)
}

const rangeOf = (column: SQL, after: Date | null, before: Date) =>
  after
    ? sql`${column} >= ${iso(after)}::timestamptz and ${column} < ${iso(before)}::timestamptz`
    : sql`${column} < ${iso(before)}::timestamptz`

/**
 * Adds the events recorded in [after, before) to the daily counts, in one pass over them (keep it to a day). Each
 * event's day, site and keys are worked out once (the materialised `events`), then spread over the dimensions.
 */
export async function addEventsToDailyCounts(
  db: Db,
  span: { after: Date; before: Date; timeZone: string },
): Promise<void> {
  const keyColumns = sql.join(
    dimensions.map((dimension) => sql`${keyOfDimension[dimension]} as ${sql.identifier(`k_${dimension}`)}`),
    sql`, `,
  )
  const values = sql.join(
    dimensions.map((dimension) => sql`(${dimension}::text, ev.${sql.identifier(`k_${dimension}`)})`),
    sql`, `,
  )
  await db.execute(
    sql`with events as materialized (
          select ${firmDay(sql`e.received_at`, span.timeZone)} as day, ${regionOfEvent} as region, e.is_logged_in,
                 ${keyColumns}
          from tracking_events e
          where ${rangeOf(sql`e.received_at`, span.after, span.before)} and e.event_type in ('page_view', 'search')
        )
        insert into analytics_daily_counts (dimension, day, region, key, views, logged_in_views)
        select d.dimension, ev.day, ev.region, d.key, count(*)::int, (count(*) filter (where ev.is_logged_in))::int
        from events ev
        cross join lateral (values ${values}) as d(dimension, key)
        where d.key is not null
        group by 1, 2, 3, 4
        on conflict (dimension, day, region, key) do update
          set views = analytics_daily_counts.views + excluded.views,
              logged_in_views = analytics_daily_counts.logged_in_views + excluded.logged_in_views`,
  )
}

/** Adds the sign-ups, logins, diagnoses and chat questions recorded in [after, before) to the daily activity. */
export async function addActivityToDaily(
  db: Db,
  span: { after: Date | null; before: Date; timeZone: string },
): Promise<void> {
  for (const activity of activities) {
    const source = activitySources[activity]
    await db.execute(
      sql`insert into analytics_daily_activity (activity, day, count)
          select ${activity}, ${firmDay(source.at, span.timeZone)}, count(*)::int
          from ${source.from}
          where ${source.where} and ${rangeOf(source.at, span.after, span.before)}
          group by 2
          on conflict (activity, day) do update set count = analytics_daily_activity.count + excluded.count`,
    )
  }
}

// ——— the dashboard's questions ———

/**
 * A dashboard question, without JIT compilation: the planner prices the scan of the last minutes' events by the
 * whole table and would spend 100+ ms compiling a query that then reads a few thousand rows.
 */
function askQuestion<T>(db: Db, statement: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    const tdb = tx as unknown as Db
    await tdb.execute(sql`set local jit = off`)
    return selectRows<T>(tdb, statement)
  })
}

/** Fresh planner statistics after a rollup that added many days (a first run, or after downtime). */
export async function analyzeDailyTables(db: Db): Promise<void> {
  await db.execute(sql`analyze analytics_daily_counts, analytics_daily_activity`)
}

export interface AnalyticsSpan {
  /** Firm days, both included. */
  from: string
  to: string
  /** The instants the days start and end at (end excluded). */
  startsAt: Date
  endsAt: Date
  timeZone: string
  region: string | null
  /** Everything before this is in the daily tables; null: nothing is. */
  rolledUntil: Date | null
}

/** The recorded events the daily tables do not hold yet, within the span. */
function unrolledEvents(span: AnalyticsSpan): SQL {
  const after = span.rolledUntil && span.rolledUntil > span.startsAt ? span.rolledUntil : span.startsAt
  return sql`e.received_at >= ${iso(after)}::timestamptz and e.received_at < ${iso(span.endsAt)}::timestamptz
    ${span.region ? sql`and ${regionOfEvent} = ${span.region}` : sql``}`
}

function rolledCounts(dimension: Dimension, span: AnalyticsSpan): SQL {
  return sql`c.dimension = ${dimension} and c.day between ${span.from}::date and ${span.to}::date
    ${span.region ? sql`and c.region = ${span.region}` : sql``}`
}

/** Views (and logged-in views) per firm day, days without views left out. */
export async function selectViewsPerDay(db: Db, span: AnalyticsSpan) {
  const rows = await askQuestion<{ day: string; views: number; loggedInViews: number }>(
    db,
    sql`select day::text as day, sum(views)::int as views, sum(logged_in_views)::int as "loggedInViews" from (
          select c.day, c.views, c.logged_in_views from analytics_daily_counts c
          where ${rolledCounts('total', span)}
          union all
          select ${firmDay(sql`e.received_at`, span.timeZone)}, count(*), count(*) filter (where e.is_logged_in)
          from tracking_events e
          where ${unrolledEvents(span)} and ${isView}
          group by 1
        ) as counted
        group by day order by day`,
  )
  return rows.map((row) => ({ ...row, day: dayText(row.day) }))
}

/** Each activity per firm day (all sites), days without any left out. */
export async function selectActivityPerDay(db: Db, span: AnalyticsSpan) {
  const after = span.rolledUntil && span.rolledUntil > span.startsAt ? span.rolledUntil : span.startsAt
  const unrolled = sql.join(
    activities.map((activity) => {
      const source = activitySources[activity]
      return sql`select ${activity}::text as activity, ${firmDay(source.at, span.timeZone)} as day, count(*) as count
        from ${source.from}
        where ${source.where} and ${source.at} >= ${iso(after)}::timestamptz
          and ${source.at} < ${iso(span.endsAt)}::timestamptz
        group by 2`
    }),
    sql` union all `,
  )
  const rows = await askQuestion<{ activity: Activity; day: string; count: number }>(
    db,
    sql`select activity, day::text as day, sum(count)::int as count from (
          select a.activity, a.day, a.count from analytics_daily_activity a
          where a.day between ${span.from}::date and ${span.to}::date
          union all
          ${unrolled}
        ) as counted
        group by activity, day`,
  )
  return rows.map((row) => ({ ...row, day: dayText(row.day) }))
}

/** One dimension's keys by count, most first (ties by key), at most `limit`. */
export async function selectRanked(db: Db, dimension: Dimension, span: AnalyticsSpan, limit: number) {
  return askQuestion<{ key: string; count: number }>(
    db,
    sql`select key, sum(n)::int as count from (
          select c.key, sum(c.views) as n from analytics_daily_counts c
          where ${rolledCounts(dimension, span)}
          group by c.key
          union all
          select k.key, count(*) from tracking_events e
          cross join lateral (select ${keyOfDimension[dimension]} as key) as k
          where ${unrolledEvents(span)} and k.key is not null
          group by k.key
        ) as counted
        group by key order by count desc, key limit ${limit}`,
  )
}

/** Keyword searches in the span, with and without results. */
export async function selectSearchCount(db: Db, span: AnalyticsSpan): Promise<number> {
  const rows = await askQuestion<{ count: number | null }>(
    db,
    sql`select (
          (select coalesce(sum(c.views), 0) from analytics_daily_counts c where ${rolledCounts('searches', span)})
          + (select count(*) from tracking_events e
             where ${unrolledEvents(span)} and ${isSearch} and ${searchKeyword} is not null)
        )::int as count`,
  )
  return Number(rows[0]?.count ?? 0)
}

/** Article views summed per topic (the article's topic now), most first, with the topic's names. */
export async function selectTopTopics(db: Db, span: AnalyticsSpan, limit: number) {
  return askQuestion<{ key: string; names: Record<string, string> | null; count: number }>(
    db,
    sql`with counted as (
          select c.key, sum(c.views) as n from analytics_daily_counts c
          where ${rolledCounts('article', span)}
          group by c.key
          union all
          select e.article_id::text, count(*) from tracking_events e
          where ${unrolledEvents(span)} and ${isView} and e.article_id is not null
          group by 1
        )
        select a.topic_slug as key, t.name as names, sum(counted.n)::int as count
        from counted
        join articles a on a.id = counted.key::bigint
        join article_topics t on t.slug = a.topic_slug
        group by a.topic_slug, t.name
        order by count desc, key limit ${limit}`,
  )
}

/** Titles of articles by id, per language (for the top articles' labels). */
export async function selectArticleTitles(db: Db, ids: number[]) {
  if (ids.length === 0) return []
  return selectRows<{ articleId: string | number; key: string; locale: string; title: string }>(
    db,
    sql`select a.id as "articleId", a.key, t.locale, t.title
        from articles a left join article_translations t on t.article_id = a.id
        where a.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  )
}

/** A `date` column as YYYY-MM-DD, whichever driver read it. */
function dayText(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  return String(value).slice(0, 10)
}
