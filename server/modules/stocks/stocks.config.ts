/**
 * The stocks module's slice of the configuration: the market-data provider and how much of its data the module
 * keeps (docs/market-data.md), the Yahoo provider's pacing, the picks generated on a fresh database, and the
 * per-address limits of the diagnosis and the autocomplete. Refuses a demo end date that is not a date and a company
 * outside the universe.
 */
import { z } from 'zod'
import type { Market } from '#contracts/regions.ts'
import { ConfigError } from '#server/config/config-error.ts'
import { type EnvOf, optionalText, optionalUrl } from '#server/config/env-values.ts'
import { isIsoDate } from '#server/providers/market-data/exchange-calendar.ts'
import { findCompany } from '#server/providers/market-data/universe.ts'

export const stocksEnv = {
  /** Market data (docs/market-data.md): `demo` (synthetic, labelled DEMO), `yahoo` or `csv` (imported files). */
  MARKET_DATA_PROVIDER: z.enum(['demo', 'yahoo', 'csv']).default('demo'),
  MARKET_DATA_DEMO_SEED: z.string().trim().min(1).default('tickerwise'),
  /** Freeze demo history at this date (YYYY-MM-DD); unset follows the clock. */
  MARKET_DATA_DEMO_END_DATE: optionalText.refine(
    (v) => v === undefined || isIsoDate(v),
    'must be YYYY-MM-DD',
  ),
  /** Years of daily bars kept per company (the engine reads about five). */
  MARKET_DATA_HISTORY_YEARS: z.coerce.number().int().min(2).max(20).default(6),
  /** Only these companies get data (`us:AAPL,hk:0700`, e.g. a small test database); unset: the whole universe. */
  MARKET_DATA_COMPANIES: optionalText,
  /** With the `csv` provider: a CSV file of exchange rates, `date,from,to,rate` (portfolios in a base currency). */
  MARKET_DATA_CSV_FX_FILE: optionalText,
  /** Minutes after an exchange's regular close before its refresh runs (providers publish with a delay). */
  MARKET_DATA_REFRESH_DELAY_MINUTES: z.coerce.number().int().min(0).max(720).default(30),
  /** Months of monthly picks generated from stored history on a fresh database (later months are added as they come). */
  STOCKS_PICKS_MONTHS: z.coerce.number().int().min(1).max(36).default(6),
  /** Stock diagnoses (GET /bizStockScore/getByCode) one client address may request per minute. */
  STOCKS_DIAGNOSIS_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Stock autocomplete requests (GET /bizStockScore/listStockAI) one client address may make per minute. */
  STOCKS_SUGGEST_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(240),
  YAHOO_REQUESTS_PER_SECOND: z.coerce.number().positive().max(50).default(2),
  YAHOO_BURST: z.coerce.number().int().min(1).max(50).default(2),
  YAHOO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  YAHOO_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  YAHOO_BASE_URL: optionalUrl,
}

/** The slice the market-data and stocks variables fill in `Config`. */
export interface StocksSlice {
  marketData: MarketDataSettings
}

/** Market data: the provider and how much of it the stocks module keeps (docs/market-data.md). */
export interface MarketDataSettings {
  provider: 'demo' | 'yahoo' | 'csv'
  demo: { seed: string; endDate: string | undefined }
  yahoo: {
    requestsPerSecond: number
    burst: number
    timeoutMs: number
    maxRetries: number
    baseUrl: string | undefined
  }
  historyYears: number
  /** The `csv` provider's exchange-rates file; undefined: no rates (portfolios stay in each stock's currency). */
  csvFxFile: string | undefined
  /** The companies that get data; null for the whole universe. */
  companies: Array<{ market: Market; code: string }> | null
  refreshDelayMinutes: number
  picksMonths: number
  /** Per-client-address limits of the diagnosis and the autocomplete, per minute. */
  rateLimits: { diagnosisPerMinute: number; suggestPerMinute: number }
}

export function stocksConfigOf(e: EnvOf<typeof stocksEnv>): StocksSlice {
  let companies: MarketDataSettings['companies'] = null
  if (e.MARKET_DATA_COMPANIES) {
    companies = e.MARKET_DATA_COMPANIES.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const [market, code] = entry.split(':')
        const company = market && code ? findCompany(market as Market, code) : undefined
        if (!company) {
          throw new ConfigError(
            `MARKET_DATA_COMPANIES: ${entry} is not market:code of a company in the universe`,
          )
        }
        return { market: company.market, code: company.code }
      })
  }
  return {
    marketData: {
      provider: e.MARKET_DATA_PROVIDER,
      demo: { seed: e.MARKET_DATA_DEMO_SEED, endDate: e.MARKET_DATA_DEMO_END_DATE },
      yahoo: {
        requestsPerSecond: e.YAHOO_REQUESTS_PER_SECOND,
        burst: e.YAHOO_BURST,
        timeoutMs: e.YAHOO_TIMEOUT_MS,
        maxRetries: e.YAHOO_MAX_RETRIES,
        baseUrl: e.YAHOO_BASE_URL,
      },
      historyYears: e.MARKET_DATA_HISTORY_YEARS,
      csvFxFile: e.MARKET_DATA_CSV_FX_FILE,
      companies,
      refreshDelayMinutes: e.MARKET_DATA_REFRESH_DELAY_MINUTES,
      picksMonths: e.STOCKS_PICKS_MONTHS,
      rateLimits: {
        diagnosisPerMinute: e.STOCKS_DIAGNOSIS_RATE_PER_MINUTE,
        suggestPerMinute: e.STOCKS_SUGGEST_RATE_PER_MINUTE,
      },
    },
  }
}
