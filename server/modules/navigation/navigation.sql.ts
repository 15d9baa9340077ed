import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { localizedText } from '#server/db/columns.ts'

/**
 * A service group of the header mega-menu (spec §2: menuName and its articles). Changed in the console (`editedAt`),
 * a group's articles are the admin's: the seed adds none to it any more. A group an admin deletes is kept with
 * `removedAt` (and shown no more), so the seed does not bring it back at the next start.
 */
export const menuGroups = pgTable('menu_groups', {
  key: text().primaryKey(),
  position: integer().notNull(),
  name: localizedText().notNull(),
  editedAt: timestamp({ withTimezone: true }),
  removedAt: timestamp({ withTimezone: true }),
})

/**
 * The articles a group lists, in order, by article key. Titles are not stored here: the menu shows each article's
 * own title in the reader's language, and leaves out articles that are not readable in it.
 */
export const menuGroupArticles = pgTable(
  'menu_group_articles',
  {
    groupKey: text()
      .notNull()
      .references(() => menuGroups.key, { onDelete: 'cascade' }),
    articleKey: text().notNull(),
    position: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.groupKey, table.articleKey] })],
)
