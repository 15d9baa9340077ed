import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import type { BaseCurrency } from '#contracts/base-currencies.ts'
import type { TransactionKind } from '#contracts/portfolio-rules.ts'
import type { Market } from '#contracts/regions.ts'
import { createdAt, updatedAt } from '#server/db/columns.ts'
import { members } from '#server/modules/accounts/accounts.sql.ts'
import type { LedgerSummary } from './portfolio-ledger.ts'

/**
 * A member's portfolio (issue 25; one per member): its settings and, through its transactions, its holdings
 * (ADR 0034). Deleting the member deletes it (the accounts' hook asks this module first; the foreign key is the
 * safety net). `revision` changes with every change of its transactions: per-process caches of what is computed
 * from them (the performance line) are keyed by it. `holdings` is the ledger's replay at this revision (every
 * position and the transaction count), written in the same database transaction as the change, so a view reads one
 * row instead of replaying every transaction; null until first written (a view, or the alerts' look for holders,
 * then replays once and keeps it).
 */
export const portfolios = pgTable('portfolios', {
  memberId: uuid()
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  baseCurrency: text().$type<BaseCurrency>().notNull().default('USD'),
  revision: uuid().notNull().defaultRandom(),
  holdings: jsonb().$type<LedgerSummary>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * One transaction: a buy or sell of `quantity` shares at `price` (the stock's trading currency) with its `fee`, a
 * cash dividend of `amount`, or a split of `quantity` new shares for one. The stock is named by market and code
 * (not by the stocks module's row), so a stock leaving the universe leaves the transaction readable.
 */
export const portfolioTransactions = pgTable(
  'portfolio_transactions',
  {
    id: uuid().primaryKey().defaultRandom(),
    memberId: uuid()
      .notNull()
      .references(() => portfolios.memberId, { onDelete: 'cascade' }),
    kind: text().$type<TransactionKind>().notNull(),
    market: text().$type<Market>().notNull(),
    code: text().notNull(),
    tradeDate: date({ mode: 'string' }).notNull(),
    quantity: doublePrecision().notNull().default(0),
    price: doublePrecision().notNull().default(0),
    fee: doublePrecision().notNull().default(0),
    amount: doublePrecision().notNull().default(0),
    currency: text().notNull(),
    note: text().notNull().default(''),
    source: text().$type<'manual' | 'import'>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Entry order: transactions of one day apply in the order they were entered (or stood in the file). */
    sequence: bigserial({ mode: 'number' }).notNull(),
  },
  (table) => [
    index('portfolio_transactions_member_date_idx').on(table.memberId, table.tradeDate),
    check('portfolio_transactions_kind', sql`${table.kind} in ('buy', 'sell', 'dividend', 'split')`),
  ],
)
