/**
 * The environment every test server and the test database template are configured with. Kept apart from
 * test-runtime.ts so the global setup can read it without importing vitest's test-only API.
 */
/**
 * A run opens hundreds of PGlite databases; in a worker thread each is a new isolate compiling PostgreSQL's
 * WebAssembly again, the churn behind an intermittent V8 crash (nodejs/node#64500). The worker is tested where it is
 * the subject (pglite-worker-client.test.ts, the backup drill) and by every journey (the built server's default).
 */
export const testPgliteThread = 'main'

export const testEnv: Record<string, string> = {
  NODE_ENV: 'test',
  APP_ENV: 'develop',
  LOG_LEVEL: 'silent',
  PORT: '3000',
  // The test template gets demo market data for 40 companies (10 a market, peers for the industry medians),
  // frozen at one date, and 6 months of picks: a few seconds once per run instead of the whole universe's ~25 s.
  MARKET_DATA_DEMO_END_DATE: '2026-11-20',
  MARKET_DATA_COMPANIES: testMarketDataCompanies(),
  STOCKS_PICKS_MONTHS: '6',
  PGLITE_THREAD: testPgliteThread,
}

function testMarketDataCompanies(): string {
  return [
    'us:AAPL,us:MSFT,us:NVDA,us:AMZN,us:GOOGL,us:META,us:JPM,us:BRK.B,us:V,us:TSLA',
    'hk:0700,hk:0005,hk:1299,hk:9988,hk:0941,hk:0388,hk:3690,hk:2318,hk:1810,hk:0883',
    'jp:7203,jp:6758,jp:8306,jp:9984,jp:6861,jp:9432,jp:8035,jp:7974,jp:4063,jp:6501',
    'kr:005930,kr:000660,kr:035420,kr:035720,kr:005380,kr:051910,kr:068270,kr:105560,kr:055550,kr:000270',
  ].join(',')
}
