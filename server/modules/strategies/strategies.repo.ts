/**
 * Queries of portfolio strategies: the strategies, their rationale per language, their rebalances, and the few
 * reads of our market data they need (the companies they hold and those companies' closes). Plain rows in, plain
 * rows out; no rules.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { StrategyVisibility } from '#contracts/benefits.ts'
import type { Locale, Market } from '#contracts/regions.ts'
import type { LocalizedText } from '#server/db/columns.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import { stockCompanies } from '#server/modules/stocks/stocks.sql.ts'
import type { PriceClose } from './performance.ts'
import {
  portfolioRebalances,
  portfolioStrategies,
  portfolioStrategyTexts,
  type StrategyHolding,
} from './strategies.sql.ts'

export type StrategyRow = typeof portfolioStrategies.$inferSelect
export type RebalanceRow = typeof portfolioRebalances.$inferSelect

export interface HeldCompany {
  id: number
  market: Market
  code: string
  nameEn: string
  nameZh: string
}

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

/** Companies of a market by code (codes as stored, already normalised). */
export async function selectCompaniesByCodes(
  db: Db,
  market: Market,
  codes: readonly string[],
): Promise<HeldCompany[]> {
  if (codes.length === 0) return []
  return db
    .select({
      id: stockCompanies.id,
      market: stockCompanies.market,
      code: stockCompanies.code,
      nameEn: stockCompanies.nameEn,
      nameZh: stockCompanies.nameZh,
    })
    .from(stockCompanies)
    .where(and(eq(stockCompanies.market, market), inArray(stockCompanies.code, [...codes])))
}

/** Companies of any market named by `market:code` keys. */
export async function selectCompaniesByKeys(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, HeldCompany>> {
  const byMarket = new Map<Market, string[]>()
  for (const key of new Set(keys)) {
    const [market, code] = key.split(':') as [Market, string]
    byMarket.set(market, [...(byMarket.get(market) ?? []), code])
  }
  const found = await Promise.all(
    [...byMarket].map(([market, codes]) => selectCompaniesByCodes(db, market, codes)),
  )
  return new Map(found.flat().map((company) => [`${company.market}:${company.code}`, company]))
}

/** Closes of these companies from a day on, oldest first, by company id (one aggregated row per company). */
export async function selectClosesFrom(
  db: Db,
  companyIds: readonly number[],
  from: string,
): Promise<Map<number, PriceClose[]>> {
  const result = new Map<number, PriceClose[]>()
  if (companyIds.length === 0) return result
  const rows = await selectRows<{ company_id: number; closes: string | null }>(
    db,
    sql`select company_id, string_agg(concat_ws(',', date, close), ';' order by date) as closes
        from stock_daily_bars
        where company_id in (${sql.join(
          companyIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and date >= ${from}::date
        group by company_id`,
  )
  for (const row of rows) {
    const closes: PriceClose[] = []
    for (const entry of (row.closes ?? '').split(';')) {
      const [date, close] = entry.split(',')
      const value = Number(close)
      if (date && Number.isFinite(value) && value > 0) closes.push({ date, close: value })
    }
    result.set(Number(row.company_id), closes)
  }
  return result
}

/** Which of these companies have a close on or before the day (so they can be bought on it). */
export async function selectCompaniesPricedBy(
  db: Db,
  companyIds: readonly number[],
  day: string,
): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set()
  const rows = await selectRows<{ company_id: number }>(
    db,
    sql`select distinct company_id from stock_daily_bars
        where company_id in (${sql.join(
          companyIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and date <= ${day}::date`,
  )
  return new Set(rows.map((row) => Number(row.company_id)))
}

/** Whether any company of the market has a bar on the day (a trading day we have prices for). */
export async function marketHasBarOn(db: Db, market: Market, day: string): Promise<boolean> {
  const rows = await selectRows<{ found: number }>(
    db,
    sql`select 1 as found from stock_daily_bars b join stock_companies c on c.id = b.company_id
        where c.market = ${market} and b.date = ${day}::date limit 1`,
  )
  return rows.length > 0
}

/** Whether the market's stored data is demo data. */
export async function marketIsDemo(db: Db, market: Market): Promise<boolean> {
  const rows = await selectRows<{ demo: boolean | null }>(
    db,
    sql`select bool_or(s.is_demo) as demo from stock_data_state s join stock_companies c on c.id = s.company_id
        where c.market = ${market} and s.last_bar_date is not null`,
  )
  return rows[0]?.demo === true
}
