import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { Market } from '#contracts/regions.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'

/**
 * A member's named watchlists (issue 25, ADR 0033), in the member's order (`position`). Deleting the member deletes
 * them (the foreign key), as deleting a list deletes its stocks.
 */
export const watchlists = pgTable(
  'watchlists',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('watchlists_member_position_idx').on(table.memberId, table.position)],
)

/**
 * The stocks of a list, in the member's order. A stock is named by `(market, code)`, not by a reference to the
 * stocks module's companies: a stock that leaves the universe stays on the list, shown as no longer covered.
 */
export const watchlistStocks = pgTable(
  'watchlist_stocks',
  {
    listId: uuid()
      .notNull()
      .references(() => watchlists.id, { onDelete: 'cascade' }),
    market: text().$type<Market>().notNull(),
    code: text().notNull(),
    position: integer().notNull(),
    addedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.listId, table.market, table.code] })],
)
