/**
 * Property: whatever arrives at the account endpoints — any JSON value, any text, any header — the answer is an
 * envelope with a 2xx or 4xx status, never a server error.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'

let runtime: TestRuntime
beforeAll(async () => {
  // The outbox (a test endpoint) is fuzzed too.
  runtime = await createTestRuntime({ LOGIN_IP_LIMIT_PER_HOUR: '100000', TEST_ENDPOINTS: 'loopback' })
})
afterAll(() => runtime.close())

const region = fc.constantFrom('en', 'hant', 'hk', 'kr', 'jp')
const lang = fc.option(fc.constantFrom('en', 'hk', 'zh-TW', '', 'xx'), { nil: undefined })

/** Bodies close to valid ones (so validation is passed and deeper code runs) and arbitrary ones. */
const loginLike = fc.record(
  {
    country: fc.oneof(fc.constantFrom('HK', 'US', 'TW', 'JP', 'KR', 'CN', 'SG'), fc.string(), fc.integer()),
    mobile: fc.oneof(
      fc.stringMatching(/^[569]\d{7}$/),
      fc.string({ maxLength: 40 }),
      fc.integer(),
      fc.constant(null),
    ),
    code: fc.oneof(
      fc.stringMatching(/^\d{6}$/),
      fc.string({ maxLength: 12 }),
      fc.integer(),
      fc.constant(null),
    ),
    agreed: fc.oneof(fc.boolean(), fc.string(), fc.constant(null)),
  },
  { requiredKeys: [] },
)
const body = fc.oneof(
  loginLike.map((value) => JSON.stringify(value)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string({ maxLength: 200 }),
)

function expectNoServerError(statusCode: number, payload: string, context: unknown) {
  expect(statusCode, JSON.stringify(context)).toBeGreaterThanOrEqual(200)
  expect(statusCode, JSON.stringify(context)).toBeLessThan(500)
  expect(() => JSON.parse(payload)).not.toThrow()
}

describe('account endpoints under random input', () => {
  it('never answer a server error to POST /member/sendCode or /member/login', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/member/sendCode', '/member/login'),
        body,
        region,
        lang,
        fc.ipV4(),
        async (path, payload, site, language, ip) => {
          const response = await runtime.app.inject({
            method: 'POST',
            url: `/api/portal${path}`,
            headers: {
              host: `${site}.localhost:3000`,
              'content-type': 'application/json',
              ...(language === undefined ? {} : { lang: language }),
            },
            remoteAddress: ip,
            payload,
          })
          expectNoServerError(response.statusCode, response.body, { path, payload })
        },
      ),
      { numRuns: 300 },
    )
  })

  it('never answer a server error to member info, logout or quota, whatever the token and query', async () => {
    const token = fc.oneof(fc.string({ maxLength: 80 }), fc.stringMatching(/^[\w-]{43}$/), fc.constant(''))
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'GET /home/memberInfo',
          'DELETE /token/logout',
          'GET /member/quota',
          'GET /dev/sms-outbox',
        ),
        token,
        fc.boolean(),
        fc.dictionary(fc.constantFrom('kind', 'phone', 'x'), fc.string({ maxLength: 30 })),
        async (route, value, asCookie, query) => {
          const [method = 'GET', path = '/'] = route.split(' ')
          const headers: Record<string, string> = {
            host: 'en.localhost:3000',
            origin: 'http://en.localhost:3000',
          }
          const safeHeader = value.replace(/[^\x21-\x7e]/g, '')
          if (asCookie)
            headers.cookie = `access_token=${encodeURIComponent(value)}; tw_device=${encodeURIComponent(value)}`
          else if (safeHeader) headers['x-token'] = safeHeader
          const response = await runtime.app.inject({
            method: method as 'GET' | 'DELETE',
            url: `/api/portal${path}?${new URLSearchParams(query).toString()}`,
            headers,
          })
          expectNoServerError(response.statusCode, response.body, { route, value, query })
        },
      ),
      { numRuns: 300 },
    )
  })
})
