import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { updatedAt } from '#server/db/columns.ts'

/**
 * How readers reach the firm (spec §5: phone, email, WhatsApp, Line, KakaoTalk, Telegram), as an admin saved them in
 * the console: one row at most. Without it the configuration's `CONTACT_*` values are shown.
 */
export const contactChannels = pgTable(
  'contact_channels',
  {
    id: integer().primaryKey().default(1),
    phone: text().notNull(),
    email: text().notNull(),
    whatsapp: text().notNull(),
    line: text().notNull(),
    kakaotalk: text().notNull(),
    telegram: text().notNull(),
    updatedAt: updatedAt(),
  },
  (table) => [check('contact_channels_single_row', sql`${table.id} = 1`)],
)
