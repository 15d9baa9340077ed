/**
 * Queries on the market data the refresh stores per company: its data state (source, version, first and last bar),
 * bars, statements, insider transactions, analyst consensus, results dates and dividends. Plain rows in, plain rows out; no rules. Bars are
 * written with one `unnest` insert per few thousand rows and read back as one aggregated text row per company
 * (several times faster than a row per session on PGlite). Companies and their names are stock-companies.repo.ts;
 * the record of refreshes is refresh-runs.repo.ts.
 */
import { eq, sql } from 'drizzle-orm'
import { type Db, selectRows } from '#server/db/database.ts'
import type {
  AnalystConsensus,
  AnnualFundamentals,
  CorporateEvents,
  DailyBar,
  InsiderTransaction,
} from '#server/providers/market-data/market-data.ts'
import {
  type DataSource,
  stockAnalystConsensus,
  stockCorporateEvents,
  stockDailyBars,
  stockDataState,
  stockFundamentals,
  stockInsiderTransactions,
  stockSnapshots,
} from './stocks.sql.ts'

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
    stockCorporateEvents,
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

// ——— results dates and dividends ———

/**
 * Replaces a company's stored results dates and dividends with what the provider gave for its window: a date it
 * moved or dropped leaves no stale row behind. `undefined` (a provider without them) leaves the rows as they are.
 */
export async function replaceCorporateEvents(
  db: Db,
  companyId: number,
  events: CorporateEvents | undefined,
): Promise<void> {
  if (!events) return
  await db.delete(stockCorporateEvents).where(eq(stockCorporateEvents.companyId, companyId))
  await insertCorporateEvents(db, companyId, events)
}

/** Adds results dates and dividends, a stored row of the same day taking the new figures. */
export async function insertCorporateEvents(
  db: Db,
  companyId: number,
  events: CorporateEvents,
): Promise<number> {
  // The same day twice in one answer (a source repeating itself) would fail the insert: the last one wins.
  const rows = new Map<string, typeof stockCorporateEvents.$inferInsert>()
  for (const e of events.earnings) {
    rows.set(`earnings:${e.date}`, {
      companyId,
      kind: 'earnings',
      date: e.date,
      at: e.at ? new Date(e.at) : null,
      periodEnd: e.periodEnd,
      confirmed: e.confirmed,
    })
  }
  for (const d of events.dividends) {
    rows.set(`dividend:${d.exDate}`, {
      companyId,
      kind: 'dividend',
      date: d.exDate,
      payDate: d.payDate,
      amount: d.amount,
      currency: d.currency,
    })
  }
  if (rows.size === 0) return 0
  await db
    .insert(stockCorporateEvents)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [stockCorporateEvents.companyId, stockCorporateEvents.kind, stockCorporateEvents.date],
      set: {
        at: sql`excluded.at`,
        periodEnd: sql`excluded.period_end`,
        confirmed: sql`excluded.confirmed`,
        payDate: sql`excluded.pay_date`,
        amount: sql`excluded.amount`,
        currency: sql`excluded.currency`,
      },
    })
  return rows.size
}
