/**
 * Prometheus metrics (prom-client, ADR 0027): requests and their latency per route, Node's own (event-loop lag, heap,
 * GC), load-shed and rate-limit refusals, the database pool, scheduled job runs, file readers busy and chat streams
 * open. Served on a listener of their own (METRICS_PORT, loopback by default), never on the site's port. With
 * WEB_CONCURRENCY workers each worker keeps its registry and the primary answers a scrape with all of them summed
 * (prom-client's AggregatorRegistry over node:cluster), so one target is one machine.
 *
 * Decides what is measured and how it is named; leaves when to refuse (load shedding, rate limits) to those modules.
 */
import cluster from 'node:cluster'
import { createServer, type Server } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Database } from '#server/db/database.ts'
import type { JobOutcome } from '#server/jobs/scheduler.ts'

export interface ServerMetrics {
  registry: Registry
  countLoadShed(kind: 'page' | 'api', reason: string): void
  countRateLimitRefusal(route: string): void
  countJobRun(job: string, outcome: JobOutcome): void
  observeRequest(answer: { method: string; route: string; status: number; seconds: number }): void
  /** A chat stream opened; call the returned function when it closes. */
  openStream(): () => void
}

export interface MetricSources {
  database?: Pick<Database, 'poolUse'>
  fileReadersBusy?: () => number
}

export function createServerMetrics(sources: MetricSources = {}): ServerMetrics {
  const registry = new Registry()
  // Node's own: event-loop lag (nodejs_eventloop_lag_*), heap, GC, handles, CPU and memory of the process.
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'tickerwise_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'tickerwise_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  const loadShed = new Counter({
    name: 'tickerwise_load_shed_refusals_total',
    help: 'Requests answered 503 by load shedding, by kind (page, api) and reason',
    labelNames: ['kind', 'reason'] as const,
    registers: [registry],
  })
  const rateLimited = new Counter({
    name: 'tickerwise_rate_limit_refusals_total',
    help: 'Requests refused 429 by a rate limit, by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  })
  const jobRuns = new Counter({
    name: 'tickerwise_job_runs_total',
    help: 'Scheduled job runs in this process, by job and outcome (ran, skipped, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  })
  const chatStreams = new Gauge({
    name: 'tickerwise_chat_streams_open',
    help: 'Chat answers streaming (text/event-stream) now',
    registers: [registry],
  })
  new Gauge({
    name: 'tickerwise_file_readers_busy',
    help: 'Chat file readings waiting or under way',
    registers: [registry],
    collect() {
      this.set(sources.fileReadersBusy?.() ?? 0)
    },
  })
  const poolUse = sources.database?.poolUse
  if (poolUse) {
    new Gauge({
      name: 'tickerwise_db_pool_connections',
      help: 'PostgreSQL pool connections by state: total (open), idle, waiting (queries queued), max',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const use = poolUse()
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, use[state])
      },
    })
  }
  return {
    registry,
    countLoadShed: (kind, reason) => loadShed.inc({ kind, reason }),
    countRateLimitRefusal: (route) => rateLimited.inc({ route }),
    countJobRun: (job, outcome) => jobRuns.inc({ job, outcome }),
    observeRequest({ method, route, status, seconds }) {
      requests.inc({ method, route, status: String(status) })
      duration.observe({ method, route }, seconds)
    },
    openStream() {
      chatStreams.inc()
      let closed = false
      return () => {
        if (closed) return
        closed = true
        chatStreams.dec()
      }
    },
  }
}

/**
 * The load balancer's questions (health.ts), asked every few seconds: counted, they would drown the rates. Named here
 * rather than imported so the primary of workers, which serves only metrics, loads no database code.
 */
const unmeasuredRoutes = new Set(['/healthz', '/readyz'])

/** Counts every answer by route pattern (not URL: a label per article would never end) and the streams open. */
export function registerRequestMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    if (unmeasuredRoutes.has(route)) return
    const seconds = reply.elapsedTime / 1000
    metrics.observeRequest({ method: request.method, route, status: reply.statusCode, seconds })
  })
  app.addHook('onSend', async (_request, reply) => {
    const type = reply.getHeader('content-type')
    if (typeof type !== 'string' || !type.startsWith('text/event-stream')) return
    reply.raw.once('close', metrics.openStream())
  })
}

/**
 * The metrics listener: GET /metrics on its own port. In a worker it serves nothing: the primary asks the workers
 * (`servePrimaryMetrics`).
 */
export async function serveMetrics(
  metrics: ServerMetrics,
  { port, host }: { port: number; host: string },
): Promise<Server | undefined> {
  if (port === 0) return undefined
  if (cluster.isWorker) {
    answerPrimaryScrapes()
    AggregatorRegistry.setRegistries([metrics.registry])
    return undefined
  }
  return listenForScrapes(() => metrics.registry.metrics(), metrics.registry.contentType, { port, host })
}

/**
 * A worker answers the primary's requests for its metrics from the moment it starts, with nothing until its server
 * is up: the primary asks every worker it has forked, and one still booting would otherwise fail the whole scrape
 * (after prom-client's 5 s). Constructing an AggregatorRegistry is what adds the listener (prom-client's cluster.js).
 */
export function answerPrimaryScrapes(): void {
  if (!cluster.isWorker) return
  new AggregatorRegistry()
  AggregatorRegistry.setRegistries([])
}

/** The primary of WEB_CONCURRENCY workers: one scrape answers every worker's metrics, summed. */
export async function servePrimaryMetrics({
  port,
  host,
}: {
  port: number
  host: string
}): Promise<Server | undefined> {
  if (port === 0) return undefined
  const aggregator = new AggregatorRegistry()
  return listenForScrapes(() => aggregator.clusterMetrics(), aggregator.contentType, { port, host })
}

async function listenForScrapes(
  render: () => Promise<string>,
  contentType: string,
  { port, host }: { port: number; host: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end()
      return
    }
    render().then(
      (body) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500).end(),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  return server
}
