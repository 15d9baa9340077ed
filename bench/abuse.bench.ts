/**
 * Per-address limits under abuse, in one bounded run: `node bench/abuse.bench.ts` (or `npm run bench -- abuse`).
 * Starts the real site once (production build, fresh database: PGlite in a temporary folder, or DATABASE_URL; Redis
 * counters when REDIS_URL is set), served on two ports, without TRUST_PROXY and with TRUST_PROXY=1, and sends each
 * rate-limited route its limit plus a margin, in four scenarios (each from its own client address):
 *
 * 1. one address: every request from one loopback address, no forwarding headers;
 * 2. forged X-Forwarded-For, TRUST_PROXY unset: a new address in the header on every request (must count as one);
 * 3. forged X-Forwarded-For, TRUST_PROXY=1: a new leftmost address, then the one the proxy appended (counts as
 *    that one client);
 * 4. distinct clients, TRUST_PROXY=1: the proxy appends a different client each time (nobody is limited).
 *
 * Prints, per route, the requests that got past the limit (anything but 429 RATE_LIMITED; a quota's own 429 or a
 * validation error still got past) against the configured limit, and exits 1 when a figure is not the expected.
 */
import '#server/production-env.ts'
import { randomInt } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { ServerBuild } from 'react-router'
import { bootRuntime } from '#server/boot.ts'
import { loadConfig } from '#server/config.ts'
import { createHttpServer } from '#server/http.ts'

const margin = Number(process.env.BENCH_MARGIN ?? 10)
const concurrency = Number(process.env.BENCH_CONNECTIONS ?? 8)

interface Probe {
  route: string
  /** The configured limit and its window, as the server reads them from the same environment. */
  limit: number
  window: string
  /** One request: path, method and body (fresh values each time where the route needs them). */
  request(n: number): { path: string; method?: 'GET' | 'POST'; body?: unknown }
}

/**
 * The limits under test: the defaults, except the search and autocomplete limits, lowered so that the whole run
 * (each scenario renders the search page limit + margin times) stays under two minutes on a small machine.
 */
const benchLimits = { SEARCH_RATE_PER_MINUTE: '40', STOCKS_SUGGEST_RATE_PER_MINUTE: '60' }
const defaults = loadConfig(benchLimits)
let sequence = 0
/** A fresh number for values a route must not see twice (mobile numbers, emails). */
function nextSequence(): number {
  sequence += 1
  return sequence
}
const probes: Probe[] = [
  {
    route: 'POST /member/sendCode',
    limit: defaults.auth.ipLimitPerHour,
    window: '1 h',
    request: () => ({
      method: 'POST',
      path: '/api/portal/member/sendCode',
      body: { country: 'HK', mobile: `5${String(1_000_000 + nextSequence()).padStart(7, '0')}` },
    }),
  },
  {
    route: 'POST /member/login',
    limit: defaults.auth.ipLimitPerHour,
    window: '1 h',
    request: () => ({
      method: 'POST',
      path: '/api/portal/member/login',
      body: { country: 'HK', mobile: '51234567', code: '000000', agreed: true },
    }),
  },
  {
    route: 'GET /bizStockScore/getByCode',
    limit: defaults.marketData.rateLimits.diagnosisPerMinute,
    window: '1 min',
    request: () => ({ path: '/api/portal/bizStockScore/getByCode?code=AAPL&market=us' }),
  },
  {
    route: 'GET /bizStockScore/listStockAI',
    limit: defaults.marketData.rateLimits.suggestPerMinute,
    window: '1 min',
    request: (n) => ({ path: `/api/portal/bizStockScore/listStockAI?q=${'abcdefgh'[n % 8]}` }),
  },
  {
    route: 'GET /article/suggest',
    limit: defaults.searchRatePerMinute,
    window: '1 min',
    request: (n) => ({ path: `/api/portal/article/suggest?searchValue=${['ai', 'bank', 'chip'][n % 3]}` }),
  },
  {
    route: 'GET /article/list?keyword=',
    limit: defaults.searchRatePerMinute,
    window: '1 min',
    request: () => ({ path: '/api/portal/article/list?keyword=dividend' }),
  },
  {
    route: 'GET /search/{keyword} (page)',
    limit: defaults.searchRatePerMinute,
    window: '1 min',
    request: () => ({ path: '/search/dividend' }),
  },
  {
    route: 'POST /home/subEmail',
    limit: defaults.newsletterRatePer10Minutes,
    window: '10 min',
    request: () => ({
      method: 'POST',
      path: '/api/portal/home/subEmail',
      body: { email: `abuse${nextSequence()}@example.com`, source: 'footer' },
    }),
  },
  {
    route: 'POST /track/event',
    limit: 300,
    window: '1 min',
    request: () => ({
      method: 'POST',
      path: '/api/portal/track/event',
      body: {
        eventType: 'page_view',
        subSessionId: 'abuse-bench-0001',
        pageUrl: 'http://en.localhost/articles',
        pageTitle: 'Articles',
        deviceType: 'desktop',
        osName: 'Linux',
        browser: 'Chrome',
        screen: '1920x1080',
        sdkVersion: 'web-1',
        dataSource: 'web',
      },
    }),
  },
]

interface Scenario {
  name: string
  /** Which of the two servers: without TRUST_PROXY, or with TRUST_PROXY=1 (one load balancer in front). */
  server: 'direct' | 'behind one proxy'
  /** The loopback address this scenario connects from (the socket address the server sees). */
  from: string
  /** The X-Forwarded-For of request n, if any. */
  forwardedFor(n: number): string | undefined
  /** What should get past: the limit (one client) or every request (distinct clients). */
  expected(probe: Probe, sent: number): number
}

// Addresses are drawn per run, so counters a previous run left (in DATABASE_URL or Redis) never meet this run's.
const octet = () => randomInt(1, 255)
const randomAddress = () => `${randomInt(1, 224)}.${randomInt(256)}.${randomInt(256)}.${octet()}`
const clientBehindProxy = `203.0.${randomInt(256)}.${octet()}`
const distinctClients = `198.${randomInt(18, 20)}.${randomInt(256)}`
const scenarios: Scenario[] = [
  {
    name: 'one address',
    server: 'direct',
    from: `127.${octet()}.${octet()}.${octet()}`,
    forwardedFor: () => undefined,
    expected: (p) => p.limit,
  },
  {
    name: 'forged XFF, TRUST_PROXY unset',
    server: 'direct',
    from: `127.${octet()}.${octet()}.${octet()}`,
    forwardedFor: () => randomAddress(),
    expected: (p) => p.limit,
  },
  {
    name: 'forged XFF, TRUST_PROXY=1',
    server: 'behind one proxy',
    from: '127.0.0.1',
    forwardedFor: () => `${randomAddress()}, ${clientBehindProxy}`,
    expected: (p) => p.limit,
  },
  {
    name: 'distinct clients, TRUST_PROXY=1',
    server: 'behind one proxy',
    from: '127.0.0.1',
    forwardedFor: (n) => `${distinctClients}.${(n % 250) + 1}`,
    expected: (_p, sent) => sent,
  },
]

/** Kept-alive connections, pooled per port and source address. */
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })

/** One request from the loopback address `from`; answers the status and the error code. */
function send(
  port: number,
  from: string,
  request: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; errorCode: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port,
        agent,
        localAddress: from,
        method: request.method,
        path: request.path,
        headers: request.headers,
      },
      (response) => {
        response.resume()
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            errorCode: response.headers['x-error-code'] as string | undefined,
          }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })
}

/** Sends `count` requests, `concurrency` at a time; answers how many got past the rate limit, and how many of
 * those failed for another reason on the server (5xx: they may never have reached the counter). */
async function drive(port: number, probe: Probe, scenario: Scenario, count: number) {
  let next = 0
  let passed = 0
  let serverErrors = 0
  async function worker() {
    while (next < count) {
      const n = next++
      const { path, method = 'GET', body } = probe.request(n)
      const forwardedFor = scenario.forwardedFor(n)
      const { status, errorCode } = await send(port, scenario.from, {
        method,
        path,
        headers: {
          host: `en.localhost:${port}`,
          lang: 'en',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      // A page's 429 is the search limit; an API 429 counts only as RATE_LIMITED (a quota has its own code).
      const isRateLimited = status === 429 && (errorCode === 'RATE_LIMITED' || !path.startsWith('/api/'))
      if (!isRateLimited) passed += 1
      if (status >= 500) serverErrors += 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { passed, serverErrors }
}

/** One runtime (fresh database, all services), served twice: as reached directly and from behind one proxy. */
async function startServers() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-abuse-bench-'))
  const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
  const configOf = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: 'production',
      APP_ENV: 'develop',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      JOBS_ENABLED: 'false',
      // A small market (two companies) keeps the boot short; the limits are what is measured.
      MARKET_DATA_COMPANIES: 'us:AAPL,us:MSFT',
      STOCKS_PICKS_MONTHS: '1',
      // No load shedding: a page refused for load (503) never reaches the search counter, and would read as let in.
      PAGE_RENDER_CONCURRENCY: '0',
      LOAD_SHED_PAGE_LAG_MS: '0',
      ...benchLimits,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      ...env,
    })
  const runtime = await bootRuntime({ config: configOf({}) })
  const build = (await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild
  const ports = {} as Record<Scenario['server'], number>
  const apps: FastifyInstance[] = []
  for (const [server, env] of [
    ['direct', {}],
    ['behind one proxy', { TRUST_PROXY: '1' }],
  ] as const) {
    const app = await createHttpServer({
      config: configOf(env),
      services: runtime.services,
      pages: { getBuild: async () => build, mode: 'production' },
      buildId: build.assets.version,
      logger: false,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    ports[server] = typeof address === 'object' && address ? address.port : 0
    apps.push(app)
  }
  return {
    ports,
    backend: `${runtime.database.kind}${process.env.REDIS_URL ? ' + Redis counters' : ''}`,
    async close() {
      for (const app of apps) await app.close()
      await runtime.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

const startedAt = performance.now()
/** CPU time of this process (server and client): the wall time also counts whatever else the machine is doing. */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage()
  return Math.round((user + system) / 1_000_000)
}
const results: Array<Record<string, string | number>> = probes.map((p) => ({
  route: p.route,
  limit: `${p.limit} / ${p.window}`,
  sent: p.limit + margin,
}))
let isAsExpected = true
const servers = await startServers()
const bootSeconds = Math.round((performance.now() - startedAt) / 1000)
try {
  for (const scenario of scenarios) {
    for (const [index, probe] of probes.entries()) {
      const sent = probe.limit + margin
      const { passed, serverErrors } = await drive(servers.ports[scenario.server], probe, scenario, sent)
      const expected = scenario.expected(probe, sent)
      const row = results[index] as Record<string, string | number>
      const notes = [
        ...(passed === expected ? [] : [`expected ${expected}`]),
        ...(serverErrors > 0 ? [`${serverErrors} answered 5xx`] : []),
      ]
      row[scenario.name] = notes.length === 0 ? passed : `${passed} (${notes.join(', ')})`
      if (passed !== expected || serverErrors > 0) isAsExpected = false
    }
  }
} finally {
  agent.destroy()
  await servers.close()
}

console.log(
  `\nRequests that got past each per-address limit (sent = limit + ${margin}, ${concurrency} at a time; ${servers.backend})`,
)
console.table(results)
console.log(
  `${isAsExpected ? 'All as expected' : 'NOT as expected'}; ${Math.round((performance.now() - startedAt) / 1000)} s (boot ${bootSeconds} s; ${cpuSeconds()} s of CPU)`,
)
if (!isAsExpected) process.exitCode = 1
