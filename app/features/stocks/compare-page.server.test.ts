import fc from 'fast-check'
import { isRouteErrorResponse } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { loadComparePage } from './compare-page.server.ts'

let runtime: TestRuntime

beforeAll(async () => {
  runtime = await createTestRuntime()
}, 120_000)
afterAll(async () => {
  await runtime?.close()
})

/** The loader's answer to `/compare<search>`: its page and status, or where it sends the reader. */
async function loadPage(search: string, locale: 'en' | 'zh-Hant' = 'en') {
  const answer = await loadComparePage(new Request(`http://en.localhost/compare${search}`), {
    services: runtime.services,
    locale,
  })
  if (answer instanceof Response) {
    return { redirect: answer.headers.get('location'), status: answer.status, page: null }
  }
  return { redirect: null, status: answer.init?.status ?? 200, page: answer.data }
}

describe('the compare page', () => {
  it('compares stocks of different markets side by side, with what the page shows of each', async () => {
    const { page, status } = await loadPage('?codes=us:AAPL,hk:0700,jp:7203')
    expect(status).toBe(200)
    expect(page?.problems).toEqual([])
    const answer = page?.answer
    expect(answer?.isDemo).toBe(true)
    expect(answer?.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(answer?.stocks.map((entry) => `${entry.stock.market}:${entry.stock.code}`)).toEqual([
      'us:AAPL',
      'hk:0700',
      'jp:7203',
    ])
    for (const entry of answer?.stocks ?? []) {
      expect(entry.source).toBe('demo')
      expect(entry.scores).toHaveLength(10)
      for (const score of entry.scores) {
        expect(score.passed).toBeLessThanOrEqual(score.available)
        expect(score.available).toBeLessThanOrEqual(score.total)
      }
      expect(entry.closes.length).toBeGreaterThan(200)
      expect(entry.closes.at(-1)?.date).toBe(entry.asOf)
      expect(entry.returns['1m']).not.toBeNull()
      expect(entry.closes.at(-1)?.close).toBe(entry.stock.price)
      if (entry.fairValue.low !== null && entry.fairValue.high !== null) {
        expect(entry.fairValue.low).toBeLessThanOrEqual(entry.fairValue.high)
      }
    }
  })

  it('answers in the reader’s language', async () => {
    const { page } = await loadPage('?codes=us:AAPL,us:MSFT', 'zh-Hant')
    expect(page?.title).toBe('股票比較')
    expect(page?.answer?.stocks[0]?.stock.name).toBe('蘋果')
    expect(page?.answer?.stocks[0]?.scores[0]?.label).toMatch(/\p{Script=Han}/u)
  })

  it('sends a bare code, the add box, a form’s escaped address and a repeat to the one address', async () => {
    expect(await loadPage('?codes=AAPL,0700')).toMatchObject({
      status: 302,
      redirect: '/compare?codes=us:AAPL,hk:0700',
    })
    expect(await loadPage('?codes=us%3AAAPL%2Chk%3A0700&add=Toyota')).toMatchObject({
      redirect: '/compare?codes=us:AAPL,hk:0700,jp:7203',
    })
    expect(await loadPage('?codes=us:AAPL,us:aapl,hk:0700')).toMatchObject({
      redirect: '/compare?codes=us:AAPL,hk:0700',
    })
    // The canonical address itself is answered, however the browser escaped it.
    expect((await loadPage('?codes=us%3AAAPL%2Chk%3A0700')).status).toBe(200)
  })

  it('invites a second stock when there is one, and shows the empty page without a problem', async () => {
    const one = await loadPage('?codes=us:AAPL')
    expect(one.status).toBe(200)
    expect(one.page?.isTooFew).toBe(true)
    expect(one.page?.chosen).toEqual([
      { token: 'us:AAPL', key: { market: 'us', code: 'AAPL' }, name: 'Apple Inc.' },
    ])
    expect(one.page?.answer).toBeNull()
    const none = await loadPage('')
    expect(none.status).toBe(200)
    expect(none.page?.chosen).toEqual([])
    expect(none.page?.problems).toEqual([])
  })

  it('explains an unknown code and more than four stocks in the reader’s language, never a failed page', async () => {
    const unknown = await loadPage('?codes=us:AAPL,ZZZZQ9')
    expect(unknown.status).toBe(400)
    expect(unknown.page?.problems).toEqual(['We found no stock with the code or name “ZZZZQ9”.'])
    expect(unknown.page?.chosen.map((stock) => stock.key?.code ?? null)).toEqual(['AAPL', null])
    const wrongMarket = await loadPage('?codes=us:AAPL,kr:0700', 'zh-Hant')
    expect(wrongMarket.status).toBe(400)
    expect(wrongMarket.page?.problems).toEqual(['找不到代號或名稱為「kr:0700」的股票。'])
    const five = await loadPage('?codes=us:AAPL,us:MSFT,us:NVDA,hk:0700,jp:7203')
    expect(five.status).toBe(400)
    expect(five.page?.problems).toEqual(['Compare at most 4 stocks at a time: remove one.'])
    const many = await loadPage(`?codes=${Array.from({ length: 40 }, (_, i) => `X${i}`).join(',')}`)
    expect(many.status).toBe(400)
    expect(many.page?.problems.at(-1)).toBe('Compare at most 4 stocks at a time: remove one.')
    const long = await loadPage(`?codes=us:AAPL,${'A'.repeat(300)}`)
    expect(long.status).toBe(400)
    expect(isRouteErrorResponse(long.page)).toBe(false)
  })

  it('answers any address with the page, a message or the canonical address, never a server error', async () => {
    const token = fc.oneof(
      fc.constantFrom('us:AAPL', 'hk:0700', 'AAPL', 'jp:7203', 'kr:005930', 'Apple', '騰訊', ''),
      fc.string({ maxLength: 12 }),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(token, { maxLength: 6 }),
        fc.option(fc.string({ maxLength: 10 })),
        async (tokens, add) => {
          const params = new URLSearchParams({ codes: tokens.join(',') })
          if (add !== null) params.set('add', add)
          const answer = await loadPage(`?${params.toString()}`)
          expect([200, 302, 400]).toContain(answer.status)
          if (answer.status === 400) expect(answer.page?.problems.length).toBeGreaterThan(0)
        },
      ),
      { numRuns: 40 },
    )
  }, 60_000)
})
