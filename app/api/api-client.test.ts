import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { endsSession } from '#app/features/account/account-api.ts'
import {
  ApiError,
  api,
  apiErrorOf,
  buildQueryString,
  configureApiClient,
  createApiClient,
  dataOf,
  dropEmptyValues,
  envelopeErrorOf,
  type FailedAnswer,
} from './api-client.ts'
import { onUnauthenticated } from './session-events.ts'

describe('API client parameters', () => {
  it('drops null, undefined and NaN values before sending', () => {
    expect(buildQueryString({ page: 2, kind: null, topic: undefined, size: Number.NaN, q: 'tsmc' })).toBe(
      '?page=2&q=tsmc',
    )
    expect(buildQueryString({ a: null })).toBe('')
  })

  it('drops them inside request bodies too, keeping zero, false and empty strings', () => {
    expect(
      dropEmptyValues({
        a: 0,
        b: false,
        c: '',
        d: null,
        e: Number.NaN,
        f: { g: null, h: 1 },
        i: [1, null, 2],
      }),
    ).toEqual({
      a: 0,
      b: false,
      c: '',
      f: { h: 1 },
      i: [1, 2],
    })
  })

  it('repeats array parameters', () => {
    expect(buildQueryString({ tag: ['ai', 'chips'] })).toBe('?tag=ai&tag=chips')
  })
})

function answer(status: number, headers: Record<string, string> = {}): FailedAnswer {
  return { status, headers: new Headers(headers) }
}

describe('the failure reader (apiErrorOf)', () => {
  const cases: [
    status: number,
    headers: Record<string, string>,
    code: string,
    retryAfterSeconds: number | null,
  ][] = [
    [400, {}, 'VALIDATION_FAILED', null],
    [400, { 'x-error-code': 'EMAIL_INVALID' }, 'EMAIL_INVALID', null],
    [401, {}, 'UNAUTHENTICATED', null],
    [401, { 'x-error-code': 'CONSOLE_SESSION_REQUIRED' }, 'CONSOLE_SESSION_REQUIRED', null],
    [403, {}, 'FORBIDDEN', null],
    [403, { 'x-error-code': 'CROSS_SITE_REQUEST' }, 'CROSS_SITE_REQUEST', null],
    [404, {}, 'NOT_FOUND', null],
    [408, {}, 'VALIDATION_FAILED', null],
    [408, { 'x-error-code': 'REQUEST_TIMEOUT' }, 'REQUEST_TIMEOUT', null],
    [409, { 'x-error-code': 'CONSOLE_ARTICLE_STALE' }, 'CONSOLE_ARTICLE_STALE', null],
    [410, {}, 'VALIDATION_FAILED', null],
    [413, {}, 'PAYLOAD_TOO_LARGE', null],
    // A bare 429 (a proxy's, a load balancer's) is a rate limit, on every client (the console's said "invalid").
    [429, {}, 'RATE_LIMITED', null],
    [429, { 'retry-after': '30' }, 'RATE_LIMITED', 30],
    [429, { 'x-error-code': 'CHAT_LIMIT_VISITOR' }, 'CHAT_LIMIT_VISITOR', null],
    [429, { 'x-error-code': 'RATE_LIMITED', 'retry-after': '120' }, 'RATE_LIMITED', 120],
    [500, {}, 'INTERNAL_ERROR', null],
    [502, {}, 'INTERNAL_ERROR', null],
    [503, { 'x-error-code': 'SERVER_BUSY', 'retry-after': '5' }, 'SERVER_BUSY', 5],
    [504, {}, 'INTERNAL_ERROR', null],
  ]

  it.each(cases)('reads a %i with %o as %s (wait %s)', (status, headers, code, retryAfterSeconds) => {
    const error = apiErrorOf(answer(status, headers))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status, code, retryAfterSeconds })
  })

  it('logs the reader out on a 401, and on nothing else', () => {
    const listener = vi.fn()
    const stopListening = onUnauthenticated(listener)
    for (const [status, headers] of cases) apiErrorOf(answer(status, headers))
    expect(listener).toHaveBeenCalledTimes(cases.filter(([status]) => status === 401).length)
    stopListening()
  })

  it('takes a caller’s own code for a status that came without one, never over the server’s', () => {
    const chatFile = { 413: 'CHAT_FILE_TOO_LARGE' }
    expect(apiErrorOf(answer(413), chatFile).code).toBe('CHAT_FILE_TOO_LARGE')
    expect(apiErrorOf(answer(413, { 'x-error-code': 'PAYLOAD_TOO_LARGE' }), chatFile).code).toBe(
      'PAYLOAD_TOO_LARGE',
    )
    expect(apiErrorOf(answer(429), chatFile).code).toBe('RATE_LIMITED')
  })

  it('reads the status table the same for a failure envelope', () => {
    expect(envelopeErrorOf({ code: 404, error: 'ARTICLE_NOT_FOUND' })).toMatchObject({
      status: 404,
      code: 'ARTICLE_NOT_FOUND',
    })
    expect(envelopeErrorOf({ code: 429 })).toMatchObject({ status: 429, code: 'RATE_LIMITED' })
    expect(envelopeErrorOf(null)).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' })
  })

  it('ends the session only on the server’s refusal, as the member-info check does (endsSession)', () => {
    for (const [status, headers] of cases) {
      const isRefusal = status < 500 && status !== 408 && status !== 429
      expect(endsSession(apiErrorOf(answer(status, headers))), String(status)).toBe(isRefusal)
    }
  })
})

describe('a client made by the factory', () => {
  function respondWith(response: () => Response) {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response())
    vi.stubGlobal('fetch', fetchMock)
    return fetchMock
  }

  beforeEach(() => configureApiClient({ apiBase: '/api/portal', locale: 'zh-Hant' }))
  afterEach(() => {
    vi.unstubAllGlobals()
    configureApiClient({ apiBase: '/api/portal', locale: 'en' })
  })

  it('sends the page’s language, the cookies and the body without empty values', async () => {
    const fetchMock = respondWith(() => Response.json({ code: 200, data: { ok: true } }))
    const client = createApiClient({ base: () => '/api/console' })
    const envelope = await client.post('/site/texts', { title: 'x', note: null })
    expect(envelope).toEqual({ code: 200, data: { ok: true } })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/console/site/texts')
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"title":"x"}' })
    expect(init?.headers).toEqual({ Lang: 'hk', 'Content-Type': 'application/json' })
  })

  it('sends a body as written when asked, and a form without a content type of its own', async () => {
    const fetchMock = respondWith(() => Response.json({ code: 200, data: null }))
    await api.call('POST', '/ai/vote', { body: { messageId: 'm', vote: null }, keepNullValues: true })
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"messageId":"m","vote":null}')
    const form = new FormData()
    await api.call('POST', '/ai/uploadFiles', { body: form })
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe(form)
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toEqual({ Lang: 'hk' })
  })

  it('throws the failure reader’s error, discarding the body, and logs out on a 401 in the status or envelope', async () => {
    const listener = vi.fn()
    const stopListening = onUnauthenticated(listener)
    respondWith(() => new Response('{"message":"private"}', { status: 429, headers: { 'retry-after': '9' } }))
    await expect(api.get('/home/memberInfo')).rejects.toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfterSeconds: 9,
    })
    respondWith(() => new Response(null, { status: 401 }))
    await expect(api.get('/home/memberInfo')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' })
    respondWith(() => Response.json({ code: 401, data: null, error: 'UNAUTHENTICATED', message: 'x' }))
    const envelope = await api.get('/home/memberInfo')
    expect(() => dataOf(envelope)).toThrow(ApiError)
    expect(listener).toHaveBeenCalledTimes(2)
    stopListening()
  })

  it('reports a call that got no answer as NETWORK_ERROR, and an aborted one as the abort', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await expect(api.get('/ai/welcome')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The user aborted a request.', 'AbortError')
      }),
    )
    await expect(api.get('/ai/welcome')).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('hands a failure’s body to a client that keeps it, and none for a network failure', async () => {
    const bodies: unknown[] = []
    const client = createApiClient({
      base: () => '/api/console',
      errorWithBody: (failure, body) => {
        bodies.push(body)
        return failure
      },
    })
    respondWith(() =>
      Response.json({ code: 409, fields: [] }, { status: 409, headers: { 'x-error-code': 'STALE' } }),
    )
    await expect(client.get('/articles/1')).rejects.toMatchObject({ status: 409, code: 'STALE' })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    await expect(client.get('/articles/1')).rejects.toMatchObject({ status: 0 })
    expect(bodies).toEqual([{ code: 409, fields: [] }, null])
  })
})
