import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

describe('the HTTP host', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime()
  })
  afterAll(() => runtime.close())

  it('tells the browser the current build id at the API root', async () => {
    const response = await runtime.app.inject({ url: '/api/portal', headers: regionalHeaders() })
    expect(response.json()).toEqual({ code: 200, data: { buildId: 'test-build' } })
  })

  it('serves the API under /portal too in the develop environment', async () => {
    const response = await runtime.app.inject({ url: '/portal/home/listMenu', headers: regionalHeaders() })
    expect(response.statusCode).toBe(200)
    expect(response.json().code).toBe(200)
  })

  it('answers unknown API paths with a 404 envelope in the reader language', async () => {
    const response = await runtime.app.inject({
      url: '/api/portal/nothing/here',
      headers: regionalHeaders('hk'),
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({
      code: 404,
      data: null,
      error: 'NOT_FOUND',
      message: '糟糕！您要找的頁面不存在',
    })
  })

  it('keeps a well-formed incoming request id and makes one otherwise', async () => {
    const kept = await runtime.app.inject({
      url: '/api/portal',
      headers: { ...regionalHeaders(), 'x-request-id': 'edge-1234abcd' },
    })
    expect(kept.headers['x-request-id']).toBe('edge-1234abcd')
    const made = await runtime.app.inject({
      url: '/api/portal',
      headers: { ...regionalHeaders(), 'x-request-id': 'bad id <script>' },
    })
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('sends security headers with API answers', async () => {
    const response = await runtime.app.inject({
      url: '/api/portal/home/listMenu',
      headers: regionalHeaders(),
    })
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'")
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })
})

describe('the HTTP host in production', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime({
      APP_ENV: 'production',
      SITE_URL_PATTERN: 'https://{region}.tickerwise.example',
      // Production refuses the development SMS adapter and the development secret.
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC00000000000000000000000000000000',
      TWILIO_AUTH_TOKEN: 'test-token',
      TWILIO_FROM: '+15005550006',
      MAIL_PROVIDER: 'smtp',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    })
  })
  afterAll(() => runtime.close())

  it('does not serve /portal outside the develop environment', async () => {
    const response = await runtime.app.inject({
      url: '/portal/home/listMenu',
      headers: { host: 'en.tickerwise.example' },
    })
    expect(response.statusCode).toBe(404)
  })

  it('asks browsers to keep to https when the site is served over https', async () => {
    const response = await runtime.app.inject({
      url: '/api/portal',
      headers: { host: 'en.tickerwise.example' },
    })
    expect(String(response.headers['strict-transport-security'])).toContain('max-age=')
  })
})
