import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError, configureApiClient } from '#app/api/api-client.ts'
import { onUnauthenticated } from '#app/api/session-events.ts'
import { streamChatAnswer } from './chat-stream.ts'
import type { ChatStreamEvent } from './sse-parser.ts'

function respondWith(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

async function run(question = 'Is Tencent undervalued?') {
  const events: ChatStreamEvent[] = []
  await streamChatAnswer({
    subSessionId: undefined,
    question,
    signal: new AbortController().signal,
    onEvent: (event) => events.push(event),
  })
  return events
}

beforeEach(() => {
  // The page's language, as the shell configures the client: the Traditional Chinese site.
  configureApiClient({ apiBase: '/api/portal', locale: 'zh-Hant' })
})

afterEach(() => {
  vi.unstubAllGlobals()
  configureApiClient({ apiBase: '/api/portal', locale: 'en' })
})

describe('opening the answer stream', () => {
  it('asks with the reader’s language and cookies and hands over the events', async () => {
    const fetchMock = respondWith(
      new Response(
        'event: start\ndata: {"answerId":"a"}\n\n: ping\n\nevent: text\ndata: {"delta":"騰訊"}\n\n',
        {
          headers: { 'content-type': 'text/event-stream; charset=utf-8' },
        },
      ),
    )
    const events = await run('騰訊被低估了嗎？')
    expect(events.map((e) => e.name)).toEqual(['start', 'text'])
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe(`/api/portal/ai/chatSearch?question=${encodeURIComponent('騰訊被低估了嗎？')}`)
    expect(init?.credentials).toBe('include')
    expect((init?.headers as Record<string, string> | undefined)?.Lang).toBe('hk')
  })

  it('asks with the files the question carries, and without the parameter when it carries none', async () => {
    const fetchMock = respondWith(
      new Response('event: start\ndata: {"answerId":"a"}\n\n', {
        headers: { 'content-type': 'text/event-stream' },
      }),
    )
    const ask = (fileIds: string | undefined) =>
      streamChatAnswer({
        subSessionId: 'c1',
        question: 'What does the file say?',
        fileIds,
        signal: new AbortController().signal,
        onEvent: () => undefined,
      })
    await ask('f1,f2')
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/portal/ai/chatSearch?subSessionId=c1&question=What+does+the+file+say%3F&fileIds=f1%2Cf2',
    )
    respondWith(new Response('', { headers: { 'content-type': 'text/event-stream' } }))
    const again = vi.mocked(fetch)
    await ask('')
    expect(again.mock.calls[0]?.[0]).not.toContain('fileIds')
  })

  it('turns a refusal before the stream opens into its stable code (a quota state)', async () => {
    respondWith(new Response(null, { status: 429, headers: { 'x-error-code': 'CHAT_LIMIT_VISITOR' } }))
    await expect(run()).rejects.toMatchObject({ status: 429, code: 'CHAT_LIMIT_VISITOR' })
  })

  it('keeps the wait of a per-address rate limit', async () => {
    respondWith(new Response(null, { status: 429, headers: { 'retry-after': '30' } }))
    await expect(run()).rejects.toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 30 })
  })

  it('logs out on a 401, in the status or in an envelope', async () => {
    const listener = vi.fn()
    const stopListening = onUnauthenticated(listener)
    respondWith(new Response(null, { status: 401 }))
    await expect(run()).rejects.toBeInstanceOf(ApiError)
    respondWith(Response.json({ code: 401, data: null, error: 'UNAUTHENTICATED', message: 'x' }))
    await expect(run()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    expect(listener).toHaveBeenCalledTimes(2)
    stopListening()
  })
})
