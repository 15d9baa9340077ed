/**
 * The screener's server time (`node bench/screener.bench.ts`, or `npm run bench -- screener`; ADR 0036): the use
 * case `screenStocks` (parse, one query on `stock_screen_rows`, the data stamp, the wire rows) with its 30 s answer
 * cache off, so every call reaches the database.
 * 1. The whole demo universe: 300 screens of 0–5 random filters, a random sort and page. Target p95 ≤ 50 ms.
 * 2. A synthetic universe of 10,000 companies (the demo universe plus generated rows): 300 screens of exactly five
 *    random filters, a random sort and page. Target p95 ≤ 200 ms.
 * On a fresh PGlite database, and on PostgreSQL too when DATABASE_URL is set (a database of its own, dropped after).
 * Prints the indexes the plans of a few screens use. Figures vary with the machine and its load.
 */
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { createManualClock } from '#server/clock.ts'
import { loadConfig } from '#server/config.ts'
import { type Database, openDatabase, selectRows } from '#server/db/database.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { seedDatabase } from '#server/db/seed.ts'
import { createAnswerCache, createDataStamps } from '#server/modules/stocks/stock-answers.ts'
import { createStockScreener } from '#server/modules/stocks/stock-screener.ts'
import { percentile } from './support/percentile.ts'

const END_DATE = '2026-11-20'
const SYNTHETIC_TOTAL = 10_000
const RUNS = 300
const env = {
  NODE_ENV: 'production',
  APP_ENV: 'develop',
  LOG_LEVEL: 'silent',
  MARKET_DATA_DEMO_END_DATE: END_DATE,
  PGLITE_THREAD: 'main',
}

/** A small deterministic generator, so both databases see the same screens. */
function randomOf(seed: number) {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

const filterPool: Array<(r: () => number) => Record<string, string>> = [
  (r) => ({ market: ['us', 'hk', 'jp', 'kr'][Math.floor(r() * 4)] as string }),
  (r) => ({
    sector: ['financials', 'information_technology', 'industrials', 'health_care'][
      Math.floor(r() * 4)
    ] as string,
  }),
  (r) => ({ minTotal: String(Math.round(r() * 70)) }),
  (r) => ({ minFinancialHealth: String(Math.round(r() * 70)) }),
  (r) => ({ minGrowthPotential: String(Math.round(r() * 70)) }),
  (r) => ({ technicals: ['buy', 'neutral', 'sell'][Math.floor(r() * 3)] as string }),
  (r) => ({ flow: ['inflow', 'neutral', 'outflow'][Math.floor(r() * 3)] as string }),
  (r) => ({ gapMin: String(Math.round(r() * 40 - 20)) }),
  (r) => ({ peMax: String(Math.round(5 + r() * 40)) }),
  (r) => ({ pbMax: String(Math.round(1 + r() * 5)) }),
  (r) => ({ yieldMin: String((r() * 4).toFixed(1)) }),
  (r) => ({ capMin: String(Math.round(r() * 50)) }),
  (r) => ({ positionMin: String(Math.round(r() * 80)) }),
  (r) => ({
    period: ['1m', '3m', '6m', '1y'][Math.floor(r() * 4)] as string,
    returnMin: String(Math.round(r() * 40 - 20)),
  }),
]
const sorts = [
  'total',
  'pe',
  'gap',
  'yield',
  'cap',
  'return',
  'code',
  'fundamentals',
  'position',
  'technicals',
]

function screensOf(seed: number, filters: (r: () => number) => number): Array<Record<string, string>> {
  const r = randomOf(seed)
  return Array.from({ length: RUNS }, () => {
    const picked = [...filterPool].sort(() => r() - 0.5).slice(0, filters(r))
    return Object.assign(
      { sort: sorts[Math.floor(r() * sorts.length)] as string, page: String(1 + Math.floor(r() * 3)) },
      ...picked.map((make) => make(r)),
    )
  })
}

async function time(database: Database, screens: Array<Record<string, string>>) {
  const config = loadConfig({ ...env, PORT: '3000' })
  const screener = createStockScreener({
    db: database.db,
    stamps: createDataStamps({ config, clock: createManualClock(`${END_DATE}T12:00:00Z`) }),
    cached: createAnswerCache(0),
  })
  for (const screen of screens.slice(0, 20)) await screener.screenStocks(screen, 'en')
  const times: number[] = []
  let matched = 0
  for (const screen of screens) {
    const started = performance.now()
    const answer = await screener.screenStocks(screen, 'en')
    times.push(performance.now() - started)
    matched += answer.total
  }
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    meanMatched: matched / screens.length,
  }
}

async function addSyntheticCompanies(database: Database): Promise<number> {
  const [counted] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from stock_screen_rows`,
  )
  const extra = SYNTHETIC_TOTAL - Number(counted?.n ?? 0)
  await database.db.execute(sql`select setseed(0.28)`)
  await database.db.execute(sql`
    insert into stock_companies (market, code, exchange, currency, name_en, name_zh, sector, industry, yahoo_symbol)
    select (array['us','hk','jp','kr'])[1 + i % 4], 'SYN' || lpad(i::text, 5, '0'), 'SYN',
      (array['USD','HKD','JPY','KRW'])[1 + i % 4], 'Synthetic ' || i, '合成 ' || i,
      (array['communication_services','consumer_discretionary','consumer_staples','energy','financials','health_care',
        'industrials','information_technology','materials','real_estate','utilities'])[1 + (i * 7) % 11],
      'synthetic', 'SYN' || i
    from generate_series(1, ${extra}) i`)
  await database.db.execute(sql`
    insert into stock_screen_rows (company_id, market, sector, code, as_of, is_demo, price, change_percent, total_score,
      score_fundamentals, score_management, score_trend, score_market_size, score_gross_margin, score_profitability,
      score_growth_potential, score_competitive_advantage, score_valuation, score_financial_health, technicals,
      capital_flow, fair_value, downside_margin, pe, pb, dividend_yield, market_cap, market_cap_usd, week52_high,
      week52_low, week52_position, return1m, return3m, return6m, return1y)
    select c.id, c.market, c.sector, c.code, ${END_DATE}::date, true, 10 + random() * 200, random() * 0.1 - 0.05,
      random() * 100, random() * 100, random() * 100, random() * 100, random() * 100, random() * 100, random() * 100,
      random() * 100, random() * 100, random() * 100, random() * 100,
      (array['buy','neutral','sell'])[1 + floor(random() * 3)::int], (array['inflow','neutral','outflow'])[1 + floor(random() * 3)::int],
      100, random() * 1.6 - 0.8, case when random() < 0.1 then null else random() * 60 end, random() * 8,
      case when random() < 0.3 then null else random() * 0.08 end, 1e9, exp(ln(1e8) + random() * ln(3e4)), 250, 50,
      random(), random() * 0.3 - 0.1, random() * 0.6 - 0.2, random() * 0.8 - 0.3, random() * 1.2 - 0.4
    from stock_companies c where c.code like 'SYN%'`)
  await database.db.execute(sql`analyze stock_screen_rows`)
  await database.db.execute(sql`analyze stock_companies`)
  return SYNTHETIC_TOTAL
}

/** The indexes the plan of a screen's query names. */
async function indexesUsed(database: Database, where: ReturnType<typeof sql>, order: ReturnType<typeof sql>) {
  const rows = await selectRows<Record<string, string>>(
    database.db,
    sql`explain select s.company_id, count(*) over () from stock_screen_rows s join stock_companies c on c.id = s.company_id
        where ${where} order by ${order} limit 25`,
  )
  const plan = rows.map((row) => Object.values(row)[0]).join('\n')
  return [...new Set(plan.match(/\b(stock_\w+_(?:idx|pkey))\b/g) ?? [])].join(', ') || 'none (scan)'
}

async function benchOn(database: Database, label: string) {
  const config = loadConfig({ ...env, PORT: '3000' })
  const started = performance.now()
  await migrateDatabase(database)
  await seedDatabase(database, { config })
  const [counted] = await selectRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from stock_screen_rows`,
  )
  const n = Number(counted?.n ?? 0)
  console.log(
    `\n${label}: demo universe of ${n} screened companies ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
  const demo = await time(
    database,
    screensOf(7, (r) => Math.floor(r() * 6)),
  )
  await addSyntheticCompanies(database)
  const synthetic = await time(
    database,
    screensOf(11, () => 5),
  )
  const ms = (v: number) => `${v.toFixed(1)} ms`
  console.table([
    {
      universe: `demo (${n})`,
      filters: '0–5',
      p50: ms(demo.p50),
      p95: ms(demo.p95),
      max: ms(demo.max),
      target: '≤ 50 ms',
      matched: Math.round(demo.meanMatched),
    },
    {
      universe: `synthetic (${SYNTHETIC_TOTAL})`,
      filters: '5',
      p50: ms(synthetic.p50),
      p95: ms(synthetic.p95),
      max: ms(synthetic.max),
      target: '≤ 200 ms',
      matched: Math.round(synthetic.meanMatched),
    },
  ])
  console.log('Indexes in the plans (10,000 companies):')
  console.log(
    `  market, by total score:        ${await indexesUsed(database, sql`s.market = 'hk'`, sql`s.total_score desc nulls last, s.code`)}`,
  )
  console.log(
    `  sector + market, by P/E:        ${await indexesUsed(database, sql`s.sector = 'energy' and s.market = 'us'`, sql`s.pe asc nulls last, s.code`)}`,
  )
  console.log(
    `  market cap ≥ US$50 bn, by cap:  ${await indexesUsed(database, sql`s.market_cap_usd >= 5e10`, sql`s.market_cap_usd desc nulls last, s.code`)}`,
  )
  console.log(
    `  five filters, by yield:         ${await indexesUsed(database, sql`s.total_score >= 40 and s.pe <= 25 and s.dividend_yield >= 0.02 and s.week52_position >= 0.3 and s.technicals = 'buy'`, sql`s.dividend_yield desc nulls last, s.code`)}`,
  )
}

const pglite = await openDatabase({ kind: 'pglite', dataDir: undefined, thread: 'main' })
try {
  await benchOn(pglite, 'PGlite')
} finally {
  await pglite.close()
}

const url = process.env.DATABASE_URL
if (url) {
  const name = `tw_screener_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const postgres = await openDatabase({ kind: 'postgres', url: target.href })
  try {
    await benchOn(postgres, 'PostgreSQL')
  } finally {
    await postgres.close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
} else {
  console.log('\nPostgreSQL: skipped (set DATABASE_URL to a server this bench may create a database on)')
}
console.log('\nThe machine was shared with other work while this ran; compare runs on the same machine only.')
