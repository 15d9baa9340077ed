import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime()
})
afterAll(() => runtime.close())

describe('GET /text', () => {
  it('answers the about-us text in the reader language with the marketing claims', async () => {
    const en = await runtime.app.inject({
      url: '/api/portal/text?key=about-us',
      headers: regionalHeaders('en'),
    })
    expect(en.statusCode).toBe(200)
    const text = en.json().data
    expect(text.title).toBe('About us')
    expect(text.data.stats.map((s: { value: string }) => s.value)).toEqual(['8,000+', '20,000+', '30'])
    const zh = await runtime.app.inject({
      url: '/api/portal/text?key=about-us',
      headers: regionalHeaders('hk'),
    })
    expect(zh.json().data.title).toMatch(/關於/)
  })

  it('renders the stored Markdown as HTML', async () => {
    const response = await runtime.app.inject({
      url: '/api/portal/text?key=cookie-policy',
      headers: regionalHeaders('en'),
    })
    expect(response.json().data.bodyHtml).toContain('<table>')
  })

  it('answers the service groups with title and content descriptions', async () => {
    const response = await runtime.app.inject({
      url: '/api/portal/text?key=service',
      headers: regionalHeaders('hant'),
    })
    const groups = response.json().data.data.groups
    expect(groups.length).toBeGreaterThan(2)
    expect(groups[0]).toEqual({
      title: expect.any(String),
      content: expect.arrayContaining([{ description: expect.any(String) }]),
    })
  })

  it('rejects an unknown or missing key with a validation error', async () => {
    for (const url of ['/api/portal/text?key=secrets', '/api/portal/text', '/api/portal/text?key=']) {
      const response = await runtime.app.inject({ url, headers: regionalHeaders('en') })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        code: 400,
        data: null,
        error: 'VALIDATION_FAILED',
        message: 'Please enter the correct format',
      })
    }
  })
})
