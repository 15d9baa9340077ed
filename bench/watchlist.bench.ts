/**
 * The watchlist page with 200 stocks (issue 25; `node bench/watchlist.bench.ts`, or `npm run bench -- watchlist`;
 * builds first when needed): the real site in this process on a fresh database with the whole demo universe (PGlite
 * in a temporary folder, or DATABASE_URL). A Premium member (20 lists × 200 stocks) follows the first 200 stocks of
 * the universe; then, one request at a time so each is timed alone, and logged in (so never the page cache):
 * 1. the service's view (`watchlists.getWatchlistView`: the lists with the list's stocks in one query, then 200
 *    stocks' figures — reused for 30 s, as the lists' are, else read in one query — and their newest articles in
 *    one);
 * 2. GET /api/portal/watchlist/view;
 * 3. the page /member/watchlist, rendered whole (the loader with all 200 rows' data, and the server render, which
 *    draws the first 24 rows: the browser draws the rest once the page has hydrated, ADR 0046; the body read to its
 *    end). Prints the page's size and rows drawn first;
 * 4. the query for the 200 rows of figures alone: what the first page after the 30 s waits for besides.
 * Prints p50, p95 and max; the target is a p95 under 50 ms for the page. BENCH_REQUESTS (200) sets how many of each.
 * Figures vary with the machine; compare runs on the same machine only.
 */
import { sql } from 'drizzle-orm'
import { selectRows } from '#server/db/database.ts'
import { selectStockRowsOf } from '#server/modules/stocks/stocks.repo.ts'
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
  const universe = await selectRows<{ id: number; market: 'us' | 'hk' | 'jp' | 'kr'; code: string }>(
    server.runtime.database.db,
    sql`select id, market, code from stock_companies order by id limit ${stocksOnTheList}`,
  )
  const companyIds = universe.map((stock) => Number(stock.id))
  for (const { market, code } of universe)
    await services.watchlists.followStock(reader, { market, code }, 'en')
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
  const drawn = html.split('data-testid="watchlist-row"').length - 1
  if (drawn === 0) throw new Error('the page shows no watchlist rows')
  console.log(
    `the page: ${(Buffer.byteLength(html) / 1024).toFixed(1)} kB of HTML, ${drawn} rows drawn by the server`,
  )

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
    row(
      'the 200 rows of figures read again',
      await timeEach(async () => {
        await selectStockRowsOf(server.runtime.database.db, companyIds)
      }),
    ),
  ])
  console.log(
    'The figures are reused for 30 s, as the lists are: the first page after that waits for them to be read again.',
  )
} finally {
  await server.close()
}
