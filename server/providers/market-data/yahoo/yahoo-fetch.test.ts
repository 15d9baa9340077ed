import { describe, expect, it } from 'vitest'
import { isMarketDataError } from '../market-data-error.ts'
import { createTokenBucket } from './token-bucket.ts'
import { createYahooFetch } from './yahoo-fetch.ts'

/** A clock that only moves when someone sleeps. */
function createVirtualTime() {
  let time = 0
  const sleeps: number[] = []
  return {
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms)
      time += ms
    },
    sleeps,
  }
}

describe('token bucket', () => {
  it('lets a burst through at once, then one request per interval, in arrival order', async () => {
    const clock = createVirtualTime()
    const bucket = createTokenBucket({ ratePerSecond: 10, capacity: 2, now: clock.now, sleep: clock.sleep })
    const served: Array<[number, number]> = []
    await Promise.all([0, 1, 2, 3, 4].map((i) => bucket.take().then(() => served.push([i, clock.now()]))))
    expect(served).toEqual([
      [0, 0],
      [1, 0],
      [2, 100],
      [3, 200],
      [4, 300],
    ])
  })

  it('refills while idle, up to its capacity only', async () => {
    const clock = createVirtualTime()
    const bucket = createTokenBucket({ ratePerSecond: 5, capacity: 2, now: clock.now, sleep: clock.sleep })
    await bucket.take()
    await bucket.take()
    await clock.sleep(10_000)
    const before = clock.sleeps.length
    await bucket.take()
    await bucket.take()
    expect(clock.sleeps.length).toBe(before)
    await bucket.take()
    expect(clock.sleeps.at(-1)).toBe(200)
  })
})

describe('yahoo fetch', () => {
  const openBucket = { take: async () => {} }

  it('waits as long as Retry-After asks, within the configured ceiling', async () => {
    const clock = createVirtualTime()
    const answers = [
      new Response('slow down', { status: 429, headers: { 'retry-after': '2' } }),
      new Response('slow down', { status: 429, headers: { 'retry-after': '120' } }),
      new Response('{"ok":true}', { status: 200 }),
    ]
    const yahooFetch = createYahooFetch({
      bucket: openBucket,
      timeoutMs: 1000,
      maxRetries: 3,
      retryBaseDelayMs: 100,
      retryMaxDelayMs: 5000,
      fetchImpl: async () => answers.shift() as Response,
      sleep: clock.sleep,
    })
    const response = await yahooFetch('https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL')
    expect(response.status).toBe(200)
    expect(clock.sleeps).toEqual([2000, 5000])
  })

  it('backs off exponentially with jitter when Yahoo gives no Retry-After', async () => {
    const clock = createVirtualTime()
    const yahooFetch = createYahooFetch({
      bucket: openBucket,
      timeoutMs: 1000,
      maxRetries: 3,
      retryBaseDelayMs: 100,
      retryMaxDelayMs: 5000,
      fetchImpl: async () => new Response('busy', { status: 502 }),
      sleep: clock.sleep,
      random: () => 1,
    })
    const error = await yahooFetch('https://query1.finance.yahoo.com/v8/finance/chart/AAPL').catch(
      (e: unknown) => e,
    )
    expect(isMarketDataError(error) && error.code).toBe('PROVIDER_UNAVAILABLE')
    expect(clock.sleeps).toEqual([100, 200, 400])
  })

  it('sends Yahoo hosts to the base URL and leaves other hosts alone', async () => {
    const seen: string[] = []
    const yahooFetch = createYahooFetch({
      bucket: openBucket,
      timeoutMs: 1000,
      maxRetries: 0,
      retryBaseDelayMs: 1,
      retryMaxDelayMs: 1,
      baseUrl: 'http://127.0.0.1:9',
      fetchImpl: async (input, init) => {
        seen.push(`${String(input)} ${new Headers(init?.headers).get('x-forwarded-host') ?? '-'}`)
        return new Response('ok')
      },
    })
    await yahooFetch('https://finance.yahoo.com/quote/AAPL')
    await yahooFetch('https://example.org/path?q=1')
    expect(seen).toEqual([
      'http://127.0.0.1:9/quote/AAPL finance.yahoo.com',
      'https://example.org/path?q=1 -',
    ])
  })
})
