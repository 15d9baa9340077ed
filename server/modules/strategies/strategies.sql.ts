import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import type { StrategyVisibility } from '#contracts/benefits.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import { createdAt, localizedText, updatedAt } from '#server/db/columns.ts'

/** One holding of a strategy at a rebalance: a stock of our universe and its target weight (0–1, the set sums to 1). */
export interface StrategyHolding {
  market: Market
  code: string
  weight: number
}

/**
 * Portfolio strategies (issue 15): defined by analysts, each a market, a benchmark (that market's index computed
 * from our own prices), a rationale per language (portfolio_strategy_texts) and a history of rebalances whose
 * first is the inception. Who sees which is decided by contracts/benefits.ts from `visibility`.
 * `is_sample`: seeded sample content. Removing keeps the row (`removed_at`) so the seed does not bring it back.
 */
export const portfolioStrategies = pgTable(
  'portfolio_strategies',
  {
    id: uuid().primaryKey().defaultRandom(),
    slug: text().notNull().unique(),
    name: localizedText().notNull(),
    summary: localizedText().notNull(),
    market: text().$type<Market>().notNull(),
    visibility: text().$type<StrategyVisibility>().notNull(),
    position: integer().notNull().default(0),
    published: boolean().notNull().default(true),
    isSample: boolean().notNull().default(false),
    removedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check('portfolio_strategies_visibility', sql`${table.visibility} in ('curated', 'public', 'exclusive')`),
    index('portfolio_strategies_position_idx').on(table.position),
  ],
)

/** A strategy's rationale (Markdown) in one language. */
export const portfolioStrategyTexts = pgTable(
  'portfolio_strategy_texts',
  {
    strategyId: uuid()
      .notNull()
      .references(() => portfolioStrategies.id, { onDelete: 'cascade' }),
    locale: text().$type<Locale>().notNull(),
    rationale: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.strategyId, table.locale] })],
)

/**
 * A rebalance: from its trading day on, the strategy holds these stocks at these weights (bought at that day's
 * close). The earliest is the inception. One per strategy and day.
 */
export const portfolioRebalances = pgTable(
  'portfolio_rebalances',
  {
    id: uuid().primaryKey().defaultRandom(),
    strategyId: uuid()
      .notNull()
      .references(() => portfolioStrategies.id, { onDelete: 'cascade' }),
    effectiveOn: date({ mode: 'string' }).notNull(),
    note: localizedText().notNull(),
    holdings: jsonb().$type<StrategyHolding[]>().notNull(),
    createdByMemberId: uuid(),
    createdByPhone: text(),
    createdAt: createdAt(),
  },
  (table) => [
    unique('portfolio_rebalances_day').on(table.strategyId, table.effectiveOn),
    index('portfolio_rebalances_strategy_idx').on(table.strategyId, table.effectiveOn),
  ],
)
