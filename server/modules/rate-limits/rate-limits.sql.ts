import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Fixed-window request counters shared by every process (used when Redis is not configured). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  windowEndsAt: timestamp({ withTimezone: true }).notNull(),
})
