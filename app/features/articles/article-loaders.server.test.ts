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
function unwrap(answer: unknown): { status: number; value: ArticleListData } {
  if (answer && typeof answer === 'object' && 'init' in answer && 'data' in answer) {
    const wrapped = answer as { data: ArticleListData; init: { status?: number } | null }
    return { status: wrapped.init?.status ?? 200, value: wrapped.data }
  }
  return { status: 200, value: answer as ArticleListData }
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
    const other = await load('/search/buyback', '10.9.0.2')
    expect(other.status).toBe(200)
    expect(other.value.isRateLimited).toBe(false)
    expect(other.value.answer).not.toBeNull()
  })
})
