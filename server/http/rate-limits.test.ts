import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

const limitsOfThree = {
  LOGIN_IP_LIMIT_PER_HOUR: '3',
  NEWSLETTER_RATE_PER_10_MINUTES: '3',
  SEARCH_RATE_PER_MINUTE: '3',
  STOCKS_DIAGNOSIS_RATE_PER_MINUTE: '3',
  STOCKS_SUGGEST_RATE_PER_MINUTE: '3',
}
let runtime: TestRuntime

// Redis outlives a test run: each run takes its own /24 (one in 65,000) so earlier runs' counters never meet its own.
const runNetwork = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`
let addressSeed = 0
function newAddress(): string {
  addressSeed += 1
  return `${runNetwork}.${addressSeed}`
}

let mobileSeed = 0
type Region = 'en' | 'hant'

/** Each rate-limited action a reader can take, as the browser calls it. */
const actions = {
  sendCode: (ip: string, region: Region = 'en') => {
    mobileSeed += 1
    return post(
      '/member/sendCode',
      { country: 'HK', mobile: `5230${String(mobileSeed).padStart(4, '0')}` },
      ip,
      region,
    )
  },
  newsletter: (ip: string, region: Region = 'en') =>
    post('/home/subEmail', { email: `reader${++mobileSeed}@example.com`, source: 'footer' }, ip, region),
  diagnosis: (ip: string, region: Region = 'en') =>
    get('/bizStockScore/getByCode?code=AAPL&market=us', ip, region),
  stockSuggestions: (ip: string, region: Region = 'en') => get('/bizStockScore/listStockAI?q=a', ip, region),
  searchSuggestions: (ip: string, region: Region = 'en') => get('/article/suggest?searchValue=a', ip, region),
}

function get(url: string, ip: string, region: Region, method: 'GET' | 'HEAD' = 'GET') {
  return runtime.app.inject({
    method,
    url: `/api/portal${url}`,
    headers: regionalHeaders(region),
    remoteAddress: ip,
  })
}

function post(url: string, body: unknown, ip: string, region: Region) {
  return runtime.app.inject({
    method: 'POST',
    url: `/api/portal${url}`,
    headers: { ...regionalHeaders(region), 'content-type': 'application/json' },
    remoteAddress: ip,
    payload: JSON.stringify(body),
  })
}

/** Calls until the limit of 3 is used up; answers the 4th (refused) response. */
async function exhaust(action: (ip: string) => Promise<LightMyRequestResponse>, ip: string) {
  for (let i = 0; i < 3; i++) {
    const response = await action(ip)
    expect(response.statusCode, `call ${i + 1}: ${response.body}`).toBe(200)
  }
  const refused = await action(ip)
  expect(refused.statusCode).toBe(429)
  return refused
}

const retryAfterOf = (response: LightMyRequestResponse) => Number(response.headers['retry-after'])

const backends = [
  { name: 'counted in the database', env: {} as Record<string, string>, isAvailable: true },
  {
    name: 'counted in Redis',
    env: { REDIS_URL: process.env.REDIS_URL ?? '' },
    isAvailable: !!process.env.REDIS_URL,
  },
]

describe.each(backends.filter((b) => b.isAvailable))('rate limits $name', ({ env }) => {
  beforeAll(async () => {
    runtime = await createTestRuntime({ ...limitsOfThree, ...env })
  })
  afterAll(() => runtime.close())

  describe('per-route rate limits', () => {
    it('keeps counting search suggestions apart from sending codes, the newsletter and the diagnosis', async () => {
      const ip = newAddress()
      await exhaust(actions.searchSuggestions, ip)
      for (const [name, action] of Object.entries(actions)) {
        if (name === 'searchSuggestions') continue
        expect((await action(ip)).statusCode, name).toBe(200)
      }
    })

    it('keeps counting codes apart from every other route', async () => {
      const ip = newAddress()
      await exhaust(actions.sendCode, ip)
      for (const [name, action] of Object.entries(actions)) {
        if (name === 'sendCode') continue
        expect((await action(ip)).statusCode, name).toBe(200)
      }
    })

    it('does not give a client that alternates routes more than each route’s limit', async () => {
      const ip = newAddress()
      const codes: number[] = []
      for (let i = 0; i < 5; i++) {
        codes.push((await actions.sendCode(ip)).statusCode)
        await actions.newsletter(ip)
      }
      expect(codes).toEqual([200, 200, 200, 429, 429])
    })

    it('counts HEAD with GET, so a second method does not double the diagnosis limit', async () => {
      const ip = newAddress()
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await get('/bizStockScore/getByCode?code=AAPL&market=us', ip, 'en', 'HEAD')).statusCode,
        )
        statuses.push((await actions.diagnosis(ip)).statusCode)
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(3)
    })

    it('tells a 1-minute route to come back within the minute, even after an hourly route opened a count', async () => {
      const ip = newAddress()
      expect((await actions.sendCode(ip)).statusCode).toBe(200)
      const refused = await exhaust(actions.searchSuggestions, ip)
      expect(retryAfterOf(refused)).toBeGreaterThan(0)
      expect(retryAfterOf(refused)).toBeLessThanOrEqual(60)
    })

    it('tells an hourly route to come back within the hour', async () => {
      const ip = newAddress()
      expect((await actions.searchSuggestions(ip)).statusCode).toBe(200)
      const refused = await exhaust(actions.sendCode, ip)
      expect(retryAfterOf(refused)).toBeGreaterThan(60)
      expect(retryAfterOf(refused)).toBeLessThanOrEqual(3600)
    })
  })

  describe('the 429 message', () => {
    it('says how long to wait on a 1-minute route, in the reader’s language', async () => {
      const ip = newAddress()
      const refused = await exhaust(actions.stockSuggestions, ip)
      // A window just opened has 60 s left (said as 1 minute); a later one fewer seconds.
      const english = (seconds: number) => (seconds === 60 ? '1 minute' : `${seconds} seconds`)
      expect(refused.headers['x-error-code']).toBe('RATE_LIMITED')
      expect(refused.json()).toMatchObject({
        code: 429,
        data: null,
        error: 'RATE_LIMITED',
        message: `Too many requests. Please try again in ${english(retryAfterOf(refused))}.`,
      })
      const chinese = await actions.stockSuggestions(ip, 'hant')
      const seconds = retryAfterOf(chinese)
      expect(chinese.json().message).toBe(
        `請求過於頻繁，請於 ${seconds === 60 ? '1 分鐘' : `${seconds} 秒`}後再試。`,
      )
    })

    it('says minutes for an hourly route', async () => {
      const ip = newAddress()
      const refused = await exhaust(actions.sendCode, ip)
      const minutes = Math.ceil(retryAfterOf(refused) / 60)
      expect(minutes).toBeGreaterThan(1)
      expect(refused.json().message).toBe(`Too many requests. Please try again in ${minutes} minutes.`)
      const chinese = await actions.sendCode(ip, 'hant')
      expect(chinese.json().message).toBe(
        `請求過於頻繁，請於 ${Math.ceil(retryAfterOf(chinese) / 60)} 分鐘後再試。`,
      )
    })
  })
})
