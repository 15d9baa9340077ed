/**
 * Queries behind the calendar: the stored results dates and dividends of a span of days with their company's names
 * and data source, narrowed to a market and to a set of stock keys. Plain rows; which day a row belongs to in the
 * reader's time zone is stock-calendar.ts's.
 */
import { sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'

export interface CalendarEventRow {
  kind: 'earnings' | 'dividend'
  market: Market
  code: string
  nameEn: string
  nameZh: string
  date: string
  /** ISO instant (UTC) of the release, when stored. */
  at: string | null
  periodEnd: string | null
  confirmed: boolean
  payDate: string | null
  amount: number | null
  currency: string | null
  isDemo: boolean
  source: string | null
}

export async function selectCalendarEvents(
  db: Db,
  filter: { from: string; to: string; market: Market | null; keys: readonly string[] | null },
): Promise<CalendarEventRow[]> {
  const market = filter.market ? sql`and c.market = ${filter.market}` : sql``
  const keys = filter.keys
    ? sql`and (c.market || ':' || upper(c.code)) = any(${`{${filter.keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`
    : sql``
  return selectRows<CalendarEventRow>(
    db,
    sql`select e.kind, c.market, c.code, c.name_en as "nameEn", c.name_zh as "nameZh", e.date::text as date,
          to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, e.period_end::text as "periodEnd",
          e.confirmed, e.pay_date::text as "payDate", e.amount, e.currency,
          coalesce(s.is_demo, false) as "isDemo", s.source
        from stock_corporate_events e
        join stock_companies c on c.id = e.company_id
        left join stock_data_state s on s.company_id = e.company_id
        where e.date between ${filter.from} and ${filter.to} ${market} ${keys}
        order by e.date, c.market, c.code`,
  )
}

/** The latest session the stored data reaches, in one market or all. */
export async function selectLatestBarDate(db: Db, market: Market | null): Promise<string | null> {
  const where = market ? sql`where c.market = ${market}` : sql``
  const rows = await selectRows<{ last: string | null }>(
    db,
    sql`select max(s.last_bar_date)::text as last from stock_data_state s
        join stock_companies c on c.id = s.company_id ${where}`,
  )
  return rows[0]?.last ?? null
}
