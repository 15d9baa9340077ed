/**
 * Queries on what pages and lists read of each company, and on the snapshots the refresh computes: a stock row is a
 * company joined with its data state and its latest snapshot (the columns lists sort and filter on); snapshots are
 * written, pruned and read back whole for the diagnosis. Plain rows; no rules. Executives' moves, monthly picks and
 * diagnosis views have their own repos beside this one.
 */
import { eq, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { Currency, Exchange, Sector } from '#server/providers/market-data/market-data.ts'
import type { SnapshotColumns } from './snapshot-figures.ts'
import { type DataSource, stockSnapshots } from './stocks.sql.ts'

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

/**
 * The rows of these companies (a watchlist's), as `selectStockRows` reads them, handed over as one JSON value: PGlite
 * spends some microseconds on every value of an answer, so 200 rows of 33 columns cost tens of milliseconds as rows
 * and a few as one value (bench/watchlist.bench.ts). Order as the ids'.
 */
export async function selectStockRowsOf(db: Db, companyIds: readonly number[]): Promise<StockRow[]> {
  if (companyIds.length === 0) return []
  const [answer] = await selectRows<{ rows: StockRow[] | string | null }>(
    db,
    sql`
      with l as (${latestSnapshots(companyIds)})
      select json_agg(r) as "rows" from (
        select ${stockRowColumns}
        from stock_companies c
        left join stock_data_state st on st.company_id = c.id
        left join l on l.company_id = c.id
        where c.id = any(${sql.param([...companyIds])}::int[])
      ) r
    `,
  )
  const rows =
    typeof answer?.rows === 'string' ? (JSON.parse(answer.rows) as StockRow[]) : (answer?.rows ?? [])
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

/**
 * What alerts watch of every covered stock of a market (issue 26): the latest close and its day's move, and the
 * latest snapshot's score, labels and levels beside the snapshot before it (what changed from one session to the
 * next). One JSON value, whatever the market's size: the evaluation hands it back to the database as it is.
 */
export async function selectAlertFiguresJson(db: Db, market: Market): Promise<string> {
  const [answer] = await selectRows<{ figures: unknown }>(
    db,
    sql`
      with ranked as (
        select s.company_id, s.as_of, s.total_score, s.technicals, s.capital_flow, s.downside_margin, s.fair_value,
          s.support, s.resistance,
          row_number() over (partition by s.company_id order by s.as_of desc) as position
        from stock_snapshots s
        join stock_companies c on c.id = s.company_id and c.market = ${market}
      )
      select coalesce(json_agg(f), '[]'::json) as "figures" from (
        select c.market as "market", c.code as "code",
          coalesce(st.last_bar_date::text, l.as_of::text) as "session",
          st.last_close as "price",
          case when st.previous_close > 0 then st.last_close / st.previous_close - 1 end as "changeRate",
          l.total_score as "score", l.technicals as "technicals", l.capital_flow as "capitalFlow",
          case when l.fair_value is null then null when l.downside_margin > 0 then 'undervalued'
            else 'overvalued' end as "valuation",
          l.fair_value as "fairValue", l.support as "support", l.resistance as "resistance",
          p.total_score as "previousScore", p.technicals as "previousTechnicals",
          p.capital_flow as "previousCapitalFlow",
          case when p.fair_value is null then null when p.downside_margin > 0 then 'undervalued'
            else 'overvalued' end as "previousValuation"
        from stock_companies c
        join stock_data_state st on st.company_id = c.id
        left join ranked l on l.company_id = c.id and l.position = 1
        left join ranked p on p.company_id = c.id and p.position = 2
        where c.market = ${market} and st.last_close is not null
      ) f
    `,
  )
  const figures = answer?.figures
  return typeof figures === 'string' ? figures : JSON.stringify(figures ?? [])
}
