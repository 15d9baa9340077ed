/**
 * What a portfolio shows of each stock it holds (issue 25), in one query for any number of stocks: the company, its
 * last close, whether its data is demo, and from its latest diagnosis the total score, each dimension's score and
 * the dividend yield, with that diagnosis's day. Plain rows; no rules (market-prices.service.ts hands them out).
 */
import { sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type { Currency, Sector } from '#server/providers/market-data/market-data.ts'

export interface HoldingFacts {
  companyId: number
  market: Market
  code: string
  nameEn: string
  nameZh: string
  currency: Currency
  sector: Sector
  lastClose: number | null
  lastBarDate: string | null
  isDemo: boolean
  /** The latest diagnosis's day; null when the stock has none yet. */
  diagnosisAsOf: string | null
  totalScore: number | null
  /** Each dimension's 0–100 score by key; a dimension not available is null. */
  scores: Record<string, number | null>
  dividendYield: number | null
}

/** Facts of the companies named by `market:code` keys, by key; unknown keys are absent. */
export async function selectHoldingFacts(
  db: Db,
  keys: readonly string[],
): Promise<Map<string, HoldingFacts>> {
  const result = new Map<string, HoldingFacts>()
  if (keys.length === 0) return result
  const markets: string[] = []
  const codes: string[] = []
  for (const key of new Set(keys)) {
    const at = key.indexOf(':')
    markets.push(key.slice(0, at))
    codes.push(key.slice(at + 1))
  }
  const rows = await selectRows<HoldingFacts & { scores: Record<string, number | null> | string | null }>(
    db,
    sql`
      with wanted as (
        select * from unnest(${sql.param(markets)}::text[], ${sql.param(codes)}::text[]) as w(market, code)
      )
      select c.id as "companyId", c.market, c.code, c.name_en as "nameEn", c.name_zh as "nameZh",
        c.currency, c.sector, st.last_close as "lastClose", st.last_bar_date::text as "lastBarDate",
        coalesce(st.is_demo, false) as "isDemo", l.as_of::text as "diagnosisAsOf", l.total_score as "totalScore",
        (select jsonb_object_agg(e.key, e.value -> 'value') from jsonb_each(l.diagnosis -> 'scores') as e)
          as "scores",
        (l.diagnosis -> 'ratios' ->> 'dividendYield')::double precision as "dividendYield"
      from wanted w
      join stock_companies c on c.market = w.market and c.code = w.code
      left join stock_data_state st on st.company_id = c.id
      left join lateral (
        select s.as_of, s.total_score, s.diagnosis from stock_snapshots s
        where s.company_id = c.id order by s.as_of desc limit 1
      ) l on true
    `,
  )
  for (const row of rows) {
    const scores =
      typeof row.scores === 'string' ? (JSON.parse(row.scores) as Record<string, number | null>) : row.scores
    result.set(`${row.market}:${row.code}`, {
      ...row,
      companyId: Number(row.companyId),
      lastClose: row.lastClose === null ? null : Number(row.lastClose),
      totalScore: row.totalScore === null ? null : Number(row.totalScore),
      dividendYield: row.dividendYield === null ? null : Number(row.dividendYield),
      scores: scores ?? {},
    })
  }
  return result
}

/** What changes whenever a refresh, an import or a recomputation changes any company's data or diagnosis. */
export async function selectMarketDataStamp(db: Db): Promise<string> {
  const [row] = await selectRows<{ n: number | string; updated: string | null; computed: string | null }>(
    db,
    sql`select (select count(*) from stock_data_state) as n,
          (select max(updated_at)::text from stock_data_state) as updated,
          (select max(computed_at)::text from stock_snapshots) as computed`,
  )
  return `${row?.n ?? 0}/${row?.updated ?? ''}/${row?.computed ?? ''}`
}
