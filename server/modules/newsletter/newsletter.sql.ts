import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '#server/db/columns.ts'

/**
 * One row per email address (stored lower-cased): signing up twice updates, never duplicates. Double opt-in: a row
 * receives the list's mail only once `confirmed_at` is set (the reader followed the confirmation link) and while
 * `unsubscribed_at` is not.
 */
export const newsletterSignups = pgTable('newsletter_signups', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  name: text(),
  phone: text(),
  locale: text().notNull(),
  region: text().notNull(),
  source: text().notNull(),
  confirmedAt: timestamp({ withTimezone: true }),
  unsubscribedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
