/**
 * The refresh: fetch one market's data from the configured provider, store it, recompute industry benchmarks and
 * the market's snapshots, then bring the monthly picks up to date. Decides what to fetch (only what is missing,
 * with a week of overlap for corrections), how much history to keep, whose data replaces whose, and when each
 * market is due (after its exchange's close plus a delay). Running it once at a time is the caller's business
 * (the scheduler's advisory lock, or the seed's lock for the first fill).
 *
 * Idempotent: a second run for the same session stores nothing new and recomputes the same snapshots.
 */
import type { Market } from '#contracts/regions.ts'
import { markets } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import {
  addDays,
  exchangeSchedules,
  isTradingDay,
  lastCompletedSession,
  localDateTime,
  previousTradingDay,
  sessionCloseInstant,
  tradingDayOnOrBefore,
} from '#server/providers/market-data/exchange-calendar.ts'
import {
  type AnnualFundamentals,
  type DailyBar,
  type Exchange,
  isPlaceholderBar,
  type MarketDataProvider,
} from '#server/providers/market-data/market-data.ts'
import { isMarketDataError } from '#server/providers/market-data/market-data-error.ts'
import { diagnoseStock, ENGINE_VERSION } from './engine/diagnose-stock.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'
import {
  type BenchmarkTable,
  buildBenchmarkTable,
  measurePeerFigures,
  pickBenchmarks,
} from './engine/industry-benchmarks.ts'
import {
  type DataStateRow,
  deleteBarsBefore,
  deleteCompanyData,
  insertInsiderTransactions,
  inWriteBatch,
  selectAllFundamentals,
  selectBars,
  selectConsensusHistory,
  selectDataStates,
  selectInsiderTransactions,
  selectLastInsiderDate,
  upsertBars,
  upsertConsensus,
  upsertDataState,
  upsertFundamentals,
} from './market-data.repo.ts'
import {
  deleteDemoPickMonths,
  replaceMonthPicks,
  selectPickMonths,
  selectPicksToTrack,
  updatePickTrack,
} from './monthly-picks.repo.ts'
import {
  choosePicks,
  DRAWDOWN_LOOKBACK_SESSIONS,
  measureTrackRecord,
  PICK_RULE_VERSION,
  type PickCandidate,
} from './monthly-picks.ts'
import { finishRefreshRun, insertRefreshRun } from './refresh-runs.repo.ts'
import {
  consensusOn,
  lastBarIndexOnOrBefore,
  publishedFundamentals,
  snapshotColumnsOf,
} from './snapshot-figures.ts'
import { type CompanyRow, selectCompanies } from './stock-companies.repo.ts'
import type { MarketDataSettings } from './stocks.config.ts'
import { pruneSnapshots, selectLatestSnapshotDates, upsertSnapshot } from './stocks.repo.ts'
import type { DataSource } from './stocks.sql.ts'

/** The exchange whose calendar and close time schedule each market's refresh (KOSDAQ and NASDAQ share them). */
export const marketExchange: Record<Market, Exchange> = { us: 'NYSE', hk: 'HKEX', jp: 'TSE', kr: 'KRX' }

/** Snapshots kept per company (the latest is what pages read; a few more explain recent changes). */
export const SNAPSHOTS_KEPT = 5
/** Days re-fetched before the last stored session, so a provider's late corrections replace what we stored. */
export const OVERLAP_DAYS = 7

export interface RefreshLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export type RefreshTrigger = 'fill' | 'schedule' | 'operator' | 'import'

export interface RefreshReport {
  market: Market
  provider: DataSource
  trigger: RefreshTrigger
  targetSession: string
  companies: number
  fetched: number
  skipped: number
  barsStored: number
  /**
   * Placeholder bars among the bars fetched (no volume, one price: days without trading, market-data.ts), per
   * company. Stored as delivered, skipped by the analysis. The week of overlap fetches recent ones again.
   */
  placeholderBars: Array<{ code: string; bars: number }>
  snapshots: number
  failures: Array<{ code: string; error: string }>
  picksGenerated: string[]
  durationMs: number
}

export interface StockRefreshDependencies {
  db: Db
  provider: MarketDataProvider
  settings: MarketDataSettings
  now: () => Date
  log?: RefreshLogger | undefined
}

/** The instant the market's next refresh is due after `after`: a session's regular close plus the delay. */
export function nextRefreshAt(market: Market, after: Date, delayMinutes: number): Date {
  const exchange = marketExchange[market]
  let day = localDateTime(after, exchangeSchedules[exchange].timeZone).date
  for (let i = 0; i < 30; i++) {
    if (isTradingDay(exchange, day)) {
      const due = new Date(sessionCloseInstant(exchange, day).getTime() + delayMinutes * 60_000)
      if (due.getTime() > after.getTime()) return due
    }
    day = addDays(day, 1)
  }
  throw new RangeError(`no trading day within 30 days after ${after.toISOString()} for ${market}`)
}

/** The first day of the month `offset` months from `month` (YYYY-MM). */
export function shiftMonth(month: string, offset: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (m - 1) + offset
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The session a month's picks are computed on: each market's last session before the month's first day. */
export function pickAsOf(market: Market, month: string): string {
  return previousTradingDay(marketExchange[market], `${month}-01`)
}

const noLog: RefreshLogger = { info: () => undefined, warn: () => undefined }

function errorText(error: unknown): string {
  if (isMarketDataError(error)) return `${error.code}: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}

export function createStockRefresh({ db, provider, settings, now, log = noLog }: StockRefreshDependencies) {
  const wanted = settings.companies ? new Set(settings.companies.map((c) => `${c.market}:${c.code}`)) : null

  async function loadScope(): Promise<{ companies: CompanyRow[]; states: Map<number, DataStateRow> }> {
    const all = await selectCompanies(db)
    const companies = wanted ? all.filter((c) => wanted.has(`${c.market}:${c.code}`)) : all
    return { companies, states: await selectDataStates(db) }
  }

  function historyStart(target: string): string {
    return addDays(target, -Math.round(settings.historyYears * 365.25))
  }

  /** Whether stored data of `source` may be replaced by this provider's. CSV imports are replaced only by imports. */
  function mayReplace(source: DataSource): boolean {
    return source !== 'csv' || provider.name === 'csv'
  }

  /** Whether a company's stored data is this provider's, from its current version: what a refresh may extend. */
  function isCurrentData(state: DataStateRow | undefined): state is DataStateRow {
    return (
      state !== undefined &&
      state.source === provider.name &&
      (state.sourceVersion ?? null) === (provider.dataVersion ?? null)
    )
  }

  async function fetchCompany(
    company: CompanyRow,
    state: DataStateRow | undefined,
    target: string,
  ): Promise<{ bars: number; placeholderBars: number }> {
    // Another provider's data, or an older version of this generator's, is replaced as a whole, never mixed in.
    const current = isCurrentData(state) ? state : undefined
    const start = historyStart(target)
    const overlap = current?.lastBarDate ? addDays(current.lastBarDate, -OVERLAP_DAYS) : null
    const from = overlap !== null && overlap > start ? overlap : start
    const lastTrade = current ? await selectLastInsiderDate(db, company.id) : null
    // Everything is fetched first, so no transaction stays open while a provider answers.
    const bars = await provider.getDailyBars(company, from, target)
    const fundamentals = await provider.getAnnualFundamentals(company)
    const trades = await provider.getInsiderTransactions(company, lastTrade ? addDays(lastTrade, -30) : start)
    const consensus =
      !current && provider.getAnalystConsensusHistory
        ? // Past consensus lets the monthly picks of past months see what analysts said then.
          await provider.getAnalystConsensusHistory(
            company,
            `${shiftMonth(target.slice(0, 7), -(settings.picksMonths + 1))}-01`,
          )
        : [await provider.getAnalystConsensus(company)].filter((c) => c !== null)
    await inWriteBatch(db, async (tx) => {
      if (state && !current) await deleteCompanyData(tx, company.id)
      await upsertBars(tx, company.id, bars)
      await deleteBarsBefore(tx, company.id, start)
      await upsertFundamentals(tx, company.id, fundamentals)
      await insertInsiderTransactions(tx, company.id, trades)
      await upsertConsensus(tx, company.id, consensus)
      await upsertDataState(tx, {
        companyId: company.id,
        source: provider.name,
        sourceVersion: provider.dataVersion ?? null,
        isDemo: provider.isDemo,
        refreshedAt: now(),
        lastError: null,
      })
    })
    return { bars: bars.length, placeholderBars: bars.filter(isPlaceholderBar).length }
  }

  /** Peer medians over every company with data, each measured at its own latest session. */
  async function buildCurrentBenchmarks(
    companies: readonly CompanyRow[],
    states: Map<number, DataStateRow>,
    fundamentals: Map<number, AnnualFundamentals[]>,
  ): Promise<BenchmarkTable> {
    const figures = []
    for (const company of companies) {
      const state = states.get(company.id)
      if (!state?.lastBarDate) continue
      figures.push(
        measurePeerFigures({
          company,
          asOf: state.lastBarDate,
          price: state.lastClose,
          fundamentals: fundamentals.get(company.id) ?? [],
        }),
      )
    }
    return buildBenchmarkTable(figures)
  }

  /** Runs the engine on a company's stored data as of its latest session and stores the snapshot. */
  async function snapshotCompany(
    company: CompanyRow,
    state: DataStateRow,
    fundamentals: readonly AnnualFundamentals[],
    benchmarks: BenchmarkTable,
  ): Promise<Diagnosis | null> {
    if (!state.lastBarDate) return null
    const [bars, insiders, consensus] = await Promise.all([
      selectBars(db, company.id),
      selectInsiderTransactions(db, company.id),
      selectConsensusHistory(db, company.id),
    ])
    const asOf = state.lastBarDate
    const diagnosis = diagnoseStock({
      company,
      asOf,
      bars,
      fundamentals,
      insiderTransactions: state.source === 'csv' ? null : insiders,
      analystConsensus: consensusOn(consensus, asOf),
      benchmarks: pickBenchmarks(benchmarks, company),
    })
    const snapshot = {
      companyId: company.id,
      asOf,
      engineVersion: ENGINE_VERSION,
      source: state.source,
      isDemo: state.isDemo,
      diagnosis,
      ...snapshotColumnsOf(diagnosis, bars),
    }
    await inWriteBatch(db, (tx) => upsertSnapshot(tx, snapshot))
    return diagnosis
  }

  /** Recomputes the snapshots of the given companies (all with data when omitted) against fresh benchmarks. */
  async function recomputeSnapshots(
    companyIds?: readonly number[],
  ): Promise<{ snapshots: number; failures: RefreshReport['failures'] }> {
    const { companies, states } = await loadScope()
    const fundamentals = await selectAllFundamentals(db)
    const benchmarks = await buildCurrentBenchmarks(companies, states, fundamentals)
    const targets = companyIds ? companies.filter((c) => companyIds.includes(c.id)) : companies
    let snapshots = 0
    const failures: RefreshReport['failures'] = []
    for (const company of targets) {
      const state = states.get(company.id)
      if (!state?.lastBarDate) continue
      try {
        if (await snapshotCompany(company, state, fundamentals.get(company.id) ?? [], benchmarks)) snapshots++
      } catch (error) {
        failures.push({ code: `${company.market}:${company.code}`, error: `engine: ${errorText(error)}` })
      }
    }
    await pruneSnapshots(
      db,
      targets.map((c) => c.id),
      SNAPSHOTS_KEPT,
    )
    return { snapshots, failures }
  }

  /**
   * Refreshes one market: fetches what is missing for each of its companies, stores it, recomputes snapshots and
   * the monthly picks. `force` re-fetches companies already refreshed after the target session's close.
   */
  async function refreshMarket(
    market: Market,
    options: { trigger: RefreshTrigger; force?: boolean; picks?: boolean; signal?: AbortSignal },
  ): Promise<RefreshReport> {
    const started = performance.now()
    const exchange = marketExchange[market]
    // A frozen demo history ends at its end date; everything else at the exchange's last completed session.
    const target =
      provider.name === 'demo' && settings.demo.endDate
        ? tradingDayOnOrBefore(exchange, settings.demo.endDate)
        : lastCompletedSession(exchange, now())
    const { companies: all, states } = await loadScope()
    const companies = all.filter((c) => c.market === market)
    const runId = await insertRefreshRun(db, {
      market,
      provider: provider.name,
      trigger: options.trigger,
      targetSession: target,
      startedAt: now(),
    })
    const failures: RefreshReport['failures'] = []
    let fetched = 0
    let skipped = 0
    let barsStored = 0
    const placeholderBars: RefreshReport['placeholderBars'] = []
    const refreshed: number[] = []
    const closeOfTarget = sessionCloseInstant(exchange, target).getTime()
    const snapshotDates = await selectLatestSnapshotDates(db)
    for (const company of companies) {
      // Shutting down: stop fetching; what is stored so far is consistent and the next run continues from it.
      if (options.signal?.aborted) break
      const state = states.get(company.id)
      if (state && !mayReplace(state.source)) {
        skipped++
        continue
      }
      if (provider.name === 'csv') {
        // Imported rows are already stored; a csv refresh only recomputes.
        if (state?.lastBarDate) refreshed.push(company.id)
        continue
      }
      const upToDate =
        isCurrentData(state) &&
        state.lastBarDate !== null &&
        state.lastBarDate >= target &&
        state.refreshedAt !== null &&
        state.refreshedAt.getTime() >= closeOfTarget
      if (upToDate && !options.force) {
        skipped++
        // Nothing new to store; recompute only a snapshot that is missing, behind, or from an older engine.
        const snapshot = snapshotDates.get(company.id)
        if (
          !snapshot ||
          snapshot.asOf < (state.lastBarDate as string) ||
          snapshot.engineVersion !== ENGINE_VERSION
        )
          refreshed.push(company.id)
        continue
      }
      try {
        const result = await fetchCompany(company, state, target)
        barsStored += result.bars
        if (result.placeholderBars > 0)
          placeholderBars.push({ code: `${company.market}:${company.code}`, bars: result.placeholderBars })
        fetched++
        refreshed.push(company.id)
      } catch (error) {
        const message = errorText(error)
        failures.push({ code: `${company.market}:${company.code}`, error: message })
        if (state) {
          await upsertDataState(db, { ...state, refreshedAt: null, lastError: message.slice(0, 500) })
          refreshed.push(company.id)
        }
      }
    }
    const recomputed = await recomputeSnapshots(refreshed)
    failures.push(...recomputed.failures)
    const picks = options.picks === false ? { generated: [] } : await updateMonthlyPicks()
    const status = failures.length === 0 ? 'succeeded' : fetched + skipped > 0 ? 'partial' : 'failed'
    await finishRefreshRun(db, runId, {
      status,
      companies: companies.length,
      barsStored,
      snapshots: recomputed.snapshots,
      failures: failures.slice(0, 100),
      finishedAt: now(),
    })
    const report: RefreshReport = {
      market,
      provider: provider.name,
      trigger: options.trigger,
      targetSession: target,
      companies: companies.length,
      fetched,
      skipped,
      barsStored,
      placeholderBars,
      snapshots: recomputed.snapshots,
      failures,
      picksGenerated: picks.generated,
      durationMs: Math.round(performance.now() - started),
    }
    const { failures: failed, placeholderBars: placeholders, ...rest } = report
    // Placeholder bars are flagged, not failed: the total, and the companies they came for.
    const summary =
      placeholders.length > 0
        ? {
            ...rest,
            placeholderBars: placeholders.reduce((sum, p) => sum + p.bars, 0),
            placeholderBarsByCompany: placeholders.slice(0, 20),
          }
        : rest
    if (failed.length > 0)
      log.warn({ ...summary, failures: failed.slice(0, 10) }, 'market data refresh had failures')
    else log.info(summary, 'market data refreshed')
    return report
  }

  /** Markets whose companies (in scope) have no stored bars at all. */
  async function listEmptyMarkets(): Promise<Market[]> {
    const { companies, states } = await loadScope()
    return markets.filter((market) => {
      const inMarket = companies.filter((c) => c.market === market)
      return inMarket.length > 0 && inMarket.every((c) => !states.get(c.id)?.lastBarDate)
    })
  }

  /**
   * Markets holding data this provider generated in an earlier version (the demo provider's `dataVersion` moved
   * on): their numbers must not outlive the generator that made them.
   */
  async function listOutdatedMarkets(): Promise<Market[]> {
    const { companies, states } = await loadScope()
    return markets.filter((market) =>
      companies.some((c) => {
        const state = states.get(c.id)
        return c.market === market && state?.source === provider.name && !isCurrentData(state)
      }),
    )
  }

  /**
   * The first fill: refreshes every market that has no data yet (a fresh database) or holds data of an earlier
   * version of this provider's generator (replaced as a whole, company by company), then generates the monthly
   * picks once every market is in (picks chosen while only one market had data would all come from it). Picks made
   * from replaced demo data are made again from the new data: they tracked numbers that no longer exist.
   */
  async function fillEmptyMarkets(): Promise<RefreshReport[]> {
    const outdated = await listOutdatedMarkets()
    const reports: RefreshReport[] = []
    for (const market of new Set([...(await listEmptyMarkets()), ...outdated])) {
      reports.push(await refreshMarket(market, { trigger: 'fill', picks: false }))
    }
    if (outdated.length > 0 && provider.isDemo) await deleteDemoPickMonths(db)
    if (reports.length > 0) {
      const picks = await updateMonthlyPicks()
      const last = reports.at(-1) as RefreshReport
      last.picksGenerated = picks.generated
    }
    return reports
  }

  // ——— monthly picks ———

  /**
   * Generates the picks of every month that has none yet (on a fresh database, the last STOCKS_PICKS_MONTHS; then
   * each new month) once every market has reached the month's as-of session, then updates every pick's track record.
   */
  async function updateMonthlyPicks(): Promise<{ generated: string[] }> {
    const { companies, states } = await loadScope()
    const withData = companies.filter((c) => states.get(c.id)?.lastBarDate)
    const generated: string[] = []
    // Picks rank every market together: wait until each market in scope has data (a real provider fills them
    // one by one), or the first market filled would take every pick.
    const marketsInScope = new Set(companies.map((c) => c.market))
    const marketsWithData = new Set(withData.map((c) => c.market))
    if (withData.length > 0 && marketsWithData.size === marketsInScope.size) {
      const lastBarByMarket = new Map<Market, string>()
      for (const c of withData) {
        const last = states.get(c.id)?.lastBarDate as string
        const current = lastBarByMarket.get(c.market)
        if (!current || last > current) lastBarByMarket.set(c.market, last)
      }
      const currentMonth = localDateTime(now(), 'UTC').date.slice(0, 7)
      const newestData = [...lastBarByMarket.values()].sort().at(-1) as string
      const latestMonth =
        newestData.slice(0, 7) < currentMonth ? shiftMonth(newestData.slice(0, 7), 1) : currentMonth
      // A fresh database gets the last STOCKS_PICKS_MONTHS months from history; afterwards each new month is added
      // as its data arrives. Past picks are never recomputed or deleted: they are the track record.
      const existingMonths = await selectPickMonths(db)
      const existing = new Set(existingMonths)
      const newestExisting = existingMonths[0]
      const firstMonth = newestExisting
        ? shiftMonth(newestExisting, 1)
        : shiftMonth(latestMonth, -(settings.picksMonths - 1))
      const pending: string[] = []
      for (let month = firstMonth; month <= latestMonth; month = shiftMonth(month, 1)) {
        if (existing.has(month)) continue
        const ready = [...lastBarByMarket].every(([market, last]) => last >= pickAsOf(market, month))
        if (ready) pending.push(month)
      }
      if (pending.length > 0) {
        await generatePicks(withData, states, pending)
        generated.push(...pending)
      }
    }
    await updateTrackRecords()
    return { generated }
  }

  async function generatePicks(
    companies: readonly CompanyRow[],
    states: Map<number, DataStateRow>,
    months: readonly string[],
  ): Promise<void> {
    const fundamentals = await selectAllFundamentals(db)
    const barsOf = new Map<number, DailyBar[]>()
    // Benchmarks per month need every peer's close on that month's as-of date.
    const loadBars = async (company: CompanyRow) => {
      let bars = barsOf.get(company.id)
      if (!bars) {
        bars = await selectBars(db, company.id)
        barsOf.set(company.id, bars)
      }
      return bars
    }
    const closeOn = (bars: readonly DailyBar[], date: string) => {
      const i = lastBarIndexOnOrBefore(bars, date)
      return i < 0 ? null : (bars[i] as DailyBar).close
    }
    const tables = new Map<string, BenchmarkTable>()
    for (const month of months) {
      const figures = []
      for (const company of companies) {
        const asOf = pickAsOf(company.market, month)
        figures.push(
          measurePeerFigures({
            company,
            asOf,
            price: closeOn(await loadBars(company), asOf),
            fundamentals: publishedFundamentals(fundamentals.get(company.id) ?? [], company.market, asOf),
          }),
        )
      }
      tables.set(month, buildBenchmarkTable(figures))
    }
    const candidates = new Map<string, PickCandidate[]>(months.map((m) => [m, []]))
    for (const company of companies) {
      const bars = await loadBars(company)
      const [insiders, consensusHistory] = await Promise.all([
        selectInsiderTransactions(db, company.id),
        selectConsensusHistory(db, company.id),
      ])
      const state = states.get(company.id) as DataStateRow
      for (const month of months) {
        const asOf = pickAsOf(company.market, month)
        const end = lastBarIndexOnOrBefore(bars, asOf)
        if (end < 0 || (bars[end] as DailyBar).date < addDays(asOf, -7)) continue
        try {
          const diagnosis = diagnoseStock({
            company,
            asOf,
            bars,
            fundamentals: publishedFundamentals(fundamentals.get(company.id) ?? [], company.market, asOf),
            insiderTransactions: state.source === 'csv' ? null : insiders,
            analystConsensus: consensusOn(consensusHistory, asOf),
            benchmarks: pickBenchmarks(tables.get(month) as BenchmarkTable, company),
          })
          const closes = bars
            .slice(Math.max(0, end + 1 - DRAWDOWN_LOOKBACK_SESSIONS), end + 1)
            .map((b) => b.close)
          candidates.get(month)?.push({
            companyId: company.id,
            market: company.market,
            code: company.code,
            diagnosis,
            closes,
            consensus: consensusOn(consensusHistory, asOf),
          })
        } catch (error) {
          log.warn(
            { company: `${company.market}:${company.code}`, month, error: errorText(error) },
            'pick diagnosis failed',
          )
        }
      }
      // Keep memory bounded: bars are needed only while this company's months are diagnosed.
      barsOf.delete(company.id)
    }
    // A plain (synchronous) commit: it also makes every earlier relaxed commit of the refresh durable.
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db
      for (const month of months) {
        const picks = choosePicks(candidates.get(month) ?? [])
        await replaceMonthPicks(
          tx,
          month,
          `${month}-01`,
          picks,
          (id) => states.get(id)?.isDemo ?? false,
          PICK_RULE_VERSION,
        )
      }
    })
  }

  async function updateTrackRecords(): Promise<void> {
    const picks = await selectPicksToTrack(db)
    const byCompany = new Map<number, typeof picks>()
    for (const pick of picks) {
      const list = byCompany.get(pick.companyId)
      if (list) list.push(pick)
      else byCompany.set(pick.companyId, [pick])
    }
    const updates: Array<{ pick: (typeof picks)[number]; track: Parameters<typeof updatePickTrack>[2] }> = []
    for (const [companyId, list] of byCompany) {
      const earliest = list.map((p) => p.dataAsOf).sort()[0] as string
      const bars = await selectBars(db, companyId, earliest)
      const last = bars.at(-1)
      for (const pick of list) {
        const since = bars.filter((b) => b.date > pick.dataAsOf).map((b) => b.close)
        updates.push({
          pick,
          track: {
            latestPrice: since.length > 0 ? (last?.close ?? null) : null,
            latestPriceDate: since.length > 0 ? (last?.date ?? null) : null,
            ...measureTrackRecord(pick.recommendedPrice, since),
          },
        })
      }
    }
    // The last write of every refresh, committed synchronously: it flushes the refresh's relaxed commits too.
    await db.transaction(async (tx) => {
      for (const { pick, track } of updates) await updatePickTrack(tx as unknown as Db, pick, track)
    })
  }

  return {
    refreshMarket,
    fillEmptyMarkets,
    listEmptyMarkets,
    listOutdatedMarkets,
    recomputeSnapshots,
    updateMonthlyPicks,
    loadScope,
  }
}

export type StockRefresh = ReturnType<typeof createStockRefresh>
