/**
 * The monthly picks as the refresh keeps them: the picks of each month that has none yet, chosen by the pick rule
 * (monthly-picks.ts) from the engine run on what was known on the month's as-of session, once every market in
 * scope has reached it; then every pick's track record against the latest closes. Decides which months are due and
 * when; past picks are never recomputed or deleted (they are the track record), except demo picks whose data was
 * replaced (stock-refresh.ts).
 */
import type { Market } from '#contracts/regions.ts'
import type { Db } from '#server/db/database.ts'
import { addDays, localDateTime } from '#server/providers/market-data/exchange-calendar.ts'
import type { DailyBar } from '#server/providers/market-data/market-data.ts'
import { diagnoseStock } from './engine/diagnose-stock.ts'
import {
  type BenchmarkTable,
  buildBenchmarkTable,
  measurePeerFigures,
  pickBenchmarks,
} from './engine/industry-benchmarks.ts'
import {
  type DataStateRow,
  selectAllFundamentals,
  selectBars,
  selectConsensusHistory,
  selectInsiderTransactions,
} from './market-data.repo.ts'
import { pickAsOf, shiftMonth } from './market-sessions.ts'
import {
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
import { describeRefreshError, type RefreshLogger, type RefreshScope } from './refresh-scope.ts'
import { consensusOn, lastBarIndexOnOrBefore, publishedFundamentals } from './snapshot-figures.ts'
import type { CompanyRow } from './stock-companies.repo.ts'
import type { MarketDataSettings } from './stocks.config.ts'

export function createPicksRefresh({
  db,
  settings,
  now,
  log,
  loadScope,
}: {
  db: Db
  settings: MarketDataSettings
  now: () => Date
  log: RefreshLogger
  loadScope: () => Promise<RefreshScope>
}) {
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
      const ready = (month: string) =>
        [...lastBarByMarket].every(([market, last]) => last >= pickAsOf(market, month))
      // A fresh database gets the last STOCKS_PICKS_MONTHS months from history, counted back from the newest month
      // its data has reached (history that stops before this month still gives that many); afterwards each new
      // month is added as its data arrives. Past picks are never recomputed or deleted: they are the track record.
      const existingMonths = await selectPickMonths(db)
      const existing = new Set(existingMonths)
      const newestExisting = existingMonths[0]
      let firstMonth: string
      if (newestExisting) firstMonth = shiftMonth(newestExisting, 1)
      else {
        let newestReady = latestMonth
        for (let back = 0; back < settings.picksMonths && !ready(newestReady); back++) {
          newestReady = shiftMonth(newestReady, -1)
        }
        firstMonth = shiftMonth(newestReady, -(settings.picksMonths - 1))
      }
      const pending: string[] = []
      for (let month = firstMonth; month <= latestMonth; month = shiftMonth(month, 1)) {
        if (!existing.has(month) && ready(month)) pending.push(month)
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
            { company: `${company.market}:${company.code}`, month, error: describeRefreshError(error) },
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

  return { updateMonthlyPicks }
}
