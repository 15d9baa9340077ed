import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CommonErrorCode } from '#contracts/envelope.ts'
import {
  type AdoptAnswer,
  type FollowAnswer,
  WatchlistErrorCode,
  type WatchlistSummary,
  type WatchlistsAnswer,
  type WatchlistView,
} from '#contracts/watchlist-rules.ts'
import { selectRows } from '#server/db/database.ts'
import { createConsoleClients } from '#server/testing/console-clients.ts'
import { dataOf, expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.125', phonePrefix: '9125' })
const readers = clients.readers
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: clients.smsSender })
  clients.bind(runtime)
})
afterAll(() => runtime.close())

const apple = { market: 'us', code: 'AAPL' }
const tencent = { market: 'hk', code: '0700' }
const microsoft = { market: 'us', code: 'MSFT' }

/** A request refused by validation: 400, the field's code in `x-error-code` (the body says VALIDATION_FAILED). */
function expectInvalid(response: LightMyRequestResponse, code: string) {
  expect(response.statusCode).toBe(400)
  expect(response.headers['x-error-code']).toBe(code)
}

const post = (client: ReaderClient, path: string, body: unknown) => readers.send(client, 'POST', path, body)
const lists = async (client: ReaderClient) =>
  dataOf<WatchlistsAnswer>(await readers.get(client, '/watchlist/lists'))
const view = async (client: ReaderClient, listId?: string) =>
  dataOf<WatchlistView>(await readers.get(client, '/watchlist/view', listId ? { listId } : {}))
const follow = (client: ReaderClient, body: Record<string, string>) => post(client, '/watchlist/follow', body)
const create = async (client: ReaderClient, name: string) =>
  dataOf<WatchlistSummary>(await post(client, '/watchlist/create', { name }))

describe('following stocks', () => {
  it('creates a first list named in the reader’s language on the first follow, and keeps the order of follows', async () => {
    const member = await readers.newMember(undefined, 'hant')
    expect(dataOf<FollowAnswer>(await follow(member, apple)).listIds).toHaveLength(1)
    dataOf(await follow(member, tencent))
    dataOf(await follow(member, apple))
    const [first] = (await lists(member)).lists
    expect(first?.name).toBe('我的自選股')
    expect(first?.stocks).toEqual([apple, tencent])
  })

  it('shows each stock’s figures, the demo label and as-of date, and a stock no longer covered without failing', async () => {
    const member = await readers.newMember()
    dataOf(await follow(member, apple))
    const listId = (await lists(member)).lists[0]?.id as string
    // A stock that has left the universe since it was followed.
    await runtime.database.db.execute(
      sql`insert into watchlist_stocks (list_id, market, code, position, added_at)
          values (${listId}, 'us', 'GONE', 5, now())`,
    )
    const shown = await view(member)
    expect(shown.current?.rows.map((row) => [row.code, row.stock?.name ?? null])).toEqual([
      ['AAPL', 'Apple Inc.'],
      ['GONE', null],
    ])
    expect(shown.current?.rows[0]?.stock).toMatchObject({ currency: 'USD', isDemo: true })
    expect(shown.isDemo).toBe(true)
    expect(shown.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // Unfollowing what is no longer covered works too.
    dataOf(await post(member, '/watchlist/unfollow', { market: 'us', code: 'GONE' }))
    expect((await lists(member)).lists[0]?.stocks).toEqual([apple])
  })

  it('shows each stock’s distance to support and resistance and its technicals and capital flow as its diagnosis states them, with the diagnosis’s date', async () => {
    const member = await readers.newMember(undefined, 'hant')
    dataOf(await follow(member, apple))
    dataOf(await follow(member, tencent))
    const rows = (await view(member)).current?.rows ?? []
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      const diagnosis = await runtime.services.stocks.readDiagnosis(row.market, row.code, 'zh-Hant')
      expect(diagnosis).not.toBeNull()
      expect(row.stock).toMatchObject({
        diagnosisAsOf: diagnosis?.asOf,
        support: diagnosis?.levels.support?.price ?? null,
        resistance: diagnosis?.levels.resistance?.price ?? null,
        technicals: diagnosis?.technicals.label,
        capitalFlow: diagnosis?.capitalFlow.label,
      })
      expect(row.stock?.supportDistance ?? null).toBeCloseTo(diagnosis?.levels.support?.distance ?? 0, 5)
      expect(row.stock?.resistanceDistance ?? null).toBeCloseTo(
        diagnosis?.levels.resistance?.distance ?? 0,
        5,
      )
    }
  })

  it('shows the newest article about each stock in the reader’s language, and none for a stock no article names', async () => {
    for (const [region, locale] of [
      ['en', 'en'],
      ['hant', 'zh-Hant'],
    ] as const) {
      const member = await readers.newMember(undefined, region)
      dataOf(await follow(member, apple))
      // Keyence: no article names it.
      dataOf(await follow(member, { market: 'jp', code: '6861' }))
      const [newest] = await selectRows<{ key: string; title: string }>(
        runtime.database.db,
        sql`select a.key as "key", t.title as "title" from articles a
            join article_translations t on t.article_id = a.id
            where t.locale = ${locale} and t.listed_at is not null
              and a.stocks @> '[{"market":"us","code":"AAPL"}]'::jsonb
            order by t.listed_at desc, a.id desc limit 1`,
      )
      expect(newest).toBeDefined()
      const rows = (await view(member)).current?.rows ?? []
      expect(rows[0]?.article).toMatchObject({ key: newest?.key, title: newest?.title })
      expect(rows[0]?.article?.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      expect(rows[1]?.article).toBeNull()
    }
  })

  it('refuses a stock we do not cover and a malformed one, in the reader’s language', async () => {
    const member = await readers.newMember(undefined, 'hant')
    const unknown = await follow(member, { market: 'us', code: 'NOPE' })
    expectFailure(unknown, 404, WatchlistErrorCode.stockUnknown)
    expect(unknown.json().message).toBe('我們沒有涵蓋此市場中這個代號的股票。')
    expectInvalid(await follow(member, { market: 'mars', code: 'AAPL' }), WatchlistErrorCode.stockInvalid)
    expectInvalid(await follow(member, { market: 'us', code: 'A A' }), WatchlistErrorCode.stockInvalid)
    expect((await lists(member)).lists).toEqual([])
  })

  it('unfollows from every list when no list is named', async () => {
    const member = await readers.newMember('base')
    dataOf(await follow(member, apple))
    const second = await create(member, 'Tech')
    dataOf(await follow(member, { ...apple, listId: second.id }))
    expect((await lists(member)).lists.map((l) => l.stocks.length)).toEqual([1, 1])
    expect(dataOf<FollowAnswer>(await post(member, '/watchlist/unfollow', apple)).listIds).toEqual([])
    expect((await lists(member)).lists.map((l) => l.stocks.length)).toEqual([0, 0])
  })
})

describe('the plan’s limits (contracts/benefits.ts)', () => {
  it('gives a member one list of 20 stocks and says so when it is full', async () => {
    const member = await readers.newMember()
    const universe = (await runtime.services.stocks.listAiScores({ page: 1, pageSize: 21 }, 'en')).rows
    for (const stock of universe.slice(0, 20))
      dataOf(await follow(member, { market: stock.market, code: stock.code }))
    const last = universe[20] as { market: string; code: string }
    const full = await follow(member, { market: last.market, code: last.code })
    expectFailure(full, 409, WatchlistErrorCode.stocksFull)
    expect(full.json().message).toContain('20')
    // Following one already there is no error.
    const first = universe[0] as { market: string; code: string }
    dataOf(await follow(member, { market: first.market, code: first.code }))
    expectFailure(
      await post(member, '/watchlist/create', { name: 'Second' }),
      409,
      WatchlistErrorCode.listsFull,
    )
  })

  it('gives Base three lists', async () => {
    const member = await readers.newMember('base')
    for (const name of ['One', 'Two', 'Three']) await create(member, name)
    const refused = await post(member, '/watchlist/create', { name: 'Four' })
    expectFailure(refused, 409, WatchlistErrorCode.listsFull)
    expect((await lists(member)).limits).toEqual({ lists: 3, stocksPerList: 50 })
  })
})

describe('managing lists', () => {
  it('renames, reorders and deletes lists, and reorders a list’s stocks', async () => {
    const member = await readers.newMember('plus')
    const a = await create(member, 'Income')
    const b = await create(member, 'Growth')
    dataOf(await post(member, '/watchlist/rename', { listId: a.id, name: '  Dividends  ' }))
    const reordered = dataOf<WatchlistsAnswer>(
      await post(member, '/watchlist/reorder', { listIds: [b.id, a.id] }),
    )
    expect(reordered.lists.map((l) => l.name)).toEqual(['Growth', 'Dividends'])
    expectInvalid(
      await post(member, '/watchlist/reorder', { listIds: [a.id] }),
      WatchlistErrorCode.orderMismatch,
    )

    for (const stock of [apple, tencent, microsoft]) dataOf(await follow(member, { ...stock, listId: b.id }))
    const moved = dataOf<WatchlistSummary>(
      await post(member, '/watchlist/reorderStocks', { listId: b.id, stocks: [microsoft, apple, tencent] }),
    )
    expect(moved.stocks).toEqual([microsoft, apple, tencent])
    expectInvalid(
      await post(member, '/watchlist/reorderStocks', { listId: b.id, stocks: [apple, apple, tencent] }),
      WatchlistErrorCode.orderMismatch,
    )
    // The view opens the first list unless another is named.
    expect((await view(member)).current?.name).toBe('Growth')
    expect((await view(member, a.id)).current?.name).toBe('Dividends')

    dataOf(await readers.send(member, 'DELETE', '/watchlist/delete', undefined, { listId: b.id }))
    expect((await lists(member)).lists.map((l) => l.name)).toEqual(['Dividends'])
    expectInvalid(
      await post(member, '/watchlist/rename', { listId: a.id, name: '' }),
      WatchlistErrorCode.nameInvalid,
    )
    expectInvalid(
      await post(member, '/watchlist/rename', { listId: a.id, name: 'x'.repeat(41) }),
      WatchlistErrorCode.nameInvalid,
    )
  })

  it('exports a list as CSV with a row per stock, formulas neutralised', async () => {
    const member = await readers.newMember()
    dataOf(await follow(member, apple))
    dataOf(await follow(member, tencent))
    const listId = (await lists(member)).lists[0]?.id as string
    const response = await readers.get(member, '/watchlist/export', { listId })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/csv')
    expect(response.headers['content-disposition']).toMatch(
      /attachment; filename="watchlist-\d{4}-\d{2}-\d{2}\.csv"/,
    )
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe(
      'market,code,name,currency,price,price_date,day_change,score,fair_value,fair_value_gap,covered,added_at,' +
        'diagnosis_date,support,support_distance,resistance,resistance_distance,technicals,capital_flow,' +
        'newest_article,newest_article_date',
    )
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(':'))).toEqual([
      'us:AAPL',
      'hk:0700',
    ])
    expect(lines[1]).toContain(',yes,')
  })
})

describe('a visitor’s device list at login', () => {
  it('joins the first list, skipping what is there, unknown or beyond the plan’s list size', async () => {
    const member = await readers.newMember()
    dataOf(await follow(member, apple))
    const answer = dataOf<AdoptAnswer>(
      await post(member, '/watchlist/adopt', {
        stocks: [apple, tencent, { market: 'us', code: 'NOPE' }, microsoft],
      }),
    )
    expect(answer).toEqual({ added: 2, skipped: 2 })
    expect((await lists(member)).lists[0]?.stocks).toEqual([apple, tencent, microsoft])
  })
})

describe('privacy: a list is its owner’s alone', () => {
  it('answers a visitor 401 on every route', async () => {
    const visitor = await readers.newVisitor()
    expectFailure(await readers.get(visitor, '/watchlist/lists'), 401, CommonErrorCode.unauthenticated)
    expectFailure(await readers.get(visitor, '/watchlist/view'), 401, CommonErrorCode.unauthenticated)
    expectFailure(await follow(visitor, apple), 401, CommonErrorCode.unauthenticated)
    expectFailure(
      await post(visitor, '/watchlist/adopt', { stocks: [apple] }),
      401,
      CommonErrorCode.unauthenticated,
    )
  })

  it('answers another reader, staff with no role and even an admin 404 on the list, as for one that does not exist', async () => {
    const owner = await readers.newMember('premium')
    const list = await create(owner, 'Private')
    dataOf(await follow(owner, { ...apple, listId: list.id }))
    const other = await readers.newMember('premium')
    const staff = await clients.newStaff([])
    const admin = await clients.newStaff(['admin'])
    for (const intruder of [other, staff, admin]) {
      expectFailure(
        await readers.get(intruder, '/watchlist/view', { listId: list.id }),
        404,
        WatchlistErrorCode.notFound,
      )
      expectFailure(
        await readers.get(intruder, '/watchlist/export', { listId: list.id }),
        404,
        WatchlistErrorCode.notFound,
      )
      expectFailure(await follow(intruder, { ...tencent, listId: list.id }), 404, WatchlistErrorCode.notFound)
      expectFailure(
        await post(intruder, '/watchlist/unfollow', { ...apple, listId: list.id }),
        404,
        WatchlistErrorCode.notFound,
      )
      expectFailure(
        await post(intruder, '/watchlist/rename', { listId: list.id, name: 'Mine now' }),
        404,
        WatchlistErrorCode.notFound,
      )
      expectFailure(
        await post(intruder, '/watchlist/reorderStocks', { listId: list.id, stocks: [apple] }),
        404,
        WatchlistErrorCode.notFound,
      )
      expectFailure(
        await readers.send(intruder, 'DELETE', '/watchlist/delete', undefined, { listId: list.id }),
        404,
        WatchlistErrorCode.notFound,
      )
      expect((await lists(intruder)).lists).toEqual([])
      // Unfollowing without a list touches the intruder's own lists only.
      dataOf(await post(intruder, '/watchlist/unfollow', apple))
    }
    const kept = (await lists(owner)).lists[0]
    expect(kept).toMatchObject({ name: 'Private', stocks: [apple] })
  })

  it('deletes the lists with the account', async () => {
    const member = await readers.newMember()
    dataOf(await follow(member, apple))
    const before = await runtime.database.db.execute(sql`select count(*)::int as n from watchlists`)
    dataOf(await readers.send(member, 'DELETE', '/member/account'))
    const after = await runtime.database.db.execute(sql`select count(*)::int as n from watchlists`)
    const count = (result: unknown) => Number((result as { rows: { n: number }[] }).rows[0]?.n)
    expect(count(after)).toBe(count(before) - 1)
  })
})
