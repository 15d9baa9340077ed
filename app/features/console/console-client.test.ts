import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureApiClient } from '#app/api/api-client.ts'
import { onUnauthenticated } from '#app/api/session-events.ts'
import { ConsoleApiError, consoleApi, consoleClient } from './console-client.ts'

function respondWith(response: () => Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  configureApiClient({ apiBase: '/api/portal', locale: 'en' })
})

describe('the console’s client', () => {
  it('calls /api/console with the page’s language and hands over the data', async () => {
    configureApiClient({ apiBase: '/api/portal', locale: 'zh-Hant' })
    const fetchMock = respondWith(() => Response.json({ code: 200, data: { items: [] } }))
    await expect(consoleApi.get('/articles', { page: 2, q: null })).resolves.toEqual({ items: [] })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/console/articles?page=2')
    expect(init?.headers).toEqual({ Lang: 'hk' })
  })

  it('logs the reader out on a 401, as the pages do', async () => {
    const listener = vi.fn()
    const stopListening = onUnauthenticated(listener)
    respondWith(() =>
      Response.json({ code: 401 }, { status: 401, headers: { 'x-error-code': 'UNAUTHENTICATED' } }),
    )
    await expect(consoleApi.get('/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' })
    expect(listener).toHaveBeenCalledTimes(1)
    stopListening()
  })

  it('reads a bare 429 as a rate limit with its wait, not as a refused form', async () => {
    respondWith(() => new Response(null, { status: 429, headers: { 'retry-after': '20' } }))
    const failure = consoleApi.post('/articles', { title: 'x' })
    await expect(failure).rejects.toBeInstanceOf(ConsoleApiError)
    await expect(failure).rejects.toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 20 })
  })

  it('keeps a refusal’s body: the newer article of a stale save, the fields refused', async () => {
    const current = { id: 'a1', version: 3 }
    respondWith(() =>
      Response.json(
        { code: 409, data: null, error: 'CONSOLE_ARTICLE_STALE', current },
        { status: 409, headers: { 'x-error-code': 'CONSOLE_ARTICLE_STALE' } },
      ),
    )
    await expect(consoleApi.put('/articles/a1', {})).rejects.toMatchObject({
      code: 'CONSOLE_ARTICLE_STALE',
      current,
      fields: [],
    })
    const fields = [{ field: 'title', code: 'CONSOLE_TITLE_REQUIRED' }]
    respondWith(() =>
      Response.json(
        { code: 400, data: null, error: 'VALIDATION_FAILED', fields },
        { status: 400, headers: { 'x-error-code': 'CONSOLE_TITLE_REQUIRED' } },
      ),
    )
    await expect(consoleApi.post('/articles', {})).rejects.toMatchObject({
      status: 400,
      code: 'CONSOLE_TITLE_REQUIRED',
      fields,
    })
  })

  it('makes every failure a ConsoleApiError: no answer, an unreadable answer, a failure envelope', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await expect(consoleApi.get('/me')).rejects.toEqual(new ConsoleApiError(0, 'NETWORK_ERROR'))
    respondWith(() => new Response('<html>', { status: 200 }))
    await expect(consoleApi.get('/me')).rejects.toMatchObject({ status: 500, code: 'INTERNAL_ERROR' })
    respondWith(() => Response.json({ code: 404, data: null, error: 'NOT_FOUND' }))
    const failure = consoleApi.get('/me')
    await expect(failure).rejects.toBeInstanceOf(ConsoleApiError)
    await expect(failure).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' })
  })

  it('serves the CSV export with the same headers and failure reader', async () => {
    const fetchMock = respondWith(
      () => new Response('day,views\n', { headers: { 'content-type': 'text/csv' } }),
    )
    const response = await consoleClient.send('GET', '/analytics/export', {
      params: { table: 'daily', from: '2026-11-01' },
    })
    expect(await response.text()).toBe('day,views\n')
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/console/analytics/export?table=daily&from=2026-11-01')
    respondWith(() => new Response(null, { status: 403, headers: { 'x-error-code': 'FORBIDDEN' } }))
    await expect(consoleClient.send('GET', '/analytics/export')).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    })
  })
})
