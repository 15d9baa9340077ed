import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuotaKind, Tier } from '#contracts/accounts.ts'
import { createManualClock } from '#server/clock.ts'
import { AppError } from '#server/http/app-error.ts'
import { registerErrorHandling } from '#server/http/error-handler.ts'
import type { Reader } from '#server/kernel/reader.ts'
import type { QuotaRung } from '#server/modules/quotas/quota-ladder.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clock = createManualClock('2026-11-10T08:00:00Z')
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      // Small, distinct numbers per rung, so each refusal is reached in a few uses and tells which rung it was.
      QUOTA_DIAGNOSIS_PER_DAY: '3,5,8,12,16',
      QUOTA_DIAGNOSIS_PER_MONTH: '6,10',
      QUOTA_CHAT_PER_DAY: '2,3,4,5,6',
      QUOTA_CHAT_PER_MONTH: '4,6,8,10,12',
      // A network's visitors may use two visitors' daily allowances: 6 diagnoses, 4 replies.
      QUOTA_VISITORS_PER_NETWORK: '2',
    },
    { clock },
  )
})
afterAll(() => runtime.close())

const dayMs = 24 * 60 * 60 * 1000
const start = '2026-11-10T08:00:00Z'

function visitor(network: string | null = null): Reader {
  return {
    role: 'visitor',
    memberId: null,
    tier: null,
    sessionId: null,
    device: { key: randomUUID(), network },
  }
}

function member(tier: Tier | null = null, memberId = randomUUID()): Reader {
  return {
    role: tier ? 'subscriber' : 'member',
    memberId,
    tier,
    sessionId: randomUUID(),
    device: { key: randomUUID(), network: null },
  }
}

function readerOn(rung: QuotaRung): Reader {
  if (rung === 'visitor') return visitor()
  return rung === 'member' ? member() : member(rung)
}

async function exhaust(
  reader: Reader,
  kind: QuotaKind = 'diagnosis',
): Promise<{ used: number; code: string }> {
  for (let used = 0; used < 500; used++) {
    try {
      await runtime.services.quotas.consume({ reader, kind })
    } catch (error) {
      if (error instanceof AppError && error.kind === 'limited') return { used, code: error.code }
      throw error
    }
  }
  throw new Error('never limited')
}

/** Uses everything the reader may, day after day, until the month is used up; what each day allowed. */
async function spendMonth(reader: Reader, kind: QuotaKind): Promise<Array<{ used: number; code: string }>> {
  const days: Array<{ used: number; code: string }> = []
  try {
    for (let day = 0; day < 31; day++) {
      const result = await exhaust(reader, kind)
      days.push(result)
      if (result.used === 0) break
      clock.advance(dayMs)
    }
  } finally {
    clock.set(start)
  }
  return days
}

const rungCases: Array<{
  kind: QuotaKind
  rung: QuotaRung
  daily: number
  monthly: number
  dayCode: string
  monthCode: string
}> = [
  {
    kind: 'diagnosis',
    rung: 'visitor',
    daily: 3,
    monthly: 6,
    dayCode: 'DIAGNOSIS_LIMIT_VISITOR',
    monthCode: 'DIAGNOSIS_LIMIT_VISITOR',
  },
  {
    kind: 'diagnosis',
    rung: 'member',
    daily: 5,
    monthly: 10,
    dayCode: 'DIAGNOSIS_LIMIT_DAILY_MEMBER',
    monthCode: 'DIAGNOSIS_LIMIT_MEMBER',
  },
  {
    kind: 'diagnosis',
    rung: 'base',
    daily: 8,
    monthly: 20,
    dayCode: 'DIAGNOSIS_LIMIT_DAILY_SUBSCRIBER',
    monthCode: 'DIAGNOSIS_LIMIT_SUBSCRIBER',
  },
  {
    kind: 'diagnosis',
    rung: 'plus',
    daily: 12,
    monthly: 30,
    dayCode: 'DIAGNOSIS_LIMIT_DAILY_SUBSCRIBER',
    monthCode: 'DIAGNOSIS_LIMIT_SUBSCRIBER',
  },
  {
    kind: 'diagnosis',
    rung: 'premium',
    daily: 16,
    monthly: 60,
    dayCode: 'DIAGNOSIS_LIMIT_DAILY',
    monthCode: 'DIAGNOSIS_LIMIT_SUBSCRIBER',
  },
  {
    kind: 'chat',
    rung: 'visitor',
    daily: 2,
    monthly: 4,
    dayCode: 'CHAT_LIMIT_VISITOR',
    monthCode: 'CHAT_LIMIT_VISITOR',
  },
  {
    kind: 'chat',
    rung: 'member',
    daily: 3,
    monthly: 6,
    dayCode: 'CHAT_LIMIT_DAILY_MEMBER',
    monthCode: 'CHAT_LIMIT_MEMBER',
  },
  {
    kind: 'chat',
    rung: 'base',
    daily: 4,
    monthly: 8,
    dayCode: 'CHAT_LIMIT_DAILY_SUBSCRIBER',
    monthCode: 'CHAT_LIMIT_SUBSCRIBER',
  },
  {
    kind: 'chat',
    rung: 'plus',
    daily: 5,
    monthly: 10,
    dayCode: 'CHAT_LIMIT_DAILY_SUBSCRIBER',
    monthCode: 'CHAT_LIMIT_SUBSCRIBER',
  },
  {
    kind: 'chat',
    rung: 'premium',
    daily: 6,
    monthly: 12,
    dayCode: 'CHAT_LIMIT_DAILY',
    monthCode: 'CHAT_LIMIT_SUBSCRIBER',
  },
]

describe('allowances by rung, a day and a month', () => {
  it.each(rungCases)(
    'gives a $rung $daily $kind uses a day and $monthly a month, each refusal with its message',
    async ({ kind, rung, daily, monthly, dayCode, monthCode }) => {
      const days = await spendMonth(readerOn(rung), kind)
      const full = Math.floor(monthly / daily)
      const rest = monthly % daily
      const expected = [
        ...Array.from({ length: full }, () => ({ used: daily, code: dayCode })),
        ...(rest > 0 ? [{ used: rest, code: monthCode }] : []),
        { used: 0, code: monthCode },
      ]
      // The day that uses up the month refuses with the month's message (tomorrow would not help).
      if (rest === 0) expected[full - 1] = { used: daily, code: monthCode }
      expect(days).toEqual(expected)
    },
  )

  it('gives Base 20, Plus 30 and Premium 60 diagnoses a month, whatever else is configured', async () => {
    for (const [tier, monthly] of [
      ['base', 20],
      ['plus', 30],
      ['premium', 60],
    ] as const) {
      expect(await runtime.services.quotas.peek({ reader: member(tier), kind: 'diagnosis' })).toMatchObject({
        monthlyLimit: monthly,
        monthlyRemaining: monthly,
      })
    }
  })

  it('gives a visitor a new day’s attempts the next day, within the month', async () => {
    const reader = visitor()
    expect(await exhaust(reader)).toEqual({ used: 3, code: 'DIAGNOSIS_LIMIT_VISITOR' })
    clock.advance(dayMs)
    try {
      expect(await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).toMatchObject({
        monthlyLimit: 6,
        monthlyRemaining: 3,
        dailyLimit: 3,
        remaining: 3,
        limitedBy: null,
      })
    } finally {
      clock.set(start)
    }
  })

  it('keeps the month’s count when a member subscribes or upgrades', async () => {
    const memberId = randomUUID()
    for (let i = 0; i < 3; i++)
      await runtime.services.quotas.consume({ reader: member(null, memberId), kind: 'diagnosis' })
    const status = await runtime.services.quotas.peek({ reader: member('base', memberId), kind: 'diagnosis' })
    expect(status).toMatchObject({ role: 'subscriber', tier: 'base', monthlyLimit: 20, monthlyRemaining: 17 })
  })

  it('answers what is left without using anything, and which limit stops the next use', async () => {
    const reader = member('plus')
    await runtime.services.quotas.consume({ reader, kind: 'diagnosis' })
    const first = await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })
    const second = await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })
    expect(first).toEqual(second)
    expect(first).toMatchObject({
      monthlyLimit: 30,
      monthlyRemaining: 29,
      dailyLimit: 12,
      dailyRemaining: 11,
      remaining: 11,
      limitedBy: null,
    })
    await exhaust(reader)
    expect((await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).limitedBy).toBe('day')
  })

  it('starts a new month with a full allowance', async () => {
    const reader = member()
    await exhaust(reader)
    clock.set('2026-12-01T00:00:01Z')
    try {
      expect((await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).remaining).toBe(5)
    } finally {
      clock.set(start)
    }
  })

  it('gives a use back when the caller refunds it', async () => {
    const reader = member()
    const taken = await runtime.services.quotas.consume({ reader, kind: 'diagnosis' })
    expect(taken.monthlyRemaining).toBe(9)
    await runtime.services.quotas.refund(taken.receipt)
    expect((await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).monthlyRemaining).toBe(10)
  })

  it('refuses at once when a rung’s limit is configured as zero', async () => {
    const none = await createTestRuntime({ QUOTA_DIAGNOSIS_PER_DAY: '0,5,10,15,30' }, { clock })
    try {
      await expect(
        none.services.quotas.consume({ reader: visitor(), kind: 'diagnosis' }),
      ).rejects.toMatchObject({
        code: 'DIAGNOSIS_LIMIT_VISITOR',
      })
    } finally {
      await none.close()
    }
  })
})

describe('the visitors’ network ceiling', () => {
  it('stops visitors who clear their cookies once the network used its visitors’ allowances', async () => {
    const network = `net-${randomUUID()}`
    const results = []
    for (let device = 0; device < 4; device++) results.push(await exhaust(visitor(network)))
    expect(results).toEqual([
      { used: 3, code: 'DIAGNOSIS_LIMIT_VISITOR' },
      { used: 3, code: 'DIAGNOSIS_LIMIT_VISITOR' },
      { used: 0, code: 'DIAGNOSIS_LIMIT_NETWORK' },
      { used: 0, code: 'DIAGNOSIS_LIMIT_NETWORK' },
    ])
    clock.advance(dayMs)
    try {
      expect(
        (await runtime.services.quotas.peek({ reader: visitor(network), kind: 'diagnosis' })).remaining,
      ).toBe(3)
    } finally {
      clock.set(start)
    }
  })

  it('tells a visitor who used nothing that it is their network, with their own allowance untouched', async () => {
    const network = `net-${randomUUID()}`
    await exhaust(visitor(network), 'chat')
    await exhaust(visitor(network), 'chat')
    const newcomer = visitor(network)
    expect(await runtime.services.quotas.peek({ reader: newcomer, kind: 'chat' })).toMatchObject({
      role: 'visitor',
      dailyRemaining: 2,
      monthlyRemaining: 4,
      remaining: 0,
      limitedBy: 'network',
    })
    await expect(runtime.services.quotas.consume({ reader: newcomer, kind: 'chat' })).rejects.toMatchObject({
      kind: 'limited',
      code: 'CHAT_LIMIT_NETWORK',
    })
    // The device's own refusal still asks it to log in, and the diagnoses' ceiling is counted apart.
    expect(await exhaust(newcomer)).toEqual({ used: 3, code: 'DIAGNOSIS_LIMIT_VISITOR' })
  })

  it('does not hold a logged-in reader on that network back', async () => {
    const network = `net-${randomUUID()}`
    for (let device = 0; device < 3; device++) await exhaust(visitor(network))
    const reader = { ...member(), device: { key: randomUUID(), network } }
    await expect(runtime.services.quotas.consume({ reader, kind: 'diagnosis' })).resolves.toMatchObject({
      remaining: 4,
    })
  })
})

describe('counting under concurrent requests', () => {
  it('never spends more than the allowance when many requests arrive at once', async () => {
    const reader = member()
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () => runtime.services.quotas.consume({ reader, kind: 'diagnosis' })),
    )
    const served = results.filter((r) => r.status === 'fulfilled')
    const refused = results.filter((r) => r.status === 'rejected')
    expect(served).toHaveLength(5)
    expect(refused).toHaveLength(20)
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'DIAGNOSIS_LIMIT_DAILY_MEMBER' })
    const remaining = served.map((r) => (r as PromiseFulfilledResult<{ remaining: number }>).value.remaining)
    expect(remaining.sort()).toEqual([0, 1, 2, 3, 4])
    expect((await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).monthlyRemaining).toBe(5)
  })

  it('counts a first use once when it races against itself', async () => {
    const reader = visitor(`net-${randomUUID()}`)
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => runtime.services.quotas.consume({ reader, kind: 'diagnosis' })),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
  })
})

describe('quota messages', () => {
  it('answers 429 with the exact sentence for each role, in English and Traditional Chinese', async () => {
    const app = Fastify()
    registerErrorHandling(app)
    const readers: Record<string, Reader> = {
      visitor: visitor(),
      member: member(),
      subscriber: member('base'),
    }
    // A member's and a subscriber's own refusal is the month's (within a month, it would be today's cap).
    await spendMonth(readers.member as Reader, 'diagnosis')
    await spendMonth(readers.subscriber as Reader, 'diagnosis')
    app.post<{ Params: { role: string } }>('/use/:role', async (request) => {
      const reader = readers[request.params.role] as Reader
      for (;;) await runtime.services.quotas.consume({ reader, kind: 'diagnosis' })
    })
    await app.ready()
    const expected = {
      visitor: [
        'No more diagnosis attempts available, log in to get more',
        '診斷次數已用完，登入即可獲得更多次數',
      ],
      member: [
        "You've used all your diagnosis attempts, subscribe to get more opportunities",
        '您的診斷次數已用完，訂閱即可獲得更多機會',
      ],
      subscriber: [
        "You've used all your diagnosis attempts, upgrade your subscription for more opportunities",
        '您的診斷次數已用完，升級訂閱方案即可獲得更多機會',
      ],
    }
    for (const [role, [en, zh]] of Object.entries(expected)) {
      const english = await app.inject({ method: 'POST', url: `/use/${role}`, headers: { lang: 'en' } })
      expect(english.statusCode).toBe(429)
      expect(english.headers['x-error-code']).toBe(`DIAGNOSIS_LIMIT_${role.toUpperCase()}`)
      expect(english.json()).toMatchObject({ code: 429, data: null, message: en })
      const chinese = await app.inject({ method: 'POST', url: `/use/${role}`, headers: { lang: 'hk' } })
      expect(chinese.json().message).toBe(zh)
    }
    await app.close()
  })

  it('says why a visitor who used nothing is refused on a shared network, in both languages', async () => {
    const { translateErrorCode } = await import('#server/http/error-handler.ts')
    expect(translateErrorCode('DIAGNOSIS_LIMIT_NETWORK', 'en')).toBe(
      'Many people share your internet connection, and its free diagnoses for visitors are used up today. Log in to get your own attempts.',
    )
    expect(translateErrorCode('DIAGNOSIS_LIMIT_NETWORK', 'zh-Hant')).toBe(
      '許多人共用您目前的網路連線，此連線今日的訪客免費診斷次數已用完。登入即可獲得您自己的診斷次數。',
    )
    expect(translateErrorCode('CHAT_LIMIT_NETWORK', 'en')).toMatch(
      /^Many people share your internet connection/,
    )
    expect(translateErrorCode('CHAT_LIMIT_SUBSCRIBER', 'en')).toBe(
      "You've used all your AI replies, upgrade your subscription for more opportunities",
    )
  })

  it('words the daily limits exactly as the specification', async () => {
    const { translateErrorCode } = await import('#server/http/error-handler.ts')
    expect(translateErrorCode('DIAGNOSIS_LIMIT_DAILY', 'en')).toBe(
      "You've reached today's diagnosis limit, please come back tomorrow",
    )
    expect(translateErrorCode('CHAT_LIMIT_DAILY', 'en')).toBe(
      "You've reached today's AI reply limit. Please come back tomorrow.",
    )
  })

  it('offers the plan with more a day to a member or subscriber below the top of the ladder', async () => {
    const { translateErrorCode } = await import('#server/http/error-handler.ts')
    expect(translateErrorCode('CHAT_LIMIT_DAILY_MEMBER', 'en')).toMatch(/Subscribe for more replies a day/)
    expect(translateErrorCode('CHAT_LIMIT_DAILY_SUBSCRIBER', 'zh-Hant')).toMatch(/升級方案/)
    expect(translateErrorCode('DIAGNOSIS_LIMIT_DAILY_SUBSCRIBER', 'en')).toMatch(
      /Upgrade for more attempts a day/,
    )
  })
})

describe('GET /member/quota', () => {
  it('shows a visitor what is left for their device', async () => {
    const response = await runtime.app.inject({
      method: 'GET',
      url: '/api/portal/member/quota?kind=diagnosis',
      headers: { host: 'en.localhost:3000' },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json().data).toMatchObject({
      kind: 'diagnosis',
      role: 'visitor',
      monthlyLimit: 6,
      dailyLimit: 3,
      remaining: 3,
      limitedBy: null,
    })
    expect(response.headers['set-cookie']).toEqual(expect.stringMatching(/^tw_device=[\w-]{22};.*HttpOnly/))
  })

  it('refuses an unknown feature without a server error', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/portal/member/quota?kind=stocks' })
    expect(response.statusCode).toBe(400)
  })
})
