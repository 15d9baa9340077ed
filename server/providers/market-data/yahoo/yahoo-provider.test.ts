import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Company } from '../market-data.ts'
import { isMarketDataError, type MarketDataError } from '../market-data-error.ts'
import { findCompany } from '../universe.ts'
import { type FakeYahooServer, startFakeYahooServer } from './fake-yahoo-server.ts'
import { createYahooProvider, type YahooProviderConfig } from './yahoo-provider.ts'

// Friday 20 November 2026, 03:00 UTC: Thursday evening in New York, Friday late morning in Asia (markets open).
const now = () => new Date('2026-11-20T03:00:00Z')
const quiet = { warn: () => {}, error: () => {} }

function company(market: Company['market'], code: string): Company {
  const found = findCompany(market, code)
  if (!found) throw new Error(`${market}:${code} missing from the universe`)
  return found
}

const apple = company('us', 'AAPL')
const tencent = company('hk', '0700')
const toyota = company('jp', '7203')
const samsung = company('kr', '005930')

let server: FakeYahooServer

function provider(overrides: YahooProviderConfig = {}) {
  return createYahooProvider({
    baseUrl: server.baseUrl,
    now,
    requestsPerSecond: 200,
    burst: 20,
    timeoutMs: 3000,
    retryBaseDelayMs: 5,
    retryMaxDelayMs: 20,
    logger: quiet,
    ...overrides,
  })
}

async function failure(promise: Promise<unknown>): Promise<MarketDataError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  if (!isMarketDataError(error)) throw new Error(`expected a MarketDataError, got ${String(error)}`)
  return error
}

beforeAll(async () => {
  server = await startFakeYahooServer()
})

afterAll(async () => {
  await server.close()
})

afterEach(() => {
  server.reset()
})

describe('yahoo provider against a local fake Yahoo', () => {
  it('is the real, non-demo provider', () => {
    const yahoo = provider()
    expect(yahoo.name).toBe('yahoo')
    expect(yahoo.isDemo).toBe(false)
  })

  it('performs the cookie and crumb handshake once, then sends the crumb with every quote call', async () => {
    const yahoo = provider()
    await yahoo.getQuote(apple)
    await yahoo.getQuote(tencent)
    await yahoo.getAnalystConsensus(toyota)
    expect(server.requestsTo('/quote/')).toHaveLength(1)
    expect(server.requestsTo('/v1/test/getcrumb')).toHaveLength(1)
    for (const request of [
      ...server.requestsTo('/v7/finance/quote'),
      ...server.requestsTo('/v10/finance/quoteSummary/'),
    ]) {
      expect(request.query.get('crumb')).toBe('haT3oykhHqZ')
      expect(request.cookie).toContain('A3=')
    }
    expect(server.requestsTo('/v7/finance/quote')[0]?.forwardedHost).toBe('query2.finance.yahoo.com')
  })

  it('maps quotes in each market', async () => {
    const yahoo = provider()
    expect(await yahoo.getQuote(apple)).toEqual({
      code: 'AAPL',
      market: 'us',
      price: 271.49,
      previousClose: 268.56,
      change: 2.93,
      changePercent: 1.091,
      volume: 45_210_331,
      asOf: '2026-11-19T21:00:01.000Z',
    })
    const hk = await yahoo.getQuote(tencent)
    expect(hk).toMatchObject({
      code: '0700',
      market: 'hk',
      price: 515,
      previousClose: 512.5,
      asOf: '2026-11-20T02:59:10.000Z',
    })
    expect((await yahoo.getQuote(toyota)).price).toBe(2990)
    expect((await yahoo.getQuote(samsung)).price).toBe(71600)
  })

  it('maps daily bars to session dates in the exchange time zone, completed sessions only', async () => {
    const yahoo = provider()
    const us = await yahoo.getDailyBars(apple, '2026-11-01', '2026-11-30')
    expect(us.map((b) => b.date)).toEqual([
      '2026-11-06',
      '2026-11-09',
      '2026-11-10',
      '2026-11-11',
      '2026-11-12',
      '2026-11-13',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
    ])
    expect(us.at(-1)).toMatchObject({ close: 271.49, volume: 45_210_331 })

    // Asia is mid-session at 03:00 UTC on the 20th: that bar must not enter history.
    const hk = await yahoo.getDailyBars(tencent, '2026-11-01', '2026-11-30')
    expect(hk).toHaveLength(10)
    expect(hk.at(-1)?.date).toBe('2026-11-19')
    expect(hk.at(-1)?.close).toBe(512.5)
    const jp = await yahoo.getDailyBars(toyota, '2026-11-01', '2026-11-30')
    expect(jp[0]?.date).toBe('2026-11-06')
    expect(jp.at(-1)?.date).toBe('2026-11-19')

    for (const bar of [...us, ...hk, ...jp]) {
      expect(bar.high).toBeGreaterThanOrEqual(Math.max(bar.open, bar.close))
      expect(bar.low).toBeLessThanOrEqual(Math.min(bar.open, bar.close))
      expect(String(bar.close).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(4)
    }
  })

  it('drops sessions Yahoo serves without prices and honours the requested range', async () => {
    const yahoo = provider()
    const kr = await yahoo.getDailyBars(samsung, '2026-11-01', '2026-11-30')
    expect(kr).toHaveLength(9)
    expect(kr.map((b) => b.date)).not.toContain('2026-11-12')
    const window = await yahoo.getDailyBars(samsung, '2026-11-10', '2026-11-13')
    expect(window.map((b) => b.date)).toEqual(['2026-11-10', '2026-11-11', '2026-11-13'])
    expect(await yahoo.getDailyBars(samsung, '2026-11-20', '2026-11-30')).toEqual([])
  })

  it('maps annual statements, with outflows as positive amounts and missing figures as null', async () => {
    const years = await provider().getAnnualFundamentals(apple)
    expect(years.map((y) => y.fiscalYear)).toEqual([2022, 2023, 2024, 2025])
    const fy2025 = years.at(-1)!
    expect(fy2025).toMatchObject({
      periodEnd: '2025-09-30',
      currency: 'USD',
      revenue: 416_161_000_000,
      costOfRevenue: 220_960_000_000,
      grossProfit: 195_201_000_000,
      operatingIncome: 133_050_000_000,
      ebit: 132_729_000_000,
      pretaxIncome: 132_729_000_000,
      incomeTax: 20_719_000_000,
      netIncome: 112_010_000_000,
      depreciationAndAmortization: 11_698_000_000,
      totalAssets: 359_241_000_000,
      totalLiabilities: 285_508_000_000,
      shareholdersEquity: 73_733_000_000,
      retainedEarnings: -14_264_000_000,
      capitalExpenditure: 12_715_000_000,
      dividendsPaid: 15_421_000_000,
      shareRepurchases: 90_711_000_000,
      sharesOutstanding: 14_776_353_000,
      dilutedShares: 15_004_697_000,
    })
    expect(years.find((y) => y.fiscalYear === 2024)?.interestExpense).toBeNull()
    expect(years.find((y) => y.fiscalYear === 2023)?.interestExpense).toBe(3_933_000_000)
  })

  it('converts statements reported in another currency into the trading currency', async () => {
    const years = await provider().getAnnualFundamentals(tencent)
    const fy2024 = years.find((y) => y.fiscalYear === 2024)!
    expect(fy2024.currency).toBe('HKD')
    expect(fy2024.revenue).toBe(Math.round(660_257_000_000 * 1.0937))
    expect(fy2024.sharesOutstanding).toBe(9_200_000_000)
    expect(server.requestsTo('/v7/finance/quote').some((r) => r.query.get('symbols') === 'CNYHKD=X')).toBe(
      true,
    )
  })

  it('keeps negative taxes and absent buybacks as Yahoo reports them', async () => {
    const years = await provider().getAnnualFundamentals(samsung)
    expect(years.find((y) => y.fiscalYear === 2022)?.incomeTax).toBe(-9_213_603_000_000)
    expect(years.find((y) => y.fiscalYear === 2023)?.shareRepurchases).toBeNull()
    expect(years.find((y) => y.fiscalYear === 2024)?.shareRepurchases).toBe(3_000_000_000_000)
    expect((await provider().getAnnualFundamentals(toyota)).map((y) => y.periodEnd)).toEqual([
      '2022-03-31',
      '2023-03-31',
      '2024-03-31',
      '2025-03-31',
    ])
  })

  it('keeps insider sales and purchases since a date and skips gifts and awards', async () => {
    const trades = await provider().getInsiderTransactions(apple, '2026-01-01')
    expect(trades.map((t) => [t.date, t.insiderName, t.kind])).toEqual([
      ['2026-04-08', 'WAGNER SUSAN L', 'buy'],
      ['2026-08-25', 'PAREKH KEVAN', 'sell'],
      ['2026-10-02', 'COOK TIMOTHY D', 'sell'],
    ])
    const cook = trades.at(-1)!
    expect(cook).toMatchObject({ role: 'Chief Executive Officer', shares: 129_963, value: 34_997_127 })
    expect(cook.price).toBeCloseTo(34_997_127 / 129_963, 4)
    expect(await provider().getInsiderTransactions(tencent, '2020-01-01')).toEqual([])
  })

  it('maps the analyst consensus, dated in the exchange time zone', async () => {
    expect(await provider().getAnalystConsensus(apple)).toEqual({
      asOf: '2026-11-19',
      rating: 'buy',
      meanScore: 2,
      analystCount: 41,
      targetMean: 290.12,
      targetHigh: 345,
      targetLow: 200,
    })
    expect(await provider().getAnalystConsensus(tencent)).toMatchObject({
      asOf: '2026-11-20',
      rating: 'strong_buy',
      meanScore: 1.45,
      analystCount: 58,
      targetMean: 640.35,
    })
  })

  it('reports an unknown symbol as SYMBOL_NOT_FOUND', async () => {
    const stranger: Company = { ...apple, code: 'ZZZZ', yahooSymbol: 'ZZZZ' }
    expect((await failure(provider().getDailyBars(stranger, '2026-11-01', '2026-11-30'))).code).toBe(
      'SYMBOL_NOT_FOUND',
    )
    expect((await failure(provider().getQuote(stranger))).code).toBe('SYMBOL_NOT_FOUND')
  })
})

describe('yahoo provider resilience', () => {
  it('retries after a 429 and then succeeds', async () => {
    server.failNext('/v8/finance/chart/AAPL', { status: 429, retryAfter: '0' })
    const bars = await provider().getDailyBars(apple, '2026-11-01', '2026-11-30')
    expect(bars).toHaveLength(10)
    expect(server.requestsTo('/v8/finance/chart/AAPL')).toHaveLength(2)
  })

  it('retries after a server error and after a dropped connection', async () => {
    server.failNext('/v7/finance/quote', { status: 503 })
    server.failNext('/v7/finance/quote', { dropConnection: true })
    expect((await provider().getQuote(samsung)).price).toBe(71600)
    expect(server.requestsTo('/v7/finance/quote')).toHaveLength(3)
  })

  it('gives up with PROVIDER_RATE_LIMITED when Yahoo keeps answering 429', async () => {
    server.failNext('/v8/finance/chart/', { status: 429 }, 10)
    const error = await failure(provider({ maxRetries: 2 }).getDailyBars(toyota, '2026-11-01', '2026-11-30'))
    expect(error.code).toBe('PROVIDER_RATE_LIMITED')
    expect(server.requestsTo('/v8/finance/chart/')).toHaveLength(3)
  })

  it('times out a request that never answers, after its retries', async () => {
    server.failNext('/v8/finance/chart/', { hang: true }, 2)
    const started = performance.now()
    const error = await failure(
      provider({ timeoutMs: 150, maxRetries: 1 }).getDailyBars(apple, '2026-11-01', '2026-11-30'),
    )
    expect(error.code).toBe('PROVIDER_TIMEOUT')
    expect(server.requestsTo('/v8/finance/chart/')).toHaveLength(2)
    expect(performance.now() - started).toBeLessThan(2000)
  })

  it('paces requests to the configured rate', async () => {
    const yahoo = provider({ requestsPerSecond: 10, burst: 1 })
    const started = performance.now()
    await Promise.all([0, 1, 2, 3].map(() => yahoo.getDailyBars(apple, '2026-11-01', '2026-11-30')))
    // Four chart calls at 10 per second with no burst: at least three 100 ms gaps.
    expect(performance.now() - started).toBeGreaterThanOrEqual(290)
  })
})

describe('yahoo results dates and dividends', () => {
  it('maps the dividend history and the coming dividend with its pay date (Apple, quarterly)', async () => {
    const events = await provider().getCorporateEvents?.(apple, '2025-11-21', '2027-05-20')
    expect(events?.dividends).toEqual([
      { exDate: '2026-02-09', payDate: null, amount: 0.26, currency: 'USD' },
      { exDate: '2026-05-11', payDate: null, amount: 0.26, currency: 'USD' },
      { exDate: '2026-08-10', payDate: null, amount: 0.26, currency: 'USD' },
      // calendarEvents names the coming payment: the chart's amount for its ex-date, and its pay date.
      { exDate: '2026-11-10', payDate: '2026-11-13', amount: 0.27, currency: 'USD' },
    ])
  })

  it('keeps an announced results date with its release instant (after the close in New York)', async () => {
    const events = await provider().getCorporateEvents?.(apple, '2026-11-01', '2027-05-20')
    expect(events?.earnings).toEqual([
      { date: '2027-01-28', at: '2027-01-28T21:30:00.000Z', periodEnd: null, confirmed: true },
    ])
  })

  it('keeps a projected date as a day without a time, in the exchange calendar (Tencent)', async () => {
    const events = await provider().getCorporateEvents?.(tencent, '2025-01-01', '2027-05-20')
    expect(events?.earnings).toEqual([{ date: '2027-03-18', at: null, periodEnd: null, confirmed: false }])
    expect(events?.dividends.map((d) => [d.exDate, d.amount, d.currency, d.payDate])).toEqual([
      ['2025-05-15', 4.5, 'HKD', null],
      ['2026-05-18', 5.3, 'HKD', '2026-06-02'],
    ])
  })

  it('leaves out what falls outside the window, and a company without dividends has none', async () => {
    const narrow = await provider().getCorporateEvents?.(apple, '2026-03-01', '2026-06-30')
    expect(narrow).toEqual({
      earnings: [],
      dividends: [{ exDate: '2026-05-11', payDate: null, amount: 0.26, currency: 'USD' }],
    })
    const none = await provider().getCorporateEvents?.(toyota, '2025-01-01', '2027-05-20')
    expect(none).toEqual({ earnings: [], dividends: [] })
  })

  it('fails as a MarketDataError for a symbol Yahoo does not know', async () => {
    const unknown = { ...apple, code: 'NOPE', yahooSymbol: 'NOPE' }
    expect(
      (
        await failure(
          provider().getCorporateEvents?.(unknown, '2026-01-01', '2026-12-31') ?? Promise.resolve(),
        )
      ).code,
    ).toBe('SYMBOL_NOT_FOUND')
  })
})
