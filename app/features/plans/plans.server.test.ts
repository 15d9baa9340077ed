import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuotaKind } from '#contracts/accounts.ts'
import { createManualClock } from '#server/clock.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { type QuotaRung, quotaRungs } from '#server/modules/quotas/quota-ladder.ts'
import { createCapturedSms } from '#server/testing/captured-sms.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { loadPlans } from './plans.server.ts'

const sms = createCapturedSms()
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      QUOTA_DIAGNOSIS_PER_DAY: '1,4,21,22,23',
      QUOTA_DIAGNOSIS_PER_MONTH: '3,6',
      QUOTA_CHAT_PER_DAY: '2,7,40,41,42',
      QUOTA_CHAT_PER_MONTH: '8,9,400,500,600',
      QUOTA_UPLOAD_PER_DAY: '3,5,10,20,40',
      QUOTA_UPLOAD_PER_MONTH: '10,20,100,200,400',
      EXPERT_QUESTIONS_BASE: '2',
      EXPERT_QUESTIONS_PLUS: '4',
      EXPERT_QUESTIONS_PREMIUM: '9',
    },
    { clock: createManualClock('2026-11-22T09:00:00Z'), smsSender: sms.sender },
  )
})
afterAll(() => runtime.close())

async function logIn(mobile: string): Promise<string> {
  const { accounts } = runtime.services
  await accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
  const code = sms.codeSentTo(`+852${mobile}`)
  return (await accounts.logIn({ country: 'HK', mobile, code, agreed: true }, { locale: 'en' })).token
}

function pageRequest(token?: string): Request {
  return new Request('http://en.localhost:3000/subscribe', {
    headers: token ? { cookie: `access_token=${token}` } : {},
  })
}

const context = (region: 'en' | 'hant' = 'en') => ({
  services: runtime.services,
  config: runtime.config,
  region,
  clientIp: '10.7.0.1',
})

/** A reader on the given rung of the ladder, as the quota service sees one. */
function readerOn(rung: QuotaRung): Reader {
  const tier = rung === 'visitor' || rung === 'member' ? null : rung
  return {
    role: tier ? 'subscriber' : rung === 'member' ? 'member' : 'visitor',
    memberId: rung === 'visitor' ? null : randomUUID(),
    tier,
    sessionId: null,
    device: { key: randomUUID(), network: null },
  }
}

describe('the plan pages’ facts', () => {
  it('offers the tiers with the allowances the quota and picks services enforce', async () => {
    const { plans, current } = await loadPlans(pageRequest(), context())
    expect(plans).toMatchObject([
      { tier: 'base', diagnosesPerMonth: 20, picksPerMonth: 5, expertQuestionsPerMonth: 2 },
      { tier: 'plus', diagnosesPerMonth: 30, picksPerMonth: 10, expertQuestionsPerMonth: 4 },
      { tier: 'premium', diagnosesPerMonth: 60, picksPerMonth: null, expertQuestionsPerMonth: 9 },
    ])
    // What the cards promise beyond the allowances (ADR 0017), as the member pages enforce it.
    expect(plans.map(({ tier, benefits }) => [tier, benefits.strategies, benefits.adviser])).toEqual([
      ['base', 'curated', false],
      ['plus', 'public', false],
      ['premium', 'exclusive', true],
    ])
    expect(current).toEqual({ role: 'visitor', tier: null, endsOn: null })
  })

  it('shows the configured ladder from visitor to Premium, the numbers the quota service holds each rung to', async () => {
    const { allowances } = await loadPlans(pageRequest(), context())
    expect(allowances).toEqual([
      {
        rung: 'visitor',
        diagnosis: { daily: 1, monthly: 3 },
        chat: { daily: 2, monthly: 8 },
        upload: { daily: 3, monthly: 10 },
      },
      {
        rung: 'member',
        diagnosis: { daily: 4, monthly: 6 },
        chat: { daily: 7, monthly: 9 },
        upload: { daily: 5, monthly: 20 },
      },
      {
        rung: 'base',
        diagnosis: { daily: 21, monthly: 20 },
        chat: { daily: 40, monthly: 400 },
        upload: { daily: 10, monthly: 100 },
      },
      {
        rung: 'plus',
        diagnosis: { daily: 22, monthly: 30 },
        chat: { daily: 41, monthly: 500 },
        upload: { daily: 20, monthly: 200 },
      },
      {
        rung: 'premium',
        diagnosis: { daily: 23, monthly: 60 },
        chat: { daily: 42, monthly: 600 },
        upload: { daily: 40, monthly: 400 },
      },
    ])
    for (const rung of quotaRungs) {
      for (const kind of ['diagnosis', 'chat', 'upload'] satisfies QuotaKind[]) {
        const status = await runtime.services.quotas.peek({ reader: readerOn(rung), kind })
        const shown = allowances.find((a) => a.rung === rung)?.[kind]
        expect({ daily: status.dailyLimit, monthly: status.monthlyLimit }, `${rung} ${kind}`).toEqual(shown)
      }
    }
  })

  it('knows a member without a plan, and a subscriber’s plan with its last day in the region’s words', async () => {
    const token = await logIn('61230001')
    expect((await loadPlans(pageRequest(token), context())).current).toEqual({
      role: 'member',
      tier: null,
      endsOn: null,
    })
    const member = await runtime.services.accounts.findMember('+85261230001')
    await runtime.services.subscriptions.grantSubscription({
      memberId: member!.id,
      tier: 'plus',
      period: 'quarter',
      source: 'operator',
    })
    const english = await loadPlans(pageRequest(token), context('en'))
    expect(english.current).toMatchObject({ role: 'subscriber', tier: 'plus' })
    expect(english.current.endsOn).toMatch(/^[A-Z][a-z]+ \d{1,2}, 20\d\d$/)
    const chinese = await loadPlans(pageRequest(token), context('hant'))
    expect(chinese.current.endsOn).toMatch(/^20\d\d年\d{1,2}月\d{1,2}日$/)
  })
})
