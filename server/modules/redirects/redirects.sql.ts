import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from '#server/db/columns.ts'

/** Redirects the operator defines: from a path on any region to a path or an absolute URL. */
export const redirects = pgTable(
  'redirects',
  {
    fromPath: text().primaryKey(),
    toLocation: text().notNull(),
    statusCode: integer().notNull().default(301),
    createdAt: createdAt(),
  },
  (table) => [check('redirects_status_code', sql`${table.statusCode} in (301, 302)`)],
)
