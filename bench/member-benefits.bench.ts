/**
 * The member area under load (`node bench/member-benefits.bench.ts`, or `npm run bench -- member-benefits`; builds
 * first when needed): the real site in this process on a fresh database with the whole demo universe and the sample
 * classroom, strategies and advisers (PGlite in a temporary folder, or DATABASE_URL).
 * 1. The benchmark index (an equal-weight index of a market's universe from our own closes,
 *    stocks/market-benchmark.ts): the first computation per market since the oldest sample strategy's inception
 *    (cold) and the next (cached).
 * 2. A strategy's performance (bars of its holdings read, buy and hold between rebalances) through the service, for
 *    a Premium reader: first and later.
 * 3. Requests/s and latency of the member pages and APIs a Premium reader uses (logged in, so never the page cache):
 *    /member/investment, /member/strategies with a strategy open, /member/picks with analyst tracking,
 *    /member/expert, and GET /api/portal/strategies.
 * BENCH_SECONDS (10) and BENCH_CONNECTIONS (10) set each load. Figures vary with the machine; compare runs on the
 * same machine only.
 */
import { sql } from 'drizzle-orm'
import { markets } from '#contracts/regions.ts'
import { selectRows } from '#server/db/database.ts'
import { marketBenchmark } from '#server/modules/stocks/market-benchmark.ts'
import type { SmsSender } from '#server/providers/sms/sms-sender.ts'
import { startBenchServer } from './support/bench-server.ts'
import { type LoadResult, measureLoad, printLoadTable } from './support/load.ts'

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10)

const codes = new Map<string, string>()
const smsSender: SmsSender = {
  name: 'console',
  send: async (message) => {
    codes.set(message.to, /\d{6}/.exec(message.body)?.[0] ?? '')
    return { id: `bench-${codes.size}` }
  },
}

const started = performance.now()
const server = await startBenchServer({ JOBS_ENABLED: 'false' }, { smsSender })
console.log(
  `server with the demo universe and sample content: ${((performance.now() - started) / 1000).toFixed(1)} s`,
)
const { runtime } = server
const { services } = runtime
const db = runtime.database.db

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const begun = performance.now()
  const value = await work()
  return { ms: performance.now() - begun, value }
}
const ms = (value: number) => `${value.toFixed(1)} ms`

try {
  // A Premium reader.
  const mobile = '61990001'
  await services.accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
  const login = await services.accounts.logIn(
    { country: 'HK', mobile, code: codes.get(`+852${mobile}`) ?? '', agreed: true },
    { locale: 'en' },
  )
  const memberId = login.userInfo.memberId
  await services.subscriptions.grantSubscription({
    memberId,
    tier: 'premium',
    period: 'year',
    source: 'operator',
  })
  const reader = await services.accounts.readerFromCookies({ access_token: login.token }, { ip: '127.0.0.1' })

  // The benchmark from a year into the stored history, before anything asked for it.
  const [{ first } = { first: '2021-01-04' }] = await selectRows<{ first: string }>(
    db,
    sql`select (min(date) + 365)::text as first from stock_daily_bars`,
  )
  console.log(`\n1. Benchmark index per market since ${first}`)
  const benchmarkRows = []
  for (const market of markets) {
    const cold = await timed(() => marketBenchmark(db, market, first))
    const warm = await timed(() => marketBenchmark(db, market, first))
    benchmarkRows.push({
      market,
      constituents: cold.value.constituents,
      days: cold.value.points.length,
      cold: ms(cold.ms),
      cached: ms(warm.ms),
    })
  }
  console.table(benchmarkRows)

  console.log(
    '\n2. The strategies for a Premium reader: the list (every strategy’s performance) and each detail',
  )
  const firstList = await timed(() => services.strategies.listForReader(reader, 'en'))
  const laterList = await timed(() => services.strategies.listForReader(reader, 'en'))
  console.log(`list: first ${ms(firstList.ms)}, later ${ms(laterList.ms)}`)
  const slugs = firstList.value.strategies.map((strategy) => strategy.slug)
  const detailRows = []
  for (const slug of slugs) {
    const detail = await timed(() => services.strategies.detailForReader(slug, reader, 'en'))
    detailRows.push({ strategy: slug, detail: ms(detail.ms) })
  }
  console.table(detailRows)

  const host = server.hostOf('en')
  const pageHeaders = {
    host,
    accept: 'text/html',
    'sec-fetch-dest': 'document',
    'accept-encoding': 'gzip, deflate, br',
    cookie: `privacy=accepted; i18n_redirected=en; access_token=${login.token}`,
  }
  const apiHeaders = { host, 'x-token': login.token, 'accept-encoding': 'gzip, deflate, br' }
  const targets = [
    { name: 'page /member/investment', url: `${server.url}/member/investment`, headers: pageHeaders },
    {
      name: 'page /member/strategies (one open)',
      url: `${server.url}/member/strategies?strategy=${slugs[0] ?? ''}`,
      headers: pageHeaders,
    },
    { name: 'page /member/picks (tracking)', url: `${server.url}/member/picks`, headers: pageHeaders },
    { name: 'page /member/expert', url: `${server.url}/member/expert`, headers: pageHeaders },
    { name: 'GET /api/portal/strategies', url: `${server.url}/api/portal/strategies`, headers: apiHeaders },
  ]
  const results: LoadResult[] = []
  for (const target of targets) {
    const first = await fetch(target.url, { headers: target.headers })
    if (first.status !== 200) throw new Error(`${target.name} answered ${first.status}`)
    await first.arrayBuffer()
    results.push(await measureLoad({ ...target, connections, durationSeconds, discardBodies: true }))
  }
  printLoadTable(
    `3. A Premium reader's pages and API (${connections} connections, ${durationSeconds} s each)`,
    results,
  )
} finally {
  await server.close()
}
