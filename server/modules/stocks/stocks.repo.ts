/**
 * Queries on what the refresh computes: snapshots (the latest per company joined with its company and data state,
 * as lists read them), monthly picks, executives' moves and the record of who opened which diagnosis today.
 * Plain rows; no rules.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { Currency, Exchange, Sector } from '#server/providers/market-data/market-data.ts'
import type { ChosenPick } from './monthly-picks.ts'
import type { SnapshotColumns } from './snapshot-figures.ts'
import { type DataSource, stockDiagnosisViews, stockMonthlyPicks, stockSnapshots } from './stocks.sql.ts'

/** One company with its data state and latest snapshot (null columns when it has none). */
export interface StockRow {
  companyId: number
  code: string
  market: Market
  exchange: Exchange
  currency: Currency
  nameEn: string
  nameZh: string
  sector: Sector
  industry: string
  source: DataSource | null
  stateIsDemo: boolean | null
  lastBarDate: string | null
  lastClose: number | null
  previousClose: number | null
  asOf: string | null
  computedAt: string | null
  snapshotIsDemo: boolean | null
  totalScore: number | null
  price: number | null
  fairValue: number | null
  downsideMargin: number | null
  pe: number | null
  marketCap: number | null
  marketCapUsd: number | null
  support: number | null
  resistance: number | null
  analystRating: string | null
  profitabilityRating: string | null
  healthZone: string | null
  technicals: string | null
  capitalFlow: string | null
  volumeRatio: number | null
  priceMove: number | null
}

const stockRowColumns = sql`
  c.id as "companyId", c.code as "code", c.market as "market", c.exchange as "exchange", c.currency as "currency",
  c.name_en as "nameEn", c.name_zh as "nameZh", c.sector as "sector", c.industry as "industry",
  st.source as "source", st.is_demo as "stateIsDemo", st.last_bar_date::text as "lastBarDate",
  st.last_close as "lastClose", st.previous_close as "previousClose",
  l.as_of::text as "asOf", l.computed_at as "computedAt", l.is_demo as "snapshotIsDemo",
  l.total_score as "totalScore", l.price as "price", l.fair_value as "fairValue", l.downside_margin as "downsideMargin",
  l.pe as "pe", l.market_cap as "marketCap", l.market_cap_usd as "marketCapUsd", l.support as "support",
  l.resistance as "resistance", l.analyst_rating as "analystRating", l.profitability_rating as "profitabilityRating",
  l.health_zone as "healthZone", l.technicals as "technicals", l.capital_flow as "capitalFlow",
  l.volume_ratio as "volumeRatio", l.price_move as "priceMove"
`

/** Each company's latest snapshot (of the given companies only, when named: one index lookup each). */
function latestSnapshots(companyIds: readonly number[] | undefined) {
  return sql`
    select distinct on (s.company_id) s.company_id, s.as_of, s.computed_at, s.is_demo, s.total_score, s.price,
      s.fair_value, s.downside_margin, s.pe, s.market_cap, s.market_cap_usd, s.support, s.resistance,
      s.analyst_rating, s.profitability_rating, s.health_zone, s.technicals, s.capital_flow, s.volume_ratio,
      s.price_move
    from stock_snapshots s
    ${companyIds ? sql`where s.company_id = any(${sql.param([...companyIds])}::int[])` : sql``}
    order by s.company_id, s.as_of desc
  `
}

function normalizeRow(row: StockRow): StockRow {
  const computedAt = row.computedAt as unknown
  return {
    ...row,
    companyId: Number(row.companyId),
    computedAt:
      computedAt instanceof Date
        ? computedAt.toISOString()
        : computedAt
          ? new Date(String(computedAt)).toISOString()
          : null,
  }
}

export interface StockRowFilter {
  market?: Market | undefined
  companyIds?: readonly number[] | undefined
  /** Only rows with a snapshot. */
  withSnapshot?: boolean
  /** 'undervalued': margin > 0; 'overvalued': margin < 0. */
  valuation?: 'undervalued' | 'overvalued' | undefined
}

function whereOf(filter: StockRowFilter) {
  const conditions = [sql`true`]
  if (filter.market) conditions.push(sql`c.market = ${filter.market}`)
  if (filter.companyIds) conditions.push(sql`c.id = any(${sql.param([...filter.companyIds])}::int[])`)
  if (filter.withSnapshot) conditions.push(sql`l.as_of is not null`)
  if (filter.valuation === 'undervalued')
    conditions.push(sql`l.downside_margin > 0 and l.fair_value is not null`)
  if (filter.valuation === 'overvalued')
    conditions.push(sql`l.downside_margin < 0 and l.fair_value is not null`)
  return sql.join(conditions, sql` and `)
}

const orderings = {
  /** Largest margin of safety first. */
  undervalued: sql`l.downside_margin desc, c.code`,
  /** Most above fair value first. */
  overvalued: sql`l.downside_margin asc, c.code`,
  score: sql`l.total_score desc nulls last, l.market_cap_usd desc nulls last, c.code`,
  id: sql`c.id`,
} as const

export async function selectStockRows(
  db: Db,
  filter: StockRowFilter,
  options: { order?: keyof typeof orderings; limit?: number; offset?: number } = {},
): Promise<StockRow[]> {
  const rows = await selectRows<StockRow>(
    db,
    sql`
      with l as (${latestSnapshots(filter.companyIds)})
      select ${stockRowColumns}
      from stock_companies c
      left join stock_data_state st on st.company_id = c.id
      left join l on l.company_id = c.id
      where ${whereOf(filter)}
      order by ${orderings[options.order ?? 'id']}
      ${options.limit !== undefined ? sql`limit ${options.limit} offset ${options.offset ?? 0}` : sql``}
    `,
  )
  return rows.map(normalizeRow)
}

export async function countStockRows(db: Db, filter: StockRowFilter): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`
      with l as (${latestSnapshots(filter.companyIds)})
      select count(*)::int as n
      from stock_companies c
      left join stock_data_state st on st.company_id = c.id
      left join l on l.company_id = c.id
      where ${whereOf(filter)}
    `,
  )
  return Number(rows[0]?.n ?? 0)
}

// ——— snapshots ———

export interface NewSnapshot extends SnapshotColumns {
  companyId: number
  asOf: string
  engineVersion: string
  source: DataSource
  isDemo: boolean
  diagnosis: unknown
}

export async function upsertSnapshot(db: Db, snapshot: NewSnapshot): Promise<void> {
  const { companyId, asOf, ...rest } = snapshot
  await db
    .insert(stockSnapshots)
    .values({ ...snapshot, computedAt: new Date() })
    .onConflictDoUpdate({
      target: [stockSnapshots.companyId, stockSnapshots.asOf],
      set: { ...rest, computedAt: new Date() },
    })
}

/** Keeps each company's `keep` latest snapshots. */
export async function pruneSnapshots(db: Db, companyIds: readonly number[], keep: number): Promise<void> {
  if (companyIds.length === 0) return
  await db.execute(sql`
    delete from stock_snapshots s using (
      select company_id, as_of, row_number() over (partition by company_id order by as_of desc) as n
      from stock_snapshots where company_id = any(${sql.param([...companyIds])}::int[])
    ) r
    where s.company_id = r.company_id and s.as_of = r.as_of and r.n > ${keep}
  `)
}

export interface SnapshotRecord {
  companyId: number
  asOf: string
  engineVersion: string
  computedAt: string
  source: DataSource
  isDemo: boolean
  diagnosis: unknown
}

/** Each company's latest snapshot date and the engine version that computed it. */
export async function selectLatestSnapshotDates(
  db: Db,
): Promise<Map<number, { asOf: string; engineVersion: string }>> {
  const rows = await selectRows<{ companyId: number; asOf: string; engineVersion: string }>(
    db,
    sql`select distinct on (company_id) company_id as "companyId", as_of::text as "asOf", engine_version as "engineVersion"
        from stock_snapshots order by company_id, as_of desc`,
  )
  return new Map(rows.map((r) => [Number(r.companyId), { asOf: r.asOf, engineVersion: r.engineVersion }]))
}

export async function selectLatestSnapshot(db: Db, companyId: number): Promise<SnapshotRecord | null> {
  const rows = await db
    .select({
      companyId: stockSnapshots.companyId,
      asOf: stockSnapshots.asOf,
      engineVersion: stockSnapshots.engineVersion,
      computedAt: stockSnapshots.computedAt,
      source: stockSnapshots.source,
      isDemo: stockSnapshots.isDemo,
      diagnosis: stockSnapshots.diagnosis,
    })
    .from(stockSnapshots)
    .where(eq(stockSnapshots.companyId, companyId))
    .orderBy(sql`${stockSnapshots.asOf} desc`)
    .limit(1)
  const row = rows[0]
  return row ? { ...row, computedAt: row.computedAt.toISOString() } : null
}

// ——— executives' moves ———

export interface ExecutiveMoveRow {
  code: string
  market: Market
  nameEn: string
  nameZh: string
  currency: Currency
  date: string
  insiderName: string
  role: string
  kind: 'buy' | 'sell'
  shares: number
  price: number
  value: number
  isDemo: boolean | null
}

export interface ExecutiveMoveFilter {
  market?: Market | undefined
  kind?: 'buy' | 'sell' | undefined
  companyId?: number | undefined
}

function moveWhere(filter: ExecutiveMoveFilter) {
  const conditions = [sql`true`]
  if (filter.market) conditions.push(sql`c.market = ${filter.market}`)
  if (filter.kind) conditions.push(sql`t.kind = ${filter.kind}`)
  if (filter.companyId !== undefined) conditions.push(sql`t.company_id = ${filter.companyId}`)
  return sql.join(conditions, sql` and `)
}

export async function selectExecutiveMoves(
  db: Db,
  filter: ExecutiveMoveFilter,
  page: { limit: number; offset: number },
): Promise<ExecutiveMoveRow[]> {
  return selectRows<ExecutiveMoveRow>(
    db,
    sql`
      select c.code as "code", c.market as "market", c.name_en as "nameEn", c.name_zh as "nameZh",
             c.currency as "currency", t.date::text as "date", t.insider_name as "insiderName", t.role as "role",
             t.kind as "kind", t.shares as "shares", t.price as "price", t.value as "value", st.is_demo as "isDemo"
      from stock_insider_transactions t
      join stock_companies c on c.id = t.company_id
      left join stock_data_state st on st.company_id = t.company_id
      where ${moveWhere(filter)}
      order by t.date desc, t.id desc
      limit ${page.limit} offset ${page.offset}
    `,
  )
}

export async function countExecutiveMoves(db: Db, filter: ExecutiveMoveFilter): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from stock_insider_transactions t join stock_companies c on c.id = t.company_id
        where ${moveWhere(filter)}`,
  )
  return Number(rows[0]?.n ?? 0)
}

// ——— monthly picks ———

export async function selectPickMonths(db: Db): Promise<string[]> {
  const rows = await selectRows<{ month: string }>(
    db,
    sql`select distinct month from stock_monthly_picks order by month desc`,
  )
  return rows.map((r) => r.month)
}

export async function replaceMonthPicks(
  db: Db,
  month: string,
  recommendedAt: string,
  picks: readonly ChosenPick[],
  isDemoOf: (companyId: number) => boolean,
  ruleVersion: string,
): Promise<void> {
  await db.delete(stockMonthlyPicks).where(eq(stockMonthlyPicks.month, month))
  if (picks.length === 0) return
  await db
    .insert(stockMonthlyPicks)
    .values(picks.map((p) => ({ ...p, month, recommendedAt, ruleVersion, isDemo: isDemoOf(p.companyId) })))
}

/** Removes every month whose picks include demo data (regenerated demo data leaves them tracking nothing). */
export async function deleteDemoPickMonths(db: Db): Promise<void> {
  await db.execute(
    sql`delete from stock_monthly_picks where month in (select month from stock_monthly_picks where is_demo)`,
  )
}

export interface PickTrackRow {
  month: string
  companyId: number
  dataAsOf: string
  recommendedPrice: number
}

export async function selectPicksToTrack(db: Db): Promise<PickTrackRow[]> {
  return db
    .select({
      month: stockMonthlyPicks.month,
      companyId: stockMonthlyPicks.companyId,
      dataAsOf: stockMonthlyPicks.dataAsOf,
      recommendedPrice: stockMonthlyPicks.recommendedPrice,
    })
    .from(stockMonthlyPicks)
}

export async function updatePickTrack(
  db: Db,
  key: { month: string; companyId: number },
  track: {
    latestPrice: number | null
    latestPriceDate: string | null
    actualReturn: number | null
    actualMaxDrawdown: number | null
  },
): Promise<void> {
  await db
    .update(stockMonthlyPicks)
    .set(track)
    .where(and(eq(stockMonthlyPicks.month, key.month), eq(stockMonthlyPicks.companyId, key.companyId)))
}

export interface PickRow {
  month: string
  rank: number
  code: string
  market: Market
  nameEn: string
  nameZh: string
  currency: Currency
  suggestion: string
  stockType: string
  recommendedAt: string
  dataAsOf: string
  recommendedPrice: number
  analystEstimatedPrice: number
  analystEstimatedPriceSource: string
  estimatedReturn: number
  estimatedMaxDrawdown: number
  totalScore: number
  fairValue: number
  downsideMargin: number
  latestPrice: number | null
  latestPriceDate: string | null
  actualReturn: number | null
  actualMaxDrawdown: number | null
  isDemo: boolean
}

export async function selectPicks(db: Db, months: readonly string[], market?: Market): Promise<PickRow[]> {
  if (months.length === 0) return []
  return selectRows<PickRow>(
    db,
    sql`
      select p.month as "month", p.rank as "rank", c.code as "code", c.market as "market", c.name_en as "nameEn",
             c.name_zh as "nameZh", c.currency as "currency", p.suggestion as "suggestion", p.stock_type as "stockType",
             p.recommended_at::text as "recommendedAt", p.data_as_of::text as "dataAsOf",
             p.recommended_price as "recommendedPrice", p.analyst_estimated_price as "analystEstimatedPrice",
             p.analyst_estimated_price_source as "analystEstimatedPriceSource", p.estimated_return as "estimatedReturn",
             p.estimated_max_drawdown as "estimatedMaxDrawdown", p.total_score as "totalScore",
             p.fair_value as "fairValue", p.downside_margin as "downsideMargin", p.latest_price as "latestPrice",
             p.latest_price_date::text as "latestPriceDate", p.actual_return as "actualReturn",
             p.actual_max_drawdown as "actualMaxDrawdown", p.is_demo as "isDemo"
      from stock_monthly_picks p join stock_companies c on c.id = p.company_id
      where p.month = any(${sql.param([...months])}::text[]) ${market ? sql`and c.market = ${market}` : sql``}
      order by p.month desc, p.rank
    `,
  )
}

// ——— diagnosis views ———

/** Records that `subject` opened the company's diagnosis on `day`; false when it already had. */
export async function recordDiagnosisView(
  db: Db,
  view: { subject: string; companyId: number; day: string },
): Promise<boolean> {
  const rows = await db
    .insert(stockDiagnosisViews)
    .values(view)
    .onConflictDoNothing()
    .returning({ day: stockDiagnosisViews.day })
  return rows.length > 0
}

export async function deleteDiagnosisView(
  db: Db,
  view: { subject: string; companyId: number; day: string },
): Promise<void> {
  await db
    .delete(stockDiagnosisViews)
    .where(
      and(
        eq(stockDiagnosisViews.subject, view.subject),
        eq(stockDiagnosisViews.companyId, view.companyId),
        eq(stockDiagnosisViews.day, view.day),
      ),
    )
}

export async function hasDiagnosisView(
  db: Db,
  view: { subject: string; companyId: number; day: string },
): Promise<boolean> {
  const rows = await db
    .select({ day: stockDiagnosisViews.day })
    .from(stockDiagnosisViews)
    .where(
      and(
        eq(stockDiagnosisViews.subject, view.subject),
        eq(stockDiagnosisViews.companyId, view.companyId),
        eq(stockDiagnosisViews.day, view.day),
      ),
    )
    .limit(1)
  return rows.length > 0
}

export async function deleteDiagnosisViewsBefore(db: Db, day: string): Promise<void> {
  await db.delete(stockDiagnosisViews).where(sql`${stockDiagnosisViews.day} < ${day}`)
}

export async function forgetDiagnosisView(
  db: Db,
  view: { subject: string; companyId: number; day: string },
): Promise<void> {
  await db
    .delete(stockDiagnosisViews)
    .where(
      and(
        eq(stockDiagnosisViews.subject, view.subject),
        eq(stockDiagnosisViews.companyId, view.companyId),
        eq(stockDiagnosisViews.day, view.day),
      ),
    )
}
