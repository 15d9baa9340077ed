import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import type { SiteTextData } from '#contracts/site.ts'
import { updatedAt } from '#server/db/columns.ts'

/** Company texts (about us, services, policies…) per language: Markdown body plus structured parts. */
export const siteTexts = pgTable(
  'site_texts',
  {
    key: text().notNull(),
    locale: text().notNull(),
    title: text().notNull(),
    bodyMarkdown: text().notNull().default(''),
    data: jsonb().$type<SiteTextData>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (table) => [primaryKey({ columns: [table.key, table.locale] })],
)
