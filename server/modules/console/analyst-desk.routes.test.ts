import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AuditPage,
  type CompanyText,
  ConsoleErrorCode,
  type ConsolePick,
  type ConsolePickMonth,
} from '#contracts/console-rules.ts'
import type { MonthlyPicksAnswer } from '#contracts/monthly-picks.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure } from '#server/testing/reader-clients.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.63', phonePrefix: '9163' })
let runtime: TestRuntime
let analyst: StaffClient
let admin: StaffClient

beforeAll(async () => {
  runtime = await createTestRuntime({}, { smsSender: clients.smsSender })
  clients.bind(runtime)
  analyst = await clients.newStaff(['analyst'])
  admin = await clients.newStaff(['admin'])
})
afterAll(() => runtime.close())

async function auditOf(entity: string, entityId: string): Promise<AuditPage> {
  return (await clients.call(admin, 'GET', '/audit', { query: { entity, entityId } })).json()
    .data as AuditPage
}

const pickFields = {
  suggestion: 'buy',
  stockType: 'growth',
  recommendedPrice: 100,
  analystEstimatedPrice: 125,
  estimatedMaxDrawdown: -0.18,
}

describe('monthly picks', () => {
  it("lists a month's picks with the months there are, newest first", async () => {
    const answer = (await clients.call(analyst, 'GET', '/picks')).json().data as ConsolePickMonth
    expect(answer.months.length).toBeGreaterThan(0)
    expect(answer.month).toBe(answer.months[0])
    expect(answer.picks.length).toBeGreaterThan(0)
    expect(answer.picks.map((pick) => pick.rank)).toEqual(
      [...answer.picks.map((pick) => pick.rank)].sort((a, b) => a - b),
    )
    expect(answer.picks[0]).toMatchObject({ source: 'rule', month: answer.month })
    const us = (
      await clients.call(analyst, 'GET', '/picks', { query: { month: answer.month as string, market: 'us' } })
    ).json().data as ConsolePickMonth
    expect(us.picks.every((pick) => pick.market === 'us')).toBe(true)
  })

  it('adds a pick after the month’s last, derives its expected return and measures its track record', async () => {
    // A past month: readers see all of its picks (the current month is limited by tier).
    const months = ((await clients.call(analyst, 'GET', '/picks')).json().data as ConsolePickMonth).months
    const month = (
      await clients.call(analyst, 'GET', '/picks', { query: { month: months[1] as string } })
    ).json().data as ConsolePickMonth
    const taken = new Set(month.picks.map((pick) => `${pick.market}:${pick.code}`))
    const code = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'GOOGL', 'META', 'JPM', 'V', 'TSLA'].find(
      (c) => !taken.has(`us:${c}`),
    )
    const response = await clients.call(analyst, 'POST', '/picks', {
      body: { month: month.month, market: 'us', code: (code as string).toLowerCase(), ...pickFields },
    })
    expect(response.statusCode, response.body).toBe(200)
    const pick = response.json().data as ConsolePick
    expect(pick).toMatchObject({
      month: month.month,
      market: 'us',
      code,
      source: 'analyst',
      rank: Math.max(...month.picks.map((p) => p.rank)) + 1,
      recommendedAt: `${month.month}-01`,
      estimatedReturn: 0.25,
      estimatedMaxDrawdown: -0.18,
    })
    // The month is in the past of the stored data: closes since exist, so the track record is measured at once.
    expect(pick.latestPrice).not.toBeNull()
    expect(pick.actualReturn).toBeCloseTo((pick.latestPrice as number) / 100 - 1, 10)

    expectFailure(
      await clients.call(analyst, 'POST', '/picks', {
        body: { month: month.month, market: 'us', code, ...pickFields },
      }),
      409,
      ConsoleErrorCode.pickExists,
    )
    expectFailure(
      await clients.call(analyst, 'POST', '/picks', {
        body: { month: '2027-01', market: 'us', code: 'ZZZZ', ...pickFields },
      }),
      404,
      ConsoleErrorCode.stockNotFound,
    )

    // Readers see it in the month's picks.
    const gains = await runtime.app.inject({
      method: 'GET',
      url: '/api/portal/home/listGains',
      query: { months: '24', market: 'us' },
      headers: regionalHeaders('en'),
    })
    const readers = gains.json().data as MonthlyPicksAnswer
    const shown = readers.months.find((entry) => entry.month === month.month)
    expect(shown?.picks.map((entry) => entry.code) ?? []).toContain(code)

    // Edited: the return follows the new target unless given; the entry keeps both sides.
    const path = `/picks/${month.month}/us/${code}`
    const edited = await clients.call(analyst, 'PUT', path, {
      body: { ...pickFields, suggestion: 'strong_buy', analystEstimatedPrice: 150 },
    })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().data).toMatchObject({
      suggestion: 'strong_buy',
      estimatedReturn: 0.5,
      rank: pick.rank,
    })
    const explicit = await clients.call(analyst, 'PUT', path, {
      body: { ...pickFields, estimatedReturn: 0.3 },
    })
    expect(explicit.json().data.estimatedReturn).toBe(0.3)

    expect((await clients.call(analyst, 'DELETE', path)).json().data).toEqual({ deleted: true })
    expectFailure(await clients.call(analyst, 'DELETE', path), 404, ConsoleErrorCode.pickNotFound)

    const entries = (await auditOf('pick', `${month.month}:us:${code}`)).rows
    expect(entries.map((entry) => entry.action)).toEqual([
      'pick.delete',
      'pick.update',
      'pick.update',
      'pick.create',
    ])
    expect(entries[2]).toMatchObject({
      actor: { memberId: analyst.memberId },
      before: { suggestion: 'buy', analystEstimatedPrice: 125 },
      after: { suggestion: 'strong_buy', analystEstimatedPrice: 150 },
    })
    expect(entries[0]).toMatchObject({ before: { code }, after: null })
  })

  it('gives a future month no track record yet', async () => {
    const response = await clients.call(analyst, 'POST', '/picks', {
      body: { month: '2027-03', market: 'hk', code: '700', recommendedAt: '2027-03-02', ...pickFields },
    })
    expect(response.statusCode, response.body).toBe(200)
    expect(response.json().data).toMatchObject({
      code: '0700',
      rank: 1,
      recommendedAt: '2027-03-02',
      latestPrice: null,
      actualReturn: null,
    })
  })
})

describe('company texts', () => {
  it('saves a text per language, renders it for the stock page and audits only real changes', async () => {
    const path = '/company-texts/us/AAPL'
    const empty = (await clients.call(analyst, 'GET', path)).json().data as CompanyText
    expect(empty).toMatchObject({ code: 'AAPL', texts: { en: '', 'zh-Hant': '' }, updatedAt: null })

    const saved = await clients.call(analyst, 'PUT', path, {
      body: { texts: { en: 'Apple designs **phones**.', 'zh-Hant': '' } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().data).toMatchObject({
      texts: { en: 'Apple designs **phones**.', 'zh-Hant': '' },
      updatedBy: { memberId: analyst.memberId },
    })
    const desk = runtime.services.analystDesk
    const shown = await desk.readCompanyText('us', 'AAPL', 'en')
    expect(shown?.html).toContain('<strong>phones</strong>')
    expect(shown?.updatedAt).toBe(saved.json().data.updatedAt)
    expect(await desk.readCompanyText('us', 'AAPL', 'zh-Hant')).toBeNull()

    await clients.call(analyst, 'PUT', path, {
      body: { texts: { en: 'Apple designs **phones**.', 'zh-Hant': '' } },
    })
    await clients.call(analyst, 'PUT', path, { body: { texts: { en: '', 'zh-Hant': '蘋果設計手機。' } } })
    expect(await desk.readCompanyText('us', 'AAPL', 'en')).toBeNull()

    const list = (await clients.call(analyst, 'GET', '/company-texts', { query: { q: 'apple' } })).json()
      .data as CompanyText[]
    expect(list.map((entry) => entry.code)).toEqual(['AAPL'])
    const entries = (await auditOf('company_text', 'us:AAPL')).rows
    expect(entries.map((entry) => entry.action)).toEqual(['company_text.save', 'company_text.save'])
    expect(entries[0]).toMatchObject({
      before: { en: 'Apple designs **phones**.', 'zh-Hant': '' },
      after: { en: '', 'zh-Hant': '蘋果設計手機。' },
    })
    expectFailure(
      await clients.call(analyst, 'GET', '/company-texts/us/NOPE'),
      404,
      ConsoleErrorCode.stockNotFound,
    )
  })

  it('lists the companies of a market that have no text yet, and drops one once it has', async () => {
    const without = async () =>
      (
        (
          await clients.call(analyst, 'GET', '/company-texts', {
            query: { has: 'without', market: 'hk', q: '0700' },
          })
        ).json().data as CompanyText[]
      ).map((entry) => `${entry.market}:${entry.code}`)
    expect(await without()).toEqual(['hk:0700'])
    await clients.call(analyst, 'PUT', '/company-texts/hk/700', {
      body: { texts: { en: '', 'zh-Hant': '騰訊經營社交平台。' } },
    })
    expect(await without()).toEqual([])
    const withText = (
      await clients.call(analyst, 'GET', '/company-texts', { query: { market: 'hk' } })
    ).json().data as CompanyText[]
    expect(withText.map((entry) => entry.code)).toContain('0700')
    expect(withText.every((entry) => entry.market === 'hk')).toBe(true)
  })
})
