import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { StockDiagnosisAnswer } from '#contracts/stock-diagnosis.ts'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { marketDataJobs } from '#server/jobs/jobs.ts'
import { createScheduler } from '#server/jobs/scheduler.ts'
import { fundamentalsColumns } from '#server/providers/market-data/csv/csv-format.ts'
import { createDemoProvider, DEMO_DATA_VERSION } from '#server/providers/market-data/demo/demo-provider.ts'
import type { MarketDataProvider } from '#server/providers/market-data/market-data.ts'
import { findCompany } from '#server/providers/market-data/universe.ts'
import { startFakeYahooServer } from '#server/providers/market-data/yahoo/fake-yahoo-server.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { importCsvIntoDatabase } from './csv-import.ts'
import { createConfiguredProvider } from './stock-provider.ts'
import { createStockRefresh } from './stock-refresh.ts'

let runtime: TestRuntime
let dir: string
beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock: createManualClock('2026-11-22T09:00:00Z') })
  dir = await mkdtemp(join(tmpdir(), 'tickerwise-stocks-csv-'))
})
afterAll(async () => {
  await runtime.close()
  await rm(dir, { recursive: true, force: true })
})

async function count(table: string, where = sql`true`): Promise<number> {
  const rows = await selectRows<{ n: number }>(
    runtime.database.db,
    sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`,
  )
  return Number(rows[0]?.n)
}

async function counts() {
  return {
    bars: await count('stock_daily_bars'),
    fundamentals: await count('stock_fundamentals'),
    insiders: await count('stock_insider_transactions'),
    consensus: await count('stock_analyst_consensus'),
    snapshots: await count('stock_snapshots'),
    picks: await count('stock_monthly_picks'),
  }
}

async function companyId(market: string, code: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    runtime.database.db,
    sql`select id from stock_companies where market = ${market} and code = ${code}`,
  )
  return Number(rows[0]?.id)
}

describe('the refresh', () => {
  it('filled the test database: the 40 configured companies, history, snapshots and six months of picks', async () => {
    expect(await count('stock_companies')).toBe(231)
    expect(await count('stock_data_state')).toBe(40)
    expect(await count('stock_snapshots')).toBe(40)
    const months = await selectRows<{ month: string }>(
      runtime.database.db,
      sql`select distinct month from stock_monthly_picks order by month`,
    )
    expect(months.map((m) => m.month)).toEqual([
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ])
    const span = await selectRows<{ first: string; last: string }>(
      runtime.database.db,
      sql`select min(date)::text as first, max(date)::text as last from stock_daily_bars`,
    )
    // Six years are kept: history starts six years before the last session, not at the demo's first date.
    expect(span[0]?.last).toBe('2026-11-20')
    const first = span[0]?.first ?? ''
    expect(first >= '2020-11-19' && first <= '2020-11-23').toBe(true)
    expect(await runtime.services.stockRefresh.fillEmptyMarkets()).toEqual([])
  })

  it('is idempotent: a second run for the same session stores nothing new and changes nothing', async () => {
    const before = await counts()
    const report = await runtime.services.stockRefresh.refreshMarket('jp', { trigger: 'operator' })
    expect(report).toMatchObject({
      market: 'jp',
      targetSession: '2026-11-20',
      companies: 10,
      fetched: 0,
      barsStored: 0,
    })
    expect(report.skipped).toBe(10)
    expect(report.failures).toEqual([])
    expect(await counts()).toEqual(before)
  })

  it('re-fetches the last week on --force and upserts: the same rows, the same snapshot dates', async () => {
    const before = await counts()
    const report = await runtime.services.stockRefresh.refreshMarket('kr', {
      trigger: 'operator',
      force: true,
    })
    expect(report.fetched).toBe(10)
    expect(report.snapshots).toBe(10)
    // The overlap: the sessions of the week before the last stored one, fetched again and stored unchanged.
    expect(report.barsStored).toBeGreaterThanOrEqual(10 * 5)
    expect(await counts()).toEqual(before)
    const runs = await selectRows<{ status: string }>(
      runtime.database.db,
      sql`select status from stock_refresh_runs where market = 'kr' and trigger = 'operator'`,
    )
    expect(runs.map((r) => r.status)).toEqual(['succeeded'])
  })

  it('runs one market job at a time across runners', async () => {
    const jobs = marketDataJobs(runtime)
    const log = { info: () => undefined, error: () => undefined }
    const first = createScheduler({ database: runtime.database, log })
    const second = createScheduler({ database: runtime.database, log })
    for (const job of jobs) {
      first.register(job)
      second.register(job)
    }
    const outcomes = await Promise.all([first.runNow('market-data:hk'), second.runNow('market-data:hk')])
    expect(outcomes.sort()).toEqual(['ran', 'skipped'])
  })

  it('replaces another provider’s data with this one’s, and keeps the scope of MARKET_DATA_COMPANIES', async () => {
    const db = runtime.database.db
    const id = await companyId('us', 'MSFT')
    await db.execute(
      sql`update stock_data_state set source = 'yahoo', is_demo = false where company_id = ${id}`,
    )
    const report = await runtime.services.stockRefresh.refreshMarket('us', { trigger: 'operator' })
    expect(report.fetched).toBe(1)
    const state = await selectRows<{ source: string; isDemo: boolean }>(
      db,
      sql`select source, is_demo as "isDemo" from stock_data_state where company_id = ${id}`,
    )
    expect(state[0]).toEqual({ source: 'demo', isDemo: true })
    expect(await count('stock_data_state')).toBe(40)
  })

  it('flags the placeholder bars a provider delivers for days without trading, and stores them', async () => {
    const db = runtime.database.db
    const settings = { ...runtime.config.marketData, companies: [{ market: 'hk' as const, code: '0700' }] }
    const demo = createConfiguredProvider(settings, db)
    // A suspension over the last three sessions: the source repeats the last close with no volume.
    const provider: MarketDataProvider = {
      ...demo,
      async getDailyBars(company, from, to) {
        const bars = await demo.getDailyBars(company, from, to)
        const price = bars.at(-4)?.close as number
        return bars.map((bar, i) =>
          i >= bars.length - 3
            ? { ...bar, open: price, high: price, low: price, close: price, volume: 0 }
            : bar,
        )
      },
    }
    const logged: string[] = []
    const log = { info: (details: object) => logged.push(JSON.stringify(details)), warn: () => undefined }
    const refresh = createStockRefresh({
      db,
      provider,
      settings,
      now: () => new Date('2026-11-22T09:00:00Z'),
      log,
    })
    const report = await refresh.refreshMarket('hk', { trigger: 'operator', force: true })
    expect(report.failures).toEqual([])
    expect(report.placeholderBars).toEqual([{ code: 'hk:0700', bars: 3 }])
    expect(logged.join('\n')).toContain('"placeholderBars":3')
    const stored = await count(
      'stock_daily_bars',
      sql`company_id = ${await companyId('hk', '0700')} and volume = 0 and high = low`,
    )
    expect(stored).toBe(3)
  })

  it('replaces demo data an earlier version of the generator made, as a whole, and makes the demo picks again', async () => {
    const db = runtime.database.db
    const samsung = findCompany('kr', '005930')!
    const id = await companyId('kr', '005930')
    // A data folder filled before the generator changed: no version, and numbers the generator no longer makes.
    await db.execute(
      sql`update stock_data_state set source_version = null
          where company_id in (select id from stock_companies where market = 'kr')`,
    )
    await db.execute(sql`update stock_daily_bars set close = close * 2 where company_id = ${id}`)
    await db.execute(sql`update stock_monthly_picks set recommended_price = 1 where is_demo`)
    expect(await runtime.services.stockRefresh.listOutdatedMarkets()).toEqual(['kr'])

    const reports = await runtime.services.stockRefresh.fillEmptyMarkets()
    expect(reports.map((report) => [report.market, report.fetched, report.failures.length])).toEqual([
      ['kr', 10, 0],
    ])
    const quote = await createDemoProvider({ seed: 'tickerwise', endDate: '2026-11-20' }).getQuote(samsung)
    const state = await selectRows<{ version: string | null; close: number }>(
      db,
      sql`select source_version as "version", last_close as "close" from stock_data_state where company_id = ${id}`,
    )
    expect(state[0]).toEqual({ version: DEMO_DATA_VERSION, close: quote.price })
    expect(await count('stock_monthly_picks', sql`recommended_price = 1`)).toBe(0)
    expect(await count('stock_monthly_picks')).toBeGreaterThan(0)
    expect(await runtime.services.stockRefresh.listOutdatedMarkets()).toEqual([])
    expect(await runtime.services.stockRefresh.fillEmptyMarkets()).toEqual([])
  })

  it('finishes a first fill stopped part-way: the missing companies of a market, a missing snapshot, then the picks', async () => {
    const db = runtime.database.db
    const { fillEmptyMarkets, listUnfilledMarkets } = runtime.services.stockRefresh
    const before = await counts()
    // What a kill -9 within the Hong Kong fill leaves: three companies never stored, one stored without its
    // snapshot, and no picks yet (they are chosen once every market is in).
    const missing = sql`(select id from stock_companies where market = 'hk' and code in ('0005', '1299', '9988'))`
    for (const table of [
      'stock_daily_bars',
      'stock_fundamentals',
      'stock_insider_transactions',
      'stock_analyst_consensus',
      'stock_snapshots',
      'stock_data_state',
    ])
      await db.execute(sql`delete from ${sql.raw(table)} where company_id in ${missing}`)
    await db.execute(sql`delete from stock_snapshots where company_id = ${await companyId('jp', '7203')}`)
    await db.execute(sql`delete from stock_monthly_picks`)
    expect(await listUnfilledMarkets()).toEqual(['hk', 'jp'])

    const reports = await fillEmptyMarkets()
    expect(reports.map((r) => [r.market, r.fetched, r.skipped, r.snapshots])).toEqual([
      ['hk', 3, 7, 3],
      ['jp', 0, 10, 1],
    ])
    expect(await counts()).toEqual(before)
    expect(await listUnfilledMarkets()).toEqual([])

    // Stopped while the picks were chosen: every market is in, and the picks are made at the next start.
    await db.execute(sql`delete from stock_monthly_picks`)
    expect(await fillEmptyMarkets()).toEqual([])
    expect(await count('stock_monthly_picks')).toBe(before.picks)
  }, 60_000)

  it('gives a fresh database its six months of picks when the history stops months before today', async () => {
    const db = runtime.database.db
    await db.execute(sql`delete from stock_monthly_picks`)
    // The demo history ends on 2026-11-20 (test-env.ts); a site started in February has no December or January data.
    const refresh = createStockRefresh({
      db,
      provider: createDemoProvider({ seed: 'tickerwise', endDate: '2026-11-20' }),
      settings: runtime.config.marketData,
      now: () => new Date('2027-02-10T09:00:00Z'),
    })
    expect(await refresh.updateMonthlyPicks()).toEqual({
      generated: ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'],
    })
  })
})

function csvLine(values: Array<string | number | null>): string {
  return values.map((v) => (v === null ? '' : String(v))).join(',')
}

describe('CSV import into the database and the csv provider', () => {
  const toyota = findCompany('jp', '7203')!
  const source = createDemoProvider({ seed: 'operator-file', endDate: '2026-11-20' })

  async function writePrices(name: string, extra: string[] = []): Promise<string> {
    const bars = await source.getDailyBars(toyota, '2025-01-01', '2026-11-20')
    const lines = ['code,market,date,open,high,low,close,volume']
    for (const b of bars)
      lines.push(csvLine(['7203', 'jp', b.date, b.open, b.high, b.low, b.close, b.volume]))
    lines.push(...extra)
    const path = join(dir, name)
    await writeFile(path, `${lines.join('\n')}\n`)
    return path
  }

  it('stores accepted rows as the csv source, replacing the demo data of that company only', async () => {
    const db = runtime.database.db
    const id = await companyId('jp', '7203')
    const sonyId = await companyId('jp', '6758')
    const sonyBars = await count('stock_daily_bars', sql`company_id = ${sonyId}`)
    const path = await writePrices('toyota-prices.csv', [
      '7203,jp,2026-11-21,1,1,1,1,1',
      'ZZZZ,jp,2026-11-19,1,1,1,1,1',
    ])
    const result = await importCsvIntoDatabase(db, {
      kind: 'prices',
      path,
      now: () => new Date('2026-11-22T09:00:00Z'),
    })
    expect(result.companyIds).toEqual([id])
    expect(result.report.rejectedCount).toBe(2)
    const expected = await source.getDailyBars(toyota, '2025-01-01', '2026-11-20')
    expect(await count('stock_daily_bars', sql`company_id = ${id}`)).toBe(expected.length)
    expect(await count('stock_fundamentals', sql`company_id = ${id}`)).toBe(0)
    expect(await count('stock_insider_transactions', sql`company_id = ${id}`)).toBe(0)
    expect(await count('stock_daily_bars', sql`company_id = ${sonyId}`)).toBe(sonyBars)
    const state = await selectRows<{ source: string; isDemo: boolean; last: string; close: number }>(
      db,
      sql`select source, is_demo as "isDemo", last_bar_date::text as last, last_close as close from stock_data_state where company_id = ${id}`,
    )
    expect(state[0]).toEqual({
      source: 'csv',
      isDemo: false,
      last: '2026-11-20',
      close: expected.at(-1)?.close,
    })
    // Importing the same file again stores nothing twice.
    await importCsvIntoDatabase(db, { kind: 'prices', path, now: () => new Date() })
    expect(await count('stock_daily_bars', sql`company_id = ${id}`)).toBe(expected.length)
  })

  it('imports statements, and the csv provider serves both to a diagnosis that is not labelled demo', async () => {
    const db = runtime.database.db
    const years = await source.getAnnualFundamentals(toyota)
    const lines = [fundamentalsColumns.join(',')]
    for (const y of years) {
      lines.push(
        csvLine(
          fundamentalsColumns.map((column) =>
            column === 'code'
              ? '7203'
              : column === 'market'
                ? 'jp'
                : (y[column as keyof typeof y] as string | number | null),
          ),
        ),
      )
    }
    const path = join(dir, 'toyota-fundamentals.csv')
    await writeFile(path, `${lines.join('\n')}\n`)
    const result = await importCsvIntoDatabase(db, { kind: 'fundamentals', path, now: () => new Date() })
    expect(result.report).toMatchObject({ accepted: years.length, rejectedCount: 0 })

    const settings = { ...runtime.config.marketData, provider: 'csv' as const }
    const csv = createStockRefresh({
      db,
      provider: createConfiguredProvider(settings, db),
      settings,
      now: () => new Date('2026-11-22T09:00:00Z'),
    })
    const served = await createConfiguredProvider(settings, db).getAnnualFundamentals(toyota)
    expect(served).toEqual(years)
    const report = await csv.refreshMarket('jp', { trigger: 'operator' })
    expect(report.fetched).toBe(0)
    expect(report.failures).toEqual([])

    const response = await runtime.app.inject({
      method: 'GET',
      url: '/api/portal/bizStockScore/getByCode',
      query: { code: '7203' },
      headers: regionalHeaders('en'),
      remoteAddress: '10.77.0.1',
    })
    const answer = StockDiagnosisAnswer.parse(response.json().data)
    expect(answer.isDemo).toBe(false)
    expect(answer.stock.isDemo).toBe(false)
    expect(answer.data.source).toBe('csv')
    expect(answer.data.fiscalYears.length).toBeGreaterThan(0)
    // No insider or consensus columns exist in CSV: those parts are not available, not invented.
    expect(answer.analyst).toBeNull()
    expect(answer.data.insiderTransactionsUsed).toBe(0)
  })

  it('leaves imported data alone when the demo provider refreshes, even when forced', async () => {
    const id = await companyId('jp', '7203')
    const before = await count('stock_daily_bars', sql`company_id = ${id}`)
    const report = await runtime.services.stockRefresh.refreshMarket('jp', {
      trigger: 'operator',
      force: true,
    })
    expect(report.fetched).toBe(9)
    expect(await count('stock_daily_bars', sql`company_id = ${id}`)).toBe(before)
    const state = await selectRows<{ source: string }>(
      runtime.database.db,
      sql`select source from stock_data_state where company_id = ${id}`,
    )
    expect(state[0]?.source).toBe('csv')
  })

  it('rejects a file with an unusable header without storing anything', async () => {
    const path = join(dir, 'bad.csv')
    await writeFile(path, 'ticker,date,close\nAAPL,2026-11-19,271.49\n')
    const before = await counts()
    const result = await importCsvIntoDatabase(runtime.database.db, {
      kind: 'prices',
      path,
      now: () => new Date(),
    })
    expect(result.report.headerRejected).toBe(true)
    expect(result.companyIds).toEqual([])
    expect(await counts()).toEqual(before)
  })

  it('stores a one-stock download named with --stock, and counts its placeholder bars as stored', async () => {
    const db = runtime.database.db
    const id = await companyId('hk', '0005')
    const path = join(dir, '0005.HK.csv')
    await writeFile(
      path,
      [
        '\uFEFFDate,Open,High,Low,Close,Adj Close,Volume',
        '2026-11-16,99.5,100.2,99.1,99.8,99.8,18250300',
        '2026-11-17,99.8,99.8,99.8,99.8,99.8,0',
        '2026-11-18,null,null,null,null,null,null',
        '2026-11-19,99.8,101,99.6,100.6,100.6,20311000',
      ].join('\r\n'),
    )
    const result = await importCsvIntoDatabase(db, {
      kind: 'prices',
      path,
      stock: { market: 'hk', code: '0005' },
      now: () => new Date('2026-11-22T09:00:00Z'),
    })
    expect(result.companyIds).toEqual([id])
    expect(result.report).toMatchObject({
      accepted: 3,
      rejectedCount: 1,
      placeholderBars: { rows: 1, lines: [3] },
    })
    expect(await count('stock_daily_bars', sql`company_id = ${id}`)).toBe(3)
  })
})

describe('the refresh from a real provider (yahoo, against the local stand-in)', () => {
  it('replaces demo data with Yahoo’s, and the diagnosis is no longer labelled demo', async () => {
    const yahoo = await startFakeYahooServer()
    try {
      const db = runtime.database.db
      const settings = {
        ...runtime.config.marketData,
        provider: 'yahoo' as const,
        companies: [{ market: 'us' as const, code: 'AAPL' }],
        yahoo: {
          ...runtime.config.marketData.yahoo,
          requestsPerSecond: 50,
          burst: 50,
          baseUrl: yahoo.baseUrl,
        },
      }
      // Friday 20 November 2026, 03:00 UTC: the last completed New York session is Thursday the 19th.
      const now = () => new Date('2026-11-20T03:00:00Z')
      const refresh = createStockRefresh({
        db,
        provider: createConfiguredProvider(settings, db, now),
        settings,
        now,
      })
      const report = await refresh.refreshMarket('us', { trigger: 'operator' })
      expect(report).toMatchObject({
        provider: 'yahoo',
        targetSession: '2026-11-19',
        companies: 1,
        fetched: 1,
        snapshots: 1,
      })
      expect(report.failures).toEqual([])
      const id = await companyId('us', 'AAPL')
      const state = await selectRows<{ source: string; isDemo: boolean; last: string }>(
        db,
        sql`select source, is_demo as "isDemo", last_bar_date::text as last from stock_data_state where company_id = ${id}`,
      )
      expect(state[0]).toEqual({ source: 'yahoo', isDemo: false, last: '2026-11-19' })
      const response = await runtime.app.inject({
        method: 'GET',
        url: '/api/portal/bizStockScore/getByCode',
        query: { code: 'AAPL' },
        headers: regionalHeaders('en'),
        remoteAddress: '10.77.0.2',
      })
      const answer = StockDiagnosisAnswer.parse(response.json().data)
      expect(answer).toMatchObject({ isDemo: false, asOf: '2026-11-19', data: { source: 'yahoo' } })
      expect(answer.stock.isDemo).toBe(false)
    } finally {
      await yahoo.close()
    }
  })
})
