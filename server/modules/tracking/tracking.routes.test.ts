import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

let runtime: TestRuntime
beforeAll(async () => {
  // GET /track/session is a test endpoint (TEST_ENDPOINTS=loopback).
  runtime = await createTestRuntime({ TEST_ENDPOINTS: 'loopback' })
})
afterAll(() => runtime.close())

const event = (subSessionId: string, extra: Record<string, unknown> = {}) => ({
  eventType: 'page_view',
  subSessionId,
  pageUrl: 'http://en.localhost:3000/articles/nvidia-data-center-cycle',
  pageReferrer: 'http://en.localhost:3000/articles',
  pageTitle: "How to think about Nvidia's data-center cycle | Tickerwise",
  articleId: 43,
  category: 'analysis',
  deviceType: 'desktop',
  osName: 'Linux',
  browser: 'Chrome',
  screen: '1920x1080',
  sdkVersion: 'web-1',
  dataSource: 'web',
  ...extra,
})

function send(body: unknown, options: { lang?: string; ip?: string; token?: string; raw?: boolean } = {}) {
  return runtime.app.inject({
    method: 'POST',
    url: '/api/portal/track/event',
    headers: {
      host: 'en.localhost:3000',
      'content-type': 'application/json',
      lang: options.lang ?? 'en',
      ...(options.token ? { 'x-token': options.token } : {}),
    },
    remoteAddress: options.ip ?? '10.3.0.1',
    payload: options.raw ? (body as string) : JSON.stringify(body),
  })
}

async function sessionEvents(subSessionId: string) {
  const response = await runtime.app.inject({
    url: `/api/portal/track/session?subSessionId=${subSessionId}`,
    headers: regionalHeaders('en'),
  })
  return response.json().data
}

describe('POST /track/event', () => {
  it('stores the event with the Lang of the call', async () => {
    const response = await send(event('session-aaaa-0001'), { lang: 'hk' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 200, data: { accepted: true } })
    const [stored] = await sessionEvents('session-aaaa-0001')
    expect(stored).toMatchObject({
      eventType: 'page_view',
      lang: 'hk',
      pageUrl: 'http://en.localhost:3000/articles/nvidia-data-center-cycle',
      articleId: 43,
    })
  })

  it('keeps jp and kr and reads any other Lang as en', async () => {
    await send(event('session-aaaa-0002'), { lang: 'jp', ip: '10.3.0.2' })
    await send(event('session-aaaa-0002'), { lang: 'kr', ip: '10.3.0.2' })
    await send(event('session-aaaa-0002'), { lang: 'fr', ip: '10.3.0.2' })
    expect((await sessionEvents('session-aaaa-0002')).map((e: { lang: string }) => e.lang).sort()).toEqual([
      'en',
      'jp',
      'kr',
    ])
  })

  it('accepts an event without the optional fields, and an id sent as text', async () => {
    const minimal = {
      eventType: 'page_view',
      subSessionId: 'session-aaaa-0003',
      pageUrl: 'https://hant.example.com/articles/1',
    }
    expect((await send(minimal, { ip: '10.3.0.3' })).statusCode).toBe(200)
    expect(
      (await send({ ...minimal, articleId: '7', pageReferrer: '', pageTitle: null }, { ip: '10.3.0.3' }))
        .statusCode,
    ).toBe(200)
    const stored = await sessionEvents('session-aaaa-0003')
    expect(stored.map((e: { articleId: number | null }) => e.articleId).sort()).toEqual([7, null])
  })

  it('refuses malformed events with a 400, never a 500', async () => {
    const bad: unknown[] = [
      {},
      event('short'),
      event('session-aaaa-0004', { eventType: '' }),
      event('session-aaaa-0004', { pageUrl: 'javascript:alert(1)' }),
      event('session-aaaa-0004', { pageUrl: 'not a url' }),
      event('session-aaaa-0004', { pageTitle: 'x'.repeat(301) }),
      event('session-aaaa-0004', { articleId: -1 }),
      event('session-aaaa-0004', { articleId: 'abc' }),
      event('session-aaaa-0004', { screen: 'huge' }),
      event('session-aaaa-0004', { deviceType: 'toaster' }),
      [],
      'null',
    ]
    for (const body of bad) {
      const response = await send(body, { ip: '10.3.0.4' })
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json()).toMatchObject({ code: 400, data: null })
    }
    expect((await send('{not json', { ip: '10.3.0.4', raw: true })).statusCode).toBe(400)
    expect(await sessionEvents('session-aaaa-0004')).toEqual([])
  })

  it('limits how many events one address can send', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 302; i++)
      statuses.push((await send(event('session-aaaa-0005'), { ip: '10.3.9.9' })).statusCode)
    expect(statuses.slice(0, 300).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(300)).toEqual([429, 429])
  })

  it('counts reads per article for hot topics', async () => {
    const views = await runtime.services.tracking.countRecentArticleViews()
    expect(views.get(43)).toBeGreaterThanOrEqual(4)
  })
})

describe('GET /track/session (a test endpoint)', () => {
  it('answers only this machine: another address gets a 404', async () => {
    const response = await runtime.app.inject({
      url: '/api/portal/track/session?subSessionId=session-aaaa-0001',
      headers: regionalHeaders('en'),
      remoteAddress: '203.0.113.9',
    })
    expect(response.statusCode).toBe(404)
  })
})
