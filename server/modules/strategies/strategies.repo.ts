/**
 * Queries of portfolio strategies: the strategies, their rationale per language, their rebalances. Plain rows in,
 * plain rows out; no rules. The market data they need (companies, closes, the benchmark) is the stocks module's,
 * asked through its market prices (stocks/market-prices.service.ts).
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { StrategyVisibility } from '#contracts/benefits.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import type { Db } from '#server/db/database.ts'
import {
  portfolioRebalances,
  portfolioStrategies,
  portfolioStrategyTexts,
  type StrategyHolding,
} from './strategies.sql.ts'

export type StrategyRow = typeof portfolioStrategies.$inferSelect
export type RebalanceRow = typeof portfolioRebalances.$inferSelect

/** Strategies not removed, in position order (then oldest first); drafts only when asked. */
export async function selectStrategies(db: Db, options: { withDrafts: boolean }): Promise<StrategyRow[]> {
  return db
    .select()
    .from(portfolioStrategies)
    .where(
      and(
        isNull(portfolioStrategies.removedAt),
        options.withDrafts ? undefined : eq(portfolioStrategies.published, true),
      ),
    )
    .orderBy(
      asc(portfolioStrategies.position),
      asc(portfolioStrategies.createdAt),
      asc(portfolioStrategies.slug),
    )
}

export async function selectStrategyById(db: Db, id: string): Promise<StrategyRow | null> {
  const rows = await db
    .select()
    .from(portfolioStrategies)
    .where(and(eq(portfolioStrategies.id, id), isNull(portfolioStrategies.removedAt)))
  return rows[0] ?? null
}

/** Whether any strategy row exists, removed ones included (the seed runs only on none). */
export async function hasAnyStrategy(db: Db): Promise<boolean> {
  const rows = await db.select({ id: portfolioStrategies.id }).from(portfolioStrategies).limit(1)
  return rows.length > 0
}

export async function slugExists(db: Db, slug: string): Promise<boolean> {
  const rows = await db
    .select({ id: portfolioStrategies.id })
    .from(portfolioStrategies)
    .where(eq(portfolioStrategies.slug, slug))
  return rows.length > 0
}

export async function insertStrategy(
  db: Db,
  row: {
    slug: string
    name: LocalizedText
    summary: LocalizedText
    market: Market
    visibility: StrategyVisibility
    position: number
    published: boolean
    isSample: boolean
  },
): Promise<StrategyRow> {
  const [inserted] = await db.insert(portfolioStrategies).values(row).returning()
  return inserted as StrategyRow
}

export async function updateStrategy(
  db: Db,
  id: string,
  change: Partial<Pick<StrategyRow, 'name' | 'summary' | 'market' | 'visibility' | 'position' | 'published'>>,
): Promise<void> {
  await db
    .update(portfolioStrategies)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(portfolioStrategies.id, id))
}

export async function markStrategyRemoved(db: Db, id: string, at: Date): Promise<void> {
  await db.update(portfolioStrategies).set({ removedAt: at }).where(eq(portfolioStrategies.id, id))
}

/** Rationales by strategy id and language. */
export async function selectRationales(
  db: Db,
  strategyIds: readonly string[],
): Promise<Map<string, Partial<Record<Locale, string>>>> {
  const result = new Map<string, Partial<Record<Locale, string>>>()
  if (strategyIds.length === 0) return result
  const rows = await db
    .select()
    .from(portfolioStrategyTexts)
    .where(inArray(portfolioStrategyTexts.strategyId, [...strategyIds]))
  for (const row of rows) {
    const texts = result.get(row.strategyId) ?? {}
    texts[row.locale] = row.rationale
    result.set(row.strategyId, texts)
  }
  return result
}

/** Writes a strategy's rationale per language; an empty text removes that language's row. */
export async function saveRationales(
  db: Db,
  strategyId: string,
  texts: Record<Locale, string>,
): Promise<void> {
  for (const [locale, rationale] of Object.entries(texts) as Array<[Locale, string]>) {
    if (rationale.trim() === '') {
      await db
        .delete(portfolioStrategyTexts)
        .where(
          and(eq(portfolioStrategyTexts.strategyId, strategyId), eq(portfolioStrategyTexts.locale, locale)),
        )
      continue
    }
    await db
      .insert(portfolioStrategyTexts)
      .values({ strategyId, locale, rationale })
      .onConflictDoUpdate({
        target: [portfolioStrategyTexts.strategyId, portfolioStrategyTexts.locale],
        set: { rationale },
      })
  }
}

/** Rebalances of these strategies, oldest first. */
export async function selectRebalances(db: Db, strategyIds: readonly string[]): Promise<RebalanceRow[]> {
  if (strategyIds.length === 0) return []
  return db
    .select()
    .from(portfolioRebalances)
    .where(inArray(portfolioRebalances.strategyId, [...strategyIds]))
    .orderBy(asc(portfolioRebalances.effectiveOn))
}

export async function insertRebalance(
  db: Db,
  row: {
    strategyId: string
    effectiveOn: string
    note: LocalizedText
    holdings: StrategyHolding[]
    createdByMemberId: string | null
    createdByPhone: string | null
  },
): Promise<RebalanceRow> {
  const [inserted] = await db.insert(portfolioRebalances).values(row).returning()
  return inserted as RebalanceRow
}
