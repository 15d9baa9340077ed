import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '#server/db/database.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { equalWeightIndex, marketBenchmark } from './market-benchmark.ts'

let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

describe('market benchmark', () => {
  it('is the equal-weight index of the market’s stored closes, labelled demo, with its inputs', async () => {
    const { db } = runtime.database
    const benchmark = await marketBenchmark(db, 'hk', '2026-10-01', '2026-11-20')
    expect(benchmark).toMatchObject({
      market: 'hk',
      method: 'equal-weight-universe-v1',
      asOf: '2026-11-20',
      isDemo: true,
      constituents: 10,
    })
    expect(benchmark.points[0]).toEqual({ date: '2026-10-02', value: 100 })
    // The same arithmetic over the same closes, read here on their own.
    const rows = await selectRows<{ company_id: number; date: string; close: number }>(
      db,
      sql`select b.company_id, b.date::text as date, b.close from stock_daily_bars b
          join stock_companies c on c.id = b.company_id
          where c.market = 'hk' and b.date between '2026-10-01' and '2026-11-20'`,
    )
    const series = new Map<number, Map<string, number>>()
    for (const row of rows) {
      const closes = series.get(row.company_id) ?? new Map<string, number>()
      closes.set(row.date, Number(row.close))
      series.set(row.company_id, closes)
    }
    expect(benchmark.points).toEqual(equalWeightIndex([...series.values()]))
  })

  it('is cached until the market’s data changes', async () => {
    const { db } = runtime.database
    const first = await marketBenchmark(db, 'jp', '2026-06-01')
    expect(await marketBenchmark(db, 'jp', '2026-06-01')).toBe(first)
    await db.execute(
      sql`update stock_data_state set updated_at = now() + interval '1 minute'
          where company_id = (select id from stock_companies where market = 'jp' order by id limit 1)`,
    )
    const after = await marketBenchmark(db, 'jp', '2026-06-01')
    expect(after).not.toBe(first)
    expect(after.points).toEqual(first.points)
  })
})
