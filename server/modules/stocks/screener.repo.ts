/**
 * Queries on the screener's read model (`stock_screen_rows`, ADR 0036) and on members' saved screens. Filters and
 * sorts arrive as keys and are turned into columns here through fixed tables, so no text of a request ever reaches
 * the SQL but as a bound value. Plain rows; which filters a reader may set and what they mean is stock-screener.ts's.
 */
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import type { ScreenScoreKey, ScreenSector, ScreenSortKey, SortDirection } from '#contracts/screener-rules.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { Currency, Sector } from '#server/providers/market-data/market-data.ts'
import type { ScreenFigures } from './screen-figures.ts'
import { stockSavedScreens, stockScreenRows } from './stocks.sql.ts'

export interface ScreenRowRecord extends ScreenFigures {
  companyId: number
  market: Market
  sector: Sector
  code: string
  asOf: string
  isDemo: boolean
}

export async function upsertScreenRow(db: Db, row: ScreenRowRecord): Promise<void> {
  const { companyId, ...rest } = row
  await db
    .insert(stockScreenRows)
    .values(row)
    .onConflictDoUpdate({ target: stockScreenRows.companyId, set: rest })
}

/** Columns a range filter reads. */
export const screenRangeColumns = {
  gap: sql`s.downside_margin`,
  pe: sql`s.pe`,
  pb: sql`s.pb`,
  yield: sql`s.dividend_yield`,
  cap: sql`s.market_cap_usd`,
  position: sql`s.week52_position`,
  return1m: sql`s.return1m`,
  return3m: sql`s.return3m`,
  return6m: sql`s.return6m`,
  return1y: sql`s.return1y`,
}
export type ScreenRangeColumn = keyof typeof screenRangeColumns

const scoreColumns: Record<ScreenScoreKey | 'total', SQL> = {
  total: sql`s.total_score`,
  fundamentals: sql`s.score_fundamentals`,
  management: sql`s.score_management`,
  trend: sql`s.score_trend`,
  market_size: sql`s.score_market_size`,
  gross_margin: sql`s.score_gross_margin`,
  profitability: sql`s.score_profitability`,
  growth_potential: sql`s.score_growth_potential`,
  competitive_advantage: sql`s.score_competitive_advantage`,
  valuation: sql`s.score_valuation`,
  financial_health: sql`s.score_financial_health`,
}

export interface ScreenFilter {
  market?: Market | undefined
  sector?: ScreenSector | undefined
  technicals?: string | undefined
  capitalFlow?: string | undefined
  minScores: Partial<Record<ScreenScoreKey | 'total', number>>
  ranges: Partial<Record<ScreenRangeColumn, { min?: number | undefined; max?: number | undefined }>>
}

export interface ScreenOrder {
  sort: ScreenSortKey
  dir: SortDirection
  /** The return column `sort: 'return'` means (the screen's period). */
  returnColumn: 'return1m' | 'return3m' | 'return6m' | 'return1y'
}

function whereOf(filter: ScreenFilter) {
  const conditions = [sql`true`]
  if (filter.market) conditions.push(sql`s.market = ${filter.market}`)
  if (filter.sector) conditions.push(sql`s.sector = ${filter.sector}`)
  if (filter.technicals) conditions.push(sql`s.technicals = ${filter.technicals}`)
  if (filter.capitalFlow) conditions.push(sql`s.capital_flow = ${filter.capitalFlow}`)
  for (const [key, min] of Object.entries(filter.minScores)) {
    if (min !== undefined) conditions.push(sql`${scoreColumns[key as ScreenScoreKey]} >= ${min}`)
  }
  for (const [key, range] of Object.entries(filter.ranges)) {
    const column = screenRangeColumns[key as ScreenRangeColumn]
    if (range?.min !== undefined) conditions.push(sql`${column} >= ${range.min}`)
    if (range?.max !== undefined) conditions.push(sql`${column} <= ${range.max}`)
  }
  return sql.join(conditions, sql` and `)
}

/** Labels sort from the most favourable (buy, inflow) to the least. */
const labelRank = (column: SQL, best: string, worst: string) =>
  sql`case ${column} when ${best} then 2 when ${worst} then 0 when 'neutral' then 1 end`

function orderOf({ sort, dir, returnColumn }: ScreenOrder) {
  const column =
    sort === 'code'
      ? sql`s.code`
      : sort === 'technicals'
        ? labelRank(sql`s.technicals`, 'buy', 'sell')
        : sort === 'flow'
          ? labelRank(sql`s.capital_flow`, 'inflow', 'outflow')
          : sort === 'change'
            ? sql`s.change_percent`
            : sort === 'return'
              ? screenRangeColumns[returnColumn]
              : sort in scoreColumns
                ? scoreColumns[sort as ScreenScoreKey | 'total']
                : screenRangeColumns[sort as ScreenRangeColumn]
  // Empty figures last either way; ties by code so pages never overlap.
  return sql`${column} ${dir === 'asc' ? sql`asc` : sql`desc`} nulls last, s.code, s.market`
}

export interface ScreenResultRow extends ScreenRowRecord {
  nameEn: string
  nameZh: string
  currency: Currency
  total: number
}

export async function selectScreenRows(
  db: Db,
  filter: ScreenFilter,
  order: ScreenOrder,
  paging: { limit: number; offset: number },
): Promise<{ rows: ScreenResultRow[]; total: number }> {
  const rows = await selectRows<ScreenResultRow>(
    db,
    sql`
      select s.company_id as "companyId", s.market, s.sector, s.code, s.as_of::text as "asOf", s.is_demo as "isDemo",
        s.price, s.change_percent as "changePercent", s.total_score as "totalScore",
        s.score_fundamentals as "scoreFundamentals", s.score_management as "scoreManagement",
        s.score_trend as "scoreTrend", s.score_market_size as "scoreMarketSize",
        s.score_gross_margin as "scoreGrossMargin", s.score_profitability as "scoreProfitability",
        s.score_growth_potential as "scoreGrowthPotential",
        s.score_competitive_advantage as "scoreCompetitiveAdvantage", s.score_valuation as "scoreValuation",
        s.score_financial_health as "scoreFinancialHealth", s.technicals, s.capital_flow as "capitalFlow",
        s.fair_value as "fairValue", s.downside_margin as "downsideMargin", s.pe, s.pb,
        s.dividend_yield as "dividendYield", s.market_cap as "marketCap", s.market_cap_usd as "marketCapUsd",
        s.week52_high as "week52High", s.week52_low as "week52Low", s.week52_position as "week52Position",
        s.return1m as "return1m", s.return3m as "return3m", s.return6m as "return6m", s.return1y as "return1y",
        c.name_en as "nameEn", c.name_zh as "nameZh", c.currency, count(*) over () as total
      from stock_screen_rows s
      join stock_companies c on c.id = s.company_id
      where ${whereOf(filter)}
      order by ${orderOf(order)}
      limit ${paging.limit} offset ${paging.offset}
    `,
  )
  // Past the last page the window count has no row to ride on; count alone.
  const total =
    rows.length > 0 ? Number(rows[0]?.total) : paging.offset > 0 ? await countScreenRows(db, filter) : 0
  return { rows: rows.map((row) => ({ ...row, companyId: Number(row.companyId) })), total }
}

async function countScreenRows(db: Db, filter: ScreenFilter): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from stock_screen_rows s where ${whereOf(filter)}`,
  )
  return Number(rows[0]?.n ?? 0)
}

/** Every stock passing the screen's filters, as `market:code`, sorted (a saved screen's alert, ADR 0040). */
export async function selectScreenMemberKeys(db: Db, filter: ScreenFilter): Promise<string[]> {
  const rows = await selectRows<{ key: string }>(
    db,
    sql`select s.market || ':' || s.code as key from stock_screen_rows s where ${whereOf(filter)} order by 1`,
  )
  return rows.map((row) => row.key)
}

/** Per market in scope: whether any row is demo data, and the oldest and newest as-of session (the data stamp). */
export async function selectScreenSessions(
  db: Db,
  market: Market | undefined,
): Promise<Array<{ market: Market; isDemo: boolean; oldest: string; newest: string }>> {
  return selectRows(
    db,
    sql`select market, bool_or(is_demo) as "isDemo", min(as_of)::text as oldest, max(as_of)::text as newest
        from stock_screen_rows ${market ? sql`where market = ${market}` : sql``} group by market`,
  )
}

/**
 * Companies whose latest snapshot has no screen row of the same session (a database migrated before the screener,
 * or a write lost in between): what the start fills from stored snapshots.
 */
export async function selectSnapshotsWithoutScreenRow(db: Db): Promise<
  Array<{
    companyId: number
    market: Market
    sector: Sector
    code: string
    asOf: string
    isDemo: boolean
    diagnosis: unknown
  }>
> {
  const rows = await selectRows<{
    companyId: number
    market: Market
    sector: Sector
    code: string
    asOf: string
    isDemo: boolean
    diagnosis: unknown
  }>(
    db,
    sql`
      with l as (
        select distinct on (company_id) company_id, as_of, is_demo, diagnosis
        from stock_snapshots order by company_id, as_of desc
      )
      select l.company_id as "companyId", c.market, c.sector, c.code, l.as_of::text as "asOf",
        l.is_demo as "isDemo", l.diagnosis
      from l
      join stock_companies c on c.id = l.company_id
      left join stock_screen_rows s on s.company_id = l.company_id
      where s.company_id is null or s.as_of < l.as_of
    `,
  )
  return rows.map((row) => ({
    ...row,
    companyId: Number(row.companyId),
    diagnosis: typeof row.diagnosis === 'string' ? JSON.parse(row.diagnosis) : row.diagnosis,
  }))
}

// ——— saved screens ———

export interface SavedScreenRecord {
  id: string
  name: string
  query: string
  createdAt: Date
}

const savedColumns = {
  id: stockSavedScreens.id,
  name: stockSavedScreens.name,
  query: stockSavedScreens.query,
  createdAt: stockSavedScreens.createdAt,
}

export function selectSavedScreens(db: Db, memberId: string): Promise<SavedScreenRecord[]> {
  return db
    .select(savedColumns)
    .from(stockSavedScreens)
    .where(eq(stockSavedScreens.memberId, memberId))
    .orderBy(asc(stockSavedScreens.createdAt), asc(stockSavedScreens.id))
}

/** Saved screens by id, whoever's they are (the alerts' evaluation), with their owner. */
export function selectSavedScreensById(
  db: Db,
  ids: readonly string[],
): Promise<Array<SavedScreenRecord & { memberId: string }>> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select({ ...savedColumns, memberId: stockSavedScreens.memberId })
    .from(stockSavedScreens)
    .where(inArray(stockSavedScreens.id, [...ids]))
}

export async function countSavedScreens(db: Db, memberId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stockSavedScreens)
    .where(eq(stockSavedScreens.memberId, memberId))
  return Number(row?.n ?? 0)
}

export async function insertSavedScreen(
  db: Db,
  screen: { memberId: string; name: string; query: string },
): Promise<SavedScreenRecord> {
  const [row] = await db.insert(stockSavedScreens).values(screen).returning(savedColumns)
  return row as SavedScreenRecord
}

/** Deletes the member's own screen; false when there is none of that id (or it is another member's). */
export async function deleteSavedScreen(db: Db, memberId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(stockSavedScreens)
    .where(and(eq(stockSavedScreens.id, id), eq(stockSavedScreens.memberId, memberId)))
    .returning({ id: stockSavedScreens.id })
  return rows.length > 0
}

/** Runs `write` with the member's saved screens locked, so two saves at once cannot pass the limit together. */
export async function withMemberScreensLocked<T>(db: Db, memberId: string, write: (tx: Db) => Promise<T>) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-screens:${memberId}`}))`)
    return write(tx as unknown as Db)
  })
}
