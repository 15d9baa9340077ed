import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createManualClock } from '#server/clock.ts'
import { selectRows } from '#server/db/database.ts'
import { createCapturedSms } from '#server/testing/captured-sms.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { cleanAttributionValue } from './visit-attribution.ts'

let runtime: TestRuntime
const clock = createManualClock('2026-11-10T09:00:00Z')
const sms = createCapturedSms()

beforeAll(async () => {
  runtime = await createTestRuntime(
    {},
    {
      clock,
      smsSender: sms.sender,
    },
  )
})
afterAll(() => runtime.close())

const origin = { origin: 'http://en.localhost:3000' }
const googleSearch = 'https://www.google.com/search?q=tickerwise nvidia'

function post(url: string, body: unknown, headers: Record<string, string>, ip: string) {
  return runtime.app.inject({
    method: 'POST',
    url: `/api/portal${url}`,
    headers: { ...regionalHeaders('en'), ...origin, 'content-type': 'application/json', ...headers },
    remoteAddress: ip,
    payload: JSON.stringify(body),
  })
}

/** Registers a new number as the page does, with the attribution headers the page adds to every API call. */
async function register(mobile: string, headers: Record<string, string>, ip: string) {
  expect((await post('/member/sendCode', { country: 'HK', mobile }, headers, ip)).statusCode).toBe(200)
  const code = sms.codeSentTo(`+852${mobile}`)
  const response = await post('/member/login', { country: 'HK', mobile, code, agreed: true }, headers, ip)
  expect(response.statusCode).toBe(200)
  const cookie = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('access_token='))
  return { token: decodeURIComponent(cookie?.split(';')[0]?.split('=')[1] ?? '') }
}

async function memberAttribution(phone: string) {
  const [row] = await selectRows<{ referer: string | null; landing: string | null }>(
    runtime.database.db,
    sql`select signup_referer as referer, signup_landing as landing from members where phone = ${phone}`,
  )
  return row
}

async function storedEvent(subSessionId: string) {
  const [row] = await selectRows<{ isLoggedIn: boolean; referer: string | null; landing: string | null }>(
    runtime.database.db,
    sql`select is_logged_in as "isLoggedIn", visit_referer as referer, visit_landing as landing
        from tracking_events where sub_session_id = ${subSessionId}`,
  )
  return row
}

const readingEvent = (subSessionId: string) => ({
  eventType: 'page_view',
  subSessionId,
  pageUrl: 'http://en.localhost:3000/articles/nvidia-data-center-cycle',
})

describe('attributing sign-ups', () => {
  it('keeps where the registering visit came from, from the RefererVal and LandingVal headers', async () => {
    await register(
      '52000001',
      {
        refererval: encodeURIComponent(googleSearch),
        landingval: encodeURIComponent('/articles/nvidia-data-center-cycle?utm_source=x'),
      },
      '10.7.0.1',
    )
    expect(await memberAttribution('+85252000001')).toEqual({
      referer: googleSearch,
      landing: '/articles/nvidia-data-center-cycle?utm_source=x',
    })
  })

  it('reads the attribution cookies when the headers are missing, and never rewrites it at a later login', async () => {
    await register(
      '52000002',
      { cookie: 'landing=%2Fstocks-hot; referer=https%3A%2F%2Fnews.example%2F' },
      '10.7.0.2',
    )
    clock.set('2026-11-10T09:05:00Z') // past the one-code-a-minute limit
    await register('52000002', { landingval: encodeURIComponent('/later') }, '10.7.0.2')
    expect(await memberAttribution('+85252000002')).toEqual({
      referer: 'https://news.example/',
      landing: '/stocks-hot',
    })
  })
})

describe('reading events', () => {
  it('knows the reader is logged in from the session cookie the page cannot read', async () => {
    const { token } = await register('52000003', {}, '10.7.0.3')
    await post(
      '/track/event',
      readingEvent('attribution-0001'),
      { cookie: `access_token=${token}` },
      '10.7.0.3',
    )
    await post('/track/event', readingEvent('attribution-0002'), {}, '10.7.0.3')
    await post(
      '/track/event',
      readingEvent('attribution-0003'),
      { cookie: 'access_token=not-a-session' },
      '10.7.0.3',
    )
    expect((await storedEvent('attribution-0001'))?.isLoggedIn).toBe(true)
    expect((await storedEvent('attribution-0002'))?.isLoggedIn).toBe(false)
    expect((await storedEvent('attribution-0003'))?.isLoggedIn).toBe(false)
  })

  it('stores the visit attribution the page forwards', async () => {
    await post(
      '/track/event',
      readingEvent('attribution-0004'),
      { refererval: encodeURIComponent(googleSearch), landingval: '%2Farticles' },
      '10.7.0.4',
    )
    expect(await storedEvent('attribution-0004')).toMatchObject({
      referer: googleSearch,
      landing: '/articles',
    })
  })
})

describe('cleaning attribution values', () => {
  it('drops control characters, cuts long values and treats blanks as absent', () => {
    expect(cleanAttributionValue('/a\u0000b\u001fc')).toBe('/abc')
    expect(cleanAttributionValue('x'.repeat(900))).toHaveLength(500)
    expect(cleanAttributionValue('  ')).toBeNull()
    expect(cleanAttributionValue(undefined)).toBeNull()
  })
})
