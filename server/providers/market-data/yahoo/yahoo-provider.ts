/**
 * The real market-data provider for all four markets: Yahoo Finance through yahoo-finance2 (v4). No key is needed;
 * Yahoo's unofficial API wants a cookie and a crumb, which the library fetches once per provider instance.
 *
 * Which Yahoo call serves what: `quote` → quotes; `chart` (daily) → bars; `fundamentalsTimeSeries` (annual, all
 * modules) → statements; `quoteSummary` `insiderTransactions` → insiders; `quoteSummary` `financialData` +
 * `recommendationTrend` → consensus; `chart` dividend events + `quoteSummary` `calendarEvents` and
 * `defaultKeyStatistics` → results dates and dividends. Bars stop at the exchange's last completed session, so an in-progress day
 * never enters history. Statements are converted to the trading currency when the company reports in another one
 * (Tencent in CNY, HSBC in USD, TSMC in TWD), at the current rate Yahoo quotes for the pair.
 *
 * Every request is paced, retried and timed out by `yahoo-fetch.ts`; every failure surfaces as a
 * `MarketDataError`.
 */
import YahooFinance from 'yahoo-finance2'
import { ExtendedCookieJar } from 'yahoo-finance2/lib/cookieJar'
import {
  addDays,
  exchangeSchedules,
  lastCompletedSession,
  localDateTime,
  zonedTimeToInstant,
} from '../exchange-calendar.ts'
import type { Company, MarketDataProvider } from '../market-data.ts'
import { isMarketDataError, MarketDataError } from '../market-data-error.ts'
import { createTokenBucket } from './token-bucket.ts'
import { createYahooFetch } from './yahoo-fetch.ts'
import {
  mapAnalystConsensus,
  mapAnnualFundamentals,
  mapChartBars,
  mapCorporateEvents,
  mapInsiderTransactions,
  mapQuote,
} from './yahoo-mapping.ts'

export interface YahooProviderConfig {
  /** Sustained request rate per process (default 2). */
  requestsPerSecond?: number
  /** Requests that may go at once after a quiet spell (default 2). */
  burst?: number
  /** Per-attempt timeout in milliseconds (default 10 000). */
  timeoutMs?: number
  /** Retries after the first attempt on 429, 5xx, timeouts and network errors (default 3). */
  maxRetries?: number
  /** First backoff delay in milliseconds (default 500), doubling per retry up to `retryMaxDelayMs` (default 8 000). */
  retryBaseDelayMs?: number
  retryMaxDelayMs?: number
  /** Send every Yahoo request to this origin instead (a fake server in tests, or a proxy). */
  baseUrl?: string
  /** The caller's clock, for "last completed session" and as-of dates (default: the system clock). */
  now?: () => Date
  /** Fiscal years of statements to ask for (default 10; Yahoo usually has four or five). */
  fundamentalsYears?: number
  /** Where the library's own warnings go (default: console). */
  logger?: Pick<Console, 'warn' | 'error'>
}

export const yahooDefaults = {
  requestsPerSecond: 2,
  burst: 2,
  timeoutMs: 10_000,
  maxRetries: 3,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 8_000,
  fundamentalsYears: 10,
} as const

function silent() {}

/** Any error from the library or the network as a `MarketDataError`. */
function toMarketDataError(error: unknown, what: string): MarketDataError {
  if (isMarketDataError(error)) return error
  if (error instanceof Error) {
    if (error.name === 'TimeoutError' || error.name === 'AbortError') {
      return new MarketDataError('PROVIDER_TIMEOUT', `${what}: timed out`, { cause: error })
    }
    const status = (error as { code?: unknown }).code
    if (error.name === 'HTTPError' && typeof status === 'number') {
      if (status === 404)
        return new MarketDataError('SYMBOL_NOT_FOUND', `${what}: HTTP 404`, { cause: error })
      if (status === 429)
        return new MarketDataError('PROVIDER_RATE_LIMITED', `${what}: HTTP 429`, { cause: error })
      if (status >= 500)
        return new MarketDataError('PROVIDER_UNAVAILABLE', `${what}: HTTP ${status}`, { cause: error })
    }
    return new MarketDataError('PROVIDER_BAD_RESPONSE', `${what}: ${error.name}: ${error.message}`, {
      cause: error,
    })
  }
  return new MarketDataError('PROVIDER_BAD_RESPONSE', `${what}: ${String(error)}`, { cause: error })
}

export function createYahooProvider(config: YahooProviderConfig = {}): MarketDataProvider {
  const now = config.now ?? (() => new Date())
  const logger = config.logger ?? console
  const bucket = createTokenBucket({
    ratePerSecond: config.requestsPerSecond ?? yahooDefaults.requestsPerSecond,
    capacity: config.burst ?? yahooDefaults.burst,
  })
  const yahooFetch = createYahooFetch({
    bucket,
    timeoutMs: config.timeoutMs ?? yahooDefaults.timeoutMs,
    maxRetries: config.maxRetries ?? yahooDefaults.maxRetries,
    retryBaseDelayMs: config.retryBaseDelayMs ?? yahooDefaults.retryBaseDelayMs,
    retryMaxDelayMs: config.retryMaxDelayMs ?? yahooDefaults.retryMaxDelayMs,
    ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}),
  })
  const yahoo = new YahooFinance({
    fetch: yahooFetch,
    // A jar per provider: the library's default jar is shared by every instance in the process.
    cookieJar: new ExtendedCookieJar(),
    versionCheck: false,
    suppressNotices: ['yahooSurvey'],
    validation: { logErrors: false, logOptionsErrors: false },
    logger: { info: silent, debug: silent, dir: silent, warn: logger.warn, error: logger.error },
  })

  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw toMarketDataError(error, what)
    }
  }

  async function fetchQuote(symbol: string) {
    const quote = await call(`quote ${symbol}`, () => yahoo.quote(symbol))
    if (!quote) throw new MarketDataError('SYMBOL_NOT_FOUND', `quote ${symbol}: Yahoo returned no result`)
    return quote
  }

  /** Units of the trading currency per unit of the currency the company reports in. */
  async function reportingFx(company: Company): Promise<number> {
    const reporting = (await fetchQuote(company.yahooSymbol)).financialCurrency
    if (typeof reporting !== 'string' || reporting === company.currency) return 1
    const pair = `${reporting}${company.currency}=X`
    const rate = (await fetchQuote(pair)).regularMarketPrice
    if (typeof rate !== 'number' || !(rate > 0)) {
      throw new MarketDataError('PROVIDER_BAD_RESPONSE', `quote ${pair}: no exchange rate`)
    }
    return rate
  }

  return {
    name: 'yahoo',
    isDemo: false,

    async getDailyBars(company, from, to) {
      const { timeZone } = exchangeSchedules[company.exchange]
      const lastSession = lastCompletedSession(company.exchange, now())
      // ISO dates compare as strings: the earlier of `to` and the last completed session.
      const until = [to, lastSession].sort()[0] as string
      if (from > until) return []
      const chart = await call(`chart ${company.yahooSymbol}`, () =>
        yahoo.chart(company.yahooSymbol, {
          period1: zonedTimeToInstant(from, '00:00', timeZone),
          period2: zonedTimeToInstant(addDays(until, 1), '00:00', timeZone),
          interval: '1d',
          includePrePost: false,
          return: 'array',
        }),
      )
      return mapChartBars(chart, timeZone, from, until)
    },

    async getAnnualFundamentals(company) {
      const today = now()
      const years = config.fundamentalsYears ?? yahooDefaults.fundamentalsYears
      const rows = await call(`fundamentalsTimeSeries ${company.yahooSymbol}`, () =>
        yahoo.fundamentalsTimeSeries(company.yahooSymbol, {
          period1: `${today.getUTCFullYear() - years}-01-01`,
          period2: today,
          type: 'annual',
          module: 'all',
        }),
      )
      if (rows.length === 0) return []
      return mapAnnualFundamentals(rows, company.currency, await reportingFx(company))
    },

    async getInsiderTransactions(company, since) {
      const summary = await call(`quoteSummary ${company.yahooSymbol}`, () =>
        yahoo.quoteSummary(company.yahooSymbol, { modules: ['insiderTransactions'] }),
      )
      return mapInsiderTransactions(summary.insiderTransactions, since)
    },

    async getAnalystConsensus(company) {
      const summary = await call(`quoteSummary ${company.yahooSymbol}`, () =>
        yahoo.quoteSummary(company.yahooSymbol, { modules: ['financialData', 'recommendationTrend'] }),
      )
      const asOf = localDateTime(now(), exchangeSchedules[company.exchange].timeZone).date
      return mapAnalystConsensus(summary.financialData, summary.recommendationTrend, asOf)
    },

    async getCorporateEvents(company, from, to) {
      const { timeZone } = exchangeSchedules[company.exchange]
      const lastSession = lastCompletedSession(company.exchange, now())
      const until = [to, lastSession].sort()[0] as string
      const history =
        from > until
          ? undefined
          : await call(`chart ${company.yahooSymbol}`, () =>
              yahoo.chart(company.yahooSymbol, {
                period1: zonedTimeToInstant(from, '00:00', timeZone),
                period2: zonedTimeToInstant(addDays(until, 1), '00:00', timeZone),
                interval: '1mo',
                events: 'div',
                return: 'array',
              }),
            )
      const summary = await call(`quoteSummary ${company.yahooSymbol}`, () =>
        yahoo.quoteSummary(company.yahooSymbol, { modules: ['calendarEvents', 'defaultKeyStatistics'] }),
      )
      return mapCorporateEvents(
        {
          dividends: history?.events?.dividends,
          calendar: summary.calendarEvents,
          statistics: summary.defaultKeyStatistics,
        },
        company,
        timeZone,
        from,
        to,
      )
    },

    async getQuote(company) {
      return mapQuote(company, await fetchQuote(company.yahooSymbol), now())
    },

    async getFxRate(from, to) {
      if (!/^[A-Z]{3}$/.test(from) || !/^[A-Z]{3}$/.test(to)) {
        throw new MarketDataError('SYMBOL_NOT_FOUND', `no currency pair ${from}${to}`)
      }
      if (from === to) return { from, to, rate: 1, asOf: localDateTime(now(), 'UTC').date }
      // Yahoo's currency-pair symbol: units of the second currency per unit of the first.
      const pair = `${from}${to}=X`
      const quote = await fetchQuote(pair)
      const rate = quote.regularMarketPrice
      if (typeof rate !== 'number' || !(rate > 0)) {
        throw new MarketDataError('PROVIDER_BAD_RESPONSE', `quote ${pair}: no exchange rate`)
      }
      const time = quote.regularMarketTime
      const at = time instanceof Date && !Number.isNaN(time.getTime()) ? time : now()
      return { from, to, rate, asOf: localDateTime(at, 'UTC').date }
    },
  }
}
