/**
 * Alerts after a refresh for many readers (issue 26; `node --expose-gc bench/alerts.bench.ts`, or `npm run bench --
 * alerts`): the services on a fresh database (bench/support/scale-bench.ts: PGlite in a temporary folder, or a
 * database of its own beside DATABASE_URL's, created and dropped) with the demo history
 * frozen (MARKET_DATA_DEMO_END_DATE, default 2026-11-27: a Hong Kong session with a few big changes), then
 * BENCH_READERS (100,000) synthetic members, each following BENCH_FOLLOWED (20) Hong Kong stocks with the watchlist's
 * big-change switch on and one price alert (a level BENCH_FIRING_SHARE of them, 1 %, have already passed), written in
 * a few set-based statements. Then one evaluation of the market, as the `market-data:hk` job runs it after its
 * refresh (`alerts.evaluateMarket`): the crossings recorded and delivered to the notification centre.
 * Prints the evaluation's time, what it recorded and delivered, the SQL statements it sent (counted in drizzle, on
 * either database), and the process's memory every 5 s while it runs, before, at its peak (sampled every 100 ms) and
 * after. Figures vary with the machine; compare runs on the same machine only. Sizes are variables so a
 * shared machine can run a small one (BENCH_READERS=5000 takes about a minute on PGlite).
 */
import { sql } from 'drizzle-orm'
import { selectRows } from '#server/db/database.ts'
import { startScaleBench } from './support/scale-bench.ts'

const readers = Number(process.env.BENCH_READERS ?? 100_000)
const followed = Number(process.env.BENCH_FOLLOWED ?? 20)
const firingShare = Number(process.env.BENCH_FIRING_SHARE ?? 0.01)
const endDate = process.env.MARKET_DATA_DEMO_END_DATE ?? '2026-11-27'

const bench = await startScaleBench({ MARKET_DATA_DEMO_END_DATE: endDate })
const { services, database } = bench.runtime
const db = database.db

try {
  const seedStarted = performance.now()
  const codes = (
    JSON.parse(await services.stocks.readAlertFiguresJson('hk')) as Array<{
      code: string
      price: number | null
    }>
  ).filter((figure) => figure.price !== null)
  const prices = codes.map((figure) => figure.price as number)
  // Members, one watchlist each with `followed` stocks spread over the market, the switch on, one price alert each.
  await db.execute(sql`
    insert into members (phone, locale, registered_at, last_login_at)
    select '+8529' || lpad(i::text, 7, '0'), 'en', now(), now() from generate_series(1, ${readers}) as i`)
  await db.execute(sql`
    insert into watchlists (member_id, name, position, created_at)
    select id, 'Bench', 0, now() from members where phone like '+8529%'`)
  await db.execute(sql`
    insert into watchlist_stocks (list_id, market, code, position, added_at)
    select w.id, 'hk', (${sql.param(codes.map((f) => f.code))}::text[])[1 + (m.n + k) % ${codes.length}], k, now()
    from (select id, member_id from watchlists where name = 'Bench') w
    join (select id, row_number() over (order by phone) as n from members where phone like '+8529%') m
      on m.id = w.member_id
    cross join generate_series(0, ${Math.min(followed, codes.length) - 1}) as k`)
  await db.execute(sql`
    insert into alert_followed_changes (member_id, enabled_at)
    select id, now() from members where phone like '+8529%'`)
  await db.execute(sql`
    insert into alerts (member_id, kind, market, code, threshold, created_at)
    select m.id, 'priceAbove', 'hk', (${sql.param(codes.map((f) => f.code))}::text[])[1 + m.n % ${codes.length}],
      case when m.n % ${Math.max(1, Math.round(1 / firingShare))} = 0 then 0.01
        else (${sql.param(prices)}::float8[])[1 + m.n % ${codes.length}] * 10 end,
      now()
    from (select id, row_number() over (order by phone) as n from members where phone like '+8529%') m`)
  const seedSeconds = (performance.now() - seedStarted) / 1000
  console.log(
    `seeded ${readers} readers × ${followed} followed stocks (of ${codes.length}) in ${seedSeconds.toFixed(1)} s`,
  )

  const before = bench.settledMemory()
  bench.resetPeak()
  const evaluation = await bench.measure('evaluating', () => services.alerts.evaluateMarket('hk'))
  const outcome = evaluation.result
  const after = bench.settledMemory()
  const [told] = await selectRows<{ n: string }>(db, sql`select count(*)::text as n from notifications`)

  console.log(
    `alerts after a Hong Kong refresh (${database.kind}, demo history to ${endDate}): ${readers} readers × ${followed}`,
  )
  console.table([
    {
      what: 'evaluate and deliver',
      seconds: Number(evaluation.seconds.toFixed(1)),
      'price alerts fired': outcome.fired,
      'big changes told': outcome.followed,
      delivered: outcome.delivered,
      notifications: Number(told?.n ?? 0),
      statements: evaluation.statements,
    },
  ])
  console.table({
    before,
    peak: bench.peak(),
    after,
  })
  const again = await bench.measure('evaluating again', () => services.alerts.evaluateMarket('hk'))
  console.log(
    `evaluated again (nothing new: once per crossing) in ${again.seconds.toFixed(1)} s, ${again.statements} statements`,
    again.result,
  )
} finally {
  await bench.close()
}
