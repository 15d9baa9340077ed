import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Use of metered features: one row per feature, subject (a member or a visitor's device) and calendar month,
 * holding the month's count and the count of the day it was last used. One row per month keeps the monthly
 * and the daily check in one conditional upsert (quotas.repo.ts).
 */
export const quotaUsage = pgTable(
  'quota_usage',
  {
    kind: text().notNull(),
    subject: text().notNull(),
    /** YYYY-MM in LIMITS_TIME_ZONE. */
    month: text().notNull(),
    monthUsed: integer().notNull(),
    /** YYYY-MM-DD of the last use; dayUsed counts uses on that day. */
    day: text().notNull(),
    dayUsed: integer().notNull(),
    /** Visitors only: keyed hash of the network the last use came from (guards against clearing cookies). */
    network: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.subject, table.month] }),
    index('quota_usage_network_idx').on(table.kind, table.month, table.network),
  ],
)
