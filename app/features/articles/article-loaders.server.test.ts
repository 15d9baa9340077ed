import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RequestContext } from '#app/request-context.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { type ArticleListData, loadArticleList } from './article-loaders.server.ts'

let runtime: TestRuntime
beforeAll(async () => {
  runtime = await createTestRuntime({ SEARCH_RATE_PER_MINUTE: '2' })
})
afterAll(() => runtime.close())

function contextOf(clientIp: string): RequestContext {
  return {
    services: runtime.services,
    config: runtime.config,
    locale: 'en',
    region: 'en',
    clientIp,
  } as RequestContext
}

/** A loader answer is the data itself, or the data with a status (`data(value, { status })`). */
function unwrap(answer: unknown): { status: number; value: ArticleListData; headers: Headers } {
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    const wrapped = answer as { data: ArticleListData; init: ResponseInit | null }
    return {
      status: wrapped.init?.status ?? 200,
      value: wrapped.data,
      headers: new Headers(wrapped.init?.headers),
    }
  }
  return { status: 200, value: answer as ArticleListData, headers: new Headers() }
}

const load = async (path: string, clientIp: string) =>
  unwrap(await loadArticleList(contextOf(clientIp), new Request(`http://en.localhost:3000${path}`)))

describe('the search page’s limit per address', () => {
  it('answers 429 without results past the limit, and counts neither lists nor other addresses', async () => {
    expect((await load('/search/dividend', '10.9.0.1')).status).toBe(200)
    expect((await load('/search/revenue', '10.9.0.1')).status).toBe(200)
    for (let i = 0; i < 3; i++) expect((await load('/articles', '10.9.0.1')).status).toBe(200)
    const refused = await load('/search/buyback', '10.9.0.1')
    expect(refused.status).toBe(429)
    expect(refused.value).toMatchObject({ isRateLimited: true, answer: null, isSearch: true })
    // The page says how long to wait (within the minute), and so does the answer's retry-after.
    expect(refused.value.retryAfterSeconds).toBeGreaterThan(0)
    expect(refused.value.retryAfterSeconds).toBeLessThanOrEqual(60)
    expect(refused.headers.get('retry-after')).toBe(String(refused.value.retryAfterSeconds))
    const other = await load('/search/buyback', '10.9.0.2')
    expect(other.status).toBe(200)
    expect(other.value.isRateLimited).toBe(false)
    expect(other.value.answer).not.toBeNull()
  })
})

describe('the stocks above keyword search results', () => {
  it('shows the stocks a keyword names on the first page, with the name in the page language', async () => {
    const { value } = await load('/search/AAPL', '10.9.1.1')
    expect(value.stocks).toEqual([
      { code: 'AAPL', market: 'us', name: 'Apple Inc.', nameEn: 'Apple Inc.', nameZh: '蘋果' },
    ])
    expect((await load('/search/Samsung', '10.9.1.2')).value.stocks.length).toBeLessThanOrEqual(4)
  })

  it('shows none on later pages, on tag lists, on plain lists or for words that only resemble a name', async () => {
    expect((await load('/search/AAPL?page=2', '10.9.1.3')).value.stocks).toEqual([])
    expect((await load('/search/app?tag=nvidia', '10.9.1.4')).value.stocks).toEqual([])
    expect((await load('/articles', '10.9.1.5')).value.stocks).toEqual([])
    expect((await load('/search/inflation', '10.9.1.6')).value.stocks).toEqual([])
  })
})
