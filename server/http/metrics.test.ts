import { get as httpGet } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ok } from '#contracts/envelope.ts'
import { createScheduler } from '#server/jobs/scheduler.ts'
import { openEventStream } from '#server/modules/chat/chat-stream.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createRenderGate, type LoadShedding, registerApiLoadShedding } from './load-shedding.ts'
import { createServerMetrics, registerRequestMetrics, type ServerMetrics, serveMetrics } from './metrics.ts'

/** The value of one series in the exposition text, or undefined when it is absent. */
async function seriesValue(metrics: ServerMetrics, series: string): Promise<number | undefined> {
  const text = await metrics.registry.metrics()
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('metrics of a serving process', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime({ SEARCH_RATE_PER_MINUTE: '1' })
  })
  afterAll(() => runtime.close())

  it('counts each answered request by route pattern and status, and times it', async () => {
    const series =
      'tickerwise_http_requests_total{method="GET",route="/api/portal/home/listMenu",status="200"}'
    const before = (await seriesValue(runtime.metrics, series)) ?? 0
    await runtime.app.inject({ url: '/api/portal/home/listMenu?from=header', headers: regionalHeaders() })
    await runtime.app.inject({ url: '/api/portal/home/listMenu?from=footer', headers: regionalHeaders() })
    expect(await seriesValue(runtime.metrics, series)).toBe(before + 2)
    const timed = await seriesValue(
      runtime.metrics,
      'tickerwise_http_request_duration_seconds_count{method="GET",route="/api/portal/home/listMenu"}',
    )
    expect(timed).toBe(before + 2)
    expect(await runtime.metrics.registry.metrics()).not.toContain('from=')
  })

  it('leaves the load balancer’s questions out of the request counts', async () => {
    await runtime.app.inject({ url: '/healthz' })
    await runtime.app.inject({ url: '/readyz' })
    expect(await runtime.metrics.registry.metrics()).not.toMatch(/healthz|readyz/)
  })

  it('counts a rate-limit refusal against its route', async () => {
    const series = 'tickerwise_rate_limit_refusals_total{route="/api/portal/article/suggest"}'
    const ask = () =>
      runtime.app.inject({
        url: '/api/portal/article/suggest?searchValue=a',
        headers: regionalHeaders(),
        remoteAddress: '10.77.0.1',
      })
    expect((await ask()).statusCode).toBe(200)
    expect(await seriesValue(runtime.metrics, series)).toBeUndefined()
    expect((await ask()).statusCode).toBe(429)
    expect(await seriesValue(runtime.metrics, series)).toBe(1)
  })

  it('exposes Node’s event-loop lag and the file readers busy', async () => {
    const text = await runtime.metrics.registry.metrics()
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    expect(await seriesValue(runtime.metrics, 'tickerwise_file_readers_busy')).toBe(0)
  })

  it('is not served on the site’s port', async () => {
    const response = await runtime.app.inject({ url: '/metrics', headers: regionalHeaders() })
    expect(response.statusCode).toBe(404)
    expect(response.body).not.toContain('tickerwise_http_requests_total')
  })
})

describe('metrics fed by other modules', () => {
  it('counts API calls refused by load shedding', async () => {
    const metrics = createServerMetrics()
    const shedding: LoadShedding = {
      pages: createRenderGate({ concurrency: 1, queue: 0, queueTimeoutMs: 0, isLagging: () => true }),
      isApiLagging: () => true,
      retryAfterSeconds: 5,
      onRefusal: metrics.countLoadShed,
      stop: () => undefined,
    }
    const app = Fastify()
    await app.register(
      async (api) => {
        registerApiLoadShedding(api, shedding)
        api.get('/home/listMenu', async () => ok([]))
      },
      { prefix: '/api/portal' },
    )
    expect((await app.inject({ url: '/api/portal/home/listMenu' })).statusCode).toBe(503)
    expect((await app.inject({ url: '/api/portal/home/listMenu' })).statusCode).toBe(503)
    expect(
      await seriesValue(metrics, 'tickerwise_load_shed_refusals_total{kind="api",reason="lagging"}'),
    ).toBe(2)
  })

  it('counts job runs by outcome, failures apart', async () => {
    const metrics = createServerMetrics()
    const scheduler = createScheduler({
      database: { kind: 'pglite', tryWithAdvisoryLock: () => Promise.reject(new Error('unused')) },
      log: { info: () => undefined, error: () => undefined },
      onOutcome: metrics.countJobRun,
    })
    scheduler.register({
      name: 'works',
      nextRunAt: () => new Date('2100-01-01T00:00:00Z'),
      run: async () => undefined,
    })
    scheduler.register({
      name: 'breaks',
      nextRunAt: () => new Date('2100-01-01T00:00:00Z'),
      run: () => Promise.reject(new Error('provider down')),
    })
    await scheduler.runNow('works')
    await scheduler.runNow('breaks')
    await scheduler.runNow('breaks')
    expect(await seriesValue(metrics, 'tickerwise_job_runs_total{job="works",outcome="ran"}')).toBe(1)
    expect(await seriesValue(metrics, 'tickerwise_job_runs_total{job="breaks",outcome="failed"}')).toBe(2)
    await scheduler.stop()
  })

  it('reports the database pool’s use on PostgreSQL', async () => {
    const metrics = createServerMetrics({
      database: { poolUse: () => ({ total: 4, idle: 1, waiting: 2, max: 10 }) },
    })
    expect(await seriesValue(metrics, 'tickerwise_db_pool_connections{state="total"}')).toBe(4)
    expect(await seriesValue(metrics, 'tickerwise_db_pool_connections{state="waiting"}')).toBe(2)
    expect(await seriesValue(metrics, 'tickerwise_db_pool_connections{state="max"}')).toBe(10)
  })

  it('counts chat streams while they are open', async () => {
    const metrics = createServerMetrics()
    const app = Fastify()
    registerRequestMetrics(app, metrics)
    app.get('/stream', async (_request, reply) => {
      openEventStream(reply)
      return reply
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      const request = httpGet(`http://127.0.0.1:${port}/stream`)
      const response = await new Promise<import('node:http').IncomingMessage>((resolve) =>
        request.once('response', resolve),
      )
      expect(response.headers['content-type']).toContain('text/event-stream')
      expect(await seriesValue(metrics, 'tickerwise_chat_streams_open')).toBe(1)
      request.destroy()
      await expect.poll(() => seriesValue(metrics, 'tickerwise_chat_streams_open')).toBe(0)
    } finally {
      await app.close()
    }
  })
})

describe('the metrics listener', () => {
  it('is off unless METRICS_PORT is set', async () => {
    expect(await serveMetrics(createServerMetrics(), { port: 0, host: '127.0.0.1' })).toBeUndefined()
  })

  it('answers GET /metrics on its own port, and nothing else', async () => {
    const metrics = createServerMetrics()
    metrics.countRateLimitRefusal('/api/portal/article/suggest')
    const port = await freePort()
    const server = await serveMetrics(metrics, { port, host: '127.0.0.1' })
    try {
      const scrape = await fetch(`http://127.0.0.1:${port}/metrics`)
      expect(scrape.status).toBe(200)
      expect(scrape.headers.get('content-type')).toContain('text/plain')
      expect(await scrape.text()).toContain(
        'tickerwise_rate_limit_refusals_total{route="/api/portal/article/suggest"} 1',
      )
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404)
    } finally {
      server?.close()
    }
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
