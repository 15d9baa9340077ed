import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SavedScreen, SavedScreensAnswer, ScreenAnswer } from '#contracts/screener.ts'
import { selectRows } from '#server/db/database.ts'
import {
  createReaderClients,
  dataOf,
  expectFailure,
  type ReaderClient,
} from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { fillMissingScreenRows } from './screen-rows-fill.ts'

const readers = createReaderClients({ ipPrefix: '10.58', phonePrefix: '6158' })
let runtime: TestRuntime
let visitor: ReaderClient

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: readers.smsSender })
  readers.bind(runtime)
  visitor = await readers.newVisitor()
})
afterAll(() => runtime.close())

async function screen(query: Record<string, string>, client: ReaderClient = visitor): Promise<ScreenAnswer> {
  return ScreenAnswer.parse(dataOf(await readers.get(client, '/screener/list', query)))
}

/** A refused value: 400, its field's code in `x-error-code` and that field's sentence as the message. */
function expectRefusal(response: LightMyRequestResponse, code: string) {
  expect(response.statusCode, response.body).toBe(400)
  expect(response.headers['x-error-code']).toBe(code)
  expect(response.json()).toMatchObject({ code: 400, data: null })
  return response.json().message as string
}

/** Every row of a screen, page by page. */
async function screenAll(query: Record<string, string>) {
  const first = await screen({ ...query, pageSize: '50' })
  const rows = [...first.rows]
  for (let page = 2; (page - 1) * 50 < first.total; page++)
    rows.push(...(await screen({ ...query, pageSize: '50', page: String(page) })).rows)
  return { total: first.total, rows }
}

describe('GET /screener/list', () => {
  it('lists every stock with a snapshot, best total score first, stamped like the other lists', async () => {
    const [counted] = await selectRows<{ n: number }>(
      runtime.database.db,
      sql`select count(distinct company_id)::int as n from stock_snapshots`,
    )
    const answer = await screen({})
    expect(answer.total).toBe(Number(counted?.n))
    expect(answer.isDemo).toBe(true)
    expect(answer.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(answer.sort).toBe('total')
    expect(answer.dir).toBe('desc')
    const scores = answer.rows.map((row) => row.totalScore ?? -1)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('shows the same total score, price and fair value as the diagnosis lists', async () => {
    const answer = await screen({ market: 'hk', pageSize: '5' })
    const list = dataOf<{
      rows: Array<{ code: string; score: number | null; price: number | null; fairValue: number | null }>
    }>(await readers.get(visitor, '/bizStockScore/listStockAI', { market: 'hk', pageSize: '5' }))
    for (const row of answer.rows) {
      const same = list.rows.find((r) => r.code === row.code)
      if (!same) continue
      expect([row.totalScore, row.price, row.fairValue]).toEqual([same.score, same.price, same.fairValue])
    }
    expect(answer.rows.every((row) => row.market === 'hk')).toBe(true)
  })

  it('keeps only stocks passing every filter, in the units the reader types', async () => {
    const query = {
      market: 'us',
      minTotal: '40',
      gapMin: '-50',
      peMax: '40',
      capMin: '10',
      positionMin: '20',
      period: '1y',
      returnMin: '-30',
    }
    const { rows, total } = await screenAll(query)
    expect(rows).toHaveLength(total)
    expect(total).toBeGreaterThan(0)
    for (const row of rows) {
      expect(row.market).toBe('us')
      expect(row.totalScore).toBeGreaterThanOrEqual(40)
      expect(row.downsideMargin).toBeGreaterThanOrEqual(-0.5)
      expect(row.pe).toBeLessThanOrEqual(40)
      expect(row.marketCapUsd).toBeGreaterThanOrEqual(10e9)
      expect(row.week52Position).toBeGreaterThanOrEqual(0.2)
      expect(row.periodReturn).toBeGreaterThanOrEqual(-0.3)
    }
    // Loosening one filter never loses a stock.
    expect((await screen({ ...query, peMax: '' })).total).toBeGreaterThanOrEqual(total)
  })

  it('filters on a sector, a score, the labels and the dividend yield', async () => {
    const all = await screenAll({ market: 'all' })
    const sector = all.rows[0]?.sector as string
    const bySector = await screenAll({ sector })
    expect(bySector.total).toBe(all.rows.filter((row) => row.sector === sector).length)
    const labelled = await screenAll({
      technicals: 'buy',
      flow: 'inflow',
      minFinancialHealth: '30',
      yieldMin: '0.5',
    })
    expect(labelled.total).toBe(
      all.rows.filter(
        (row) =>
          row.technicals === 'buy' &&
          row.capitalFlow === 'inflow' &&
          (row.scores.financial_health ?? -1) >= 30 &&
          (row.dividendYield ?? -1) >= 0.005,
      ).length,
    )
  })

  it('sorts on any column either way, empty figures last, and pages without overlap', async () => {
    const byPe = await screenAll({ sort: 'pe' })
    const pes = byPe.rows.map((row) => row.pe)
    const known = pes.filter((pe): pe is number => pe !== null)
    expect(known).toEqual([...known].sort((a, b) => a - b))
    expect(pes.slice(known.length).every((pe) => pe === null)).toBe(true)
    const byYield = await screen({ sort: 'yield', dir: 'asc', pageSize: '50' })
    const yields = byYield.rows.map((row) => row.dividendYield).filter((y): y is number => y !== null)
    expect(yields).toEqual([...yields].sort((a, b) => a - b))
    const first = await screen({ sort: 'code', pageSize: '10' })
    const second = await screen({ sort: 'code', pageSize: '10', page: '2' })
    expect(first.rows.map((r) => r.code).join() < second.rows.map((r) => r.code).join()).toBe(true)
    expect(
      second.rows.some((row) => first.rows.some((r) => r.code === row.code && r.market === row.market)),
    ).toBe(false)
    const beyond = await screen({ page: '400' })
    expect(beyond.rows).toEqual([])
    expect(beyond.total).toBe(first.total)
  })

  it.each([
    [{ peMin: 'cheap' }, 'SCREEN_PE_INVALID'],
    [{ minTotal: '101' }, 'SCREEN_SCORE_INVALID'],
    [{ gapMin: '50', gapMax: '10' }, 'SCREEN_RANGE_REVERSED'],
    [{ yieldMin: 'Infinity' }, 'SCREEN_YIELD_INVALID'],
    [{ sort: 'price; drop table stock_screen_rows' }, 'SCREEN_SORT_INVALID'],
    [{ sector: 'casinos' }, 'SCREEN_SECTOR_INVALID'],
    [{ technicals: 'strong_buy' }, 'SCREEN_LABEL_INVALID'],
    [{ period: '5y' }, 'SCREEN_PERIOD_INVALID'],
    [{ market: 'mars' }, 'STOCK_MARKET_INVALID'],
    [{ page: '0' }, 'SCREEN_PAGE_INVALID'],
  ])('refuses %j with %s and a message in the reader’s language', async (query, code) => {
    const english = expectRefusal(await readers.get(visitor, '/screener/list', query), code)
    const chinese = expectRefusal(
      await readers.get({ ...visitor, region: 'hant' }, '/screener/list', query),
      code,
    )
    expect(english).toMatch(/^[ -~]+$/)
    expect(chinese).toMatch(/[\u4e00-\u9fff]/)
  })

  it('refills the rows of a database migrated before the screener, from the stored snapshots', async () => {
    const before = await screen({ market: 'jp', pageSize: '50' })
    await runtime.database.db.execute(sql`delete from stock_screen_rows where market = 'jp'`)
    expect(await fillMissingScreenRows(runtime.database.db)).toBe(before.total)
    // A new query (the 30 s answer cache keys by query): the same screen, read from the refilled rows.
    const after = await screen({ market: 'jp', pageSize: '50', dir: 'desc' })
    expect(after.total).toBe(before.total)
    expect(after.rows).toEqual(before.rows)
    expect(await fillMissingScreenRows(runtime.database.db)).toBe(0)
  })
})

describe('saved screens', () => {
  it('are for members only: a visitor is asked to log in', async () => {
    expectFailure(await readers.get(visitor, '/screener/saved'), 401, 'UNAUTHENTICATED')
    expectFailure(
      await readers.send(visitor, 'POST', '/screener/saved', { name: 'Mine', query: 'gapMin=20' }),
      401,
      'UNAUTHENTICATED',
    )
    expectFailure(
      await readers.send(visitor, 'DELETE', '/screener/saved/00000000-0000-4000-8000-000000000000'),
      401,
      'UNAUTHENTICATED',
    )
  })

  it('keep a screen in its canonical address, private to its owner', async () => {
    const owner = await readers.newMember()
    const other = await readers.newMember('premium')
    const saved = SavedScreen.parse(
      dataOf(
        await readers.send(owner, 'POST', '/screener/saved', {
          name: ' Cheap banks ',
          query: '?page=3&sort=gap&sector=financials&gapMin=20&utm=x',
        }),
      ),
    )
    expect(saved).toMatchObject({ name: 'Cheap banks', query: 'sector=financials&gapMin=20&sort=gap' })
    const own = SavedScreensAnswer.parse(dataOf(await readers.get(owner, '/screener/saved')))
    expect(own.screens.map((s) => s.id)).toEqual([saved.id])
    expect(own.limit).toBe(3)
    // Another member neither sees it nor can delete it: to them it does not exist.
    const theirs = SavedScreensAnswer.parse(dataOf(await readers.get(other, '/screener/saved')))
    expect(theirs).toEqual({ screens: [], limit: 50 })
    expectFailure(
      await readers.send(other, 'DELETE', `/screener/saved/${saved.id}`),
      404,
      'SCREEN_SAVED_NOT_FOUND',
    )
    expect(
      SavedScreensAnswer.parse(dataOf(await readers.get(owner, '/screener/saved'))).screens,
    ).toHaveLength(1)
    dataOf(await readers.send(owner, 'DELETE', `/screener/saved/${saved.id}`))
    expect(SavedScreensAnswer.parse(dataOf(await readers.get(owner, '/screener/saved'))).screens).toEqual([])
    expectFailure(
      await readers.send(owner, 'DELETE', '/screener/saved/not-an-id'),
      404,
      'SCREEN_SAVED_NOT_FOUND',
    )
  })

  it('stop at the tier table’s count, and refuse a screen that is not one', async () => {
    const member = await readers.newMember()
    for (const name of ['One', 'Two', 'Three'])
      dataOf(await readers.send(member, 'POST', '/screener/saved', { name, query: 'minTotal=50' }))
    const refused = await readers.send(member, 'POST', '/screener/saved', { name: 'Four', query: '' })
    expectFailure(refused, 403, 'SCREEN_SAVED_LIMIT')
    expect(refused.json().message).toContain('3')
    const subscriber = await readers.newMember('base')
    expectRefusal(
      await readers.send(subscriber, 'POST', '/screener/saved', { name: 'Bad', query: 'peMin=abc' }),
      'SCREEN_PE_INVALID',
    )
    expectRefusal(
      await readers.send(subscriber, 'POST', '/screener/saved', { name: '  ', query: '' }),
      'SCREEN_NAME_EMPTY',
    )
    expectRefusal(
      await readers.send(subscriber, 'POST', '/screener/saved', { name: 'x'.repeat(61), query: '' }),
      'SCREEN_NAME_TOO_LONG',
    )
    const list = SavedScreensAnswer.parse(dataOf(await readers.get(subscriber, '/screener/saved')))
    expect(list).toEqual({ screens: [], limit: 10 })
  })
})
