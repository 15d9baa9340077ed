import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { benefitsOf } from '#contracts/benefits.ts'
import { CommonErrorCode } from '#contracts/error-codes.ts'
import { transactionPages } from '#contracts/portfolio-pages.ts'
import {
  type ImportPreview,
  type ImportResult,
  type PortfolioAnswer,
  PortfolioErrorCode,
  type PortfolioTransaction,
  type PortfolioTransactionsPage,
} from '#contracts/portfolio-rules.ts'
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

function portfolioOf(reader: ReaderClient, base?: string) {
  return readers.get(reader, '/member/portfolio', base ? { base } : {})
}

function add(reader: ReaderClient, body: Record<string, unknown>) {
  return readers.send(reader, 'POST', '/member/portfolio/transactions', body)
}

const aaplBuy = {
  kind: 'buy',
  market: 'us',
  code: 'AAPL',
  tradeDate: '2024-01-05',
  quantity: 10,
  price: 150,
  fee: 1,
}

async function storedTransactionsOf(reader: ReaderClient): Promise<number> {
  const memberId = (await runtime.services.accounts.findMember(reader.phone as string))?.id as string
  const [row] = await selectRows<{ n: number }>(
    runtime.database.db,
    sql`select count(*)::int as n from portfolio_transactions where member_id = ${memberId}`,
  )
  return Number(row?.n ?? 0)
}

describe('the reader’s portfolio', () => {
  it('asks a visitor to log in on every route', async () => {
    const visitor = await readers.newVisitor()
    expectFailure(await portfolioOf(visitor), 401, CommonErrorCode.unauthenticated)
    expectFailure(await add(visitor, aaplBuy), 401, CommonErrorCode.unauthenticated)
    expectFailure(
      await readers.get(visitor, '/member/portfolio/transactions', {}),
      401,
      CommonErrorCode.unauthenticated,
    )
    const id = '00000000-0000-4000-8000-000000000001'
    expectFailure(
      await readers.send(visitor, 'POST', `/member/portfolio/transactions/${id}`, aaplBuy),
      401,
      CommonErrorCode.unauthenticated,
    )
    expectFailure(
      await readers.send(visitor, 'DELETE', `/member/portfolio/transactions/${id}`),
      401,
      CommonErrorCode.unauthenticated,
    )
    expectFailure(
      await readers.send(visitor, 'POST', '/member/portfolio/settings', { baseCurrency: 'HKD' }),
      401,
      CommonErrorCode.unauthenticated,
    )
    expectFailure(
      await readers.send(visitor, 'POST', '/member/portfolio/import/preview', { text: 'a' }),
      401,
      CommonErrorCode.unauthenticated,
    )
    expectFailure(
      await readers.send(visitor, 'POST', '/member/portfolio/import', { text: 'a' }),
      401,
      CommonErrorCode.unauthenticated,
    )
    expectFailure(
      await readers.send(visitor, 'DELETE', '/member/portfolio'),
      401,
      CommonErrorCode.unauthenticated,
    )
  })

  it('starts empty, then values holdings entered by hand in the base currency with gains, weights and a score', async () => {
    const member = await readers.newMember()
    const empty = dataOf<PortfolioAnswer>(await portfolioOf(member))
    expect(empty).toMatchObject({
      baseCurrency: 'USD',
      holdings: [],
      transactionCount: 0,
      performance: null,
      notes: [],
    })

    dataOf<PortfolioTransaction>(await add(member, aaplBuy))
    dataOf(
      await add(member, {
        ...aaplBuy,
        kind: 'sell',
        tradeDate: '2024-06-03',
        quantity: 4,
        price: 200,
        fee: 1,
      }),
    )
    dataOf(
      await add(member, {
        kind: 'buy',
        market: 'hk',
        code: '700',
        tradeDate: '2023-03-01',
        quantity: 100,
        price: 300,
      }),
    )
    dataOf(
      await add(member, {
        kind: 'dividend',
        market: 'hk',
        code: '0700',
        tradeDate: '2024-05-20',
        amount: 240,
      }),
    )

    const usd = dataOf<PortfolioAnswer>(await portfolioOf(member))
    expect(usd.isDemo).toBe(true)
    expect(usd.transactionCount).toBe(4)
    // Newest first; the dividend in the stock's own currency.
    expect(usd.transactions.map((transaction) => transaction.tradeDate)).toEqual([
      '2024-06-03',
      '2024-05-20',
      '2024-01-05',
      '2023-03-01',
    ])
    expect(usd.transactions[1]).toMatchObject({
      kind: 'dividend',
      code: '0700',
      amount: 240,
      currency: 'HKD',
    })
    const apple = usd.holdings.find((holding) => holding.code === 'AAPL')
    const tencent = usd.holdings.find((holding) => holding.code === '0700')
    // 10 bought at 150 + 1 fee; 4 sold at average cost 150.1: 6 left costing 900.6.
    expect(apple).toMatchObject({
      quantity: 6,
      currency: 'USD',
      diagnosisPath: '/ai-stock-diagnosis?code=AAPL&market=us',
    })
    expect(apple?.averageCost).toBeCloseTo(150.1, 6)
    expect(apple?.costBase).toBeCloseTo(900.6, 6)
    expect(apple?.marketValue).toBeCloseTo(6 * (apple?.price ?? 0), 6)
    // HKD at the demo's 7.8 to the dollar.
    expect(tencent?.marketValue).toBeCloseTo((100 * (tencent?.price ?? 0)) / 7.8, 4)
    expect(usd.fxRates).toEqual([{ from: 'HKD', to: 'USD', rate: 1 / 7.8, asOf: expect.any(String) }])
    // Realised: 4 × 200 − 1 − 4 × 150.1 = 198.6; the dividend apart, in dollars.
    expect(usd.totals.realisedGain).toBeCloseTo(198.6, 6)
    expect(usd.totals.dividendsReceived).toBeCloseTo(240 / 7.8, 6)
    expect(usd.totals.marketValue).toBeCloseTo((apple?.marketValue ?? 0) + (tencent?.marketValue ?? 0), 6)
    expect(usd.weights.market.map((weight) => weight.key).sort()).toEqual(['hk', 'us'])
    expect(usd.weights.currency.reduce((sum, weight) => sum + weight.weight, 0)).toBeCloseTo(1, 9)
    expect(usd.score.total).toEqual(expect.any(Number))
    expect(usd.score).toMatchObject({ method: 'value-weighted-scores-v1', asOf: expect.any(String) })
    expect(usd.notes.map((note) => note.key)).toEqual(expect.arrayContaining(['fewStocks', 'shortHolding']))
    expect(usd.performance).toMatchObject({ startDate: '2023-03-01', method: 'daily-twr-flows-at-close-v1' })
    expect(usd.performance?.series.length).toBeGreaterThan(100)
    expect(usd.performance?.benchmarkMarket).toBe(usd.weights.market[0]?.key)

    const hkd = dataOf<PortfolioAnswer>(await portfolioOf(member, 'HKD'))
    expect(hkd.baseCurrency).toBe('HKD')
    expect(hkd.totals.marketValue).toBeCloseTo(usd.totals.marketValue * 7.8, 4)
    // The choice is kept.
    dataOf(await readers.send(member, 'POST', '/member/portfolio/settings', { baseCurrency: 'JPY' }))
    expect(dataOf<PortfolioAnswer>(await portfolioOf(member)).baseCurrency).toBe('JPY')
  })

  it('refuses a sell of more shares than held, a dividend on nothing held, an unknown stock and a future date, saving nothing', async () => {
    const member = await readers.newMember()
    dataOf(await add(member, aaplBuy))
    expectFailure(
      await add(member, { ...aaplBuy, kind: 'sell', quantity: 11 }),
      409,
      PortfolioErrorCode.sellExceedsHolding,
    )
    expectFailure(
      await add(member, { ...aaplBuy, kind: 'sell', tradeDate: '2024-01-04', quantity: 1 }),
      409,
      PortfolioErrorCode.sellExceedsHolding,
    )
    expectFailure(
      await add(member, { kind: 'dividend', market: 'us', code: 'MSFT', tradeDate: '2024-02-01', amount: 5 }),
      409,
      PortfolioErrorCode.nothingHeld,
    )
    expectFailure(await add(member, { ...aaplBuy, code: 'NOPE' }), 400, PortfolioErrorCode.stockUnknown)
    expectFailure(
      await add(member, { ...aaplBuy, tradeDate: '2999-01-01' }),
      400,
      PortfolioErrorCode.dateInvalid,
    )
    // A form error: the field's code in `x-error-code` and in the body's fields.
    const zero = await add(member, { ...aaplBuy, quantity: 0 })
    expect(zero.statusCode).toBe(400)
    expect(zero.headers['x-error-code']).toBe(PortfolioErrorCode.quantityInvalid)
    expect(zero.json().fields).toEqual([{ field: 'quantity', code: PortfolioErrorCode.quantityInvalid }])
    expect(await storedTransactionsOf(member)).toBe(1)
  })

  it('edits and deletes a transaction, refusing a delete that would leave a sell without its shares', async () => {
    const member = await readers.newMember()
    const buy = dataOf<PortfolioTransaction>(await add(member, aaplBuy))
    dataOf(await add(member, { ...aaplBuy, kind: 'sell', tradeDate: '2024-02-01', quantity: 5 }))
    expectFailure(
      await readers.send(member, 'DELETE', `/member/portfolio/transactions/${buy.id}`),
      409,
      PortfolioErrorCode.sellExceedsHolding,
    )
    const edited = dataOf<PortfolioTransaction>(
      await readers.send(member, 'POST', `/member/portfolio/transactions/${buy.id}`, {
        ...aaplBuy,
        quantity: 20,
      }),
    )
    expect(edited).toMatchObject({ id: buy.id, quantity: 20 })
    expect(dataOf<PortfolioAnswer>(await portfolioOf(member)).holdings[0]?.quantity).toBe(15)
  })
})

describe('privacy', () => {
  it('shows another member, and staff, only their own portfolio and never finds the owner’s transactions', async () => {
    const owner = await readers.newMember()
    const theirs = dataOf<PortfolioTransaction>(await add(owner, aaplBuy))
    const others = [
      await readers.newMember('premium'),
      await clients.newStaff([]),
      await clients.newStaff(['support']),
      await clients.newStaff(['admin']),
    ]
    for (const other of others) {
      const seen = dataOf<PortfolioAnswer>(await portfolioOf(other))
      expect(seen.holdings).toEqual([])
      expect(seen.transactionCount).toBe(0)
      expectFailure(
        await readers.send(other, 'POST', `/member/portfolio/transactions/${theirs.id}`, {
          ...aaplBuy,
          quantity: 1,
        }),
        404,
        PortfolioErrorCode.transactionNotFound,
      )
      expectFailure(
        await readers.send(other, 'DELETE', `/member/portfolio/transactions/${theirs.id}`),
        404,
        PortfolioErrorCode.transactionNotFound,
      )
      dataOf(await readers.send(other, 'DELETE', '/member/portfolio'))
    }
    for (const other of others) {
      const page = dataOf<PortfolioTransactionsPage>(
        await readers.get(other, '/member/portfolio/transactions', {}),
      )
      expect(page).toEqual({ transactions: [], offset: 0, transactionCount: 0 })
    }
    const still = dataOf<PortfolioAnswer>(await portfolioOf(owner))
    expect(still.transactions).toEqual([expect.objectContaining({ id: theirs.id, quantity: 10 })])
  })

  it('deletes the portfolio with the account, and on request', async () => {
    const member = await readers.newMember()
    dataOf(await add(member, aaplBuy))
    dataOf(await readers.send(member, 'DELETE', '/member/portfolio'))
    expect(await storedTransactionsOf(member)).toBe(0)
    dataOf(await add(member, aaplBuy))
    const memberId = (await runtime.services.accounts.findMember(member.phone as string))?.id as string
    dataOf(await readers.send(member, 'DELETE', '/member/account'))
    const [row] = await selectRows<{ n: number }>(
      runtime.database.db,
      sql`select (select count(*) from portfolios where member_id = ${memberId})::int
            + (select count(*) from portfolio_transactions where member_id = ${memberId})::int as n`,
    )
    expect(row?.n).toBe(0)
  })
})

/** A CSV of `count` buys of one share of AAPL, a day apart from 2020 on. */
function buysCsv(count: number): string {
  const rows = ['Date,Symbol,Market,Action,Quantity,Price']
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10)
    rows.push(`${day},AAPL,us,buy,1,100`)
  }
  return rows.join('\n')
}

async function storedHoldingsOf(reader: ReaderClient): Promise<unknown> {
  const memberId = (await runtime.services.accounts.findMember(reader.phone as string))?.id as string
  const [row] = await selectRows<{ holdings: unknown }>(
    runtime.database.db,
    sql`select holdings from portfolios where member_id = ${memberId}`,
  )
  return row?.holdings ?? null
}

describe('holdings kept with the portfolio', () => {
  it('shows the same holdings, gains and count from the kept replay as from replaying every transaction', async () => {
    const member = await readers.newMember()
    const first = dataOf<PortfolioTransaction>(await add(member, aaplBuy))
    dataOf(await add(member, { ...aaplBuy, tradeDate: '2024-03-01', quantity: 5, price: 160 }))
    dataOf(await add(member, { ...aaplBuy, kind: 'sell', tradeDate: '2024-04-01', quantity: 6, price: 180 }))
    dataOf(
      await add(member, { ...aaplBuy, kind: 'dividend', tradeDate: '2024-05-01', quantity: 0, amount: 7 }),
    )
    dataOf(
      await readers.send(member, 'POST', '/member/portfolio/import', {
        text: 'Date,Symbol,Market,Action,Quantity,Price\n2024-02-01,MSFT,us,buy,3,400',
      }),
    )
    dataOf(
      await readers.send(member, 'POST', `/member/portfolio/transactions/${first.id}`, {
        ...aaplBuy,
        quantity: 12,
      }),
    )
    const kept = dataOf<PortfolioAnswer>(await portfolioOf(member))
    expect(kept.transactionCount).toBe(5)
    expect(kept.holdings.find((holding) => holding.code === 'AAPL')?.quantity).toBe(11)
    expect(await storedHoldingsOf(member)).not.toBeNull()

    // A portfolio saved before replays were kept: the page replays it once, shows the same, and keeps the result.
    const memberId = (await runtime.services.accounts.findMember(member.phone as string))?.id as string
    await runtime.database.db.execute(
      sql`update portfolios set holdings = null where member_id = ${memberId}`,
    )
    const replayed = dataOf<PortfolioAnswer>(await portfolioOf(member))
    expect(replayed.holdings).toEqual(kept.holdings)
    expect(replayed.totals).toEqual(kept.totals)
    expect(replayed.transactionCount).toBe(kept.transactionCount)
    expect(await storedHoldingsOf(member)).not.toBeNull()

    dataOf(await readers.send(member, 'DELETE', `/member/portfolio/transactions/${kept.transactions[0]?.id}`))
    expect(dataOf<PortfolioAnswer>(await portfolioOf(member)).transactionCount).toBe(4)
  })
})

describe('transactions a page at a time', () => {
  it('lists the latest in the answer and the older ones, newest first, a page at a time', async () => {
    const member = await readers.newMember()
    dataOf(await readers.send(member, 'POST', '/member/portfolio/import', { text: buysCsv(75) }))
    const answer = dataOf<PortfolioAnswer>(await portfolioOf(member))
    expect(answer.transactionCount).toBe(75)
    expect(answer.transactions).toHaveLength(transactionPages.listed)
    expect(answer.transactions[0]?.tradeDate).toBe('2020-03-15')

    const page = (offset: number, limit?: number) =>
      readers.get(
        member,
        '/member/portfolio/transactions',
        limit ? { offset: String(offset), limit: String(limit) } : { offset: String(offset) },
      )
    const second = dataOf<PortfolioTransactionsPage>(await page(answer.transactions.length))
    expect(second.transactionCount).toBe(75)
    expect(second.transactions).toHaveLength(transactionPages.page)
    expect(second.transactions[0]?.tradeDate).toBe('2020-02-24')
    expect(second.transactions[0]).toMatchObject({ kind: 'buy', code: 'AAPL', name: expect.any(String) })
    const last = dataOf<PortfolioTransactionsPage>(await page(70, 50))
    expect(last.transactions.map((transaction) => transaction.tradeDate)).toEqual([
      '2020-01-05',
      '2020-01-04',
      '2020-01-03',
      '2020-01-02',
      '2020-01-01',
    ])
    // Every transaction once, in order, across the pages.
    const ids = [...answer.transactions, ...second.transactions, ...last.transactions].map((t) => t.id)
    expect(new Set(ids).size).toBe(75)

    expectFailure(await page(0, transactionPages.pageMax + 1), 400, CommonErrorCode.validationFailed)
  })
})

describe('the plan’s transaction limit', () => {
  it('refuses a transaction or an import past the plan’s limit in the reader’s language, losing nothing saved', async () => {
    const limit = benefitsOf('member').portfolio.transactions
    const member = await readers.newMember(undefined, 'hant')
    const imported = dataOf<ImportResult>(
      await readers.send(member, 'POST', '/member/portfolio/import', { text: buysCsv(limit) }),
    )
    expect(imported.imported).toBe(limit)
    const answer = dataOf<PortfolioAnswer>(await portfolioOf(member))
    expect(answer).toMatchObject({ transactionCount: limit, transactionLimit: limit })

    const refused = await add(member, aaplBuy)
    expectFailure(refused, 409, PortfolioErrorCode.full)
    expect(refused.json().message).toContain(`${limit} 筆交易`)
    expectFailure(
      await readers.send(member, 'POST', '/member/portfolio/import', {
        text: 'Date,Symbol,Market,Action,Quantity,Price\n2024-02-01,MSFT,us,buy,3,400',
      }),
      409,
      PortfolioErrorCode.full,
    )
    expect(await storedTransactionsOf(member)).toBe(limit)

    // What is saved stays editable and can be trimmed; then there is room again.
    const latest = answer.transactions[0] as PortfolioTransaction
    dataOf(
      await readers.send(member, 'POST', `/member/portfolio/transactions/${latest.id}`, {
        ...aaplBuy,
        tradeDate: latest.tradeDate,
        quantity: 2,
      }),
    )
    dataOf(await readers.send(member, 'DELETE', `/member/portfolio/transactions/${latest.id}`))
    dataOf(await add(member, aaplBuy))
    expect(await storedTransactionsOf(member)).toBe(limit)
  })

  it('keeps more transactions on a larger plan', async () => {
    const member = await readers.newMember('base')
    const answer = dataOf<PortfolioAnswer>(await portfolioOf(member))
    expect(answer.transactionLimit).toBe(benefitsOf('base').portfolio.transactions)
    expect(answer.transactionLimit).toBeGreaterThan(benefitsOf('member').portfolio.transactions)
  })
})

describe('CSV import', () => {
  const generic = [
    'Date,Symbol,Action,Quantity,Price,Currency',
    '2024-01-05,AAPL,Buy,10,150,USD',
    '2024-02-01,MSFT,Buy,5,400,USD',
    '2024-03-01,AAPL,Sell,20,180,USD',
    '2024-13-01,AAPL,Buy,1,150,USD',
    '2024-04-01,ZZZZ,Buy,1,10,USD',
    '2024-04-02,0700.HK,Buy,100,300,USD',
    '2024-04-03,AAPL,Transfer,1,150,USD',
  ].join('\n')

  it('previews every rejected row with its reason in the reader’s language, and saves nothing', async () => {
    const member = await readers.newMember(undefined, 'hant')
    const preview = dataOf<ImportPreview>(
      await readers.send(member, 'POST', '/member/portfolio/import/preview', { text: generic }),
    )
    expect(preview).toMatchObject({
      layout: 'generic',
      columns: ['Date', 'Symbol', 'Action', 'Quantity', 'Price', 'Currency'],
      rowCount: 7,
      acceptedCount: 2,
    })
    expect(preview.mapping).toMatchObject({
      date: 0,
      stock: 1,
      action: 2,
      quantity: 3,
      price: 4,
      currency: 5,
      fee: null,
    })
    expect(preview.accepted.map((row) => [row.line, row.code, row.kind])).toEqual([
      [2, 'AAPL', 'buy'],
      [3, 'MSFT', 'buy'],
    ])
    expect(preview.rejected.map((row) => [row.line, row.code])).toEqual([
      [4, PortfolioErrorCode.sellExceedsHolding],
      [5, PortfolioErrorCode.dateInvalid],
      [6, PortfolioErrorCode.stockUnknown],
      [7, PortfolioErrorCode.currencyMismatch],
      [8, PortfolioErrorCode.rowActionUnknown],
    ])
    expect(preview.rejected[0]?.message).toBe('賣出的股數多於投資組合在該日持有的股數。')
    expect(await storedTransactionsOf(member)).toBe(0)
  })

  it('imports nothing while rows are rejected, then all accepted rows at once when told to skip them', async () => {
    const member = await readers.newMember()
    expectFailure(
      await readers.send(member, 'POST', '/member/portfolio/import', { text: generic }),
      409,
      PortfolioErrorCode.importHasRejections,
    )
    expect(await storedTransactionsOf(member)).toBe(0)
    const result = dataOf<ImportResult>(
      await readers.send(member, 'POST', '/member/portfolio/import', { text: generic, skipRejected: true }),
    )
    expect(result).toEqual({ imported: 2, skipped: 5 })
    const answer = dataOf<PortfolioAnswer>(await portfolioOf(member))
    expect(answer.holdings.map((holding) => holding.code).sort()).toEqual(['AAPL', 'MSFT'])
  })

  it('reads Interactive Brokers trades and a Futu export newest first, mapping their columns by themselves', async () => {
    const member = await readers.newMember()
    const ib = [
      'Symbol,Date/Time,Quantity,T. Price,Comm/Fee,Currency',
      'AAPL,"2024-01-05, 10:30:00",10,150.25,-1.00,USD',
      'AAPL,"2024-02-05, 10:30:00",-4,170,-1.00,USD',
    ].join('\r\n')
    const ibPreview = dataOf<ImportPreview>(
      await readers.send(member, 'POST', '/member/portfolio/import/preview', { text: ib }),
    )
    expect(ibPreview).toMatchObject({ layout: 'interactive-brokers', acceptedCount: 2, rejected: [] })
    expect(ibPreview.accepted.map((row) => [row.kind, row.quantity, row.fee, row.tradeDate])).toEqual([
      ['buy', 10, 1, '2024-01-05'],
      ['sell', 4, 1, '2024-02-05'],
    ])
    const futu = [
      'Side,Symbol,Name,Fill Qty,Fill Price,Fill Time,Currency,Market',
      'Sell,HK.00700,Tencent,100,380,2024/03/01 10:00:00,HKD,HK',
      'Buy,HK.00700,Tencent,200,300,2024/01/02 10:00:00,HKD,HK',
    ].join('\n')
    const futuPreview = dataOf<ImportPreview>(
      await readers.send(member, 'POST', '/member/portfolio/import/preview', { text: futu }),
    )
    expect(futuPreview).toMatchObject({ layout: 'futu', acceptedCount: 2, rejected: [] })
    dataOf(await readers.send(member, 'POST', '/member/portfolio/import', { text: futu }))
    expect(dataOf<PortfolioAnswer>(await portfolioOf(member)).holdings).toEqual([
      expect.objectContaining({ code: '0700', quantity: 100 }),
    ])
  })

  it('takes the reader’s mapping of an unknown layout, and refuses one without the required columns', async () => {
    const member = await readers.newMember()
    const text = ['Trade day;Ticker;Shares;Cost', '2024-01-05;NVDA;3;480'].join('\n').replaceAll(';', ',')
    expectFailure(
      await readers.send(member, 'POST', '/member/portfolio/import/preview', { text }),
      400,
      PortfolioErrorCode.importMappingIncomplete,
    )
    const mapping = { date: 0, stock: 1, quantity: 2, price: 3 }
    const preview = dataOf<ImportPreview>(
      await readers.send(member, 'POST', '/member/portfolio/import/preview', { text, mapping }),
    )
    expect(preview.accepted).toEqual([
      expect.objectContaining({ code: 'NVDA', kind: 'buy', quantity: 3, price: 480 }),
    ])
  })
})

describe('portfolio routes under random input', () => {
  it('answer a member with an envelope and never a server error', async () => {
    const member = await readers.newMember()
    const routes = [
      ['GET', '/member/portfolio'],
      ['GET', '/member/portfolio/transactions'],
      ['POST', '/member/portfolio/transactions'],
      ['POST', '/member/portfolio/transactions/00000000-0000-4000-8000-000000000001'],
      ['POST', '/member/portfolio/transactions/not-a-uuid'],
      ['DELETE', '/member/portfolio/transactions/00000000-0000-4000-8000-000000000001'],
      ['POST', '/member/portfolio/settings'],
      ['POST', '/member/portfolio/import/preview'],
    ] as const
    const value = fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.string({ maxLength: 30 }),
      fc.constantFrom('2024-01-05', 'us', 'AAPL', 'buy', 'HKD', -1, 1e308),
    )
    const body = fc.record(
      {
        kind: value,
        market: value,
        code: value,
        tradeDate: value,
        quantity: value,
        price: value,
        amount: value,
        fee: value,
        baseCurrency: value,
        text: fc.oneof(value, fc.constant('Date,Symbol,Quantity,Price\n2024-01-05,AAPL,1,1\n"x')),
        mapping: value,
      },
      { requiredKeys: [] },
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), body, fc.ipV4(), async ([method, path], payload, ip) => {
        // From many addresses, so the per-address limits leave the requests to the code under test.
        const from = { ...member, ip }
        const response =
          method === 'GET'
            ? await readers.get(
                from,
                path,
                path.endsWith('/transactions')
                  ? { offset: String(payload.quantity ?? ''), limit: String(payload.price ?? '') }
                  : { base: String(payload.baseCurrency ?? '') },
              )
            : await readers.send(from, method, path, payload)
        expect(response.statusCode, response.body).toBeLessThan(500)
        expect(response.json()).toHaveProperty('code', response.statusCode)
      }),
      { seed: 25, numRuns: 150 },
    )
  }, 60_000)
})
