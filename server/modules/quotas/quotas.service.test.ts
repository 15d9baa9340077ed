import { randomUUID } from 'node:crypto'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuotaKind, Tier } from '#contracts/accounts.ts'
import { createManualClock } from '#server/clock.ts'
import { AppError } from '#server/http/app-error.ts'
import { registerErrorHandling } from '#server/http/error-handler.ts'
import type { Reader } from '#server/modules/accounts/reader.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

const clock = createManualClock('2026-11-10T08:00:00Z')
let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime(
    {
      QUOTA_DIAGNOSIS_VISITOR_DAILY: '3',
      QUOTA_DIAGNOSIS_MEMBER_MONTHLY: '5',
      QUOTA_DIAGNOSIS_DAILY: '100',
      QUOTA_CHAT_DAILY: '4',
      QUOTA_VISITOR_NETWORK_DAILY: '7',
    },
    { clock },
  )
})
afterAll(() => runtime.close())

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

describe('diagnosis quotas by role and tier', () => {
  it('gives a visitor the configured attempts a day, then asks them to log in, and more the next day', async () => {
    const reader = visitor()
    expect(await exhaust(reader)).toEqual({ used: 3, code: 'DIAGNOSIS_LIMIT_VISITOR' })
    clock.advance(24 * 60 * 60 * 1000)
    try {
      expect(await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).toMatchObject({
        monthlyLimit: null,
        dailyLimit: 3,
        remaining: 3,
      })
      expect(await exhaust(reader)).toEqual({ used: 3, code: 'DIAGNOSIS_LIMIT_VISITOR' })
    } finally {
      clock.set('2026-11-10T08:00:00Z')
    }
  })

  it('gives a member without subscription the configured attempts, then asks them to subscribe', async () => {
    expect(await exhaust(member())).toEqual({ used: 5, code: 'DIAGNOSIS_LIMIT_MEMBER' })
  })

  it('gives Base 20, Plus 30 and Premium 60 a month, then asks subscribers to upgrade', async () => {
    expect(await exhaust(member('base'))).toEqual({ used: 20, code: 'DIAGNOSIS_LIMIT_SUBSCRIBER' })
    expect(await exhaust(member('plus'))).toEqual({ used: 30, code: 'DIAGNOSIS_LIMIT_SUBSCRIBER' })
    expect(await exhaust(member('premium'))).toEqual({ used: 60, code: 'DIAGNOSIS_LIMIT_SUBSCRIBER' })
  })

  it('keeps the month’s count when a member subscribes or upgrades', async () => {
    const memberId = randomUUID()
    expect(await exhaust(member(null, memberId))).toEqual({ used: 5, code: 'DIAGNOSIS_LIMIT_MEMBER' })
    const status = await runtime.services.quotas.peek({ reader: member('base', memberId), kind: 'diagnosis' })
    expect(status).toMatchObject({ role: 'subscriber', tier: 'base', monthlyLimit: 20, monthlyRemaining: 15 })
  })

  it('answers what is left without using anything', async () => {
    const reader = member('plus')
    await runtime.services.quotas.consume({ reader, kind: 'diagnosis' })
    const first = await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })
    const second = await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })
    expect(first).toEqual(second)
    expect(first).toMatchObject({
      monthlyLimit: 30,
      monthlyRemaining: 29,
      dailyLimit: 100,
      dailyRemaining: 99,
      remaining: 29,
    })
  })

  it('starts a new month with a full allowance', async () => {
    const reader = member()
    await exhaust(reader)
    clock.set('2026-12-01T00:00:01Z')
    try {
      expect((await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).remaining).toBe(5)
    } finally {
      clock.set('2026-11-10T08:00:00Z')
    }
  })

  it('gives a use back when the caller refunds it', async () => {
    const reader = member()
    const taken = await runtime.services.quotas.consume({ reader, kind: 'diagnosis' })
    expect(taken.monthlyRemaining).toBe(4)
    await runtime.services.quotas.refund(taken.receipt)
    expect((await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).monthlyRemaining).toBe(5)
  })

  it('stops visitors who clear their cookies at the network’s daily ceiling', async () => {
    const network = `net-${randomUUID()}`
    let served = 0
    let lastCode = ''
    for (let device = 0; device < 5; device++) {
      const result = await exhaust(visitor(network))
      served += result.used
      lastCode = result.code
    }
    expect(served).toBe(7)
    expect(lastCode).toBe('DIAGNOSIS_LIMIT_VISITOR')
    expect(
      (await runtime.services.quotas.peek({ reader: visitor(network), kind: 'diagnosis' })).remaining,
    ).toBe(0)
    clock.advance(24 * 60 * 60 * 1000)
    try {
      expect(
        (await runtime.services.quotas.peek({ reader: visitor(network), kind: 'diagnosis' })).remaining,
      ).toBe(3)
    } finally {
      clock.set('2026-11-10T08:00:00Z')
    }
  })
})

describe('daily caps', () => {
  it('stops everyone at the daily cap and lets them in again the next day', async () => {
    const reader = member('premium')
    expect(await exhaust(reader, 'chat')).toEqual({ used: 4, code: 'CHAT_LIMIT_DAILY' })
    clock.advance(24 * 60 * 60 * 1000)
    try {
      const status = await runtime.services.quotas.consume({ reader, kind: 'chat' })
      expect(status).toMatchObject({
        monthlyLimit: null,
        monthlyRemaining: null,
        dailyRemaining: 3,
        remaining: 3,
      })
    } finally {
      clock.set('2026-11-10T08:00:00Z')
    }
  })

  it('names the daily limit when the month still has attempts left', async () => {
    const daily = await createTestRuntime({ QUOTA_DIAGNOSIS_DAILY: '2' }, { clock })
    try {
      const reader = member('premium')
      await daily.services.quotas.consume({ reader, kind: 'diagnosis' })
      await daily.services.quotas.consume({ reader, kind: 'diagnosis' })
      await expect(daily.services.quotas.consume({ reader, kind: 'diagnosis' })).rejects.toMatchObject({
        kind: 'limited',
        code: 'DIAGNOSIS_LIMIT_DAILY',
      })
    } finally {
      await daily.close()
    }
  })

  it('refuses at once when a limit is configured as zero', async () => {
    const none = await createTestRuntime({ QUOTA_DIAGNOSIS_VISITOR_DAILY: '0' }, { clock })
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
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'DIAGNOSIS_LIMIT_MEMBER' })
    const remaining = served.map(
      (r) => (r as PromiseFulfilledResult<{ monthlyRemaining: number }>).value.monthlyRemaining,
    )
    expect(remaining.sort()).toEqual([0, 1, 2, 3, 4])
    expect((await runtime.services.quotas.peek({ reader, kind: 'diagnosis' })).monthlyRemaining).toBe(0)
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

  it('words the daily limits exactly as the specification', async () => {
    const { translateErrorCode } = await import('#server/http/error-handler.ts')
    expect(translateErrorCode('DIAGNOSIS_LIMIT_DAILY', 'en')).toBe(
      "You've reached today's diagnosis limit, please come back tomorrow",
    )
    expect(translateErrorCode('CHAT_LIMIT_DAILY', 'en')).toBe(
      "You've reached today's AI reply limit. Please come back tomorrow.",
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
      monthlyLimit: null,
      dailyLimit: 3,
      remaining: 3,
    })
    expect(response.headers['set-cookie']).toEqual(expect.stringMatching(/^tw_device=[\w-]{22};.*HttpOnly/))
  })

  it('refuses an unknown feature without a server error', async () => {
    const response = await runtime.app.inject({ method: 'GET', url: '/api/portal/member/quota?kind=stocks' })
    expect(response.statusCode).toBe(400)
  })
})
