/**
 * Queries of the analysts' desk: monthly picks as analysts write them, and the firm's texts about companies.
 * Plain rows, no rules.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Locale, Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import { stockCompanyTexts, stockMonthlyPicks } from './stocks.sql.ts'

export interface DeskCompanyRow {
  id: number
  market: Market
  code: string
  nameEn: string
  nameZh: string
}

export async function selectCompanyByCode(
  db: Db,
  market: Market,
  code: string,
): Promise<DeskCompanyRow | undefined> {
  const rows = await selectRows<DeskCompanyRow>(
    db,
    sql`select id as "id", market as "market", code as "code", name_en as "nameEn", name_zh as "nameZh"
        from stock_companies where market = ${market} and code = ${code}`,
  )
  const row = rows[0]
  return row ? { ...row, id: Number(row.id) } : undefined
}

/** What a latest snapshot says of a company on or before a date (a pick keeps the figures it was made on). */
export async function selectSnapshotFigures(
  db: Db,
  companyId: number,
  onOrBefore: string,
): Promise<
  | { totalScore: number | null; fairValue: number | null; downsideMargin: number | null; isDemo: boolean }
  | undefined
> {
  const rows = await selectRows<{
    totalScore: number | null
    fairValue: number | null
    downsideMargin: number | null
    isDemo: boolean
  }>(
    db,
    sql`select total_score as "totalScore", fair_value as "fairValue", downside_margin as "downsideMargin",
          is_demo as "isDemo"
        from stock_snapshots where company_id = ${companyId} and as_of <= ${onOrBefore}::date
        order by as_of desc limit 1`,
  )
  return rows[0]
}

/** Whether the company's stored data is the demo generator's. */
export async function selectIsDemoCompany(db: Db, companyId: number): Promise<boolean> {
  const rows = await selectRows<{ isDemo: boolean }>(
    db,
    sql`select is_demo as "isDemo" from stock_data_state where company_id = ${companyId}`,
  )
  return rows[0]?.isDemo ?? false
}

export interface DeskPickRow {
  month: string
  companyId: number
  market: Market
  code: string
  nameEn: string
  nameZh: string
  rank: number
  suggestion: string
  stockType: string
  recommendedPrice: number
  analystEstimatedPrice: number
  estimatedReturn: number
  estimatedMaxDrawdown: number
  recommendedAt: string
  dataAsOf: string
  source: 'rule' | 'analyst'
  latestPrice: number | null
  latestPriceDate: string | null
  actualReturn: number | null
  actualMaxDrawdown: number | null
  isDemo: boolean
}

const pickColumns = sql`p.month as "month", p.company_id as "companyId", c.market as "market", c.code as "code",
  c.name_en as "nameEn", c.name_zh as "nameZh", p.rank as "rank", p.suggestion as "suggestion",
  p.stock_type as "stockType", p.recommended_price as "recommendedPrice",
  p.analyst_estimated_price as "analystEstimatedPrice", p.estimated_return as "estimatedReturn",
  p.estimated_max_drawdown as "estimatedMaxDrawdown", p.recommended_at::text as "recommendedAt",
  p.data_as_of::text as "dataAsOf", p.source as "source", p.latest_price as "latestPrice",
  p.latest_price_date::text as "latestPriceDate", p.actual_return as "actualReturn",
  p.actual_max_drawdown as "actualMaxDrawdown", p.is_demo as "isDemo"`

/** One month's picks by rank. */
export async function selectDeskPicks(db: Db, month: string, market?: Market): Promise<DeskPickRow[]> {
  const rows = await selectRows<DeskPickRow>(
    db,
    sql`select ${pickColumns} from stock_monthly_picks p join stock_companies c on c.id = p.company_id
        where p.month = ${month} ${market ? sql`and c.market = ${market}` : sql``}
        order by p.rank`,
  )
  return rows.map((row) => ({ ...row, companyId: Number(row.companyId) }))
}

export async function selectDeskPick(
  db: Db,
  month: string,
  companyId: number,
): Promise<DeskPickRow | undefined> {
  const rows = await selectRows<DeskPickRow>(
    db,
    sql`select ${pickColumns} from stock_monthly_picks p join stock_companies c on c.id = p.company_id
        where p.month = ${month} and p.company_id = ${companyId}`,
  )
  const row = rows[0]
  return row ? { ...row, companyId: Number(row.companyId) } : undefined
}

export type NewDeskPick = Omit<typeof stockMonthlyPicks.$inferInsert, 'rank' | 'createdAt' | 'updatedAt'>

/** Adds the pick after the month's last; false when the company is already a pick of the month. */
export async function insertDeskPick(db: Db, pick: NewDeskPick): Promise<boolean> {
  const rows = await selectRows<{ month: string }>(
    db,
    sql`insert into stock_monthly_picks (month, company_id, rank, rule_version, suggestion, stock_type,
          recommended_at, data_as_of, recommended_price, analyst_estimated_price, analyst_estimated_price_source,
          estimated_return, estimated_max_drawdown, total_score, fair_value, downside_margin, latest_price,
          latest_price_date, actual_return, actual_max_drawdown, is_demo, source)
        select ${pick.month}, ${pick.companyId},
          coalesce((select max(rank) from stock_monthly_picks where month = ${pick.month}), 0) + 1,
          ${pick.ruleVersion}, ${pick.suggestion}, ${pick.stockType}, ${pick.recommendedAt}::date,
          ${pick.dataAsOf}::date, ${pick.recommendedPrice}, ${pick.analystEstimatedPrice},
          ${pick.analystEstimatedPriceSource}, ${pick.estimatedReturn}, ${pick.estimatedMaxDrawdown},
          ${pick.totalScore}, ${pick.fairValue}, ${pick.downsideMargin}, ${pick.latestPrice ?? null},
          ${pick.latestPriceDate ?? null}::date, ${pick.actualReturn ?? null}, ${pick.actualMaxDrawdown ?? null},
          ${pick.isDemo}, ${pick.source ?? 'analyst'}
        on conflict (month, company_id) do nothing
        returning month`,
  )
  return rows.length > 0
}

export async function updateDeskPick(
  db: Db,
  key: { month: string; companyId: number },
  fields: Partial<NewDeskPick>,
): Promise<void> {
  await db
    .update(stockMonthlyPicks)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(stockMonthlyPicks.month, key.month), eq(stockMonthlyPicks.companyId, key.companyId)))
}

export async function deleteDeskPick(db: Db, key: { month: string; companyId: number }): Promise<boolean> {
  const rows = await db
    .delete(stockMonthlyPicks)
    .where(and(eq(stockMonthlyPicks.month, key.month), eq(stockMonthlyPicks.companyId, key.companyId)))
    .returning({ month: stockMonthlyPicks.month })
  return rows.length > 0
}

// ——— company texts ———

export type CompanyTextRow = typeof stockCompanyTexts.$inferSelect

export async function selectCompanyTexts(db: Db, companyId: number): Promise<CompanyTextRow[]> {
  return db.select().from(stockCompanyTexts).where(eq(stockCompanyTexts.companyId, companyId))
}

/** One language's rendered text and when it was last saved. */
export async function selectCompanyTextHtml(
  db: Db,
  companyId: number,
  locale: Locale,
): Promise<{ html: string; updatedAt: Date } | undefined> {
  const rows = await db
    .select({ html: stockCompanyTexts.html, updatedAt: stockCompanyTexts.updatedAt })
    .from(stockCompanyTexts)
    .where(and(eq(stockCompanyTexts.companyId, companyId), eq(stockCompanyTexts.locale, locale)))
  return rows[0]
}

export async function upsertCompanyText(db: Db, row: CompanyTextRow): Promise<void> {
  await db
    .insert(stockCompanyTexts)
    .values(row)
    .onConflictDoUpdate({
      target: [stockCompanyTexts.companyId, stockCompanyTexts.locale],
      set: {
        markdown: row.markdown,
        html: row.html,
        updatedAt: row.updatedAt,
        updatedByMemberId: row.updatedByMemberId,
        updatedByPhone: row.updatedByPhone,
      },
    })
}

export async function deleteCompanyText(db: Db, companyId: number, locale: Locale): Promise<void> {
  await db
    .delete(stockCompanyTexts)
    .where(and(eq(stockCompanyTexts.companyId, companyId), eq(stockCompanyTexts.locale, locale)))
}

/**
 * Companies that have a text (or, `hasText: false`, that have none yet), by market and code, optionally narrowed by
 * market and a code or name fragment.
 */
export async function selectCompaniesWithTexts(
  db: Db,
  filter: { market?: Market | undefined; text?: string | undefined; hasText?: boolean | undefined },
): Promise<DeskCompanyRow[]> {
  const pattern = filter.text ? `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined
  const rows = await selectRows<DeskCompanyRow>(
    db,
    sql`select c.id as "id", c.market as "market", c.code as "code", c.name_en as "nameEn", c.name_zh as "nameZh"
        from stock_companies c
        where ${filter.hasText === false ? sql`not exists` : sql`exists`}
            (select 1 from stock_company_texts t where t.company_id = c.id)
          ${filter.market ? sql`and c.market = ${filter.market}` : sql``}
          ${pattern ? sql`and (c.code ilike ${pattern} or c.name_en ilike ${pattern} or c.name_zh ilike ${pattern})` : sql``}
        order by c.market, c.code
        limit 500`,
  )
  return rows.map((row) => ({ ...row, id: Number(row.id) }))
}
