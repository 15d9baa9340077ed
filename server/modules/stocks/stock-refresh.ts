/**
 * The refresh: fetch one market's data from the configured provider, store it, recompute industry benchmarks and
 * snapshots (snapshot-refresh.ts), then bring the monthly picks up to date (picks-refresh.ts). Decides what to fetch
 * (only what is missing, with a week of overlap for corrections), how much history to keep, whose data replaces
 * whose, which markets the first fill covers, and what a run reports. When each market is due is
 * market-sessions.ts's (`nextRefreshAt`); running it once at a time is the caller's business (the scheduler's
 * advisory lock, or the seed's lock for the first fill).
 *
 * Idempotent: a second run for the same session stores nothing new and recomputes the same snapshots.
 */
import type { Market } from '#contracts/regions.ts'
import { markets } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import {
  addDays,
  lastCompletedSession,
  sessionCloseInstant,
  tradingDayOnOrBefore,
} from '#server/providers/market-data/exchange-calendar.ts'
import { isPlaceholderBar, type MarketDataProvider } from '#server/providers/market-data/market-data.ts'
import { ENGINE_VERSION } from './engine/diagnose-stock.ts'
import {
  type DataStateRow,
  deleteBarsBefore,
  deleteCompanyData,
  insertInsiderTransactions,
  inWriteBatch,
  replaceCorporateEvents,
  selectLastInsiderDate,
  upsertBars,
  upsertConsensus,
  upsertDataState,
  upsertFundamentals,
} from './market-data.repo.ts'
import { marketExchange, shiftMonth } from './market-sessions.ts'
import { deleteDemoPickMonths, selectPickMonths } from './monthly-picks.repo.ts'
import { createPicksRefresh } from './picks-refresh.ts'
import { finishRefreshRun, insertRefreshRun } from './refresh-runs.repo.ts'
import {
  createScopeLoader,
  describeRefreshError,
  noLog,
  type RefreshFailure,
  type RefreshLogger,
} from './refresh-scope.ts'
import { createSnapshotRefresh } from './snapshot-refresh.ts'
import type { CompanyRow } from './stock-companies.repo.ts'
import type { MarketDataSettings } from './stocks.config.ts'
import { selectLatestSnapshotDates } from './stocks.repo.ts'
import type { DataSource } from './stocks.sql.ts'

/** Days re-fetched before the last stored session, so a provider's late corrections replace what we stored. */
export const OVERLAP_DAYS = 7

/**
 * The calendar's window around the target session: a year back (past results and dividends stay browsable) and
 * half a year ahead (beyond it, dates are guesses even at the source).
 */
export const CALENDAR_PAST_DAYS = 370
export const CALENDAR_AHEAD_DAYS = 190

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
  failures: RefreshFailure[]
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

export function createStockRefresh({ db, provider, settings, now, log = noLog }: StockRefreshDependencies) {
  const loadScope = createScopeLoader(db, settings)
  const { recomputeSnapshots } = createSnapshotRefresh({ db, loadScope })
  const { updateMonthlyPicks } = createPicksRefresh({ db, settings, now, log, loadScope })

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
    const events = await provider.getCorporateEvents?.(
      company,
      addDays(target, -CALENDAR_PAST_DAYS),
      addDays(target, CALENDAR_AHEAD_DAYS),
    )
    await inWriteBatch(db, async (tx) => {
      if (state && !current) await deleteCompanyData(tx, company.id)
      await upsertBars(tx, company.id, bars)
      await deleteBarsBefore(tx, company.id, start)
      await upsertFundamentals(tx, company.id, fundamentals)
      await insertInsiderTransactions(tx, company.id, trades)
      await upsertConsensus(tx, company.id, consensus)
      await replaceCorporateEvents(tx, company.id, events)
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
    const failures: RefreshFailure[] = []
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
        const message = describeRefreshError(error)
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

  /**
   * Markets the first fill has not completed: a company in scope without stored bars, or with bars but no snapshot.
   * A fresh database has every market here; a first fill stopped part-way (the process killed) leaves the market it
   * was in, and the next start finishes it — the companies already stored are skipped as up to date.
   */
  async function listUnfilledMarkets(): Promise<Market[]> {
    const { companies, states } = await loadScope()
    const snapshotDates = await selectLatestSnapshotDates(db)
    return markets.filter((market) =>
      companies.some(
        (c) => c.market === market && (!states.get(c.id)?.lastBarDate || !snapshotDates.has(c.id)),
      ),
    )
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
   * The first fill: refreshes every market whose first fill is not complete (a fresh database, or a fill stopped
   * part-way) or that holds data of an earlier version of this provider's generator (replaced as a whole, company by
   * company), then generates the monthly picks once every market is in (picks chosen while only one market had data
   * would all come from it) — also when the picks are all that is missing (a fill stopped while choosing them). Picks
   * made from replaced demo data are made again from the new data: they tracked numbers that no longer exist.
   */
  async function fillEmptyMarkets(): Promise<RefreshReport[]> {
    const outdated = await listOutdatedMarkets()
    const reports: RefreshReport[] = []
    for (const market of new Set([...(await listUnfilledMarkets()), ...outdated])) {
      reports.push(await refreshMarket(market, { trigger: 'fill', picks: false }))
    }
    if (outdated.length > 0 && provider.isDemo) await deleteDemoPickMonths(db)
    if (reports.length > 0 || (await selectPickMonths(db)).length === 0) {
      const picks = await updateMonthlyPicks()
      const last = reports.at(-1)
      if (last) last.picksGenerated = picks.generated
      else if (picks.generated.length > 0) log.info({ months: picks.generated }, 'monthly picks generated')
    }
    return reports
  }

  return {
    refreshMarket,
    fillEmptyMarkets,
    listUnfilledMarkets,
    listOutdatedMarkets,
    recomputeSnapshots,
    updateMonthlyPicks,
    loadScope,
  }
}

export type StockRefresh = ReturnType<typeof createStockRefresh>
