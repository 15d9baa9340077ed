/**
 * Queries behind a market at a glance: the market's screen rows with the company's names and its as-of session's bar
 * (the session's own high and low, to tell a new 52-week high or low), and today's diagnosis views counted per
 * company. Plain rows; what they mean is market-overview.ts's.
 */
import { sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { Currency, Sector } from '#server/providers/market-data/market-data.ts'

export interface OverviewRow {
  code: string
  sector: Sector
  asOf: string
  isDemo: boolean
  nameEn: string
  nameZh: string
  currency: Currency
  price: number | null
  changePercent: number | null
  marketCapUsd: number | null
  week52High: number | null
  week52Low: number | null
  return1y: number | null
  /** The as-of session's bar; null when the company has none for that day. */
  sessionHigh: number | null
  sessionLow: number | null
  /** No trading that day (a repeated close with no volume, `isPlaceholderBar`). */
  sessionPlaceholder: boolean | null
}

export async function selectOverviewRows(db: Db, market: Market): Promise<OverviewRow[]> {
  return selectRows<OverviewRow>(
    db,
    sql`select s.code, s.sector, s.as_of::text as "asOf", s.is_demo as "isDemo", c.name_en as "nameEn",
          c.name_zh as "nameZh", c.currency, s.price, s.change_percent as "changePercent",
          s.market_cap_usd as "marketCapUsd", s.week52_high as "week52High", s.week52_low as "week52Low",
          s.return1y as "return1y", b.high as "sessionHigh", b.low as "sessionLow",
          (b.volume = 0 and b.open = b.close and b.high = b.close and b.low = b.close) as "sessionPlaceholder"
        from stock_screen_rows s
        join stock_companies c on c.id = s.company_id
        left join stock_daily_bars b on b.company_id = s.company_id and b.date = s.as_of
        where s.market = ${market}
        order by s.code`,
  )
}

export interface DiagnosedRow {
  code: string
  nameEn: string
  nameZh: string
  currency: Currency
  price: number | null
  changePercent: number | null
  views: number
}

/**
 * The market's companies most opened on `day`, most views first (ties by code). Views are counted per browser: a
 * member's view is stored for the member and for the browser's device too (stock-diagnosis.ts), so only the device
 * rows are counted, once each.
 */
export async function selectMostDiagnosed(
  db: Db,
  market: Market,
  day: string,
  limit: number,
): Promise<DiagnosedRow[]> {
  const rows = await selectRows<DiagnosedRow>(
    db,
    sql`select c.code, c.name_en as "nameEn", c.name_zh as "nameZh", c.currency, s.price,
          s.change_percent as "changePercent", v.views
        from (select company_id, count(*)::int as views from stock_diagnosis_views
              where day = ${day} and subject like 'device:%' group by company_id) v
        join stock_companies c on c.id = v.company_id
        left join stock_screen_rows s on s.company_id = c.id
        where c.market = ${market}
        order by v.views desc, c.code
        limit ${limit}`,
  )
  return rows.map((row) => ({ ...row, views: Number(row.views) }))
}
