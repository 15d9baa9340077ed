import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { countSignups } from './newsletter.repo.ts'

let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

function subscribe(body: unknown, region: 'en' | 'hant' = 'en', ip = '10.0.0.1') {
  return runtime.app.inject({
    method: 'POST',
    url: '/api/portal/home/subEmail',
    headers: { ...regionalHeaders(region), 'content-type': 'application/json' },
    remoteAddress: ip,
    payload: JSON.stringify(body),
  })
}

describe('POST /home/subEmail', () => {
  it('stores a subscription and answers in the envelope', async () => {
    const response = await subscribe({ email: 'Reader@Example.com', source: 'footer' })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ code: 200, data: { subscribed: true, alreadySubscribed: false } })
  })

  it('does not duplicate an address, whatever its case, and is not subscribed before it confirms', async () => {
    const before = await countSignups(runtime.database.db)
    const response = await subscribe({ email: 'reader@example.COM', source: 'home' }, 'en', '10.0.0.2')
    expect(response.json().data).toEqual({ subscribed: true, alreadySubscribed: false })
    expect(await countSignups(runtime.database.db)).toBe(before)
  })

  it('says the email cannot be empty, in English and Traditional Chinese', async () => {
    const en = await subscribe({ email: '  ', source: 'footer' }, 'en', '10.0.0.3')
    expect(en.statusCode).toBe(400)
    expect(en.headers['x-error-code']).toBe('EMAIL_EMPTY')
    expect(en.json()).toMatchObject({
      code: 400,
      error: 'VALIDATION_FAILED',
      message: 'The email cannot be empty',
    })
    const zh = await subscribe({ email: '', source: 'footer' }, 'hant', '10.0.0.3')
    expect(zh.json().message).toBe('電子郵件不能為空')
  })

  it('says the email format is incorrect', async () => {
    const response = await subscribe({ email: 'reader@', source: 'footer' }, 'en', '10.0.0.4')
    expect(response.json()).toMatchObject({
      message: 'The email format is incorrect',
      fields: [{ field: 'email', code: 'EMAIL_INVALID' }],
    })
  })

  it('asks the contact dialog for a valid phone number', async () => {
    const empty = await subscribe({ email: 'a@b.co', phone: '', source: 'contact-dialog' }, 'en', '10.0.0.5')
    expect(empty.json().message).toBe('The phone number cannot be empty')
    const wrong = await subscribe(
      { email: 'a@b.co', phone: '12ab', source: 'contact-dialog' },
      'en',
      '10.0.0.5',
    )
    expect(wrong.json().message).toBe('The phone number is incorrect')
    const right = await subscribe(
      { email: 'a@b.co', phone: '+852 9123 4567', name: 'Chan', source: 'contact-dialog' },
      'en',
      '10.0.0.5',
    )
    expect(right.statusCode).toBe(200)
  })

  it('rejects malformed bodies without a server error', async () => {
    for (const payload of [
      '{not json',
      '[]',
      'null',
      JSON.stringify({ email: 42 }),
      JSON.stringify({ email: 'x@y.zz', source: 'spam' }),
    ]) {
      const response = await runtime.app.inject({
        method: 'POST',
        url: '/api/portal/home/subEmail',
        headers: { ...regionalHeaders('en'), 'content-type': 'application/json' },
        remoteAddress: '10.0.0.6',
        payload,
      })
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      expect(response.json()).toMatchObject({ data: null })
    }
  })

  it('limits how often one address can subscribe', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await subscribe({ email: `burst${i}@example.com`, source: 'footer' }, 'en', '10.9.9.9')).statusCode,
      )
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
    const limited = await subscribe({ email: 'late@example.com', source: 'footer' }, 'hant', '10.9.9.9')
    // The window is ten minutes, and the message says so.
    expect(limited.json()).toMatchObject({
      code: 429,
      error: 'RATE_LIMITED',
      message: '請求過於頻繁，請於 10 分鐘後再試。',
    })
  })
})
