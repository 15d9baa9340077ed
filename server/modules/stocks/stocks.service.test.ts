import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { AppError } from '#server/http/app-error.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createStocksService } from './stocks.service.ts'

const clock = createManualClock('2026-11-22T09:00:00Z')
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      QUOTA_DIAGNOSIS_PER_DAY: '5,5,10,15,30',
      QUOTA_DIAGNOSIS_PER_MONTH: '10,10',
      // The visitors of one network may use one visitor's allowance a day together.
      QUOTA_VISITORS_PER_NETWORK: '1',
    },
    { clock },
  )
})
afterAll(() => runtime.close())

function visitor(device = { key: randomUUID(), network: null as string | null }): Reader {
  return { role: 'visitor', memberId: null, tier: null, sessionId: null, device }
}

async function failureOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a failure')
}

describe('stocks service', () => {
  it('finds companies by code, name, alias and near spelling, and nothing for noise', async () => {
    const { stocks } = runtime.services
    expect(await stocks.findStock('0700.HK')).toMatchObject({ market: 'hk', code: '0700', matchedBy: 'code' })
    expect(await stocks.findStock('騰訊控股')).toMatchObject({ code: '0700', matchedBy: 'name' })
    expect(await stocks.findStock('トヨタ')).toMatchObject({ code: '7203', matchedBy: 'alias' })
    expect(await stocks.findStock('Tencnt')).toMatchObject({ code: '0700', matchedBy: 'fuzzy' })
    expect(await stocks.findStock('Samsung', 'us')).toBeNull()
    expect(await stocks.findStock('ap')).toBeNull()
    expect(await stocks.findStock('   ')).toBeNull()
  })

  it('tells a page loader which input is wrong by the error code', async () => {
    const error = await failureOf(runtime.services.stocks.getDiagnosis({ code: '' }, visitor(), 'en'))
    expect(error).toMatchObject({ kind: 'invalid', code: 'STOCK_QUERY_EMPTY' })
  })

  it('runs the engine when a company has no current snapshot, and stores the result', async () => {
    const db = runtime.database.db
    const [row] = await selectRows<{ id: number }>(
      db,
      sql`select id from stock_companies where code = 'AMZN'`,
    )
    await db.execute(sql`delete from stock_snapshots where company_id = ${row?.id}`)
    const answer = await runtime.services.stocks.getDiagnosis({ code: 'AMZN' }, visitor(), 'en')
    expect(answer.asOf).toBe('2026-11-20')
    expect(answer.stock.score).toBe(answer.scores.total)
    const stored = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from stock_snapshots where company_id = ${row?.id}`,
    )
    expect(Number(stored[0]?.n)).toBe(1)
  })

  it('says the diagnosis failed when it cannot be completed, and uses no attempt', async () => {
    const reader = visitor()
    const failing = createStocksService({
      db: runtime.database.db,
      config: runtime.config,
      clock,
      quotas: runtime.services.quotas,
      refresh: runtime.services.stockRefresh,
      summaries: { generate: () => Promise.reject(new Error('summary model unavailable')) },
    })
    const error = await failureOf(failing.getDiagnosis({ code: 'AAPL' }, reader, 'en'))
    expect(error).toMatchObject({ kind: 'unavailable', code: 'DIAGNOSIS_FAILED' })
    const quota = await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })
    expect(quota.remaining).toBe(5)
    const answer = await runtime.services.stocks.getDiagnosis({ code: 'AAPL' }, reader, 'en')
    expect(answer.quota).toMatchObject({ remaining: 4, charged: true })
  })

  it('keeps a report open when its reader logs out, though their network used its visitors’ allowance', async () => {
    const { stocks, quotas } = runtime.services
    const device = { key: randomUUID(), network: `net-${randomUUID()}` }
    const memberReader: Reader = {
      role: 'member',
      memberId: randomUUID(),
      tier: null,
      sessionId: randomUUID(),
      device,
    }
    expect((await stocks.getDiagnosis({ code: 'MSFT' }, memberReader, 'en')).quota.charged).toBe(true)
    // Others behind the same address use the network's visitor allowance.
    for (const code of ['AAPL', 'NVDA', 'AMZN', 'GOOGL', 'META'])
      await stocks.getDiagnosis({ code }, visitor({ key: randomUUID(), network: device.network }), 'en')
    const afterLogout = visitor(device)
    expect((await quotas.peek({ reader: afterLogout, kind: 'diagnosis' })).limitedBy).toBe('network')

    // The page reloads its data as the visitor's: the same stock the same day in the same browser stays open…
    const reopened = await stocks.getDiagnosis({ code: 'MSFT' }, afterLogout, 'en')
    expect(reopened.stock.code).toBe('MSFT')
    expect(reopened.quota).toMatchObject({ charged: false, remaining: 0, limitedBy: 'network' })
    // …and the refusal, saying why, applies to the next diagnosis.
    expect(await failureOf(stocks.getDiagnosis({ code: 'JPM' }, afterLogout, 'en'))).toMatchObject({
      kind: 'limited',
      code: 'DIAGNOSIS_LIMIT_NETWORK',
    })
    // Logging in again, the stock the visitor just saw costs the member nothing either.
    expect((await stocks.getDiagnosis({ code: 'MSFT' }, memberReader, 'en')).quota.charged).toBe(false)
  })

  it('charges one attempt when the same stock is asked twice at once (the page and its data request)', async () => {
    const reader = visitor()
    const answers = await Promise.all([
      runtime.services.stocks.getDiagnosis({ code: 'NVDA' }, reader, 'en'),
      runtime.services.stocks.getDiagnosis({ code: 'NVDA' }, reader, 'en'),
    ])
    expect(answers.map((answer) => answer.quota.charged).sort()).toEqual([false, true])
    expect((await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).remaining).toBe(4)
  })

  it('takes no attempt and keeps no view when the reader has none left', async () => {
    const reader = visitor()
    for (const code of ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL'])
      await runtime.services.stocks.getDiagnosis({ code }, reader, 'en')
    await expect(
      failureOf(runtime.services.stocks.getDiagnosis({ code: 'META' }, reader, 'en')),
    ).resolves.toMatchObject({
      kind: 'limited',
    })
    // Refused, META stays unseen: it is refused again rather than opened as a free repeat.
    await expect(
      failureOf(runtime.services.stocks.getDiagnosis({ code: 'META' }, reader, 'en')),
    ).resolves.toMatchObject({
      kind: 'limited',
    })
  })

  it('marks data stale once the exchanges have completed sessions it does not have', async () => {
    const following = await createTestRuntime(
      { MARKET_DATA_DEMO_END_DATE: '' },
      { clock: createManualClock('2026-11-25T12:00:00Z') },
    )
    try {
      const answer = await following.services.stocks.listValuation(
        { kind: 'undervalued', page: 1, pageSize: 5 },
        'en',
      )
      expect(answer.asOf).toBe('2026-11-20')
      expect(answer.stale).toBe(true)
    } finally {
      await following.close()
    }
    const frozen = await runtime.services.stocks.listValuation(
      { kind: 'undervalued', page: 1, pageSize: 5 },
      'en',
    )
    expect(frozen.stale).toBe(false)
  })
})
