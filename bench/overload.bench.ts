/**
 * Does the site keep answering its cheap calls while a burst of page requests saturates it? Run with
 * `npm run bench -- overload` (or `node bench/run.ts overload` after a build).
 *
 * While autocannon keeps BENCH_CONNECTIONS (100) connections busy on `/` (server-rendered), two probes run one
 * request after another, each on a fresh connection (a new reader arriving, not a warm keep-alive socket):
 * - `GET /api/portal/home/listMenu`;
 * - a login: send a code to a new number, then log in with it (a registration, the heaviest login).
 * Prints each probe's p50/p99/max and the page load's answers: 200s, and 503s with and without Retry-After.
 * Target: probes under 1 s at p99, or 503s with Retry-After — never a stall of many seconds.
 * Figures depend on the machine; compare runs on the same machine only.
 */
import http from 'node:http'
import autocannon from 'autocannon'
import { toE164Mobile } from '#contracts/mobile-number.ts'
import type { SmsSender } from '#server/providers/sms/sms-sender.ts'
import { startBenchServer } from './support/bench-server.ts'
import { probeSummary } from './support/percentile.ts'

const connections = Number(process.env.BENCH_CONNECTIONS ?? 100)
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 15)
/** A probe slower than this counts as a stall and is abandoned. */
const probeTimeoutMs = 30_000

/** The login codes, read as the SMS adapter sends them (no outbox, no log). */
const codes = new Map<string, string>()
let sentMessages = 0
const recordingSms: SmsSender = {
  name: 'console',
  async send(message) {
    const code = /\b(\d{6})\b/.exec(message.body)?.[1]
    if (code) codes.set(message.to, code)
    sentMessages += 1
    return { id: `bench-${sentMessages}` }
  },
}

/** Load shedding as the environment sets it, to compare runs (PAGE_RENDER_CONCURRENCY=0 LOAD_SHED_PAGE_LAG_MS=0: off). */
const sheddingVariables = [
  'PAGE_RENDER_CONCURRENCY',
  'PAGE_RENDER_QUEUE',
  'PAGE_RENDER_QUEUE_TIMEOUT_MS',
  'LOAD_SHED_PAGE_LAG_MS',
  'LOAD_SHED_API_LAG_MS',
  'LOAD_SHED_RETRY_AFTER_SECONDS',
]
const sheddingEnv = Object.fromEntries(
  sheddingVariables.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
)

const server = await startBenchServer(
  {
    SMS_PROVIDER: 'console',
    // Every request comes from loopback: lift the per-address limits the load and the probes would otherwise meet.
    LOGIN_IP_LIMIT_PER_HOUR: '100000000',
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    ...sheddingEnv,
  },
  { smsSender: recordingSms },
)

interface ProbeAnswer {
  status: number
  ms: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request on a new connection (no agent: the socket is opened for it and closed after). */
function requestOnFreshConnection(
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<ProbeAnswer> {
  const startedAt = performance.now()
  return new Promise((resolve) => {
    const request = http.request(
      { host: '127.0.0.1', port: server.port, method, path, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: performance.now() - startedAt,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        )
      },
    )
    request.setTimeout(probeTimeoutMs, () => request.destroy(new Error('probe timed out')))
    request.on('error', () =>
      resolve({ status: 0, ms: performance.now() - startedAt, headers: {}, body: '' }),
    )
    request.end(body)
  })
}

let nextNumber = 0
function freshMobile(): { mobile: string; e164: string } {
  for (;;) {
    nextNumber += 1
    const mobile = `5${String(nextNumber % 10_000_000).padStart(7, '0')}`
    const e164 = toE164Mobile('HK', mobile)
    if (e164) return { mobile, e164 }
  }
}

interface ProbeStats {
  latencies: number[]
  statuses: Map<number, number>
}

function newStats(): ProbeStats {
  return { latencies: [], statuses: new Map() }
}

function record(stats: ProbeStats, ms: number, status: number): void {
  stats.latencies.push(ms)
  stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1)
}

const host = server.hostOf('en')
const apiHeaders = { host, lang: 'en' }
const jsonHeaders = { ...apiHeaders, 'content-type': 'application/json' }

async function probeMenu(stats: ProbeStats, until: number): Promise<void> {
  while (performance.now() < until) {
    const answer = await requestOnFreshConnection('GET', '/api/portal/home/listMenu', apiHeaders)
    record(stats, answer.ms, answer.status)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function probeLogin(stats: ProbeStats, until: number): Promise<void> {
  while (performance.now() < until) {
    const number = freshMobile()
    const payload = { country: 'HK', mobile: number.mobile }
    const sent = await requestOnFreshConnection(
      'POST',
      '/api/portal/member/sendCode',
      jsonHeaders,
      JSON.stringify(payload),
    )
    if (sent.status !== 200) {
      record(stats, sent.ms, sent.status)
      continue
    }
    const code = codes.get(number.e164) ?? '000000'
    codes.delete(number.e164)
    const login = await requestOnFreshConnection(
      'POST',
      '/api/portal/member/login',
      jsonHeaders,
      JSON.stringify({ ...payload, code, agreed: true }),
    )
    record(stats, sent.ms + login.ms, login.status)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const summary = (stats: ProbeStats) => probeSummary(stats.latencies, stats.statuses)

try {
  // Warm up: the first render of a page and the first login compile code paths and fill caches.
  await requestOnFreshConnection('GET', '/', { ...apiHeaders, accept: 'text/html' })
  await probeLogin(newStats(), performance.now() + 1)

  const pageAnswers = { ok: 0, busyWithRetryAfter: 0, busyWithoutRetryAfter: 0, other: 0 }
  const until = performance.now() + durationSeconds * 1000
  const menu = newStats()
  const login = newStats()
  const [pageLoad] = await Promise.all([
    autocannon({
      url: server.url,
      connections,
      duration: durationSeconds,
      requests: [
        {
          method: 'GET',
          path: '/',
          headers: {
            host,
            accept: 'text/html',
            cookie: 'privacy=accepted; landing=%2F; i18n_redirected=en',
            'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
          },
          onResponse: (status, _body, _context, headers) => {
            if (status === 200) pageAnswers.ok += 1
            else if (status === 503 && headers?.['retry-after']) pageAnswers.busyWithRetryAfter += 1
            else if (status === 503) pageAnswers.busyWithoutRetryAfter += 1
            else pageAnswers.other += 1
          },
        },
      ],
    }),
    // Let the burst build up before the first probe.
    new Promise((resolve) => setTimeout(resolve, 1000)).then(() =>
      Promise.all([probeMenu(menu, until), probeLogin(login, until)]),
    ),
  ])

  const shedding = server.runtime.config.loadShedding
  console.log(
    `\nDatabase: ${server.runtime.database.kind}; ${connections} connections on / for ${durationSeconds} s, loopback; ` +
      `page renders ${shedding.pageConcurrency || 'unlimited'}, queue ${shedding.pageQueue}, ` +
      `page lag limit ${shedding.pageMaxLagMs || 'off'}`,
  )
  console.log('\nPage load GET / (autocannon)')
  console.table({
    'req/s': Math.round(pageLoad.requests.average),
    'p50 ms': pageLoad.latency.p50,
    'p99 ms': pageLoad.latency.p99,
    '200': pageAnswers.ok,
    '503 + Retry-After': pageAnswers.busyWithRetryAfter,
    '503 without Retry-After': pageAnswers.busyWithoutRetryAfter,
    other: pageAnswers.other,
    errors: pageLoad.errors,
    timeouts: pageLoad.timeouts,
  })
  console.log('\nProbes on fresh connections during the page load')
  console.table({
    'GET /api/portal/home/listMenu': summary(menu),
    'login (sendCode + login)': summary(login),
  })
} finally {
  await server.close()
}
