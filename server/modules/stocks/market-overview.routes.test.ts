import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MarketOverviewAnswer } from '#contracts/market-overview.ts'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { createReaderClients, dataOf, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createStocksService } from './stocks.service.ts'

const clock = createManualClock('2026-11-22T09:00:00Z')
const readers = createReaderClients({ ipPrefix: '10.61', phonePrefix: '6161' })
let runtime: TestRuntime
let visitor: ReaderClient

beforeAll(async () => {
  runtime = await createTestRuntime({}, { clock, smsSender: readers.smsSender })
  readers.bind(runtime)
  visitor = await readers.newVisitor()
  // Today's diagnoses, before the first overview (answers are reused for 30 s): AAPL by a visitor and by a member
  // (whose view is stored for the member and for the browser, and counts once), MSFT by a visitor.
  const diagnosers = [
    ['AAPL', await readers.newVisitor()],
    ['AAPL', await readers.newMember()],
    ['MSFT', await readers.newVisitor()],
  ] as const
  for (const [code, client] of diagnosers) {
    dataOf(await readers.get(client, '/bizStockScore/getByCode', { code }))
  }
}, 120_000)
afterAll(() => runtime.close())

async function overview(market: string, client: ReaderClient = visitor): Promise<MarketOverviewAnswer> {
  return MarketOverviewAnswer.parse(dataOf(await readers.get(client, '/market/overview', { market })))
}

describe('GET /market/overview', () => {
  it('names our equal-weight index with its method and measures it over each period', async () => {
    const answer = await overview('us')
    expect(answer).toMatchObject({ market: 'us', isDemo: true, stale: false })
    expect(answer.benchmark.method).toBe('equal-weight-universe-v1')
    expect(answer.benchmark.isDemo).toBe(true)
    const [companies] = await selectRows<{ n: number }>(
      runtime.database.db,
      sql`select count(distinct b.company_id)::int as n from stock_daily_bars b
          join stock_companies c on c.id = b.company_id where c.market = 'us'`,
    )
    expect(answer.benchmark.constituents).toBe(Number(companies?.n))
    expect(answer.benchmark.asOf).toBe(answer.asOf)
    for (const change of Object.values(answer.benchmark.changes)) expect(change).toEqual(expect.any(Number))
    // The chart's year: from its base level to the as-of day, the year's change its last over its first.
    const points = answer.benchmark.points
    expect(points.at(-1)?.date).toBe(answer.asOf)
    expect(points.length).toBeGreaterThan(200)
    const year = (points.at(-1)?.value ?? 0) / (points[0]?.value ?? 1) - 1
    expect(answer.benchmark.changes.year).toBeCloseTo(year, 3)
  })

  it('counts the session’s breadth and sectors over every company of that session', async () => {
    const answer = await overview('us')
    const [session] = await selectRows<{ n: number; up: number; down: number }>(
      runtime.database.db,
      sql`select count(*)::int as n, count(*) filter (where change_percent > 0)::int as up,
            count(*) filter (where change_percent < 0)::int as down
          from stock_screen_rows where market = 'us' and as_of = ${answer.asOf}`,
    )
    const { breadth } = answer
    expect(breadth.session).toBe(answer.asOf)
    expect(breadth.advancing).toBe(Number(session?.up))
    expect(breadth.declining).toBe(Number(session?.down))
    expect(breadth.advancing + breadth.declining + breadth.unchanged + breadth.unknown).toBe(
      Number(session?.n),
    )
    expect(breadth.newHighs + breadth.newLows).toBeLessThanOrEqual(Number(session?.n))
    const shares = answer.sectors.reduce((sum, tile) => sum + tile.capShare, 0)
    expect(shares).toBeCloseTo(1)
    expect(answer.sectors.reduce((sum, tile) => sum + tile.companies, 0)).toBe(Number(session?.n))
    const sizes = answer.sectors.map((tile) => tile.capShare)
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a))
  })

  it('lists the day’s top movers and today’s most-diagnosed stocks', async () => {
    const answer = await overview('us')
    expect(answer.gainers.length).toBeGreaterThan(0)
    expect(answer.gainers.length).toBeLessThanOrEqual(5)
    const rises = answer.gainers.map((m) => m.changePercent ?? 0)
    expect(rises.every((change) => change > 0)).toBe(true)
    expect(rises).toEqual([...rises].sort((a, b) => b - a))
    const falls = answer.losers.map((m) => m.changePercent ?? 0)
    expect(falls.every((change) => change < 0)).toBe(true)
    expect(falls).toEqual([...falls].sort((a, b) => a - b))
    expect(answer.mostDiagnosed.map((s) => [s.code, s.views])).toEqual([
      ['AAPL', 2],
      ['MSFT', 1],
    ])
    // Another market's diagnoses are not this one's.
    expect((await overview('hk')).mostDiagnosed).toEqual([])
  })

  it('names stocks in the reader’s language', async () => {
    const answer = await overview('hk', await readers.newVisitor('hant'))
    const tencent = [...answer.gainers, ...answer.losers].find((m) => m.code === '0700')
    const any = answer.gainers[0] ?? answer.losers[0]
    expect(any?.name).toMatch(/\p{Script=Han}/u)
    if (tencent) expect(tencent.name).toBe('騰訊控股')
  })

  it('refuses an unknown market in the reader’s language, never a 500', async () => {
    for (const [client, query] of [
      [visitor, { market: 'xx' }],
      [visitor, {}],
      [await readers.newVisitor('hant'), { market: 'xx' }],
    ] as const) {
      const response = await readers.get(client, '/market/overview', query)
      expect(response.statusCode, response.body).toBe(400)
      expect(response.headers['x-error-code']).toBe('STOCK_MARKET_INVALID')
      expect(response.json()).toMatchObject({ code: 400, data: null })
      expect(response.json().message).toMatch(client.region === 'hant' ? /\p{Script=Han}/u : /[a-z]/)
    }
  })

  it('answers a market without data with empty sections, not an error', async () => {
    const db = runtime.database.db
    await db.execute(sql`delete from stock_screen_rows where market = 'kr'`)
    await db.execute(
      sql`delete from stock_daily_bars where company_id in (select id from stock_companies where market = 'kr')`,
    )
    const fresh = createStocksService({
      db,
      config: runtime.config,
      clock,
      quotas: runtime.services.quotas,
      refresh: runtime.services.stockRefresh,
    })
    const answer = await fresh.getMarketOverview('kr', 'en')
    expect(answer).toMatchObject({
      asOf: null,
      stale: true,
      sectors: [],
      gainers: [],
      losers: [],
      benchmark: { constituents: 0, points: [], changes: { day: null, week: null, month: null, year: null } },
      breadth: {
        session: null,
        advancing: 0,
        declining: 0,
        unchanged: 0,
        unknown: 0,
        newHighs: 0,
        newLows: 0,
      },
    })
  })
})
