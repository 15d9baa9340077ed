import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { AlertKind, NotificationKind } from '#contracts/alert-rules.ts'
import type { Market } from '#contracts/regions.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'
import { stockSavedScreens } from '#server/modules/stocks/stocks.sql.ts'

/**
 * A member's alerts on stocks (issue 26, ADR 0041). `state` is what the last evaluation saw of the alert's condition
 * (its kind decides the words: `on`/`off` for a price level, `above`/`below` for a crossing, the label, the score it
 * last fired at, the session of the last big move); an alert fires when the observation changes in the way its kind
 * names, and `crossings` counts the times it fired — with the alert's id, the crossing's unique key.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    kind: text().$type<AlertKind>().notNull(),
    market: text().$type<Market>().notNull(),
    code: text().notNull(),
    threshold: doublePrecision(),
    isPaused: boolean().notNull().default(false),
    state: text(),
    crossings: integer().notNull().default(0),
    lastFiredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('alerts_stock_idx').on(table.market, table.code),
    index('alerts_member_idx').on(table.memberId, table.createdAt),
  ],
)

/** The watchlist's one switch: alert me on big changes of everything I follow. A row exists while it is on. */
export const alertFollowedChanges = pgTable('alert_followed_changes', {
  memberId: uuid()
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  enabledAt: timestamp({ withTimezone: true }).notNull(),
})

/** The portfolio's one switch: alert me on big changes of everything I hold. A row exists while it is on. */
export const alertHeldChanges = pgTable('alert_held_changes', {
  memberId: uuid()
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  enabledAt: timestamp({ withTimezone: true }).notNull(),
})

/**
 * A saved screen's alert: tell me when a stock enters it (ADR 0040). A row exists while it is on; deleting the saved
 * screen deletes it. `members` is the screen's stocks (`market:code`, sorted) as the last evaluation recorded them —
 * null until the first evaluation, which records them without telling — and `changes` counts the times they changed:
 * with the alert's id and the stock, the key of an entry (`screen:<id>:<changes>:<market:code>`), so a stock that
 * leaves and enters again is told again, and one entry is recorded once however many workers evaluate.
 */
export const alertScreens = pgTable(
  'alert_screens',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    screenId: uuid()
      .notNull()
      .references(() => stockSavedScreens.id, { onDelete: 'cascade' }),
    members: jsonb().$type<string[]>(),
    changes: integer().notNull().default(0),
    lastFiredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('alert_screens_screen_idx').on(table.screenId),
    index('alert_screens_member_idx').on(table.memberId, table.createdAt),
  ],
)

/**
 * What fired, once: one row per crossing, its `key` unique (`alert:<id>:<crossing>`, `article:<alert>:<article>`,
 * `followed:<member>:<market:code>:<session>`, `screen:<id>:<changes>:<market:code>`), written in the same statement as the alert's new state, so a crossing
 * is recorded once however many workers evaluate. `deliveredAt` is set once the notification centre has it; a run
 * that stops before delivers what is left at the next run (delivery is keyed too: never twice).
 */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    alertId: uuid().references(() => alerts.id, { onDelete: 'set null' }),
    kind: text().$type<NotificationKind>().notNull(),
    market: text().$type<Market>().notNull(),
    code: text().notNull(),
    details: jsonb().$type<Record<string, string | number | null>>().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('alert_events_key_idx').on(table.key),
    index('alert_events_undelivered_idx').on(table.occurredAt).where(sql`${table.deliveredAt} is null`),
    // Retention walks the delivered crossings by age.
    index('alert_events_delivered_idx').on(table.deliveredAt).where(sql`${table.deliveredAt} is not null`),
  ],
)
