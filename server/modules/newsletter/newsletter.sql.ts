import { pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from '#server/db/columns.ts'

/** One row per email address (stored lower-cased): signing up twice updates, never duplicates. */
export const newsletterSignups = pgTable('newsletter_signups', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  name: text(),
  phone: text(),
  locale: text().notNull(),
  region: text().notNull(),
  source: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
