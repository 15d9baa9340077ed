import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '#server/db/database.ts'
import { createCapturedSms } from '#server/testing/captured-sms.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

let runtime: TestRuntime
const sms = createCapturedSms()
beforeAll(async () => {
  runtime = await createTestRuntime(
    {},
    {
      smsSender: sms.sender,
    },
  )
})
afterAll(() => runtime.close())

const googleSearch = 'https://www.google.com/search?q=tsmc+dividend'

function report(
  body: unknown,
  options: { cookie?: string; ip?: string; region?: 'en' | 'hant'; raw?: boolean } = {},
) {
  const region = options.region ?? 'en'
  return runtime.app.inject({
    method: 'POST',
    url: '/api/portal/track/visit',
    headers: {
      ...regionalHeaders(region),
      origin: `http://${region}.localhost:3000`,
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    remoteAddress: options.ip ?? '10.9.0.1',
    payload: options.raw ? (body as string) : JSON.stringify(body),
  })
}

/** The visit cookies an answer set, by name (the device cookie every API answer may set is left out). */
function visitCookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const header = response.headers['set-cookie']
  const lines = Array.isArray(header) ? header : header ? [header] : []
  return Object.fromEntries(
    lines
      .filter((line) => !line.startsWith('tw_device='))
      .map((line) => {
        const [pair = ''] = line.split(';')
        const at = pair.indexOf('=')
        return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))]
      }),
  )
}

/** The Cookie header a browser would send after these answers. */
function cookieHeaderOf(...cookies: Array<Record<string, string>>): string {
  return Object.entries(Object.assign({}, ...cookies))
    .map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    .join('; ')
}

describe('POST /track/visit', () => {
  it('sets the visit’s referrer, landing page, search keyword and region once, never cached', async () => {
    const first = await report({ landing: '/articles/x?utm=mail', referrer: googleSearch })
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(visitCookiesOf(first)).toEqual({
      landing: '/articles/x?utm=mail',
      referer: googleSearch,
      searchKey: 'tsmc dividend',
      i18n_redirected: 'en',
    })
    expect(first.json().data.recorded.sort()).toEqual(['i18n_redirected', 'landing', 'referer', 'searchKey'])
    const lines = [first.headers['set-cookie']].flat().join('\n')
    expect(lines).toMatch(/landing=[^\n]*Max-Age=3600/)
    expect(lines).toMatch(/i18n_redirected=[^\n]*Max-Age=31536000/)

    // The same visit reporting again (another tab, a reload) earns nothing new.
    const again = await report(
      { landing: '/about-us', referrer: 'https://news.example/story' },
      { cookie: cookieHeaderOf(visitCookiesOf(first)) },
    )
    expect(again.statusCode).toBe(200)
    expect(visitCookiesOf(again)).toEqual({})
    expect(again.json().data.recorded).toEqual([])
  })

  it('never replaces the first touch, but fills in an external referrer the visit did not have', async () => {
    const direct = await report({ landing: '/stocks-hot', referrer: '' })
    expect(visitCookiesOf(direct)).toEqual({ landing: '/stocks-hot', i18n_redirected: 'en' })
    const fromSearch = await report(
      { landing: '/about-us', referrer: googleSearch },
      { cookie: cookieHeaderOf(visitCookiesOf(direct)) },
    )
    expect(visitCookiesOf(fromSearch)).toEqual({ referer: googleSearch, searchKey: 'tsmc dividend' })
    const fromElsewhere = await report(
      { landing: '/service', referrer: 'https://news.example/story' },
      { cookie: cookieHeaderOf(visitCookiesOf(direct), visitCookiesOf(fromSearch)) },
    )
    expect(visitCookiesOf(fromElsewhere)).toEqual({})
  })

  it('does not count a page of the site itself as where the visit came from', async () => {
    const inside = await report({ landing: '/about-us', referrer: 'http://hant.localhost:3000/articles' })
    expect(visitCookiesOf(inside)).toEqual({ landing: '/about-us', i18n_redirected: 'en' })
  })

  it('remembers the regional site a reader moved to', async () => {
    const moved = await report(
      { landing: '/about-us', referrer: 'http://en.localhost:3000/about-us' },
      { region: 'hant', cookie: 'landing=%2F; i18n_redirected=en' },
    )
    expect(visitCookiesOf(moved)).toEqual({ i18n_redirected: 'hant' })
  })

  it('refuses what is not a report with the validation error and sets nothing', async () => {
    for (const body of [
      {},
      { landing: 'https://evil.example/', referrer: '' },
      { landing: '//evil.example/x', referrer: '' },
      { landing: '/ok', referrer: 'javascript:alert(1)' },
      { landing: '/ok', referrer: 'not a url' },
      { landing: `/${'a'.repeat(2000)}`, referrer: '' },
      { landing: 42, referrer: '' },
    ]) {
      const response = await report(body, { ip: '10.9.1.1' })
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(response.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' })
      expect(visitCookiesOf(response)).toEqual({})
    }
    const notJson = await report('landing=/', { ip: '10.9.1.1', raw: true })
    expect(notJson.statusCode).toBe(400)
  })

  it('refuses a report larger than 4 KB', async () => {
    const response = await report(
      { landing: '/', referrer: `https://news.example/?q=${'x'.repeat(5000)}` },
      { ip: '10.9.2.1' },
    )
    expect(response.statusCode).toBe(413)
    expect(response.json()).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' })
  })

  it('answers 429 past 300 reports a minute from one address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 301; i++) {
      statuses.push((await report({ landing: '/', referrer: '' }, { ip: '10.9.3.1' })).statusCode)
    }
    expect(statuses.slice(0, 300).every((status) => status === 200)).toBe(true)
    expect(statuses[300]).toBe(429)
    expect((await report({ landing: '/', referrer: '' }, { ip: '10.9.3.2' })).statusCode).toBe(200)
  })

  it('is only taken from the site’s own pages', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/track/visit',
      headers: {
        ...regionalHeaders('en'),
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      remoteAddress: '10.9.4.1',
      payload: JSON.stringify({ landing: '/', referrer: '' }),
    })
    expect(response.statusCode).toBe(403)
    expect(visitCookiesOf(response)).toEqual({})
  })
})

describe('a sign-up after the visit report', () => {
  it('keeps where the visit came from, read from the cookies the report set', async () => {
    const visit = await report(
      { landing: '/articles/x?utm=mail', referrer: googleSearch },
      { ip: '10.9.5.1' },
    )
    const cookie = cookieHeaderOf(visitCookiesOf(visit))
    const post = (path: string, body: unknown) =>
      runtime.app.inject({
        method: 'POST',
        url: `/api/portal${path}`,
        headers: { ...regionalHeaders('en'), origin: 'http://en.localhost:3000', cookie },
        remoteAddress: '10.9.5.1',
        payload: body as Record<string, unknown>,
      })
    expect((await post('/member/sendCode', { country: 'HK', mobile: '53000001' })).statusCode).toBe(200)
    const code = sms.codeSentTo('+85253000001')
    const login = await post('/member/login', { country: 'HK', mobile: '53000001', code, agreed: true })
    expect(login.statusCode).toBe(200)
    const [member] = await selectRows<{ referer: string | null; landing: string | null }>(
      runtime.database.db,
      sql`select signup_referer as referer, signup_landing as landing from members where phone = '+85253000001'`,
    )
    expect(member).toEqual({ referer: googleSearch, landing: '/articles/x?utm=mail' })
  })
})
