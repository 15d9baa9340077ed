/**
 * Snapshots: the engine run on each company's stored data as of its latest session, against peer medians measured
 * over every company with data at its own latest session, and stored with the columns lists sort on. Decides which
 * figures a snapshot sees (insider trades unless the data is a CSV import; the consensus in force on the day) and
 * how many are kept; the analysis is the engine's.
 */
import type { Db } from '#server/db/database.ts'
import type { AnnualFundamentals } from '#server/providers/market-data/market-data.ts'
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
  inWriteBatch,
  selectAllFundamentals,
  selectBars,
  selectConsensusHistory,
  selectInsiderTransactions,
} from './market-data.repo.ts'
import { describeRefreshError, type RefreshFailure, type RefreshScope } from './refresh-scope.ts'
import { screenFiguresOf } from './screen-figures.ts'
import { upsertScreenRow } from './screener.repo.ts'
import { consensusOn, snapshotColumnsOf } from './snapshot-figures.ts'
import type { CompanyRow } from './stock-companies.repo.ts'
import { pruneSnapshots, upsertSnapshot } from './stocks.repo.ts'

/** Snapshots kept per company (the latest is what pages read; a few more explain recent changes). */
export const SNAPSHOTS_KEPT = 5

export function createSnapshotRefresh({ db, loadScope }: { db: Db; loadScope: () => Promise<RefreshScope> }) {
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
    // The screener's row goes with its snapshot, so a screen never shows figures of another session than the lists.
    const screenRow = {
      companyId: company.id,
      market: company.market,
      sector: company.sector,
      code: company.code,
      asOf,
      isDemo: state.isDemo,
      ...screenFiguresOf(diagnosis, bars),
    }
    await inWriteBatch(db, async (tx) => {
      await upsertSnapshot(tx, snapshot)
      await upsertScreenRow(tx, screenRow)
    })
    return diagnosis
  }

  /** Recomputes the snapshots of the given companies (all with data when omitted) against fresh benchmarks. */
  async function recomputeSnapshots(
    companyIds?: readonly number[],
  ): Promise<{ snapshots: number; failures: RefreshFailure[] }> {
    const { companies, states } = await loadScope()
    const fundamentals = await selectAllFundamentals(db)
    const benchmarks = await buildCurrentBenchmarks(companies, states, fundamentals)
    const targets = companyIds ? companies.filter((c) => companyIds.includes(c.id)) : companies
    let snapshots = 0
    const failures: RefreshFailure[] = []
    for (const company of targets) {
      const state = states.get(company.id)
      if (!state?.lastBarDate) continue
      try {
        if (await snapshotCompany(company, state, fundamentals.get(company.id) ?? [], benchmarks)) snapshots++
      } catch (error) {
        failures.push({
          code: `${company.market}:${company.code}`,
          error: `engine: ${describeRefreshError(error)}`,
        })
      }
    }
    await pruneSnapshots(
      db,
      targets.map((c) => c.id),
      SNAPSHOTS_KEPT,
    )
    return { snapshots, failures }
  }

  return { recomputeSnapshots }
}
