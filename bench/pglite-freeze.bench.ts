/**
 * Does a busy database hold up everyone else? (issue 24, ADR 0028). Run with `node bench/pglite-freeze.bench.ts`
 * after `npx react-router build` (or `npm run bench -- pglite-freeze`).
 *
 * Starts the production entry (`node server/main.ts`) on PGlite with `PGLITE_THREAD=main` (PGlite in the server's
 * thread, before), on PGlite with `PGLITE_THREAD=worker` (after; both on one data folder, seeded once), and on a
 * fresh PostgreSQL database when DATABASE_URL is set. While autocannon keeps BENCH_CONNECTIONS (100) connections
 * busy on the diagnosis API (`GET /api/portal/bizStockScore/getByCode`, cycling through 20 stocks), two probes
 * open a new connection every 100 ms, as a new reader would: `GET /healthz` and the home page (`GET /`, a page an
 * anonymous reader gets from the page cache once rendered). Each probe's time to first byte (response headers) is
 * printed as p50/p99/max with its statuses, beside the diagnosis load's throughput.
 * Target: /healthz and the page under 100 ms at p99. Figures depend on the machine; compare runs on one machine only.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { universe } from '#server/providers/market-data/universe.ts'
import { createFreshPostgres, startBenchProcess } from './support/bench-process.ts'
import { probeSummary } from './support/percentile.ts'

const connections = Number(process.env.BENCH_CONNECTIONS ?? 100)
const durationSeconds = Number(process.env.BENCH_SECONDS ?? 20)
/** A probe slower than this counts as a stall and is abandoned (status 0). */
const probeTimeoutMs = 30_000

const env = {
  JOBS_ENABLED: 'false',
  // Every request comes from loopback, as one visitor: lift the limits the load would otherwise meet at once. The
  // visitor diagnoses 20 stocks (its allowance: the highest a visitor may have) and views them again and again.
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
  STOCKS_DIAGNOSIS_RATE_PER_MINUTE: '100000000',
  QUOTA_DIAGNOSIS_PER_DAY: '20,20,20,30,60',
  QUOTA_DIAGNOSIS_PER_MONTH: '20,20',
  QUOTA_VISITORS_PER_NETWORK: '1000000',
}

interface Probe {
  ttfb: number[]
  statuses: Map<number, number>
}

/** One request on a new connection; resolves with the milliseconds until the response's headers (0 status: none). */
function firstByteOnFreshConnection(
  port: number,
  pathname: string,
  headers: Record<string, string>,
): Promise<{ status: number; ms: number }> {
  const startedAt = performance.now()
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: pathname, headers, agent: false },
      (response) => {
        const ms = performance.now() - startedAt
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, ms }))
      },
    )
    request.setTimeout(probeTimeoutMs, () => request.destroy(new Error('probe timed out')))
    request.on('error', () => resolve({ status: 0, ms: performance.now() - startedAt }))
  })
}

async function probeUntil(
  probe: Probe,
  until: number,
  ask: () => Promise<{ status: number; ms: number }>,
): Promise<void> {
  while (performance.now() < until) {
    const { status, ms } = await ask()
    probe.ttfb.push(ms)
    probe.statuses.set(status, (probe.statuses.get(status) ?? 0) + 1)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const summary = (probe: Probe) => probeSummary(probe.ttfb, probe.statuses)

const diagnosisPaths = universe
  .slice(0, 20)
  .map(
    (company) =>
      `/api/portal/bizStockScore/getByCode?code=${encodeURIComponent(company.code)}&market=${company.market}`,
  )

/** A process's resident memory now and at its peak, in MB (Linux). */
async function memoryOf(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN)
  return { rssMb: Math.round(kb('VmRSS') / 1024), peakMb: Math.round(kb('VmHWM') / 1024) }
}

/** One configuration: start, warm up, load the diagnosis API while probing, stop. */
async function measure(name: string, processEnv: Record<string, string>, dataDir?: string) {
  const server = await startBenchProcess({ ...env, ...processEnv }, dataDir ? { dataDir } : {})
  try {
    const host = server.hostOf('en')
    const device = 'tw_device=AAECAwQFBgcICQoLDA0ODw'
    const apiHeaders = { host, lang: 'en', cookie: device }
    const pageHeaders = {
      host,
      accept: 'text/html',
      cookie: 'privacy=accepted; landing=%2F; i18n_redirected=en',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
    }
    // Warm up: the first render of the page and the first diagnoses compile code paths and fill caches.
    await firstByteOnFreshConnection(server.port, '/', pageHeaders)
    for (const pathname of diagnosisPaths) await firstByteOnFreshConnection(server.port, pathname, apiHeaders)

    const idle = await memoryOf(server.pid)
    const health: Probe = { ttfb: [], statuses: new Map() }
    const page: Probe = { ttfb: [], statuses: new Map() }
    const diagnosisStatuses = new Map<number, number>()
    let next = 0
    const until = performance.now() + durationSeconds * 1000
    const [load] = await Promise.all([
      autocannon({
        url: server.url,
        connections,
        duration: durationSeconds,
        requests: [
          {
            method: 'GET',
            headers: apiHeaders,
            setupRequest: (request) => {
              next = (next + 1) % diagnosisPaths.length
              return { ...request, path: diagnosisPaths[next] as string }
            },
            onResponse: (status) => diagnosisStatuses.set(status, (diagnosisStatuses.get(status) ?? 0) + 1),
          },
        ],
      }),
      // Let the load build up before the first probe.
      new Promise((resolve) => setTimeout(resolve, 1000)).then(() =>
        Promise.all([
          probeUntil(health, until, () => firstByteOnFreshConnection(server.port, '/healthz', {})),
          probeUntil(page, until, () => firstByteOnFreshConnection(server.port, '/', pageHeaders)),
        ]),
      ),
    ])
    const loaded = await memoryOf(server.pid)
    return {
      name,
      startMs: server.startMs,
      memory: {
        'RSS after warm-up MB': idle.rssMb,
        'RSS after the load MB': loaded.rssMb,
        'peak MB': loaded.peakMb,
      },
      load: {
        'req/s': Math.round(load.requests.average),
        'p50 ms': load.latency.p50,
        'p99 ms': load.latency.p99,
        statuses: [...diagnosisStatuses.entries()].map(([status, count]) => `${status}×${count}`).join(' '),
        errors: load.errors,
        timeouts: load.timeouts,
      },
      health: summary(health),
      page: summary(page),
    }
  } finally {
    await server.stop()
  }
}

/** The bench's own DATABASE_URL (the PostgreSQL run's server) would reach the spawned process: not on PGlite. */
const onPglite = { DATABASE_URL: '' }
const results = []
const pgliteDir = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-freeze-'))
try {
  // The first start seeds the folder and fills the market data; the measured runs restart on it.
  await (await startBenchProcess({ ...env, ...onPglite }, { dataDir: pgliteDir })).stop()
  for (const thread of (process.env.BENCH_PGLITE_THREADS ?? 'main,worker').split(',')) {
    results.push(
      await measure(`PGlite, PGLITE_THREAD=${thread}`, { ...onPglite, PGLITE_THREAD: thread }, pgliteDir),
    )
  }
} finally {
  await rm(pgliteDir, { recursive: true, force: true })
}
if (process.env.DATABASE_URL) {
  const fresh = await createFreshPostgres(process.env.DATABASE_URL, 'tickerwise_bench_freeze')
  try {
    results.push(await measure('PostgreSQL', { DATABASE_URL: fresh.url }))
  } finally {
    await fresh.drop()
  }
}

console.log(
  `\n${connections} connections on GET /api/portal/bizStockScore/getByCode for ${durationSeconds} s, loopback`,
)
console.log('\nThe diagnosis load (autocannon)')
console.table(Object.fromEntries(results.map((result) => [result.name, result.load])))
console.log('\nA new connection during the load: time to first byte of GET /healthz')
console.table(Object.fromEntries(results.map((result) => [result.name, result.health])))
console.log('\nA new connection during the load: time to first byte of GET / (the home page)')
console.table(Object.fromEntries(results.map((result) => [result.name, result.page])))
console.log('\nMemory of the server process (RSS)')
console.table(Object.fromEntries(results.map((result) => [result.name, result.memory])))
console.log(
  `\nStart (spawn to first answer): ${results.map((result) => `${result.name} ${result.startMs} ms`).join('; ')}`,
)
