/**
 * Queries on the stored market data: companies and their names, bars, statements, insider transactions, consensus,
 * each company's data state, and refresh runs. Plain rows in, plain rows out; no rules. Bars are written with one
 * `unnest` insert per few thousand rows and read back as one aggregated text row per company (several times faster
 * than a row per session on PGlite).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Market } from '#contracts/regions.ts'
import { type Db, selectRows } from '#server/db/database.ts'
import type {
  AnalystConsensus,
  AnnualFundamentals,
  Company,
  DailyBar,
  InsiderTransaction,
} from '#server/providers/market-data/market-data.ts'
import { normalizeName } from '#server/providers/market-data/universe.ts'
import {
  type DataSource,
  stockAnalystConsensus,
  stockCompanies,
  stockCompanyNames,
  stockDailyBars,
  stockDataState,
  stockFundamentals,
  stockInsiderTransactions,
  stockRefreshRuns,
  stockSnapshots,
} from './stocks.sql.ts'

export interface CompanyRow extends Company {
  id: number
}

export interface DataStateRow {
  companyId: number
  source: DataSource
  /** The provider's `dataVersion` the data was generated with (demo only); null for real providers. */
  sourceVersion: string | null
  isDemo: boolean
  firstBarDate: string | null
  lastBarDate: string | null
  lastClose: number | null
  previousClose: number | null
  refreshedAt: Date | null
  lastError: string | null
}

const BAR_BATCH = 5000

/**
 * One company's writes as one transaction, committed without waiting for the log flush: a crash can lose the last
 * few commits of a refresh, which the next refresh simply redoes (the data is the provider's; nothing is lost).
 * One commit per company instead of one per statement is what keeps the first fill short on PGlite's data folder.
 * A later ordinary commit flushes these too, so every refresh ends with one (the monthly picks' track record).
 */
export function inWriteBatch<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`)
    return fn(tx as unknown as Db)
  })
}

// ——— companies ———

/** The names a reader may type for a company, normalised, with what each is. */
export function companyNamesOf(
  company: Company,
): Array<{ normalized: string; text: string; kind: 'code' | 'name' | 'alias' }> {
  const seen = new Set<string>()
  const names: Array<{ normalized: string; text: string; kind: 'code' | 'name' | 'alias' }> = []
  const add = (text: string, kind: 'code' | 'name' | 'alias') => {
    const normalized = normalizeName(text)
    if (!normalized || seen.has(normalized)) return
    seen.add(normalized)
    names.push({ normalized, text, kind })
  }
  add(company.code, 'code')
  add(company.nameEn, 'name')
  add(company.nameZh, 'name')
  for (const alias of company.aliases) add(alias, 'alias')
  return names
}

/**
 * Inserts the universe's companies, or brings existing rows in line with it (the universe file is the source of
 * truth for names, sectors and symbols), and keeps each company's names in step.
 */
export async function upsertCompanies(db: Db, companies: readonly Company[]): Promise<void> {
  if (companies.length === 0) return
  const rows = await db
    .insert(stockCompanies)
    .values(
      companies.map((c) => ({
        market: c.market,
        code: c.code,
        exchange: c.exchange,
        currency: c.currency,
        nameEn: c.nameEn,
        nameZh: c.nameZh,
        aliases: c.aliases,
        sector: c.sector,
        industry: c.industry,
        yahooSymbol: c.yahooSymbol,
      })),
    )
    .onConflictDoUpdate({
      target: [stockCompanies.market, stockCompanies.code],
      set: {
        exchange: sql`excluded.exchange`,
        currency: sql`excluded.currency`,
        nameEn: sql`excluded.name_en`,
        nameZh: sql`excluded.name_zh`,
        aliases: sql`excluded.aliases`,
        sector: sql`excluded.sector`,
        industry: sql`excluded.industry`,
        yahooSymbol: sql`excluded.yahoo_symbol`,
      },
      setWhere: sql`(${stockCompanies.exchange}, ${stockCompanies.currency}, ${stockCompanies.nameEn}, ${stockCompanies.nameZh}, ${stockCompanies.aliases}, ${stockCompanies.sector}, ${stockCompanies.industry}, ${stockCompanies.yahooSymbol}) is distinct from (excluded.exchange, excluded.currency, excluded.name_en, excluded.name_zh, excluded.aliases, excluded.sector, excluded.industry, excluded.yahoo_symbol)`,
    })
    .returning({ id: stockCompanies.id, market: stockCompanies.market, code: stockCompanies.code })
  const all = await db
    .select({ id: stockCompanies.id, market: stockCompanies.market, code: stockCompanies.code })
    .from(stockCompanies)
  const idOf = new Map(all.map((r) => [`${r.market}:${r.code}`, r.id]))
  const existingNames = await db
    .select({ companyId: stockCompanyNames.companyId })
    .from(stockCompanyNames)
    .limit(1)
  // Names are rewritten for companies that changed, and for all of them on a database that has none yet.
  const changed = new Set(rows.map((r) => r.id))
  const targets = companies.filter((c) => {
    const id = idOf.get(`${c.market}:${c.code}`)
    return id !== undefined && (existingNames.length === 0 || changed.has(id))
  })
  if (targets.length === 0) return
  const targetIds = targets.map((c) => idOf.get(`${c.market}:${c.code}`) as number)
  await db.delete(stockCompanyNames).where(inArray(stockCompanyNames.companyId, targetIds))
  const nameRows = targets.flatMap((c) => {
    const companyId = idOf.get(`${c.market}:${c.code}`) as number
    return companyNamesOf(c).map((n) => ({ companyId, ...n }))
  })
  for (let i = 0; i < nameRows.length; i += 1000) {
    await db
      .insert(stockCompanyNames)
      .values(nameRows.slice(i, i + 1000))
      .onConflictDoNothing()
  }
}

export async function selectCompanies(db: Db): Promise<CompanyRow[]> {
  const rows = await db.select().from(stockCompanies).orderBy(stockCompanies.id)
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    market: r.market,
    exchange: r.exchange,
    currency: r.currency,
    nameEn: r.nameEn,
    nameZh: r.nameZh,
    aliases: r.aliases,
    sector: r.sector,
    industry: r.industry,
    yahooSymbol: r.yahooSymbol,
  }))
}

export interface NameMatchRow {
  companyId: number
  text: string
  kind: 'code' | 'name' | 'alias'
  /** 0–1: exact 1, prefix 0.9, contained 0.75, else trigram (word) similarity. */
  score: number
}

/**
 * Names similar to `normalized` (already normalised like the stored names): prefixes and contained text rank above
 * trigram similarity, so "app" finds Apple and "騰" finds 騰訊控股. One row per company: its best name.
 */
export async function selectSimilarNames(
  db: Db,
  normalized: string,
  options: { market?: Market | undefined; limit: number; minScore: number },
): Promise<NameMatchRow[]> {
  const q = normalized
  const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const prefix = `${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const marketFilter = options.market ? sql`and c.market = ${options.market}` : sql``
  return selectRows<NameMatchRow>(
    db,
    sql`
      select distinct on (n.company_id)
        n.company_id as "companyId", n.text as "text", n.kind as "kind", s.score::float8 as "score"
      from stock_company_names n
      join stock_companies c on c.id = n.company_id ${marketFilter}
      cross join lateral (
        select case
          when n.normalized = ${q} then 1
          when n.normalized like ${prefix} then 0.9
          when n.normalized like ${pattern} then 0.75
          else greatest(similarity(n.normalized, ${q}), word_similarity(${q}, n.normalized))
        end as score
      ) s
      where (n.normalized % ${q} or n.normalized like ${pattern} or ${q} <% n.normalized)
        and s.score >= ${options.minScore}
      order by n.company_id, s.score desc, length(n.normalized)
    `,
  ).then((rows) =>
    rows
      .map((r) => ({ ...r, score: Number(r.score) }))
      .sort((a, b) => b.score - a.score || a.companyId - b.companyId)
      .slice(0, options.limit),
  )
}

// ——— data state ———

export async function selectDataStates(db: Db): Promise<Map<number, DataStateRow>> {
  const rows = await db.select().from(stockDataState)
  return new Map(
    rows.map((r) => [
      r.companyId,
      {
        companyId: r.companyId,
        source: r.source,
        sourceVersion: r.sourceVersion,
        isDemo: r.isDemo,
        firstBarDate: r.firstBarDate,
        lastBarDate: r.lastBarDate,
        lastClose: r.lastClose,
        previousClose: r.previousClose,
        refreshedAt: r.refreshedAt,
        lastError: r.lastError,
      },
    ]),
  )
}

export async function upsertDataState(
  db: Db,
  state: Omit<DataStateRow, 'firstBarDate' | 'lastBarDate' | 'lastClose' | 'previousClose'>,
): Promise<void> {
  // Bar figures are derived from the stored bars themselves, so they can never disagree with them.
  await db.execute(sql`
    insert into stock_data_state as s (company_id, source, source_version, is_demo, first_bar_date, last_bar_date, last_close, previous_close, refreshed_at, last_error, updated_at)
    select ${state.companyId}, ${state.source}, ${state.sourceVersion}, ${state.isDemo}, b.first_date, b.last_date, b.last_close, b.previous_close,
           ${state.refreshedAt?.toISOString() ?? null}::timestamptz, ${state.lastError}, now()
    from (
      select min(date) as first_date, max(date) as last_date,
             (array_agg(close order by date desc))[1] as last_close,
             (array_agg(close order by date desc))[2] as previous_close
      from stock_daily_bars where company_id = ${state.companyId}
    ) b
    on conflict (company_id) do update set
      source = excluded.source, source_version = excluded.source_version, is_demo = excluded.is_demo, first_bar_date = excluded.first_bar_date,
      last_bar_date = excluded.last_bar_date, last_close = excluded.last_close, previous_close = excluded.previous_close,
      refreshed_at = coalesce(excluded.refreshed_at, s.refreshed_at), last_error = excluded.last_error, updated_at = now()
  `)
}

/** Removes everything stored for a company (before another provider's data replaces it). */
export async function deleteCompanyData(db: Db, companyId: number): Promise<void> {
  for (const table of [
    stockDailyBars,
    stockFundamentals,
    stockInsiderTransactions,
    stockAnalystConsensus,
    stockSnapshots,
  ]) {
    await db.delete(table).where(eq(table.companyId, companyId))
  }
}

// ——— bars ———

/** Inserts bars, replacing a stored session with the provider's latest figures for it. */
export async function upsertBars(db: Db, companyId: number, bars: readonly DailyBar[]): Promise<number> {
  for (let i = 0; i < bars.length; i += BAR_BATCH) {
    const batch = bars.slice(i, i + BAR_BATCH)
    await db.execute(sql`
      insert into stock_daily_bars (company_id, date, open, high, low, close, volume)
      select ${companyId}, d, o, h, l, c, v
      from unnest(
        ${sql.param(batch.map((b) => b.date))}::date[], ${sql.param(batch.map((b) => b.open))}::float8[],
        ${sql.param(batch.map((b) => b.high))}::float8[], ${sql.param(batch.map((b) => b.low))}::float8[],
        ${sql.param(batch.map((b) => b.close))}::float8[], ${sql.param(batch.map((b) => b.volume))}::float8[]
      ) as t(d, o, h, l, c, v)
      on conflict (company_id, date) do update set
        open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume
      where (stock_daily_bars.open, stock_daily_bars.high, stock_daily_bars.low, stock_daily_bars.close, stock_daily_bars.volume)
        is distinct from (excluded.open, excluded.high, excluded.low, excluded.close, excluded.volume)
    `)
  }
  return bars.length
}

/** Drops a company's bars older than `date` (history is kept for a fixed number of years). */
export async function deleteBarsBefore(db: Db, companyId: number, date: string): Promise<void> {
  await db.execute(sql`delete from stock_daily_bars where company_id = ${companyId} and date < ${date}::date`)
}

function parseBarText(text: string | null): DailyBar[] {
  if (!text) return []
  const parts = text.split(';')
  const bars: DailyBar[] = new Array(parts.length)
  for (let i = 0; i < parts.length; i++) {
    const f = (parts[i] as string).split(',')
    bars[i] = {
      date: f[0] as string,
      open: Number(f[1]),
      high: Number(f[2]),
      low: Number(f[3]),
      close: Number(f[4]),
      volume: Number(f[5]),
    }
  }
  return bars
}

/** A company's bars, oldest first, optionally from a date on. */
export async function selectBars(db: Db, companyId: number, from?: string): Promise<DailyBar[]> {
  const rows = await selectRows<{ bars: string | null }>(
    db,
    sql`select string_agg(concat_ws(',', date, open, high, low, close, volume), ';' order by date) as bars
        from stock_daily_bars where company_id = ${companyId} ${from ? sql`and date >= ${from}::date` : sql``}`,
  )
  return parseBarText(rows[0]?.bars ?? null)
}

// ——— statements ———

export async function upsertFundamentals(
  db: Db,
  companyId: number,
  years: readonly AnnualFundamentals[],
): Promise<void> {
  if (years.length === 0) return
  const rows = years.map((y) => ({ companyId, ...y }))
  const set = Object.fromEntries(
    Object.keys(years[0] as AnnualFundamentals)
      .filter((key) => key !== 'fiscalYear')
      .map((key) => [key, sql.raw(`excluded.${key.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`)}`)]),
  )
  await db
    .insert(stockFundamentals)
    .values(rows)
    .onConflictDoUpdate({ target: [stockFundamentals.companyId, stockFundamentals.fiscalYear], set })
}

function toFundamentals(row: typeof stockFundamentals.$inferSelect): AnnualFundamentals {
  const { companyId: _companyId, ...rest } = row
  return rest
}

/** A company's statements, oldest first. */
export async function selectFundamentals(db: Db, companyId: number): Promise<AnnualFundamentals[]> {
  const rows = await db
    .select()
    .from(stockFundamentals)
    .where(eq(stockFundamentals.companyId, companyId))
    .orderBy(stockFundamentals.fiscalYear)
  return rows.map(toFundamentals)
}

/** Every company's statements, oldest first, by company id. */
export async function selectAllFundamentals(db: Db): Promise<Map<number, AnnualFundamentals[]>> {
  const rows = await db
    .select()
    .from(stockFundamentals)
    .orderBy(stockFundamentals.companyId, stockFundamentals.fiscalYear)
  const byCompany = new Map<number, AnnualFundamentals[]>()
  for (const row of rows) {
    const list = byCompany.get(row.companyId)
    if (list) list.push(toFundamentals(row))
    else byCompany.set(row.companyId, [toFundamentals(row)])
  }
  return byCompany
}

// ——— insider transactions ———

/** Stores trades not stored yet; returns how many were new. */
export async function insertInsiderTransactions(
  db: Db,
  companyId: number,
  trades: readonly InsiderTransaction[],
): Promise<number> {
  let inserted = 0
  for (let i = 0; i < trades.length; i += 1000) {
    const rows = await db
      .insert(stockInsiderTransactions)
      .values(trades.slice(i, i + 1000).map((t) => ({ companyId, ...t })))
      .onConflictDoNothing()
      .returning({ id: stockInsiderTransactions.id })
    inserted += rows.length
  }
  return inserted
}

/** A company's trades, oldest first. */
export async function selectInsiderTransactions(db: Db, companyId: number): Promise<InsiderTransaction[]> {
  return db
    .select({
      date: stockInsiderTransactions.date,
      insiderName: stockInsiderTransactions.insiderName,
      role: stockInsiderTransactions.role,
      kind: stockInsiderTransactions.kind,
      shares: stockInsiderTransactions.shares,
      price: stockInsiderTransactions.price,
      value: stockInsiderTransactions.value,
    })
    .from(stockInsiderTransactions)
    .where(eq(stockInsiderTransactions.companyId, companyId))
    .orderBy(stockInsiderTransactions.date, stockInsiderTransactions.id)
}

export async function selectLastInsiderDate(db: Db, companyId: number): Promise<string | null> {
  const rows = await selectRows<{ last: string | null }>(
    db,
    sql`select max(date)::text as last from stock_insider_transactions where company_id = ${companyId}`,
  )
  return rows[0]?.last ?? null
}

// ——— consensus ———

export async function upsertConsensus(
  db: Db,
  companyId: number,
  consensus: readonly AnalystConsensus[],
): Promise<void> {
  if (consensus.length === 0) return
  await db
    .insert(stockAnalystConsensus)
    .values(
      consensus.map((c) => ({
        companyId,
        asOf: c.asOf.slice(0, 10),
        rating: c.rating,
        meanScore: c.meanScore,
        analystCount: c.analystCount,
        targetMean: c.targetMean,
        targetHigh: c.targetHigh,
        targetLow: c.targetLow,
      })),
    )
    .onConflictDoUpdate({
      target: [stockAnalystConsensus.companyId, stockAnalystConsensus.asOf],
      set: {
        rating: sql`excluded.rating`,
        meanScore: sql`excluded.mean_score`,
        analystCount: sql`excluded.analyst_count`,
        targetMean: sql`excluded.target_mean`,
        targetHigh: sql`excluded.target_high`,
        targetLow: sql`excluded.target_low`,
      },
    })
}

/** A company's consensus history, oldest first. */
export async function selectConsensusHistory(db: Db, companyId: number): Promise<AnalystConsensus[]> {
  const rows = await db
    .select()
    .from(stockAnalystConsensus)
    .where(eq(stockAnalystConsensus.companyId, companyId))
    .orderBy(stockAnalystConsensus.asOf)
  return rows.map((r) => ({
    asOf: r.asOf,
    rating: r.rating as AnalystConsensus['rating'],
    meanScore: r.meanScore,
    analystCount: r.analystCount,
    targetMean: r.targetMean,
    targetHigh: r.targetHigh,
    targetLow: r.targetLow,
  }))
}

// ——— refresh runs ———

export async function insertRefreshRun(
  db: Db,
  run: {
    market: Market
    provider: DataSource
    trigger: 'fill' | 'schedule' | 'operator' | 'import'
    targetSession: string | null
    startedAt: Date
  },
): Promise<number> {
  const rows = await db
    .insert(stockRefreshRuns)
    .values({ ...run, status: 'running' })
    .returning({ id: stockRefreshRuns.id })
  return rows[0]?.id as number
}

export async function finishRefreshRun(
  db: Db,
  id: number,
  result: {
    status: 'succeeded' | 'partial' | 'failed'
    companies: number
    barsStored: number
    snapshots: number
    failures: Array<{ code: string; error: string }>
    finishedAt: Date
  },
): Promise<void> {
  await db.update(stockRefreshRuns).set(result).where(eq(stockRefreshRuns.id, id))
}

export async function selectRecentRuns(db: Db, limit: number) {
  return db.select().from(stockRefreshRuns).orderBy(sql`${stockRefreshRuns.startedAt} desc`).limit(limit)
}

/** Companies (of the given ids) that have at least one stored bar. */
export async function countCompaniesWithBars(db: Db, companyIds: readonly number[]): Promise<number> {
  if (companyIds.length === 0) return 0
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(stockDataState)
    .where(
      and(inArray(stockDataState.companyId, [...companyIds]), sql`${stockDataState.lastBarDate} is not null`),
    )
  return rows[0]?.n ?? 0
}
