import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findFxRate, parseFxRates } from './csv/csv-fx-rates.ts'
import { createCsvProvider } from './csv/csv-provider.ts'
import { createDemoProvider } from './demo/demo-provider.ts'
import { isMarketDataError } from './market-data-error.ts'
import { type FakeYahooServer, startFakeYahooServer } from './yahoo/fake-yahoo-server.ts'
import { createYahooProvider } from './yahoo/yahoo-provider.ts'

const noStore = { readBars: async () => [], readFundamentals: async () => [] }

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (error: unknown) => error,
  )
}

describe('exchange rates of the demo provider', () => {
  it('are fixed reference rates dated the last weekday of its history, cross rates through the dollar', async () => {
    const demo = createDemoProvider({ endDate: '2026-11-22' })
    expect(demo.isDemo).toBe(true)
    expect(await demo.getFxRate?.('USD', 'HKD')).toEqual({
      from: 'USD',
      to: 'HKD',
      rate: 7.8,
      asOf: '2026-11-20',
    })
    expect((await demo.getFxRate?.('HKD', 'JPY'))?.rate).toBeCloseTo(150 / 7.8, 12)
    const unknown = await errorOf(demo.getFxRate?.('USD', 'XAU') as Promise<unknown>)
    expect(isMarketDataError(unknown) && unknown.code).toBe('SYMBOL_NOT_FOUND')
  })
})

describe('exchange rates of the csv provider', () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'fx-rates-'))
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('reads the latest row of each pair, derives the reverse pair and pairs through the dollar', async () => {
    const file = path.join(folder, 'rates.csv')
    await writeFile(
      file,
      'Date,From,To,Rate\n2026-11-26,USD,HKD,7.79\n2026-11-27,USD,HKD,7.78\n2026-11-27,USD,JPY,155\nbad,USD,KRW,1400\n',
    )
    const csv = createCsvProvider(noStore, { fxRatesFile: file })
    expect(await csv.getFxRate?.('USD', 'HKD')).toEqual({
      from: 'USD',
      to: 'HKD',
      rate: 7.78,
      asOf: '2026-11-27',
    })
    expect((await csv.getFxRate?.('HKD', 'USD'))?.rate).toBeCloseTo(1 / 7.78, 12)
    expect((await csv.getFxRate?.('HKD', 'JPY'))?.rate).toBeCloseTo(155 / 7.78, 12)
    const missing = await errorOf(csv.getFxRate?.('USD', 'KRW') as Promise<unknown>)
    expect(isMarketDataError(missing) && missing.code).toBe('SYMBOL_NOT_FOUND')
  })

  it('has no rates without a rates file', async () => {
    const csv = createCsvProvider(noStore)
    const missing = await errorOf(csv.getFxRate?.('USD', 'HKD') as Promise<unknown>)
    expect(isMarketDataError(missing) && missing.code).toBe('SYMBOL_NOT_FOUND')
  })

  it('ignores a file without the four columns', () => {
    expect(findFxRate(parseFxRates('day,pair,value\n2026-11-27,USDHKD,7.8\n'), 'USD', 'HKD')).toBeNull()
  })
})

describe('exchange rates of the yahoo provider against the recorded-shape fake', () => {
  let server: FakeYahooServer
  beforeAll(async () => {
    server = await startFakeYahooServer()
  })
  afterAll(() => server.close())

  function yahoo() {
    return createYahooProvider({
      baseUrl: server.baseUrl,
      now: () => new Date('2026-11-20T03:00:00Z'),
      requestsPerSecond: 200,
      burst: 20,
      retryBaseDelayMs: 5,
      retryMaxDelayMs: 20,
      logger: { warn: () => {}, error: () => {} },
    })
  }

  it('quotes the currency pair symbol and dates the rate by its market time', async () => {
    expect(await yahoo().getFxRate?.('USD', 'HKD')).toEqual({
      from: 'USD',
      to: 'HKD',
      rate: 7.7812,
      asOf: '2026-11-20',
    })
    expect(server.requestsTo('/v7/finance/quote').some((r) => r.query.get('symbols') === 'USDHKD=X')).toBe(
      true,
    )
  })

  it('says when Yahoo has no such pair', async () => {
    const missing = await errorOf(yahoo().getFxRate?.('USD', 'TWD') as Promise<unknown>)
    expect(isMarketDataError(missing) && missing.code).toBe('SYMBOL_NOT_FOUND')
  })
})
