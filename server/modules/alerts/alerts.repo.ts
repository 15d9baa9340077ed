/**
 * Queries on alerts, the watchlist switch and the crossings they record. Plain rows; no rules but the evaluation's
 * statement, which is the rule of ADR 0041 written once in SQL: every alert of a market compared with the market's
 * figures in one statement, its new state and the crossing's event written together.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { NotificationKind } from '#contracts/alert-rules.ts'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import { alertEvents, alertFollowedChanges, alertHeldChanges, alertScreens, alerts } from './alerts.sql.ts'

export type AlertRecord = typeof alerts.$inferSelect

export async function selectMemberAlerts(db: Db, memberId: string): Promise<AlertRecord[]> {
  return db
    .select()
    .from(alerts)
    .where(eq(alerts.memberId, memberId))
    .orderBy(asc(alerts.createdAt), asc(alerts.id))
}

export async function selectMemberAlert(
  db: Db,
  memberId: string,
  alertId: string,
): Promise<AlertRecord | null> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.memberId, memberId), eq(alerts.id, alertId)))
  return row ?? null
}

/** The member's alerts on stocks and on saved screens: one number the plan's `alerts` bounds. */
export async function countMemberAlerts(db: Db, memberId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(alerts).where(eq(alerts.memberId, memberId))
  const [screens] = await db
    .select({ n: count() })
    .from(alertScreens)
    .where(eq(alertScreens.memberId, memberId))
  return Number(row?.n ?? 0) + Number(screens?.n ?? 0)
}

export type ScreenAlertRecord = typeof alertScreens.$inferSelect

export async function selectMemberScreenAlerts(db: Db, memberId: string): Promise<ScreenAlertRecord[]> {
  return db
    .select()
    .from(alertScreens)
    .where(eq(alertScreens.memberId, memberId))
    .orderBy(asc(alertScreens.createdAt), asc(alertScreens.id))
}

/** Turns a saved screen's alert on; false when it was on already (nothing changes: its recorded members stay). */
export async function insertScreenAlert(
  db: Db,
  alert: { memberId: string; screenId: string; createdAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(alertScreens)
    .values(alert)
    .onConflictDoNothing({ target: alertScreens.screenId })
    .returning({ id: alertScreens.id })
  return rows.length > 0
}

export async function deleteScreenAlert(db: Db, memberId: string, screenId: string): Promise<void> {
  await db
    .delete(alertScreens)
    .where(and(eq(alertScreens.memberId, memberId), eq(alertScreens.screenId, screenId)))
}

/** The saved screens whose alert is on, every member's (the evaluation asks the stocks module for their members). */
export async function selectAlertedScreenIds(db: Db): Promise<string[]> {
  const rows = await db.select({ screenId: alertScreens.screenId }).from(alertScreens)
  return rows.map((row) => row.screenId)
}

/** Serialises a member's additions, so two at once cannot both pass the limit. */
export async function lockMemberAlerts(db: Db, memberId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`alerts:${memberId}`}))`)
}

export async function insertAlert(db: Db, alert: typeof alerts.$inferInsert): Promise<AlertRecord> {
  const [row] = await db.insert(alerts).values(alert).returning()
  if (!row) throw new Error('alert insert returned nothing')
  return row
}

export async function updateAlert(
  db: Db,
  memberId: string,
  alertId: string,
  changes: Partial<Pick<AlertRecord, 'threshold' | 'isPaused' | 'state'>>,
): Promise<AlertRecord | null> {
  const [row] = await db
    .update(alerts)
    .set(changes)
    .where(and(eq(alerts.memberId, memberId), eq(alerts.id, alertId)))
    .returning()
  return row ?? null
}

export async function deleteAlert(db: Db, memberId: string, alertId: string): Promise<boolean> {
  const rows = await db
    .delete(alerts)
    .where(and(eq(alerts.memberId, memberId), eq(alerts.id, alertId)))
    .returning({ id: alerts.id })
  return rows.length > 0
}

export async function isFollowedChangesOn(db: Db, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ memberId: alertFollowedChanges.memberId })
    .from(alertFollowedChanges)
    .where(eq(alertFollowedChanges.memberId, memberId))
  return row !== undefined
}

export async function setFollowedChanges(
  db: Db,
  memberId: string,
  enabled: boolean,
  now: Date,
): Promise<void> {
  if (enabled)
    await db.insert(alertFollowedChanges).values({ memberId, enabledAt: now }).onConflictDoNothing()
  else await db.delete(alertFollowedChanges).where(eq(alertFollowedChanges.memberId, memberId))
}

export async function isHeldChangesOn(db: Db, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ memberId: alertHeldChanges.memberId })
    .from(alertHeldChanges)
    .where(eq(alertHeldChanges.memberId, memberId))
  return row !== undefined
}

export async function setHeldChanges(db: Db, memberId: string, enabled: boolean, now: Date): Promise<void> {
  if (enabled) await db.insert(alertHeldChanges).values({ memberId, enabledAt: now }).onConflictDoNothing()
  else await db.delete(alertHeldChanges).where(eq(alertHeldChanges.memberId, memberId))
}

/** The columns of one stock in the figures JSON (stocks.repo.ts `selectAlertFiguresJson`). */
function figuresOf(figuresJson: string) {
  return sql`jsonb_to_recordset(${figuresJson}::jsonb) as f(
    market text, code text, session text, price float8, "changeRate" float8, score float8, technicals text,
    "capitalFlow" text, valuation text, "fairValue" float8, support float8, resistance float8,
    "previousScore" float8, "previousTechnicals" text, "previousCapitalFlow" text, "previousValuation" text
  )`
}
/**
 * Evaluates every unpaused alert on the market's stocks against the figures, in one statement:
 * - `observed`: what the alert's condition reads now (`on`/`off`, a side, a label, a score, a session);
 * - `fires`: whether that observation is a crossing (its kind's rule, ADR 0041);
 * - the alert takes the new state (and one more crossing when it fires) only where its state is still the one this
 *   statement read — a second worker that evaluated first leaves nothing to change here — and each crossing's event
 *   is inserted with its unique key (`alert:<id>:<crossing>`) in the same statement, `on conflict do nothing`.
 * Returns how many alerts fired.
 */
export async function evaluateAlerts(
  db: Db,
  market: Market,
  figuresJson: string,
  now: Date,
): Promise<number> {
  const [row] = await selectRows<{ fired: number | string }>(
    db,
    sql`
      with f as (select * from ${figuresOf(figuresJson)}),
      observed as (
        select a.id, a.state, a.kind, a.threshold, f.price, f."changeRate", f.session,
          case a.kind
            when 'priceAbove' then case when f.price >= a.threshold then 'on' else 'off' end
            when 'priceBelow' then case when f.price <= a.threshold then 'on' else 'off' end
            when 'dayMove' then case when f."changeRate" is null then null
              when abs(f."changeRate") >= a.threshold then f.session else 'off' end
            when 'scoreChange' then round(f.score::numeric, 1)::text
            when 'technicalsChange' then f.technicals
            when 'capitalFlowChange' then f."capitalFlow"
            when 'valuationChange' then f.valuation
            when 'fairValueCross' then case when f."fairValue" is null then null
              when f.price >= f."fairValue" then 'above' else 'below' end
            when 'supportCross' then case when f.support is null then null
              when f.price >= f.support then 'above' else 'below' end
            when 'resistanceCross' then case when f.resistance is null then null
              when f.price >= f.resistance then 'above' else 'below' end
          end as observed,
          case a.kind
            when 'fairValueCross' then f."fairValue" when 'supportCross' then f.support
            when 'resistanceCross' then f.resistance
          end as level
        from alerts a
        join f on f.market = a.market and f.code = a.code
        where a.market = ${market} and not a.is_paused and f.price is not null
      ),
      judged as (
        select o.*,
          case
            when o.observed is null then false
            when o.kind in ('priceAbove', 'priceBelow') then o.observed = 'on' and o.state is distinct from 'on'
            when o.kind = 'dayMove' then o.observed <> 'off' and o.observed is distinct from o.state
            when o.kind = 'scoreChange' then o.state is not null
              and abs(o.observed::float8 - o.state::float8) >= o.threshold
            else o.state is not null and o.observed <> o.state
          end as fires
        from observed o
      ),
      next as (
        select j.*,
          case when j.kind = 'scoreChange' and j.state is not null and not j.fires then j.state
            else coalesce(j.observed, j.state) end as next_state
        from judged j
      ),
      changed as (
        update alerts a
        set state = n.next_state,
          crossings = a.crossings + case when n.fires then 1 else 0 end,
          last_fired_at = case when n.fires then ${now.toISOString()}::timestamptz else a.last_fired_at end
        from next n
        where a.id = n.id and n.next_state is distinct from n.state and a.state is not distinct from n.state
        returning a.id, a.member_id, a.kind, a.market, a.code, a.crossings, a.threshold, n.fires, n.state as previous,
          n.observed, n.price, n."changeRate", n.session, n.level
      ),
      recorded as (
        insert into alert_events (key, member_id, alert_id, kind, market, code, details, occurred_at)
        select 'alert:' || c.id || ':' || c.crossings, c.member_id, c.id, c.kind, c.market, c.code,
          jsonb_strip_nulls(jsonb_build_object(
            'threshold', c.threshold, 'price', c.price, 'move', c."changeRate", 'session', c.session,
            'level', c.level,
            'from', case when c.kind in ('priceAbove', 'priceBelow', 'dayMove') then null else c.previous end,
            'to', case when c.kind in ('priceAbove', 'priceBelow', 'dayMove') then null else c.observed end
          )),
          ${now.toISOString()}::timestamptz
        from changed c where c.fires
        on conflict (key) do nothing
        returning 1
      )
      select count(*) as fired from recorded
    `,
  )
  return Number(row?.fired ?? 0)
}

/**
 * The watchlist and portfolio switches: for every member who turned one on and follows (or holds) a stock with a
 * big change this session (a day's move of `moveThreshold` either way, the score moved `scoreStep` points, or a label
 * changed from the session before), one event keyed `followed:<member>:<market:code>:<session>` — once per stock and
 * session however often it runs, and once when the stock is both followed and held (told as held: the reader's own
 * money). `followersJson` and `holdersJson` are the watchlists' and portfolios' `[{ memberId, market, code }]` of
 * the stocks that changed.
 */
export async function recordFollowedChanges(
  db: Db,
  figuresJson: string,
  followersJson: string,
  holdersJson: string,
  thresholds: { moveThreshold: number; scoreStep: number },
  now: Date,
): Promise<number> {
  const [row] = await selectRows<{ recorded: number | string }>(
    db,
    sql`
      with f as (select * from ${figuresOf(figuresJson)}),
      told as (
        select r."memberId", r.market, r.code, 'followedChange' as kind, 1 as rank
        from jsonb_to_recordset(${followersJson}::jsonb) as r("memberId" uuid, market text, code text)
        join alert_followed_changes s on s.member_id = r."memberId"
        union all
        select h."memberId", h.market, h.code, 'heldChange', 0
        from jsonb_to_recordset(${holdersJson}::jsonb) as h("memberId" uuid, market text, code text)
        join alert_held_changes s on s.member_id = h."memberId"
      ),
      recipients as (
        select distinct on ("memberId", market, code) "memberId", market, code, kind
        from told order by "memberId", market, code, rank
      ),
      recorded as (
        insert into alert_events (key, member_id, kind, market, code, details, occurred_at)
        select 'followed:' || r."memberId" || ':' || f.market || ':' || f.code || ':' || f.session,
          r."memberId", r.kind, f.market, f.code,
          jsonb_strip_nulls(jsonb_build_object(
            'price', f.price, 'move', f."changeRate", 'session', f.session,
            'scoreFrom', case when abs(f.score - f."previousScore") >= ${thresholds.scoreStep}
              then round(f."previousScore"::numeric) end,
            'scoreTo', case when abs(f.score - f."previousScore") >= ${thresholds.scoreStep} then round(f.score::numeric) end
          )),
          ${now.toISOString()}::timestamptz
        from recipients r
        join f on f.market = r.market and f.code = r.code
        on conflict (key) do nothing
        returning 1
      )
      select count(*) as recorded from recorded
    `,
  )
  return Number(row?.recorded ?? 0)
}

/**
 * Saved screens' alerts (ADR 0040), in one statement: each alert whose screen is in `screensJson` (the stocks
 * module's `[{ screenId, name, members }]`) takes the screen's current members where they differ from those it
 * recorded, and only where its `changes` is still the one this statement read (a second worker that evaluated first
 * leaves nothing to change); every stock in the new members and not in the recorded ones is an entry, inserted with
 * the key `screen:<id>:<changes>:<market:code>` `on conflict do nothing`, in the same statement. The first
 * evaluation (nothing recorded) records the members and tells nothing. Returns how many entries were recorded.
 */
export async function evaluateScreenAlerts(db: Db, screensJson: string, now: Date): Promise<number> {
  const [row] = await selectRows<{ entered: number | string }>(
    db,
    sql`
      with s as (
        select * from jsonb_to_recordset(${screensJson}::jsonb) as s("screenId" uuid, name text, members jsonb)
      ),
      seen as (
        select a.id, a.changes, a.members as previous, s.members, s.name
        from alert_screens a
        join s on s."screenId" = a.screen_id
        where a.members is distinct from s.members
      ),
      entries as (
        select seen.id, m.key
        from seen cross join lateral jsonb_array_elements_text(seen.members) as m(key)
        where seen.previous is not null and not seen.previous @> jsonb_build_array(m.key)
      ),
      changed as (
        update alert_screens a
        set members = seen.members, changes = a.changes + 1,
          last_fired_at = case when exists (select 1 from entries e where e.id = a.id)
            then ${now.toISOString()}::timestamptz else a.last_fired_at end
        from seen
        where a.id = seen.id and a.changes = seen.changes
        returning a.id, a.member_id, a.changes, seen.name
      ),
      recorded as (
        insert into alert_events (key, member_id, kind, market, code, details, occurred_at)
        select 'screen:' || c.id || ':' || c.changes || ':' || e.key, c.member_id, 'screenEntry',
          split_part(e.key, ':', 1), split_part(e.key, ':', 2),
          jsonb_build_object('screen', c.name),
          ${now.toISOString()}::timestamptz
        from changed c
        join entries e on e.id = c.id
        on conflict (key) do nothing
        returning 1
      )
      select count(*) as entered from recorded
    `,
  )
  return Number(row?.entered ?? 0)
}

export interface AlertEventRecord {
  id: string
  key: string
  memberId: string
  kind: NotificationKind
  market: Market
  code: string
  details: Record<string, string | number | null>
  occurredAt: Date
}

export async function selectUndeliveredEvents(db: Db, limit: number): Promise<AlertEventRecord[]> {
  return db
    .select({
      id: alertEvents.id,
      key: alertEvents.key,
      memberId: alertEvents.memberId,
      kind: alertEvents.kind,
      market: alertEvents.market,
      code: alertEvents.code,
      details: alertEvents.details,
      occurredAt: alertEvents.occurredAt,
    })
    .from(alertEvents)
    .where(sql`${alertEvents.deliveredAt} is null`)
    .orderBy(asc(alertEvents.occurredAt), asc(alertEvents.id))
    .limit(limit)
}

export async function markEventsDelivered(db: Db, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await db.execute(
    sql`update alert_events set delivered_at = ${now.toISOString()}::timestamptz
        where id = any(${sql.param([...ids])}::uuid[]) and delivered_at is null`,
  )
}

/**
 * Retention: crossings delivered before `before`, at most `limit`, oldest first. Never an undelivered one. Their keys
 * never recur (a crossing's number, a past session), so nothing is recorded again.
 */
export async function deleteDeliveredEventsBefore(db: Db, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(alertEvents)
    .where(
      inArray(
        alertEvents.id,
        db
          .select({ id: alertEvents.id })
          .from(alertEvents)
          .where(sql`${alertEvents.deliveredAt} < ${before.toISOString()}::timestamptz`)
          .orderBy(alertEvents.deliveredAt)
          .limit(limit),
      ),
    )
    .returning({ id: alertEvents.id })
  return rows.length
}
