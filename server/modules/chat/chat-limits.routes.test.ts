/**
 * The AI chat's limits: one quota use per answered question, with the spec's message for each reader when none is
 * left (a normal 429 envelope before any stream opens), and the per-address rate of questions.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { createCapturedSms } from '#server/testing/captured-sms.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { parseEventStream } from './testing/event-stream.ts'
import { createScriptedAssistant } from './testing/scripted-assistant.ts'

const clock = createManualClock('2026-11-10T09:00:00Z')
let runtime: TestRuntime
const sms = createCapturedSms()

beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      // Visitors 1 a day and a month; members 1 a day, 2 a month; subscribers 2 a day and a month.
      QUOTA_CHAT_PER_DAY: '1,1,2,2,2',
      QUOTA_CHAT_PER_MONTH: '1,2,2,2,2',
      QUOTA_VISITORS_PER_NETWORK: '1000',
      CHAT_RATE_PER_MINUTE: '3',
    },
    { clock, smsSender: sms.sender, assistant: createScriptedAssistant() },
  )
})
afterAll(() => runtime.close())

let ipSeed = 0
function newIp(): string {
  ipSeed += 1
  return `10.40.0.${ipSeed}`
}

let phoneSeed = 500_000
async function logIn(tier?: 'base'): Promise<string> {
  phoneSeed += 1
  const mobile = `61${String(phoneSeed).padStart(6, '0')}`
  const { accounts, subscriptions } = runtime.services
  await accounts.sendLoginCode({ country: 'HK', mobile }, { locale: 'en' })
  const result = await accounts.logIn(
    { country: 'HK', mobile, code: sms.codeSentTo(`+852${mobile}`), agreed: true },
    { locale: 'en' },
  )
  if (tier) {
    await subscriptions.grantSubscription({
      memberId: result.userInfo.memberId,
      tier,
      period: 'month',
      source: 'operator',
    })
  }
  return result.token
}

function ask(options: { ip: string; token?: string; device?: string; region?: 'en' | 'hant' }) {
  return runtime.app.inject({
    method: 'GET',
    url: '/api/portal/ai/chatSearch',
    query: { question: 'Is Tencent undervalued?' },
    headers: {
      ...regionalHeaders(options.region ?? 'en'),
      ...(options.token ? { 'x-token': options.token } : {}),
      ...(options.device ? { cookie: `tw_device=${options.device}` } : {}),
    },
    remoteAddress: options.ip,
  })
}

function expectLimited(response: Awaited<ReturnType<typeof ask>>, code: string, message: string) {
  expect(response.statusCode).toBe(429)
  expect(response.headers['x-error-code']).toBe(code)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  expect(response.json()).toEqual({ code: 429, data: null, error: code, message })
}

describe('chat quota', () => {
  it('takes one use per answered question and asks a visitor to log in when none is left', async () => {
    const ip = newIp()
    const first = await ask({ ip })
    const device = first.cookies.find((c) => c.name === 'tw_device')?.value ?? ''
    const events = parseEventStream(first.body)
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { status: 'complete', remaining: 0 } })
    expectLimited(
      await ask({ ip, device }),
      'CHAT_LIMIT_VISITOR',
      'No more AI replies available, log in to get more',
    )
    expectLimited(
      await ask({ ip, device, region: 'hant' }),
      'CHAT_LIMIT_VISITOR',
      'AI 回覆次數已用完，登入即可獲得更多次數',
    )
    // No empty conversation is left behind by the refused questions.
    const list = await runtime.app.inject({
      method: 'GET',
      url: '/api/portal/ai/listTitleHis',
      headers: { ...regionalHeaders('en'), cookie: `tw_device=${device}` },
      remoteAddress: ip,
    })
    expect(list.json().data.total).toBe(1)
  })

  it("offers a member a plan with more a day, then to subscribe once the month's replies are used", async () => {
    const token = await logIn()
    expect((await ask({ ip: newIp(), token })).statusCode).toBe(200)
    expectLimited(
      await ask({ ip: newIp(), token }),
      'CHAT_LIMIT_DAILY_MEMBER',
      "You've reached today's AI reply limit. Subscribe for more replies a day, or come back tomorrow.",
    )
    clock.advance(24 * 60 * 60 * 1000)
    expect((await ask({ ip: newIp(), token })).statusCode).toBe(200)
    expectLimited(
      await ask({ ip: newIp(), token }),
      'CHAT_LIMIT_MEMBER',
      "You've used all your AI replies, subscribe to get more opportunities",
    )
  })

  it('tells a subscriber to upgrade once the plan is used up', async () => {
    const token = await logIn('base')
    expect((await ask({ ip: newIp(), token })).statusCode).toBe(200)
    expect((await ask({ ip: newIp(), token })).statusCode).toBe(200)
    expectLimited(
      await ask({ ip: newIp(), token }),
      'CHAT_LIMIT_SUBSCRIBER',
      "You've used all your AI replies, upgrade your subscription for more opportunities",
    )
  })
})

describe('chat rate limit', () => {
  it('refuses more than CHAT_RATE_PER_MINUTE questions a minute from one address', async () => {
    const ip = newIp()
    const token = await logIn('base')
    const statuses: number[] = []
    for (let i = 0; i < 3; i++) statuses.push((await ask({ ip, token })).statusCode)
    // Two answered, the third refused by the quota, the fourth by the rate limit before anything else.
    expect(statuses).toEqual([200, 200, 429])
    const limited = await ask({ ip, token })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['x-error-code']).toBe('RATE_LIMITED')
  })
})
