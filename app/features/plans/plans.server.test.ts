import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import type { SmsSender } from '#server/providers/sms/sms-sender.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { loadPlans } from './plans.server.ts'

const sentCodes = new Map<string, string>()
const capturingSms: SmsSender = {
  name: 'console',
  send: async (message) => {
    sentCodes.set(message.to, /\d{6}/.exec(message.body)?.[0] ?? '')
    return { id: `plans-${sentCodes.size}` }
  },
}
let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime(
    { QUOTA_DIAGNOSIS_VISITOR_DAILY: '4', QUOTA_DIAGNOSIS_MEMBER_MONTHLY: '6' },
    { clock: createManualClock('2026-11-22T09:00:00Z'), smsSender: capturingSms },
  )
})
afterAll(() => runtime.close())

async function logIn(mobile: string): Promise<string> {
  const { accounts } = runtime.services
  await accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
  const code = sentCodes.get(`+852${mobile}`) ?? ''
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

describe('the plan pages’ facts', () => {
  it('offers the tiers with the allowances the quota and picks services enforce', async () => {
    const { plans, current, visitorDiagnosesPerDay, memberDiagnosesPerMonth } = await loadPlans(
      pageRequest(),
      context(),
    )
    expect(plans).toEqual([
      { tier: 'base', diagnosesPerMonth: 20, picksPerMonth: 5 },
      { tier: 'plus', diagnosesPerMonth: 30, picksPerMonth: 10 },
      { tier: 'premium', diagnosesPerMonth: 60, picksPerMonth: null },
    ])
    expect(current).toEqual({ role: 'visitor', tier: null, endsOn: null })
    expect(visitorDiagnosesPerDay).toBe(4)
    expect(memberDiagnosesPerMonth).toBe(6)
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
