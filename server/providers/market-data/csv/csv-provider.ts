/**
 * The `csv` provider: serves the rows imported from CSV files (prices and statements), read back from storage
 * through `ImportedDataStore` — the stocks module implements it over its tables, so this adapter never touches the
 * database itself. CSV files carry no insider transactions or analyst consensus: those answers are empty, and a
 * diagnosis then shows the checks that need them as not available. `isDemo` is false: imported data is the
 * operator's own. Exchange rates come from the rates file the operator names (csv-fx-rates.ts).
 */
import type { AnnualFundamentals, Company, DailyBar, MarketDataProvider, Quote } from '../market-data.ts'
import { MarketDataError } from '../market-data-error.ts'
import { createCsvFxRates } from './csv-fx-rates.ts'

/** Imported rows of one company, oldest first. */
export interface ImportedDataStore {
  readBars(company: Company, from: string, to: string): Promise<DailyBar[]>
  readFundamentals(company: Company): Promise<AnnualFundamentals[]>
}

/** Instant of a session's close is not known for imported rows; a quote is stamped at the end of its date (UTC). */
function endOfDate(date: string): string {
  return `${date}T23:59:59.000Z`
}

export function createCsvProvider(
  store: ImportedDataStore,
  options: { fxRatesFile?: string | undefined } = {},
): MarketDataProvider {
  const fxRate = createCsvFxRates(options.fxRatesFile)
  return {
    name: 'csv',
    isDemo: false,
    getDailyBars: (company, from, to) => store.readBars(company, from, to),
    getAnnualFundamentals: (company) => store.readFundamentals(company),
    getInsiderTransactions: async () => [],
    getAnalystConsensus: async () => null,
    getFxRate: fxRate,
    async getQuote(company): Promise<Quote> {
      const bars = await store.readBars(company, '0000-01-01', '9999-12-31')
      const last = bars.at(-1)
      if (!last) {
        throw new MarketDataError(
          'SYMBOL_NOT_FOUND',
          `no imported prices for ${company.market}:${company.code}`,
        )
      }
      const previousClose = bars.at(-2)?.close ?? last.open
      const change = last.close - previousClose
      return {
        code: company.code,
        market: company.market,
        price: last.close,
        previousClose,
        change,
        changePercent: Math.round((change / previousClose) * 1e6) / 1e4,
        volume: last.volume,
        asOf: endOfDate(last.date),
      }
    },
  }
}
