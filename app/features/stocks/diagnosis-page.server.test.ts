import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { loadDiagnosisPage } from './diagnosis-page.server.ts'

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'
const crawler = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime({ QUOTA_DIAGNOSIS_PER_DAY: '3,5,21,21,21' })
}, 120_000)
afterAll(async () => {
  await runtime?.close()
})

/** The page's data as its loader answers a document request. */
async function loadPage(
  query: string,
  { cookie, userAgent = browser }: { cookie?: string; userAgent?: string },
) {
  const request = new Request(`http://en.localhost/ai-stock-diagnosis${query}`, {
    headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) },
  })
  const answer = await loadDiagnosisPage(request, {
    services: runtime.services,
    config: runtime.config,
    locale: 'en',
    log: pino({ level: 'silent' }),
    clientIp: '203.0.113.7',
    hostname: 'en.localhost',
  })
  const headers = new Headers(answer.init?.headers)
  return { page: answer.data, status: answer.init?.status, setCookies: headers.getSetCookie() }
}

describe('a visitor’s first diagnosis', () => {
  it('comes with the page, with the device cookie it is counted on', async () => {
    const first = await loadPage('?code=AAPL&market=us', {})
    expect(first.status).toBe(200)
    expect(first.page.state.kind).toBe('result')
    expect(first.page.attempts).toEqual({ count: 2, period: 'day' })
    expect(first.setCookies).toHaveLength(1)
    expect(first.setCookies[0]).toMatch(
      /^tw_device=[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; SameSite=Lax; HttpOnly$/,
    )

    // The browser sends it back: the same stock the same day costs nothing more, and no new device is issued.
    const device = first.setCookies[0]?.split(';')[0]
    const again = await loadPage('?code=AAPL&market=us', { cookie: device })
    expect(again.page.state.kind).toBe('result')
    expect(again.page.attempts).toEqual({ count: 2, period: 'day' })
    expect(again.setCookies).toEqual([])
    const next = await loadPage('?code=MSFT&market=us', { cookie: device })
    expect(next.page.attempts).toEqual({ count: 1, period: 'day' })
  })

  it('leaves a crawler, which keeps no cookies, in the preparing state without counting anything', async () => {
    const page = await loadPage('?code=AAPL&market=us', { userAgent: crawler })
    expect(page.status).toBe(200)
    expect(page.page.state.kind).toBe('preparing')
    expect(page.setCookies).toEqual([])
  })

  it('issues no device for the empty page or a query it cannot diagnose', async () => {
    const idle = await loadPage('', {})
    expect(idle.page.state.kind).toBe('idle')
    expect(idle.page.attempts).toBeNull()
    expect(idle.setCookies).toEqual([])
    const invalid = await loadPage('?code=AAPL&market=xx', {})
    expect(invalid.status).toBe(400)
    expect(invalid.setCookies).toEqual([])
  })
})
