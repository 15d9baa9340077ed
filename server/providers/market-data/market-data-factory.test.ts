import { describe, expect, it } from 'vitest'
import { isMarketDataError } from './market-data-error.ts'
import { createMarketDataProvider } from './market-data-factory.ts'
import { findCompany } from './universe.ts'

const toyota = findCompany('jp', '7203')!

describe('createMarketDataProvider', () => {
  it('serves labelled demo data by default', async () => {
    const provider = createMarketDataProvider({ now: () => new Date('2026-11-20T12:00:00Z') })
    expect(provider.name).toBe('demo')
    expect(provider.isDemo).toBe(true)
    expect((await provider.getQuote(toyota)).asOf).toBe('2026-11-20T06:30:00.000Z')
  })

  it('passes the demo seed and a frozen end date through', async () => {
    const config = { demo: { seed: 'factory', endDate: '2026-06-30' } }
    const first = await createMarketDataProvider(config).getDailyBars(toyota, '2026-06-01', '2026-12-31')
    const second = await createMarketDataProvider(config).getDailyBars(toyota, '2026-06-01', '2026-12-31')
    expect(first).toEqual(second)
    expect(first.at(-1)?.date).toBe('2026-06-30')
  })

  it('builds the yahoo provider without touching the network', () => {
    const provider = createMarketDataProvider({ provider: 'yahoo', yahoo: { requestsPerSecond: 1 } })
    expect(provider.name).toBe('yahoo')
    expect(provider.isDemo).toBe(false)
  })

  it('refuses the csv provider without a store to read imported rows from', () => {
    let error: unknown
    try {
      createMarketDataProvider({ provider: 'csv' })
    } catch (e) {
      error = e
    }
    expect(isMarketDataError(error) && error.code).toBe('PROVIDER_NOT_AVAILABLE')
  })

  it('serves imported rows through the csv provider, not labelled demo', async () => {
    const bars = [
      { date: '2026-11-19', open: 2962, high: 2990, low: 2950, close: 2984.5, volume: 228164 },
      { date: '2026-11-20', open: 2984.5, high: 3010, low: 2970, close: 3001, volume: 201000 },
    ]
    const provider = createMarketDataProvider({
      provider: 'csv',
      csv: {
        store: {
          readBars: async (_company, from, to) => bars.filter((b) => b.date >= from && b.date <= to),
          readFundamentals: async () => [],
        },
      },
    })
    expect(provider.name).toBe('csv')
    expect(provider.isDemo).toBe(false)
    expect(await provider.getDailyBars(toyota, '2026-11-20', '2026-11-20')).toEqual([bars[1]])
    const quote = await provider.getQuote(toyota)
    expect(quote).toMatchObject({ price: 3001, previousClose: 2984.5, changePercent: 0.5529 })
    expect(await provider.getInsiderTransactions(toyota, '2020-01-01')).toEqual([])
    expect(await provider.getAnalystConsensus(toyota)).toBeNull()
  })
})
