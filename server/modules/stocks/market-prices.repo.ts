/**
 * Queries of the market's prices as other modules read them (strategies, their seed): companies by code, their
 * closes from a day, which were priced by a day, trading days and whether the data is demo. Plain rows; no rules
 * (market-prices.service.ts hands them out).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import { stockCompanies } from './stocks.sql.ts'

/** One day's close of one company. */
interface DayClose {
  date: string
  close: number
}

/** A company as a portfolio holds it. */
interface CompanyRow {
  id: number
  market: Market
  code: string
  nameEn: string
  nameZh: string
}

/** Companies of a market by code (codes as stored, already normalised). */
export async function selectCompaniesByCodes(
  db: Db,
  market: Market,
  codes: readonly string[],
): Promise<CompanyRow[]> {
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
): Promise<Map<string, CompanyRow>> {
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
): Promise<Map<number, DayClose[]>> {
  const result = new Map<number, DayClose[]>()
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
    const closes: DayClose[] = []
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

/** The market's first day with a bar on or after `day`; null past its last bar. */
export async function selectTradingDayFrom(db: Db, market: Market, day: string): Promise<string | null> {
  const rows = await selectRows<{ day: string | null }>(
    db,
    sql`select min(b.date)::text as day from stock_daily_bars b join stock_companies c on c.id = b.company_id
        where c.market = ${market} and b.date >= ${day}::date`,
  )
  return rows[0]?.day ?? null
}

/** Codes of the market's companies with prices by `day`, in a fixed order (largest listings first by id). */
export async function selectCodesPricedOn(db: Db, market: Market, day: string): Promise<string[]> {
  const rows = await selectRows<{ code: string }>(
    db,
    sql`select c.code from stock_companies c join stock_data_state s on s.company_id = c.id
        where c.market = ${market} and s.first_bar_date <= ${day}::date and s.last_bar_date >= ${day}::date
        order by c.id`,
  )
  return rows.map((row) => row.code)
}
