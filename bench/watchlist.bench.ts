/**
 * The watchlist page with 200 stocks (issue 25; `node bench/watchlist.bench.ts`, or `npm run bench -- watchlist`;
 * builds first when needed): the real site in this process on a fresh database with the whole demo universe (PGlite
 * in a temporary folder, or DATABASE_URL). A Premium member (20 lists × 200 stocks) follows the first 200 stocks of
 * the universe; then, one request at a time so each is timed alone, and logged in (so never the page cache):
 * 1. the service's view (`watchlists.getWatchlistView`: the lists with the list's stocks in one query, then 200
 *    stocks' figures in one and their newest articles in one);
 * 2. GET /api/portal/watchlist/view;
 * 3. the page /member/watchlist, rendered whole (the loader and the server render; the body read to its end).
 * Prints p50, p95 and max; the target is a p95 under 50 ms for the page. BENCH_REQUESTS (200) sets how many of each.
 * Figures vary with the machine; compare runs on the same machine only.
 */
import { sql } from 'drizzle-orm'
import { selectRows } from '#server/db/database.ts'
import type { SmsSender } from '#server/providers/sms/sms-sender.ts'
import { startBenchServer } from './support/bench-server.ts'
import { percentile } from './support/percentile.ts'

const requests = Number(process.env.BENCH_REQUESTS ?? 200)
const stocksOnTheList = 200

const codes = new Map<string, string>()
const smsSender: SmsSender = {
  name: 'console',
  send: async (message) => {
    codes.set(message.to, /\d{6}/.exec(message.body)?.[0] ?? '')
    return { id: `bench-${codes.size}` }
  },
}

const server = await startBenchServer({ JOBS_ENABLED: 'false' }, { smsSender })
const { services } = server.runtime

async function timeEach(work: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await work()
  const times: number[] = []
  for (let i = 0; i < requests; i++) {
    const begun = performance.now()
    await work()
    times.push(performance.now() - begun)
  }
  return times
}

function row(name: string, times: number[]) {
  return {
    what: name,
    requests: times.length,
    'p50 ms': Number(percentile(times, 50).toFixed(1)),
    'p95 ms': Number(percentile(times, 95).toFixed(1)),
    'max ms': Number(Math.max(...times).toFixed(1)),
  }
}

try {
  const mobile = '61990025'
  await services.accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
  const login = await services.accounts.logIn(
    { country: 'HK', mobile, code: codes.get(`+852${mobile}`) ?? '', agreed: true },
    { locale: 'en' },
  )
  await services.subscriptions.grantSubscription({
    memberId: login.userInfo.memberId,
    tier: 'premium',
    period: 'year',
    source: 'operator',
  })
  const reader = await services.accounts.readerFromCookies({ access_token: login.token }, { ip: '127.0.0.1' })
  const universe = await selectRows<{ market: 'us' | 'hk' | 'jp' | 'kr'; code: string }>(
    server.runtime.database.db,
    sql`select market, code from stock_companies order by id limit ${stocksOnTheList}`,
  )
  for (const stock of universe) await services.watchlists.followStock(reader, stock, 'en')
  const view = await services.watchlists.getWatchlistView(reader, undefined, 'en')
  const covered = view.current?.rows.filter((r) => r.stock !== null).length ?? 0
  console.log(`a Premium member's list: ${view.current?.rows.length ?? 0} stocks, ${covered} with figures`)

  const host = server.hostOf('en')
  const pageHeaders = {
    host,
    accept: 'text/html',
    'sec-fetch-dest': 'document',
    'accept-encoding': 'gzip, deflate, br',
    cookie: `privacy=accepted; i18n_redirected=en; access_token=${login.token}`,
  }
  const apiHeaders = { host, 'x-token': login.token, 'accept-encoding': 'gzip, deflate, br' }
  const fetchWhole = (url: string, headers: Record<string, string>) => async () => {
    const response = await fetch(url, { headers })
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
    await response.arrayBuffer()
  }
  const page = await fetch(`${server.url}/member/watchlist`, { headers: pageHeaders })
  const html = await page.text()
  if (!html.includes('data-testid="watchlist-row"')) throw new Error('the page shows no watchlist rows')

  console.table([
    row(
      'service getWatchlistView',
      await timeEach(async () => {
        await services.watchlists.getWatchlistView(reader, undefined, 'en')
      }),
    ),
    row(
      'GET /api/portal/watchlist/view',
      await timeEach(fetchWhole(`${server.url}/api/portal/watchlist/view`, apiHeaders)),
    ),
    row('page /member/watchlist', await timeEach(fetchWhole(`${server.url}/member/watchlist`, pageHeaders))),
  ])
} finally {
  await server.close()
}
