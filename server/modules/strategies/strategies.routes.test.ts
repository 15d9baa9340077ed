import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BenefitReader } from '#contracts/benefits.ts'
import type { AuditPage } from '#contracts/console-rules.ts'
import {
  type ConsoleStrategy,
  type ConsoleStrategyDetail,
  type StrategyDetail,
  StrategyErrorCode,
  type StrategyList,
} from '#contracts/strategies-rules.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure, type ReaderClient } from '#server/testing/reader-clients.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.71', phonePrefix: '9171' })
const readers = clients.readers
let runtime: TestRuntime
let analyst: StaffClient
let admin: StaffClient
const asReader: Partial<Record<BenefitReader, ReaderClient>> = {}

/** The test template's demo prices end on this Friday (server/testing/test-env.ts). */
const lastDay = '2026-11-20'

const seeded = {
  usQuality: 'sample-us-quality-compounders',
  hkDividend: 'sample-hk-dividend-income',
  japanValue: 'sample-japan-value-recovery',
  koreaTech: 'sample-korea-technology-leaders',
  usExclusive: 'sample-us-concentrated-growth',
}
/** A fourth curated strategy (after the three seeded ones), created in `beforeAll`. */
const fourthCurated = 'fourth-curated-test'

function strategyInput(overrides: Record<string, unknown> = {}) {
  return {
    name: { en: 'Fourth curated test', 'zh-Hant': '第四個精選測試' },
    summary: { en: 'A test strategy.', 'zh-Hant': '測試策略。' },
    rationale: { en: '## Why\n\nBecause.', 'zh-Hant': '## 原因\n\n因為。' },
    market: 'us',
    visibility: 'curated',
    position: 35,
    published: true,
    ...overrides,
  }
}

const usHoldings = [
  { market: 'us', code: 'AAPL', weightPercent: 40 },
  { market: 'us', code: 'MSFT', weightPercent: 35 },
  { market: 'us', code: 'NVDA', weightPercent: 25 },
]

async function createWithRebalance(input: Record<string, unknown>): Promise<ConsoleStrategyDetail> {
  const created = (await clients.call(analyst, 'POST', '/strategies', { body: strategyInput(input) })).json()
    .data as ConsoleStrategyDetail
  const rebalanced = await clients.call(analyst, 'POST', `/strategies/${created.id}/rebalances`, {
    body: { effectiveOn: '2026-06-01', note: { en: 'Start', 'zh-Hant': '開始' }, holdings: usHoldings },
  })
  expect(rebalanced.statusCode).toBe(200)
  return rebalanced.json().data as ConsoleStrategyDetail
}

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: clients.smsSender })
  clients.bind(runtime)
  analyst = await clients.newStaff(['analyst'])
  admin = await clients.newStaff(['admin'])
  asReader.visitor = await readers.newVisitor()
  asReader.member = await readers.newMember()
  asReader.base = await readers.newMember('base')
  asReader.plus = await readers.newMember('plus')
  asReader.premium = await readers.newMember('premium')
  await createWithRebalance({})
  // A draft: nobody reads it.
  await createWithRebalance({
    name: { en: 'Draft test', 'zh-Hant': '草稿測試' },
    published: false,
    position: 1,
  })
})
afterAll(() => runtime.close())

/**
 * What each reader is sent, written by hand from the tier table (ADR 0017): `open` means holdings and performance
 * are sent; otherwise the lock's kind and tier. Curated in position order: US quality (10), HK dividend (20),
 * Japan value (30), the fourth curated (35) — Base sees only the first three.
 */
type Expected = 'open' | `${'logIn' | 'subscribe' | 'upgrade'}${'' | ':base' | ':plus' | ':premium'}`
const expectations: Record<BenefitReader, Record<string, Expected>> = {
  visitor: {
    [seeded.usQuality]: 'logIn',
    [seeded.hkDividend]: 'logIn',
    [seeded.japanValue]: 'logIn',
    [fourthCurated]: 'logIn',
    [seeded.koreaTech]: 'logIn',
    [seeded.usExclusive]: 'logIn',
  },
  member: {
    [seeded.usQuality]: 'subscribe:base',
    [seeded.hkDividend]: 'subscribe:base',
    [seeded.japanValue]: 'subscribe:base',
    [fourthCurated]: 'subscribe:plus',
    [seeded.koreaTech]: 'subscribe:plus',
    [seeded.usExclusive]: 'subscribe:premium',
  },
  base: {
    [seeded.usQuality]: 'open',
    [seeded.hkDividend]: 'open',
    [seeded.japanValue]: 'open',
    [fourthCurated]: 'upgrade:plus',
    [seeded.koreaTech]: 'upgrade:plus',
    [seeded.usExclusive]: 'upgrade:premium',
  },
  plus: {
    [seeded.usQuality]: 'open',
    [seeded.hkDividend]: 'open',
    [seeded.japanValue]: 'open',
    [fourthCurated]: 'open',
    [seeded.koreaTech]: 'open',
    [seeded.usExclusive]: 'upgrade:premium',
  },
  premium: {
    [seeded.usQuality]: 'open',
    [seeded.hkDividend]: 'open',
    [seeded.japanValue]: 'open',
    [fourthCurated]: 'open',
    [seeded.koreaTech]: 'open',
    [seeded.usExclusive]: 'open',
  },
}

describe('what each reader is sent', () => {
  const cases = Object.entries(expectations).flatMap(([reader, bySlug]) =>
    Object.entries(bySlug).map(([slug, expected]) => ({ reader: reader as BenefitReader, slug, expected })),
  )

  it('lists every published strategy in position order, drafts left out', async () => {
    const list = (await readers.get(asReader.premium as ReaderClient, '/strategies')).json()
      .data as StrategyList
    expect(list.strategies.map((strategy) => strategy.slug)).toEqual([
      seeded.usQuality,
      seeded.hkDividend,
      seeded.japanValue,
      fourthCurated,
      seeded.koreaTech,
      seeded.usExclusive,
    ])
    expect(list.isDemo).toBe(true)
    expect(
      list.strategies.every((strategy) => strategy.isSample === strategy.slug.startsWith('sample-')),
    ).toBe(true)
  })

  it.each(cases)('$reader × $slug: $expected', async ({ reader, slug, expected }) => {
    const client = asReader[reader] as ReaderClient
    const list = (await readers.get(client, '/strategies')).json().data as StrategyList
    const card = list.strategies.find((strategy) => strategy.slug === slug)
    expect(card).toBeDefined()
    const detail = await readers.get(client, `/strategies/${slug}`)
    if (expected === 'open') {
      expect(card?.lock).toBeNull()
      expect(card?.glance?.holdings).toBeGreaterThan(0)
      expect(detail.statusCode).toBe(200)
      const strategy = detail.json().data as StrategyDetail
      expect(strategy.holdings.length).toBeGreaterThan(0)
      expect(strategy.performance?.series[0]).toMatchObject({ strategy: 100, benchmark: 100 })
      expect(strategy.performance?.asOf).toBe(lastDay)
      return
    }
    const [kind, tier] = expected.split(':')
    expect(card?.lock).toEqual(tier ? { kind, tier } : { kind })
    // A locked card says what it is and how to open it, nothing more.
    expect(card?.glance).toBeNull()
    expect(Object.keys(card ?? {}).sort()).toEqual([
      'glance',
      'isSample',
      'lock',
      'market',
      'name',
      'slug',
      'summary',
      'visibility',
    ])
    expectFailure(detail, 403, StrategyErrorCode.locked)
    expect(detail.body).not.toMatch(/holdings|series/)
  })

  it('does not find drafts or unknown strategies', async () => {
    const premium = asReader.premium as ReaderClient
    expectFailure(await readers.get(premium, '/strategies/draft-test'), 404, StrategyErrorCode.notFound)
    expectFailure(await readers.get(premium, '/strategies/no-such-strategy'), 404, StrategyErrorCode.notFound)
  })

  it('shows a strategy in the reader’s language with its rebalance history, guidance and methods', async () => {
    const premium = { ...(asReader.premium as ReaderClient), region: 'hant' as const }
    const detail = (await readers.get(premium, `/strategies/${fourthCurated}`)).json().data as StrategyDetail
    expect(detail.name).toBe('第四個精選測試')
    expect(detail.rationaleHtml).toContain('<h4>原因</h4>')
    expect(detail.holdings.map((holding) => [holding.code, holding.weight])).toEqual([
      ['AAPL', 0.4],
      ['MSFT', 0.35],
      ['NVDA', 0.25],
    ])
    expect(detail.holdings[0]?.name).toBe(detail.holdings[0]?.nameZh)
    expect(detail.rebalances).toHaveLength(1)
    expect(detail.rebalances[0]?.changes.map((change) => [change.code, change.kind])).toEqual([
      ['AAPL', 'added'],
      ['MSFT', 'added'],
      ['NVDA', 'added'],
    ])
    expect(detail.guidance).toMatchObject({ holdings: 3, tooFewHoldings: true, tooYoung: true })
    expect(detail.benchmark).toMatchObject({
      method: 'equal-weight-universe-v1',
      constituents: 10,
      asOf: lastDay,
    })
    expect(detail.performanceMethod).toBe('buy-and-hold-between-rebalances-v1')
    expect(detail.isDemo).toBe(true)
    expect(detail.performance?.startDate).toBe('2026-06-01')
  })
})

describe('console: strategies', () => {
  it('answers analysts and admins only', async () => {
    const editor = await clients.newStaff(['editor'])
    const member = await readers.newMember('premium')
    expectFailure(await clients.call(null, 'GET', '/strategies'), 401, 'UNAUTHENTICATED')
    expectFailure(await clients.call(member, 'GET', '/strategies'), 403, 'CONSOLE_ROLE_REQUIRED')
    expectFailure(
      await clients.call(editor, 'POST', '/strategies', { body: strategyInput() }),
      403,
      'CONSOLE_ROLE_REQUIRED',
    )
    expect((await clients.call(analyst, 'GET', '/strategies')).statusCode).toBe(200)
    const list = (await clients.call(admin, 'GET', '/strategies')).json().data as ConsoleStrategy[]
    expect(list.some((strategy) => strategy.slug === 'draft-test' && !strategy.published)).toBe(true)
  })

  it('refuses a strategy without its name in both languages, per field', async () => {
    const response = await clients.call(analyst, 'POST', '/strategies', {
      body: strategyInput({ name: { en: 'Only English', 'zh-Hant': ' ' } }),
    })
    // A request the contract refuses: the envelope's VALIDATION_FAILED, the field's own code on the wire.
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-error-code']).toBe(StrategyErrorCode.nameMissing)
    expect(response.json().fields).toEqual([{ field: 'name.zh-Hant', code: StrategyErrorCode.nameMissing }])
  })

  it('checks a rebalance: weights, days, stocks — and records the valid one', async () => {
    const created = (
      await clients.call(analyst, 'POST', '/strategies', {
        body: strategyInput({ name: { en: 'Validation test', 'zh-Hant': '驗證測試' }, position: 90 }),
      })
    ).json().data as ConsoleStrategyDetail
    const path = `/strategies/${created.id}/rebalances`
    const note = { en: 'Note', 'zh-Hant': '說明' }
    const send = (body: Record<string, unknown>) =>
      clients.call(analyst, 'POST', path, {
        body: { effectiveOn: lastDay, note, holdings: usHoldings, ...body },
      })

    const short = await send({
      holdings: [
        { market: 'us', code: 'AAPL', weightPercent: 60 },
        { market: 'us', code: 'MSFT', weightPercent: 39.98 },
      ],
    })
    expectFailure(short, 400, StrategyErrorCode.weightsSum)
    expect(short.json().fields).toEqual([{ field: 'holdings', code: StrategyErrorCode.weightsSum }])

    expectFailure(await send({ effectiveOn: '2099-01-02' }), 400, StrategyErrorCode.rebalanceFuture)
    // A Sunday: no prices.
    expectFailure(await send({ effectiveOn: '2026-11-22' }), 400, StrategyErrorCode.rebalanceNoData)

    const unknown = await send({
      holdings: [
        { market: 'us', code: 'AAPL', weightPercent: 50 },
        { market: 'us', code: 'ZZZZQ', weightPercent: 50 },
      ],
    })
    expectFailure(unknown, 400, StrategyErrorCode.stockUnknown)
    expect(unknown.json().fields).toEqual([
      { field: 'holdings.1.code', code: StrategyErrorCode.stockUnknown },
    ])

    const mixed = await send({
      holdings: [
        { market: 'us', code: 'AAPL', weightPercent: 50 },
        { market: 'hk', code: '0700', weightPercent: 25 },
        { market: 'us', code: 'aapl', weightPercent: 25 },
      ],
    })
    expect(mixed.json().fields).toEqual([
      { field: 'holdings.1.code', code: StrategyErrorCode.holdingMarket },
      { field: 'holdings.2.code', code: StrategyErrorCode.holdingDuplicate },
    ])

    // Within 0.01 of 100: accepted, stored as fractions summing to 1.
    const saved = await send({
      holdings: [
        { market: 'us', code: 'AAPL', weightPercent: 50.005 },
        { market: 'us', code: 'MSFT', weightPercent: 50 },
      ],
    })
    expect(saved.statusCode).toBe(200)
    const detail = saved.json().data as ConsoleStrategyDetail
    expect(detail.rebalances[0]?.holdings.reduce((sum, holding) => sum + holding.weight, 0)).toBeCloseTo(
      1,
      12,
    )
    expect(detail.inception).toBe(lastDay)
    expectFailure(await send({}), 409, StrategyErrorCode.rebalanceExists)
    expectFailure(await send({ effectiveOn: '2026-11-19' }), 400, StrategyErrorCode.rebalanceBeforeLast)
    // The market stays once a rebalance exists.
    expectFailure(
      await clients.call(analyst, 'PUT', `/strategies/${created.id}`, {
        body: strategyInput({ market: 'hk' }),
      }),
      409,
      StrategyErrorCode.marketLocked,
    )

    const audit = (
      await clients.call(admin, 'GET', '/audit', { query: { entity: 'strategy', entityId: created.id } })
    ).json().data as AuditPage
    expect(audit.rows.map((row) => row.action)).toEqual(['strategy.rebalance', 'strategy.create'])
    expect(audit.rows[0]?.actor?.phone).toBe(analyst.phone)
  })

  it('removes a strategy: readers no longer find it, and the audit keeps what it was', async () => {
    const created = await createWithRebalance({
      name: { en: 'Removal test', 'zh-Hant': '移除測試' },
      position: 95,
    })
    const premium = asReader.premium as ReaderClient
    expect((await readers.get(premium, `/strategies/${created.slug}`)).statusCode).toBe(200)
    const removed = await clients.call(analyst, 'DELETE', `/strategies/${created.id}`)
    expect(removed.json().data).toEqual({ removed: true })
    expectFailure(await readers.get(premium, `/strategies/${created.slug}`), 404, StrategyErrorCode.notFound)
    expectFailure(
      await clients.call(analyst, 'GET', `/strategies/${created.id}`),
      404,
      StrategyErrorCode.notFound,
    )
    const audit = (
      await clients.call(admin, 'GET', '/audit', { query: { entity: 'strategy', entityId: created.id } })
    ).json().data as AuditPage
    expect(audit.rows[0]).toMatchObject({ action: 'strategy.remove', after: null })
  })
})
