/**
 * Queries on executives' moves as the list shows them (spec's "stock highlights"): insider transactions joined with
 * their company, newest first, filtered by market, kind or company. The refresh stores the transactions
 * (market-data.repo.ts). Plain rows; no rules.
 */
import { sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { Currency } from '#server/providers/market-data/market-data.ts'

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
