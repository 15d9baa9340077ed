/**
 * Chooses and builds the market-data provider from a plain, already-parsed configuration object (the environment
 * is read elsewhere: see docs/market-data.md for the variable names). `demo` is the default, so a fresh clone runs
 * with no network and no keys; `yahoo` is the real source; `csv` serves the rows imported from CSV files, read
 * back through the store the caller passes (the stocks module's tables).
 */
import { onFirstUse } from '#server/kernel/on-first-use.ts'
import { createCsvProvider, type ImportedDataStore } from './csv/csv-provider.ts'
import { createDemoProvider, defaultDemoSeed } from './demo/demo-provider.ts'
import type { MarketDataProvider } from './market-data.ts'
import { MarketDataError } from './market-data-error.ts'
import type { YahooProviderConfig } from './yahoo/yahoo-provider.ts'

export type MarketDataProviderName = MarketDataProvider['name']

export interface MarketDataConfig {
  /** `MARKET_DATA_PROVIDER`; default `demo`. */
  provider?: MarketDataProviderName
  /**
   * The clock providers end history by: bars stop at each exchange's last completed session at `now()`. Default:
   * the system clock. The demo generator itself never reads a clock; it only sees this function.
   */
  now?: () => Date
  demo?: {
    /** `MARKET_DATA_DEMO_SEED`; default `tickerwise`. */
    seed?: string
    /** `MARKET_DATA_DEMO_END_DATE`: freeze history at this date (screenshots, tests) instead of following `now`. */
    endDate?: string
  }
  /** `YAHOO_REQUESTS_PER_SECOND`, `YAHOO_BURST`, `YAHOO_TIMEOUT_MS`, `YAHOO_MAX_RETRIES`, `YAHOO_BASE_URL`. */
  yahoo?: Omit<YahooProviderConfig, 'now'>
  /**
   * Where the `csv` provider reads imported rows from (the stocks module passes its tables), and the exchange-rates
   * file it reads rates from (`MARKET_DATA_CSV_FX_FILE`; csv/csv-fx-rates.ts).
   */
  csv?: { store: ImportedDataStore; fxRatesFile?: string | undefined }
}

export function createMarketDataProvider(config: MarketDataConfig = {}): MarketDataProvider {
  const now = config.now ?? (() => new Date())
  switch (config.provider ?? 'demo') {
    case 'demo': {
      const seed = config.demo?.seed ?? defaultDemoSeed
      return config.demo?.endDate
        ? createDemoProvider({ seed, endDate: config.demo.endDate })
        : createDemoProvider({ seed, now })
    }
    case 'yahoo':
      return createLazyYahooProvider({ ...config.yahoo, now })
    case 'csv':
      if (!config.csv) {
        throw new MarketDataError(
          'PROVIDER_NOT_AVAILABLE',
          'the csv provider serves rows imported into the database and needs the store that reads them back',
        )
      }
      return createCsvProvider(config.csv.store, { fxRatesFile: config.csv.fxRatesFile })
  }
}

/**
 * The Yahoo provider, its client library (yahoo-finance2 and its cookie jar, some 4 MB of heap) loaded with the first
 * request: processes on the demo or csv data never load it.
 */
function createLazyYahooProvider(config: YahooProviderConfig): MarketDataProvider {
  const yahoo = onFirstUse(() =>
    import('./yahoo/yahoo-provider.ts').then((module) => module.createYahooProvider(config)),
  )
  return {
    name: 'yahoo',
    isDemo: false,
    getDailyBars: async (company, from, to) => (await yahoo()).getDailyBars(company, from, to),
    getAnnualFundamentals: async (company) => (await yahoo()).getAnnualFundamentals(company),
    getInsiderTransactions: async (company, since) => (await yahoo()).getInsiderTransactions(company, since),
    getAnalystConsensus: async (company) => (await yahoo()).getAnalystConsensus(company),
    getQuote: async (company) => (await yahoo()).getQuote(company),
    getFxRate: async (from, to) => {
      const provider = await yahoo()
      if (!provider.getFxRate) throw new MarketDataError('PROVIDER_NOT_AVAILABLE', 'no exchange rates')
      return provider.getFxRate(from, to)
    },
  }
}
