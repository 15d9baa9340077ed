/**
 * The `fetch` that yahoo-finance2 is given: every request the library makes (the cookie/crumb handshake included)
 * goes through here, so pacing, retries and timeouts apply to all of them.
 *
 * - Pacing: one token from the provider's bucket per attempt.
 * - Timeout: each attempt is aborted after `timeoutMs` (headers and body).
 * - Retries: 429, 5xx, timeouts and network errors are retried up to `maxRetries` times with exponential backoff
 *   and jitter, honouring `Retry-After` when Yahoo sends one. When retries run out the failure becomes a
 *   `MarketDataError` with a stable code; other answers (including 4xx) go back to the library unchanged, except
 *   404 on a data endpoint, which means Yahoo does not know the symbol.
 * - Base URL: when set, requests to any *.yahoo.com host go to that origin instead, path and query unchanged; the
 *   original host travels in `x-forwarded-host`. Tests point it at a local fake server; it also suits a proxy.
 */
import { MarketDataError } from '../market-data-error.ts'
import { sleepFor, type TokenBucket } from './token-bucket.ts'

export interface YahooFetchOptions {
  bucket: TokenBucket
  timeoutMs: number
  maxRetries: number
  /** First backoff delay; doubles per attempt up to `retryMaxDelayMs`. */
  retryBaseDelayMs: number
  retryMaxDelayMs: number
  baseUrl?: string
  fetchImpl?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  /** Uniform [0, 1) for jitter; injectable for tests. */
  random?: () => number
}

/** Paths whose 404 means "no such symbol" rather than a moved page. */
const dataPaths = [
  '/v7/finance/quote',
  '/v8/finance/chart/',
  '/v10/finance/quoteSummary/',
  '/ws/fundamentals-timeseries/',
]

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
}

function requestUrl(input: RequestInfo | URL): URL {
  if (typeof input === 'string') return new URL(input)
  if (input instanceof URL) return new URL(input.href)
  return new URL(input.url)
}

function headersWith(init: RequestInit | undefined, name: string, value: string): Headers {
  const headers = new Headers(init?.headers)
  headers.set(name, value)
  return headers
}

/** Milliseconds to wait as asked by a `Retry-After` header (seconds or an HTTP date), if any. */
function retryAfterMs(response: Response, nowMs: number): number | null {
  const value = response.headers.get('retry-after')
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs)
}

export function createYahooFetch(options: YahooFetchOptions): typeof fetch {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch
  const sleep = options.sleep ?? sleepFor
  const random = options.random ?? Math.random
  const base = options.baseUrl ? new URL(options.baseUrl) : null

  function backoffMs(attempt: number): number {
    const ceiling = Math.min(options.retryMaxDelayMs, options.retryBaseDelayMs * 2 ** attempt)
    return Math.round(ceiling * (0.5 + random() * 0.5))
  }

  return async function yahooFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const original = requestUrl(input)
    let target = original
    let headers = new Headers(init?.headers)
    if (base && (original.hostname === 'yahoo.com' || original.hostname.endsWith('.yahoo.com'))) {
      target = new URL(`${original.pathname}${original.search}`, base)
      headers = headersWith(init, 'x-forwarded-host', original.host)
    }
    const where = `${original.host}${original.pathname}`

    for (let attempt = 0; ; attempt++) {
      await options.bucket.take()
      const timeout = AbortSignal.timeout(options.timeoutMs)
      const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout
      let response: Response
      try {
        response = await fetchImpl(target, { ...init, headers, signal })
      } catch (error) {
        if (init?.signal?.aborted) throw error
        if (attempt < options.maxRetries) {
          await sleep(backoffMs(attempt))
          continue
        }
        const timedOut = isTimeout(error) || timeout.aborted
        throw new MarketDataError(
          timedOut ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE',
          `${where}: ${timedOut ? `no answer within ${options.timeoutMs} ms` : 'connection failed'} after ${attempt + 1} attempts`,
          { cause: error },
        )
      }

      if (isRetryableStatus(response.status)) {
        await response.body?.cancel().catch(() => undefined)
        if (attempt < options.maxRetries) {
          const asked = retryAfterMs(response, Date.now())
          await sleep(asked === null ? backoffMs(attempt) : Math.min(asked, options.retryMaxDelayMs))
          continue
        }
        throw new MarketDataError(
          response.status === 429 ? 'PROVIDER_RATE_LIMITED' : 'PROVIDER_UNAVAILABLE',
          `${where}: HTTP ${response.status} after ${attempt + 1} attempts`,
        )
      }

      if (response.status === 404 && dataPaths.some((path) => original.pathname.startsWith(path))) {
        await response.body?.cancel().catch(() => undefined)
        throw new MarketDataError('SYMBOL_NOT_FOUND', `${where}: Yahoo does not know this symbol`)
      }
      return response
    }
  }
}
