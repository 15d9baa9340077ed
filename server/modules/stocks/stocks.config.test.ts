import { describe, expect, it } from 'vitest'
import { ConfigError } from '#server/config/config-error.ts'
import { loadConfig } from '#server/config.ts'

describe('market-data configuration', () => {
  it('defaults to the demo provider following the clock, over the whole universe', () => {
    expect(loadConfig({}).marketData).toEqual({
      provider: 'demo',
      demo: { seed: 'tickerwise', endDate: undefined },
      yahoo: { requestsPerSecond: 2, burst: 2, timeoutMs: 10_000, maxRetries: 3, baseUrl: undefined },
      historyYears: 6,
      companies: null,
      refreshDelayMinutes: 30,
      picksMonths: 6,
      rateLimits: { diagnosisPerMinute: 30, suggestPerMinute: 240 },
    })
    expect(loadConfig({}).jobsEnabled).toBe(true)
  })

  it('reads the company list in the forms readers write codes, and refuses companies outside the universe', () => {
    const { companies } = loadConfig({
      MARKET_DATA_COMPANIES: 'us:aapl, hk:700 ,kr:5930,us:BRK-B',
    }).marketData
    expect(companies).toEqual([
      { market: 'us', code: 'AAPL' },
      { market: 'hk', code: '0700' },
      { market: 'kr', code: '005930' },
      { market: 'us', code: 'BRK.B' },
    ])
    expect(() => loadConfig({ MARKET_DATA_COMPANIES: 'us:AAPL,xx:1' })).toThrow(ConfigError)
    expect(() => loadConfig({ MARKET_DATA_COMPANIES: 'hk:9' })).toThrow(/hk:9 is not market:code/)
  })

  it('refuses an unknown provider, a malformed end date and out-of-range numbers, naming the variable', () => {
    expect(() => loadConfig({ MARKET_DATA_PROVIDER: 'bloomberg' })).toThrow(/MARKET_DATA_PROVIDER/)
    expect(() => loadConfig({ MARKET_DATA_DEMO_END_DATE: '2026-02-30' })).toThrow(/MARKET_DATA_DEMO_END_DATE/)
    expect(() => loadConfig({ MARKET_DATA_HISTORY_YEARS: '1' })).toThrow(/MARKET_DATA_HISTORY_YEARS/)
    expect(() => loadConfig({ YAHOO_BASE_URL: 'not a url' })).toThrow(/YAHOO_BASE_URL/)
    expect(loadConfig({ MARKET_DATA_DEMO_END_DATE: '2026-11-20', JOBS_ENABLED: 'false' })).toMatchObject({
      marketData: { demo: { endDate: '2026-11-20' } },
      jobsEnabled: false,
    })
  })
})
