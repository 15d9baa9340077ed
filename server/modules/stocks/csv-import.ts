/**
 * The database sink of the CSV importer (server/providers/market-data/csv/): accepted rows go into the stored market
 * data, marked as imported (`source = csv`, not demo). A company's data comes from one source: the first imported
 * row of a company whose data came from another provider replaces that data (bars, statements, trades, consensus,
 * snapshots, results dates and dividends), so imported and fetched numbers never mix. Re-importing a file is
 * idempotent (rows upsert by date, fiscal year or ex-date). A results time is the exchange's local time, stored as
 * the instant it names. The `csv` provider then serves these rows (stock-provider.ts).
 */
import type { Db } from '#server/db/database.ts'
import type {
  CsvKind,
  CsvRow,
  DividendRow,
  EarningsRow,
  FundamentalsRow,
  PriceRow,
  StockRef,
} from '#server/providers/market-data/csv/csv-format.ts'
import { type ImportReport, importCsvFile } from '#server/providers/market-data/csv/csv-importer.ts'
import { exchangeSchedules, zonedTimeToInstant } from '#server/providers/market-data/exchange-calendar.ts'
import {
  deleteCompanyData,
  insertCorporateEvents,
  inWriteBatch,
  selectDataStates,
  upsertBars,
  upsertDataState,
  upsertFundamentals,
} from './market-data.repo.ts'
import { marketExchange } from './market-sessions.ts'
import { selectCompanies } from './stock-companies.repo.ts'

export interface CsvImportResult {
  report: ImportReport
  /** Companies that received rows (their snapshots need recomputing). */
  companyIds: number[]
}

export async function importCsvIntoDatabase<K extends CsvKind>(
  db: Db,
  options: {
    kind: K
    path: string
    now: () => Date
    batchSize?: number
    onProgress?: (bytesRead: number, totalBytes: number) => void
    /** The stock of a file without code and market columns (`--stock`). */
    stock?: StockRef | undefined
  },
): Promise<CsvImportResult> {
  const companies = await selectCompanies(db)
  const idOf = new Map(companies.map((c) => [`${c.market}:${c.code}`, c.id]))
  const states = await selectDataStates(db)
  const touched = new Set<number>()

  async function claim(companyId: number): Promise<void> {
    if (touched.has(companyId)) return
    touched.add(companyId)
    const state = states.get(companyId)
    if (state && state.source !== 'csv') await deleteCompanyData(db, companyId)
    await upsertDataState(db, {
      companyId,
      source: 'csv',
      sourceVersion: null,
      isDemo: false,
      refreshedAt: options.now(),
      lastError: null,
    })
  }

  const sink = async (rows: readonly CsvRow<K>[]) => {
    const byCompany = new Map<number, CsvRow<K>[]>()
    for (const row of rows) {
      // The importer has already checked that the company is in the universe (csv-format.ts).
      const id = idOf.get(`${row.market}:${row.code}`)
      if (id === undefined) continue
      const list = byCompany.get(id)
      if (list) list.push(row)
      else byCompany.set(id, [row])
    }
    for (const [companyId, list] of byCompany) {
      await claim(companyId)
      await store(companyId, list)
    }
  }

  const store = (companyId: number, list: CsvRow<K>[]) =>
    inWriteBatch(db, async (tx) => {
      if (options.kind === 'prices') {
        await upsertBars(
          tx,
          companyId,
          (list as PriceRow[]).map(({ date, open, high, low, close, volume }) => ({
            date,
            open,
            high,
            low,
            close,
            volume,
          })),
        )
      } else if (options.kind === 'fundamentals') {
        await upsertFundamentals(
          tx,
          companyId,
          (list as FundamentalsRow[]).map(({ code: _code, market: _market, ...year }) => year),
        )
      } else if (options.kind === 'earnings') {
        const earnings = (list as EarningsRow[]).map((row) => ({
          date: row.date,
          at: row.time
            ? zonedTimeToInstant(
                row.date,
                row.time,
                exchangeSchedules[marketExchange[row.market]].timeZone,
              ).toISOString()
            : null,
          periodEnd: row.periodEnd,
          confirmed: row.confirmed,
        }))
        await insertCorporateEvents(tx, companyId, { earnings, dividends: [] })
      } else {
        const dividends = (list as DividendRow[]).map(({ exDate, payDate, amount, currency }) => ({
          exDate,
          payDate,
          amount,
          currency,
        }))
        await insertCorporateEvents(tx, companyId, { earnings: [], dividends })
      }
    })

  const report = await importCsvFile({
    kind: options.kind,
    path: options.path,
    stock: options.stock,
    sink,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  })
  // The data state's bar figures (last date, last close) are derived from the stored bars: bring them up to date.
  for (const companyId of touched) {
    await upsertDataState(db, {
      companyId,
      source: 'csv',
      sourceVersion: null,
      isDemo: false,
      refreshedAt: options.now(),
      lastError: null,
    })
  }
  return { report, companyIds: [...touched] }
}
