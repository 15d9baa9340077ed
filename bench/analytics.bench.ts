/**
 * Readers' analytics at volume: `node bench/analytics.bench.ts` (or `npm run bench -- analytics`), on PostgreSQL.
 * In a fresh database beside DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test; created and dropped),
 * migrated and seeded, it generates BENCH_ANALYTICS_EVENTS tracking events (default 10 million) over the last 120
 * days in arrival order with generate_series — article views on the five sites and keyword searches, with
 * referrers, landing pages, devices, browsers and logged-in readers in plausible shares — plus members, logins,
 * diagnoses and chat questions. Then it times the rollup job's first run (every event so far) and an ordinary run
 * (the last few minutes), and each question of the console's dashboard (ADR 0016) over 30 and 90 days, on all
 * sites and on one, with the last minutes not yet rolled up (as between two runs): p50 and p95 of
 * BENCH_ANALYTICS_RUNS runs each. Figures depend on the machine; compare runs on the same machine only.
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { analyticsRankedRowsShown, analyticsRankings } from '#contracts/console-analytics-rules.ts'
import type { Region } from '#contracts/regions.ts'
import { bootRuntime } from '#server/boot.ts'
import { systemClock } from '#server/clock.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/database.ts'
import type { AnalyticsSpan } from '#server/modules/analytics/analytics.repo.ts'
import { createAnalyticsService } from '#server/modules/analytics/analytics.service.ts'
import { databaseUrlWithName } from '#server/testing/test-database.ts'
import { createFreshPostgres } from './support/bench-process.ts'
import { percentile } from './support/percentile.ts'

const eventCount = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 10_000_000)
const runs = Number(process.env.BENCH_ANALYTICS_RUNS ?? 20)
const historyDays = 120
const batchSize = 1_000_000
const timeZone = 'Asia/Hong_Kong'
const baseUrl = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : 'postgres://postgres@127.0.0.1:5432/test'

const round = (value: number) => Math.round(value * 10) / 10

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now()
  const value = await work()
  return { ms: performance.now() - started, value }
}

/** BENCH_ANALYTICS_KEEP=1: keep the database afterwards, and reuse a kept one (its rollup is started again). */
const keep = process.env.BENCH_ANALYTICS_KEEP === '1'
const databaseName = 'tickerwise_bench_analytics'
const kept = keep ? await keptDatabase(baseUrl, databaseName) : null
const fresh = kept ?? (await createFreshPostgres(baseUrl, databaseName))

async function keptDatabase(url: string, name: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const found = await client.query('select 1 from pg_database where datname = $1', [name])
  await client.end()
  return found.rowCount ? { url: databaseUrlWithName(url, name), drop: async () => undefined } : null
}
const config = loadConfig({
  ...process.env,
  DATABASE_URL: fresh.url,
  REDIS_URL: '',
  LIMITS_TIME_ZONE: timeZone,
  JOBS_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  // A small universe keeps the seeding short; the dashboard does not depend on it.
  MARKET_DATA_COMPANIES: 'us:AAPL,us:MSFT,hk:0700,jp:7203,kr:005930',
})
const runtime = await bootRuntime({
  config,
  database: await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 10 }),
})
const { db } = runtime.database

try {
  if (kept) {
    await db.execute(sql`truncate analytics_daily_counts, analytics_daily_activity, analytics_rollup_state`)
    console.log('analytics: reusing the kept database (BENCH_ANALYTICS_KEEP=1)')
  } else await generate()

  async function generate() {
    console.log(`analytics: generating ${eventCount.toLocaleString('en')} events over ${historyDays} days…`)
    const generation = await timed(async () => {
      for (let first = 1; first <= eventCount; first += batchSize) {
        const last = Math.min(eventCount, first + batchSize - 1)
        // Event i of n arrives at start + i/n of the history: in time order, as the table is filled in life.
        await db.execute(sql`
        with ids as (select array_agg(id order by id) as ids from articles where state = 'published')
        insert into tracking_events (received_at, event_type, sub_session_id, lang, page_url, article_id,
          category, device_type, os_name, browser, screen, sdk_version, data_source, is_logged_in,
          visit_referer, visit_landing)
        select
          now() - interval '2 minutes' - make_interval(days => ${historyDays})
            + (i::float8 / ${eventCount}) * make_interval(days => ${historyDays}),
          case when i % 33 = 0 then 'search' else 'page_view' end,
          'bench-' || (i / 7)::text,
          (array['en', 'hk', 'hk', 'kr', 'jp'])[1 + i % 5],
          'http://' || (array['en', 'hant', 'hk', 'kr', 'jp'])[1 + i % 5] || '.example.com'
            || case when i % 33 = 0
                 then '/search/' || (array['nvidia', 'tsmc', 'apple', '%E8%98%8B%E6%9E%9C', 'ai'])[1 + i % 5]
                      || (hashint % 2000)::text
                 else '/articles/a' || (hashint % 400)::text end,
          case when i % 33 = 0 then null else ids.ids[1 + hashint % cardinality(ids.ids)] end,
          case when i % 33 = 0 then (case when hashint % 4 = 0 then 'missed' else 'found' end) else 'news' end,
          (array['desktop', 'mobile', 'mobile', 'tablet', 'other'])[1 + (hashint / 7) % 5],
          (array['Windows', 'macOS', 'iOS', 'Android', 'Linux'])[1 + (hashint / 11) % 5],
          (array['Chrome', 'Chrome', 'Safari', 'Edge', 'Firefox', 'Other'])[1 + (hashint / 13) % 6],
          '1920x1080', 'tickerwise-web-1', 'web',
          (hashint / 17) % 5 = 0,
          case when (hashint / 19) % 3 = 0 then null
               else 'https://' || (array['www.google.com', 'www.bing.com', 'news.yahoo.com', 't.co', 'www.facebook.com',
                 'duckduckgo.com', 'www.baidu.com', 'm.facebook.com'])[1 + (hashint / 23) % 8]
                 || '/s' || ((hashint / 29) % 50)::text end,
          '/articles/a' || ((hashint / 31) % 300)::text || case when hashint % 5 = 0 then '?utm_source=x' else '' end
        from generate_series(${first}::bigint, ${last}::bigint) as i
        cross join ids
        cross join lateral (select abs(hashint8(i))::bigint as hashint) as h`)
        process.stdout.write(`  ${last.toLocaleString('en')}\n`)
      }
      // Members, logins, diagnoses and chat questions over the same days (their tables are far smaller).
      await db.execute(sql`
      insert into members (phone, locale, registered_at, last_login_at)
      select '+8526' || lpad(i::text, 7, '0'), 'en', t, t
      from generate_series(1, 200000) as i,
        lateral (select now() - interval '2 minutes' - make_interval(days => ${historyDays})
                 + (i::float8 / 200000) * make_interval(days => ${historyDays}) as t) as at`)
      await db.execute(sql`
      insert into login_codes (phone, code_hash, sent_day, created_at, expires_at, used_at)
      select '+8526' || lpad(i::text, 7, '0'), 'x', '2026-01-01', t, t, t
      from generate_series(1, 20000) as i,
        lateral (select now() - interval '2 minutes' - (i::float8 / 20000) * interval '2 days' as t) as at`)
      await db.execute(sql`
      insert into stock_diagnosis_views (subject, company_id, day, created_at)
      select 'device:' || i::text, c.id, '2026-01-01', now() - interval '2 minutes' - (i::float8 / 20000) * interval '1 day'
      from generate_series(1, 20000) as i cross join lateral (select id from stock_companies limit 1) as c`)
      await db.execute(sql`
      insert into chat_conversations (id, owner, title, created_at, updated_at)
      select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'device:' || i::text, '', now(), now()
      from generate_series(1, 100000) as i`)
      await db.execute(sql`
      insert into chat_messages (conversation_id, role, text, status, locale, created_at)
      select ('00000000-0000-4000-8000-' || lpad((1 + i % 100000)::text, 12, '0'))::uuid,
        case when i % 2 = 0 then 'question' else 'answer' end, 'text', 'complete', 'en',
        now() - interval '2 minutes' - make_interval(days => ${historyDays})
          + (i::float8 / 1000000) * make_interval(days => ${historyDays})
      from generate_series(1, 1000000) as i`)
      // What autovacuum would have done by now on a table filled over months: block ranges summarised, statistics.
      await db.execute(sql`vacuum analyze`)
    })
    console.log(`analytics: generated in ${round(generation.ms / 1000)} s`)
  }

  const analytics = createAnalyticsService({ db, clock: systemClock, timeZone })
  const firstRollup = await timed(() => analytics.rollUp())
  const rolledRows = await db.execute(sql`select count(*)::int as n from analytics_daily_counts`)
  const rowCount = (rolledRows as unknown as { rows: { n: number }[] }).rows[0]?.n
  console.log(
    `analytics: rollup, first run (every event): ${round(firstRollup.ms / 1000)} s → ${rowCount} daily rows`,
  )

  /** The last minutes' events, as they arrive between two runs of the job (~5 minutes at 3× the average rate). */
  async function arrive(minutes: number) {
    await db.execute(sql`
      insert into tracking_events (received_at, event_type, sub_session_id, lang, page_url, article_id, category,
        device_type, browser, is_logged_in)
      select now() - (i::float8 / 600) * make_interval(mins => ${minutes}), 'page_view', 'bench-now', 'en',
        'http://hant.example.com/articles/a1', (select min(id) from articles), 'news', 'mobile', 'Safari', i % 3 = 0
      from generate_series(1, ${Math.round((eventCount / historyDays / 24 / 60) * 3 * minutes)}) as i`)
  }
  await arrive(5)
  await new Promise((resolve) => setTimeout(resolve, 1000))
  const ordinaryRollup = await timed(() => analytics.rollUp())
  console.log(`analytics: rollup, ordinary run (the last 5 minutes): ${round(ordinaryRollup.ms)} ms`)
  await arrive(5)

  const questions: { name: string; run: (span: AnalyticsSpan) => Promise<unknown> }[] = [
    { name: 'days (views + activity)', run: (span) => analytics.listDays(span) },
    { name: 'search total', run: (span) => analytics.countSearches(span) },
    ...analyticsRankings.map((ranking) => ({
      name: ranking,
      run: (span: AnalyticsSpan) => analytics.rank(ranking, span, 'en', analyticsRankedRowsShown),
    })),
    {
      name: 'whole dashboard',
      run: (span: AnalyticsSpan) =>
        analytics.readDashboard(
          { from: span.from, to: span.to, ...(span.region ? { region: span.region as Region } : {}) },
          'en',
        ),
    },
  ]
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date())
  const addDays = (day: string, count: number) => {
    const date = new Date(`${day}T00:00:00Z`)
    date.setUTCDate(date.getUTCDate() + count)
    return date.toISOString().slice(0, 10)
  }
  console.log(
    `\nquestion                      range  site    p50 ms   p95 ms  (${runs} runs, after 2 warm-ups)`,
  )
  for (const days of [30, 90]) {
    for (const region of [undefined, 'hant'] as const) {
      const span = await analytics.spanOf({ from: addDays(today, -(days - 1)), to: today, region })
      for (const question of questions) {
        await question.run(span)
        await question.run(span)
        const times: number[] = []
        for (let run = 0; run < runs; run += 1) times.push((await timed(() => question.run(span))).ms)
        console.log(
          `${question.name.padEnd(30)}${`${days} d`.padStart(5)}  ${(region ?? 'all').padEnd(6)}${String(
            round(percentile(times, 50)),
          ).padStart(8)} ${String(round(percentile(times, 95))).padStart(8)}`,
        )
      }
    }
  }
} finally {
  await runtime.close()
  if (!keep) await fresh.drop()
}
