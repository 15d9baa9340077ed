import { date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Readers' analytics rolled up by firm day (ADR 0016): one row per day, site, dimension and key, counting the
 * article page views (or, for the search dimensions, the keyword searches) of that day. The primary key starts
 * with the dimension and the day, so every dashboard table reads one contiguous range of the index.
 * Dimensions: `total` (key ''), `article` (article id), `referer` (referring host, '' when direct), `landing`
 * (landing path, '' when unknown), `device`, `browser`, `search_found` and `search_missed` (keyword as the page
 * address holds it, lower case) and `searches` (key '': every keyword search).
 */
export const analyticsDailyCounts = pgTable(
  'analytics_daily_counts',
  {
    dimension: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    region: text().notNull(),
    key: text().notNull(),
    views: integer().notNull(),
    loggedInViews: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.dimension, table.day, table.region, table.key] })],
)

/** Sign-ups, logins, diagnoses and chat questions per firm day, for all sites together. */
export const analyticsDailyActivity = pgTable(
  'analytics_daily_activity',
  {
    activity: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    count: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.activity, table.day] })],
)

/**
 * How far the rollup has read: everything recorded before `rolledUntil` is counted in the tables above, anything
 * at or after it is read from where it was recorded. One row (`name` = 'readers').
 */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  name: text().primaryKey(),
  rolledUntil: timestamp({ withTimezone: true }).notNull(),
})
