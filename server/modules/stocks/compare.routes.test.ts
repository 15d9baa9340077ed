/**
 * GET /compare (issue 28): the compare page's comparison through the API, its refusals in the reader's language,
 * and the one-year return a year of bars gives; with the diagnosis answer's dividends, which come from the same
 * stored statements. PGlite and PostgreSQL (DATABASE_URL).
 */
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CompareAnswer } from '#contracts/compare.ts'
import { StockDiagnosisAnswer } from '#contracts/stock-diagnosis.ts'
import {
  createReaderClients,
  dataOf,
  expectFailure,
  type ReaderClient,
} from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const readers = createReaderClients({ ipPrefix: '10.142', phonePrefix: '6142' })
let runtime: TestRuntime
let visitor: ReaderClient

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: readers.smsSender })
  readers.bind(runtime)
  visitor = await readers.newVisitor()
}, 120_000)
afterAll(() => runtime?.close())

/** A refusal: its status, the code in `x-error-code` (a field's code for a malformed query) and its message. */
function expectRefusal(response: LightMyRequestResponse, status: number, code: string): string {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.headers['x-error-code']).toBe(code)
  expect(response.json()).toMatchObject({ code: status, data: null })
  return response.json().message as string
}

const compare = (codes: string | null, client: ReaderClient = visitor): Promise<LightMyRequestResponse> =>
  readers.get(client, '/compare', codes === null ? {} : { codes })

describe('GET /compare', () => {
  it('compares the stocks in the order named, each with its one-year return from a year of bars', async () => {
    const answer = dataOf<CompareAnswer>(await compare('hk:0700,us:AAPL,MSFT'))
    expect(answer.stocks.map((entry) => `${entry.stock.market}:${entry.stock.code}`)).toEqual([
      'hk:0700',
      'us:AAPL',
      'us:MSFT',
    ])
    expect(answer.isDemo).toBe(true)
    for (const entry of answer.stocks) {
      expect(entry.source).toBe('demo')
      // 260 sessions used to end short of a year back and leave this empty.
      expect(entry.returns['1y'], `${entry.stock.code} 1y`).toEqual(expect.any(Number))
      const first = entry.closes[0] as { date: string; close: number }
      const asOf = entry.asOf as string
      const yearBack = new Date(Date.parse(`${asOf}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10)
      expect(first.date <= yearBack).toBe(true)
      expect(entry.returns['1y']).toBeCloseTo((entry.stock.price as number) / first.close - 1, 6)
    }
  })

  it('refuses too few, too many, an unknown and an overlong code with the reason in the reader’s language', async () => {
    const hant: ReaderClient = { ...visitor, region: 'hant' }
    expect(expectRefusal(await compare(null), 400, 'COMPARE_TOO_FEW')).toContain('at least two')
    // The same stock twice is one stock.
    expectFailure(await compare('us:AAPL,AAPL'), 400, 'COMPARE_TOO_FEW')
    const many = await compare('us:AAPL,us:MSFT,hk:0700,jp:7203,kr:005930', hant)
    expect(expectRefusal(many, 400, 'COMPARE_TOO_MANY')).toBe('每次最多比較 4 隻股票：請移除一隻。')
    const unknown = await compare('us:AAPL,ZZZZQ')
    expectFailure(unknown, 404, 'COMPARE_STOCK_UNKNOWN')
    expect(unknown.json().message).toContain('“ZZZZQ”')
    expectRefusal(await compare(`us:AAPL,${'A'.repeat(101)}`), 400, 'STOCK_QUERY_TOO_LONG')
  })
})

describe('GET /bizStockScore/getByCode: dividends', () => {
  it('gives a payer its yield, payout ratio and years, and a non-payer its status', async () => {
    const client = await readers.newVisitor()
    const apple = StockDiagnosisAnswer.parse(
      dataOf(await readers.get(client, '/bizStockScore/getByCode', { code: 'AAPL' })),
    )
    const { dividends } = apple
    expect(dividends).toMatchObject({
      status: 'payer',
      method: 'fiscal-year-cash-dividends-v1',
      basis: 'per_share',
    })
    expect(dividends.yield).toBe(apple.ratios.dividendYield)
    expect(dividends.fiscalYear).toBe(apple.data.fiscalYears.at(-1))
    expect(dividends.years.length).toBeGreaterThanOrEqual(2)
    expect(dividends.years.length).toBeLessThanOrEqual(5)
    expect(dividends.payoutRatio).toBeGreaterThan(0)
    expect(dividends.cagr?.to).toBe(dividends.fiscalYear)

    const amazon = StockDiagnosisAnswer.parse(
      dataOf(await readers.get(client, '/bizStockScore/getByCode', { code: 'AMZN' })),
    )
    expect(amazon.dividends).toMatchObject({ status: 'non_payer', yield: 0, years: [], payoutRatio: null })
  })
})
