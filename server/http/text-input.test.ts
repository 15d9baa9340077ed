import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

const siteHeaders = (region: 'en' | 'hk' = 'en') => ({
  ...regionalHeaders(region),
  origin: `http://${region}.localhost:3000`,
})
const trackingEvent = {
  eventType: 'page_view',
  subSessionId: 'reader-session-0001',
  pageUrl: 'http://en.localhost:3000/articles/kospi-week-ahead',
}

describe('control characters in API input', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime()
  })
  afterAll(() => runtime.close())

  it('refuses a NUL in a query with 400 INVALID_CHARACTERS naming the field, in the reader language', async () => {
    const english = await runtime.app.inject({
      url: '/api/portal/bizStockScore/listStockAI?q=%00',
      headers: siteHeaders(),
    })
    expect(english.statusCode).toBe(400)
    expect(english.headers['x-error-code']).toBe('INVALID_CHARACTERS')
    expect(english.json()).toEqual({
      code: 400,
      data: null,
      error: 'INVALID_CHARACTERS',
      message: 'The text contains characters that are not allowed. Please remove them and try again.',
      fields: [{ field: 'q', code: 'INVALID_CHARACTERS' }],
    })
    const chinese = await runtime.app.inject({
      url: '/portal/article/list?keyword=a%00b',
      headers: siteHeaders('hk'),
    })
    expect(chinese.statusCode).toBe(400)
    expect(chinese.json().message).toBe('文字中含有不允許的字元，請移除後再試一次。')
  })

  it('refuses a NUL in a JSON body field instead of failing on the database', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/track/event',
      headers: siteHeaders(),
      payload: { ...trackingEvent, pageTitle: 'a\u0000b' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.headers['x-error-code']).toBe('INVALID_CHARACTERS')
    expect(response.json().fields).toEqual([{ field: 'pageTitle', code: 'INVALID_CHARACTERS' }])
  })

  it('refuses the other C0 and C1 controls and lone surrogates, in values and keys', async () => {
    for (const bad of ['\u0001', '\u001f', '\u007f', '\u0085', '\ud800']) {
      for (const payload of [
        { ...trackingEvent, pageTitle: `x${bad}` },
        { ...trackingEvent, [`k${bad}`]: 1 },
      ]) {
        const response = await runtime.app.inject({
          method: 'POST',
          url: '/api/portal/track/event',
          headers: { ...siteHeaders(), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        })
        expect(response.statusCode, JSON.stringify(payload)).toBe(400)
        expect(response.headers['x-error-code']).toBe('INVALID_CHARACTERS')
      }
    }
  })

  it('accepts tab and line breaks, which multi-line text needs', async () => {
    const response = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/track/event',
      headers: siteHeaders(),
      payload: { ...trackingEvent, pageTitle: 'First line\r\nsecond\tline' },
    })
    expect(response.statusCode).toBe(200)
  })
})
