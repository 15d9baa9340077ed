/**
 * A local stand-in for Yahoo Finance, for tests: an HTTP server on 127.0.0.1 that answers the paths yahoo-finance2
 * calls with the recorded-shape fixtures in `fixtures/` (one US, one HK, one JP and one KR symbol, plus the
 * CNY/HKD rate and the cookie/crumb handshake). Like Yahoo it filters chart rows by period, time series by
 * requested type and quote-summary modules by `modules`, wants the crumb and cookie on `quote` and `quoteSummary`,
 * and answers 404 for unknown symbols. Tests can script failures (an HTTP status, a hung request, a dropped
 * connection) for the next requests on a path.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

const fixtureDir = join(import.meta.dirname, 'fixtures')

export interface RecordedRequest {
  path: string
  query: URLSearchParams
  forwardedHost: string | undefined
  cookie: string | undefined
}

export interface ScriptedFailure {
  status?: number
  retryAfter?: string
  /** Never answer; the client has to time out. */
  hang?: boolean
  /** Close the connection without an answer. */
  dropConnection?: boolean
}

export interface FakeYahooServer {
  baseUrl: string
  requests: RecordedRequest[]
  /** The next `times` requests whose path starts with `pathPrefix` fail as described. */
  failNext(pathPrefix: string, failure: ScriptedFailure, times?: number): void
  requestsTo(pathPrefix: string): RecordedRequest[]
  /** Forget recorded requests and scripted failures. */
  reset(): void
  close(): Promise<void>
}

type Json = Record<string, unknown>

interface Handshake {
  quotePage: { status: number; headers: Record<string, string | string[]>; body: string }
  getcrumb: { status: number; headers: Record<string, string | string[]>; body: string }
}

function loadFixtures(): Map<string, Json> {
  const fixtures = new Map<string, Json>()
  for (const file of readdirSync(fixtureDir)) {
    if (file.endsWith('.json'))
      fixtures.set(file.slice(0, -'.json'.length), JSON.parse(readFileSync(join(fixtureDir, file), 'utf8')))
  }
  return fixtures
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, {
    'content-type': 'application/json;charset=utf-8',
    'cache-control': 'public, max-age=1',
  })
  res.end(JSON.stringify(body))
}

function unauthorized(res: ServerResponse) {
  sendJson(res, 401, {
    finance: { result: null, error: { code: 'Unauthorized', description: 'Invalid Crumb' } },
  })
}

export async function startFakeYahooServer(): Promise<FakeYahooServer> {
  const fixtures = loadFixtures()
  const handshake = fixtures.get('handshake') as unknown as Handshake
  const crumb = handshake.getcrumb.body
  const requests: RecordedRequest[] = []
  const failures: Array<{ pathPrefix: string; failure: ScriptedFailure; remaining: number }> = []
  const hung = new Set<ServerResponse>()

  function hasSession(req: IncomingMessage, query: URLSearchParams): boolean {
    return query.get('crumb') === crumb && (req.headers.cookie ?? '').includes('A3=')
  }

  function serveChart(res: ServerResponse, symbol: string, query: URLSearchParams) {
    const fixture = fixtures.get(`${symbol}.chart`) as { chart: { result: Json[] } } | undefined
    if (!fixture) {
      return sendJson(res, 404, {
        chart: {
          result: null,
          error: { code: 'Not Found', description: 'No data found, symbol may be delisted' },
        },
      })
    }
    const from = Number(query.get('period1') ?? 0)
    const to = Number(query.get('period2') ?? Number.MAX_SAFE_INTEGER)
    const source = fixture.chart.result[0] as {
      timestamp: number[]
      indicators: { quote: Array<Record<string, unknown[]>>; adjclose: Array<{ adjclose: unknown[] }> }
    } & Json
    const keep = source.timestamp.map((t) => t >= from && t < to)
    const filter = <T>(values: T[]) => values.filter((_, i) => keep[i])
    const quote = source.indicators.quote[0] ?? {}
    const result = {
      ...source,
      timestamp: filter(source.timestamp),
      indicators: {
        quote: [Object.fromEntries(Object.entries(quote).map(([key, values]) => [key, filter(values)]))],
        adjclose: [{ adjclose: filter(source.indicators.adjclose[0]?.adjclose ?? []) }],
      },
    }
    sendJson(res, 200, { chart: { result: [result], error: null } })
  }

  function serveTimeseries(res: ServerResponse, symbol: string, query: URLSearchParams) {
    const fixture = fixtures.get(`${symbol}.timeseries`) as
      | { timeseries: { result: Array<{ meta: { type: string[] } }> } }
      | undefined
    const requested = new Set((query.get('type') ?? '').split(','))
    const result = (fixture?.timeseries.result ?? []).filter((entry) =>
      requested.has(entry.meta.type[0] ?? ''),
    )
    sendJson(res, 200, { timeseries: { result, error: null } })
  }

  function serveQuote(req: IncomingMessage, res: ServerResponse, query: URLSearchParams) {
    if (!hasSession(req, query)) return unauthorized(res)
    const result = (query.get('symbols') ?? '')
      .split(',')
      .flatMap(
        (symbol) =>
          (fixtures.get(`${symbol}.quote`) as { quoteResponse?: { result: Json[] } } | undefined)
            ?.quoteResponse?.result ?? [],
      )
    sendJson(res, 200, { quoteResponse: { result, error: null } })
  }

  function serveQuoteSummary(
    req: IncomingMessage,
    res: ServerResponse,
    symbol: string,
    query: URLSearchParams,
  ) {
    if (!hasSession(req, query)) return unauthorized(res)
    const fixture = fixtures.get(`${symbol}.quoteSummary`) as { quoteSummary: { result: Json[] } } | undefined
    if (!fixture) {
      return sendJson(res, 404, {
        quoteSummary: {
          result: null,
          error: { code: 'Not Found', description: `Quote not found for symbol: ${symbol}` },
        },
      })
    }
    const modules = new Set((query.get('modules') ?? '').split(','))
    const all = fixture.quoteSummary.result[0] ?? {}
    const result = Object.fromEntries(Object.entries(all).filter(([module]) => modules.has(module)))
    sendJson(res, 200, { quoteSummary: { result: [result], error: null } })
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const path = decodeURIComponent(url.pathname)
    requests.push({
      path,
      query: url.searchParams,
      forwardedHost: req.headers['x-forwarded-host'] as string | undefined,
      cookie: req.headers.cookie,
    })

    const scripted = failures.find((f) => f.remaining > 0 && path.startsWith(f.pathPrefix))
    if (scripted) {
      scripted.remaining--
      const { failure } = scripted
      if (failure.hang) {
        hung.add(res)
        return
      }
      if (failure.dropConnection) {
        req.socket.destroy()
        return
      }
      res.writeHead(failure.status ?? 500, {
        'content-type': 'text/html',
        ...(failure.retryAfter ? { 'retry-after': failure.retryAfter } : {}),
      })
      res.end(failure.status === 429 ? 'Too Many Requests' : 'Internal Server Error')
      return
    }

    if (path.startsWith('/quote/')) {
      res.writeHead(handshake.quotePage.status, handshake.quotePage.headers)
      return res.end(handshake.quotePage.body)
    }
    if (path === '/v1/test/getcrumb') {
      if (!(req.headers.cookie ?? '').includes('A3=')) return unauthorized(res)
      res.writeHead(handshake.getcrumb.status, handshake.getcrumb.headers)
      return res.end(crumb)
    }
    if (path === '/v7/finance/quote') return serveQuote(req, res, url.searchParams)
    if (path.startsWith('/v8/finance/chart/'))
      return serveChart(res, path.slice('/v8/finance/chart/'.length), url.searchParams)
    if (path.startsWith('/ws/fundamentals-timeseries/v1/finance/timeseries/')) {
      return serveTimeseries(
        res,
        path.slice('/ws/fundamentals-timeseries/v1/finance/timeseries/'.length),
        url.searchParams,
      )
    }
    if (path.startsWith('/v10/finance/quoteSummary/')) {
      return serveQuoteSummary(req, res, path.slice('/v10/finance/quoteSummary/'.length), url.searchParams)
    }
    sendJson(res, 404, {
      finance: { result: null, error: { code: 'Not Found', description: `No route for ${path}` } },
    })
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext(pathPrefix, failure, times = 1) {
      failures.push({ pathPrefix, failure, remaining: times })
    },
    requestsTo(pathPrefix) {
      return requests.filter((r) => r.path.startsWith(pathPrefix))
    },
    reset() {
      requests.length = 0
      failures.length = 0
    },
    close() {
      for (const res of hung) res.destroy()
      server.closeAllConnections()
      return new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}
