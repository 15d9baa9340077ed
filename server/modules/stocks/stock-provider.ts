/**
 * The market-data provider the stocks module refreshes from, built from the configuration, and the store through
 * which the `csv` provider reads back what was imported (this module's tables, rows whose source is `csv`).
 */
import { sql } from 'drizzle-orm'
import { type Db, selectRows } from '#server/db/database.ts'
import type { ImportedDataStore } from '#server/providers/market-data/csv/csv-provider.ts'
import type { MarketDataProvider } from '#server/providers/market-data/market-data.ts'
import { createMarketDataProvider } from '#server/providers/market-data/market-data-factory.ts'
import { selectBars, selectFundamentals } from './market-data.repo.ts'
import type { MarketDataSettings } from './stocks.config.ts'

/** Rows imported from CSV for one company; companies whose data came from elsewhere have none. */
export function createImportedDataStore(db: Db): ImportedDataStore {
  async function importedCompanyId(market: string, code: string): Promise<number | null> {
    const rows = await selectRows<{ id: number }>(
      db,
      sql`select c.id as id from stock_companies c join stock_data_state s on s.company_id = c.id
          where c.market = ${market} and c.code = ${code} and s.source = 'csv'`,
    )
    return rows[0] ? Number(rows[0].id) : null
  }
  return {
    async readBars(company, from, to) {
      const id = await importedCompanyId(company.market, company.code)
      if (id === null) return []
      return (await selectBars(db, id, from)).filter((bar) => bar.date <= to)
    },
    async readFundamentals(company) {
      const id = await importedCompanyId(company.market, company.code)
      return id === null ? [] : selectFundamentals(db, id)
    },
  }
}

export function createConfiguredProvider(
  settings: MarketDataSettings,
  db: Db,
  now: () => Date = () => new Date(),
): MarketDataProvider {
  return createMarketDataProvider({
    provider: settings.provider,
    now,
    demo: { seed: settings.demo.seed, ...(settings.demo.endDate ? { endDate: settings.demo.endDate } : {}) },
    yahoo: {
      requestsPerSecond: settings.yahoo.requestsPerSecond,
      burst: settings.yahoo.burst,
      timeoutMs: settings.yahoo.timeoutMs,
      maxRetries: settings.yahoo.maxRetries,
      ...(settings.yahoo.baseUrl ? { baseUrl: settings.yahoo.baseUrl } : {}),
    },
    csv: { store: createImportedDataStore(db), fxRatesFile: settings.csvFxFile },
  })
}
