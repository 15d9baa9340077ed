import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from '#server/db/columns.ts'

/**
 * Redirects the operator defines: from a path on any region to a path or an absolute URL. A rule an admin removes
 * is kept with `removedAt` (and followed no more), so the seed does not bring a removed default back at the next
 * start; adding the path again revives the row.
 */
export const redirects = pgTable(
  'redirects',
  {
    fromPath: text().primaryKey(),
    toLocation: text().notNull(),
    statusCode: integer().notNull().default(301),
    createdAt: createdAt(),
    removedAt: timestamp({ withTimezone: true }),
  },
  (table) => [check('redirects_status_code', sql`${table.statusCode} in (301, 302)`)],
)
