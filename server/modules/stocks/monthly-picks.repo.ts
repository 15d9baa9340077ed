/**
 * Queries on the monthly picks (`stock_monthly_picks`): the refresh replaces a month's picks and updates their
 * track record; lists read them with their company. Plain rows; no rules (the pick rule is monthly-picks.ts).
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { Currency } from '#server/providers/market-data/market-data.ts'
import type { ChosenPick } from './monthly-picks.ts'
import { stockMonthlyPicks } from './stocks.sql.ts'

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
