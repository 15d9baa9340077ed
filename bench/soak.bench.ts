/**
 * A mixed soak on PostgreSQL with 2 workers (issue 24's figures): the production entry (`node server/main.ts`,
 * WEB_CONCURRENCY=2, scheduled jobs on) on a fresh database beside DATABASE_URL's, under SOAK_READERS (8) readers
 * at once for SOAK_SECONDS (1800). Each reader loops over a mix:
 * - anonymous pages in English and Traditional Chinese (articles, lists, home, stock lists, searches, the diagnosis
 *   page), every other one new to the page cache and the rest cached;
 * - the API: stock search (autocomplete), a stock's diagnosis (a few stocks, viewed again: one visitor's day), the
 *   article list (pages and a keyword);
 * - a logged-in member (a quarter of the readers, logged in by SMS code through the development outbox): member info,
 *   pages rendered for them (never cached) and diagnoses as a member.
 * The mix runs SOAK_WARMUP_SECONDS (60) first, uncounted; then every worker's RSS (from /proc: node:cluster forks the
 * workers as the primary's children) is sampled every 10 s while the soak is counted.
 *
 * Prints requests, errors (a status other than 2xx/3xx, 429 and 503 — refusals the limits and load shedding are
 * meant to give — or a socket error), 429/503 apart, p50/p99 latency overall and per kind, and per worker the RSS
 * at the start and the end with its slope in MB per 10 minutes (least squares over the samples).
 *
 * Needs DATABASE_URL (PostgreSQL) and a build (`npx react-router build`). Run: `DATABASE_URL=postgres://…
 * node bench/soak.bench.ts` (or `npm run bench -- soak`); SOAK_SECONDS=60 for a quick look. Limits per address and
 * the visitors' allowances are raised (every reader comes from 127.0.0.1), so the figures are the server's.
 */

import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { type BenchProcess, createFreshPostgres, startBenchProcess } from './support/bench-process.ts'
import { logInNewMember } from './support/member-login.ts'
import { percentileOfSorted } from './support/percentile.ts'

const soakSeconds = Number(process.env.SOAK_SECONDS ?? 1800)
const readers = Number(process.env.SOAK_READERS ?? 8)
const warmupSeconds = Number(process.env.SOAK_WARMUP_SECONDS ?? 60)
const sampleEveryMs = 10_000
if (!Number.isFinite(soakSeconds) || soakSeconds < 10) throw new Error('SOAK_SECONDS must be ≥ 10')
if (!Number.isFinite(warmupSeconds) || warmupSeconds < 0) throw new Error('SOAK_WARMUP_SECONDS must be ≥ 0')
if (!Number.isInteger(readers) || readers < 1) throw new Error('SOAK_READERS must be a positive integer')
if (!process.env.DATABASE_URL) {
  console.error('The soak runs on PostgreSQL: set DATABASE_URL (a fresh database is made beside it).')
  process.exit(1)
}

// --- Memory of the processes ---------------------------------------------------------------------------------------

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) / 1024
}

/** The worker processes of a primary (node:cluster forks them as its children). */
function childrenOf(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  return children ? children.split(' ').map(Number) : []
}

/** Least-squares slope of (seconds, MB) samples, in MB per 10 minutes. */
function slopeMbPer10Minutes(samples: Array<{ atSeconds: number; mb: number }>): number {
  const n = samples.length
  if (n < 2) return Number.NaN
  const meanX = samples.reduce((sum, s) => sum + s.atSeconds, 0) / n
  const meanY = samples.reduce((sum, s) => sum + s.mb, 0) / n
  let covariance = 0
  let variance = 0
  for (const s of samples) {
    covariance += (s.atSeconds - meanX) * (s.mb - meanY)
    variance += (s.atSeconds - meanX) ** 2
  }
  return variance === 0 ? Number.NaN : (covariance / variance) * 600
}

// --- Requests ------------------------------------------------------------------------------------------------------

const agent = new http.Agent({ keepAlive: true, maxSockets: readers })

interface Outcome {
  status: number
  ms: number
  /** A socket error or timeout instead of an answer. */
  failed?: string
}

function request(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Outcome> {
  const startedAt = performance.now()
  return new Promise((resolve) => {
    const outgoing = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
          ...headers,
        },
      },
      (response) => {
        response.on('data', () => undefined)
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - startedAt }),
        )
        response.on('error', (error) =>
          resolve({ status: 0, ms: performance.now() - startedAt, failed: error.message }),
        )
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')))
    outgoing.on('error', (error) =>
      resolve({ status: 0, ms: performance.now() - startedAt, failed: error.message }),
    )
    outgoing.end(body)
  })
}

async function jsonOf<T>(
  server: BenchProcess,
  path: string,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${server.url}${path}`, {
    headers: { host: server.hostOf('en'), lang: 'en', ...headers },
  })
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as T
}

/** One request of the mix: its kind (for the per-kind figures) and how to send it. */
interface Step {
  kind: string
  send(unique: string): Promise<Outcome>
}

async function stepsOf(server: BenchProcess, member: string | null, device: string): Promise<Step[]> {
  const articles = await jsonOf<{ data: { rows: Array<{ key: string }> } }>(
    server,
    '/api/portal/article/list?pageSize=20',
  )
  const keys = articles.data.rows.map((row) => row.key)
  const stocks = await jsonOf<{ data: { rows: Array<{ code: string }> } }>(
    server,
    '/api/portal/bizStockScore/listStock?pageSize=20',
  )
  // A few stocks viewed again and again: one visitor's day stays within its diagnosis allowance.
  const codes = stocks.data.rows.map((row) => row.code).slice(0, 6)
  if (keys.length === 0 || codes.length === 0) throw new Error('no article or stock to load')
  const steps: Step[] = []
  for (const [region, language, lang] of [
    ['en', 'en', 'en'],
    ['hant', 'hant', 'hk'],
  ] as const) {
    const host = server.hostOf(region)
    const cookie = [
      'privacy=accepted',
      'landing=%2F',
      `i18n_redirected=${language}`,
      device,
      ...(member ? [`access_token=${member}`] : []),
    ].join('; ')
    const pageHeaders = { host, cookie, accept: 'text/html', 'sec-fetch-dest': 'document' }
    const apiHeaders = { host, lang, cookie, ...(member ? { 'x-token': member } : {}) }
    const page = (path: (unique: string) => string, cached: boolean): Step => ({
      // A logged-in reader's pages are rendered for them every time (`private, no-store`).
      kind: member ? 'member page' : `anonymous page ${cached ? 'cached' : 'uncached'}`,
      send: (unique) => request(server.url, 'GET', path(cached ? 'cached' : unique), pageHeaders),
    })
    const api = (kind: string, path: () => string): Step => ({
      kind,
      send: () => request(server.url, 'GET', path(), apiHeaders),
    })
    for (const cached of [true, false]) {
      for (const key of keys.slice(0, 8)) steps.push(page((unique) => `/articles/${key}?v=${unique}`, cached))
      steps.push(
        page((unique) => `/?v=${unique}`, cached),
        page((unique) => `/articles?page=2&v=${unique}`, cached),
        page((unique) => `/stocks-hot?v=${unique}`, cached),
        page((unique) => `/stocks-valuation?v=${unique}`, cached),
        page(
          (unique) => `/search/${encodeURIComponent(language === 'en' ? 'dividend' : '台積電')}?v=${unique}`,
          cached,
        ),
      )
    }
    let next = 0
    const nextOf = <T>(values: T[]) => values[next++ % values.length] as T
    const prefixes =
      language === 'en' ? ['app', 'micro', 'ten', 'ba', 'al'] : ['騰', '台積', '0700', '2330', 'AA']
    for (let i = 0; i < 4; i++) {
      steps.push(
        api(
          'stock search API',
          () => `/api/portal/bizStockScore/listStockAI?q=${encodeURIComponent(nextOf(prefixes))}`,
        ),
        api(
          'diagnosis API',
          () => `/api/portal/bizStockScore/getByCode?code=${encodeURIComponent(nextOf(codes))}`,
        ),
        api('article list API', () => `/api/portal/article/list?pageSize=10&page=${(next++ % 5) + 1}`),
      )
    }
    steps.push(api('article list API', () => `/api/portal/article/list?pageSize=10&keyword=dividend`))
    if (member) {
      steps.push(
        api('member info API', () => '/api/portal/home/memberInfo'),
        api('member info API', () => '/api/portal/home/memberInfo'),
        page(() => '/member/investment', false),
        page(() => '/ai-stock-diagnosis', false),
      )
    }
  }
  return steps
}

// --- Figures -------------------------------------------------------------------------------------------------------

class Tally {
  requests = 0
  errors = 0
  refused = 0
  latencies: number[] = []
  add(outcome: Outcome): 'error' | 'refused' | 'ok' {
    this.requests++
    this.latencies.push(outcome.ms)
    const { status } = outcome
    if (outcome.failed || status < 200 || status >= 400) {
      if (status === 429 || status === 503) {
        this.refused++
        return 'refused'
      }
      this.errors++
      return 'error'
    }
    return 'ok'
  }
  summary(seconds: number) {
    const sorted = Float64Array.from(this.latencies).sort()
    return {
      requests: this.requests,
      'req/s': Math.round(this.requests / seconds),
      errors: this.errors,
      '429/503': this.refused,
      'p50 ms': Math.round(percentileOfSorted(sorted, 50) * 10) / 10,
      'p99 ms': Math.round(percentileOfSorted(sorted, 99) * 10) / 10,
    }
  }
}

// --- The soak ------------------------------------------------------------------------------------------------------

const database = await createFreshPostgres(process.env.DATABASE_URL, 'tickerwise_bench_soak')
try {
  const server = await startBenchProcess(
    {
      DATABASE_URL: database.url,
      REDIS_URL: '',
      WEB_CONCURRENCY: '2',
      TEST_ENDPOINTS: 'loopback',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
      // Every reader comes from 127.0.0.1: the per-address limits would measure themselves.
      SEARCH_RATE_PER_MINUTE: '10000000',
      STOCKS_DIAGNOSIS_RATE_PER_MINUTE: '10000000',
      STOCKS_SUGGEST_RATE_PER_MINUTE: '10000000',
      LOGIN_IP_LIMIT_PER_HOUR: '100000',
      QUOTA_DIAGNOSIS_PER_DAY: '20,20,20,30,60',
      QUOTA_DIAGNOSIS_PER_MONTH: '20,20',
      QUOTA_VISITORS_PER_NETWORK: '1000000',
    },
    { startTimeoutMs: 900_000 },
  )
  try {
    const workers = childrenOf(server.pid)
    if (workers.length !== 2) console.warn(`expected 2 workers, found ${workers.length}`)
    const members = readers >= 4 ? Math.floor(readers / 4) : 0
    const plans = await Promise.all(
      Array.from({ length: readers }, async (_, index) => {
        const member = index < members ? (await logInNewMember(server)).token : null
        // Each reader one browser: its own device cookie, so its diagnoses are its own day's allowance.
        const device = `tw_device=${randomBytes(16).toString('base64url')}`
        return stepsOf(server, member, device)
      }),
    )

    const overall = new Tally()
    const byKind = new Map<string, Tally>()
    const errorSamples = new Map<string, number>()
    const memory = new Map<number, Array<{ atSeconds: number; mb: number }>>(
      workers.map((pid) => [pid, [] as Array<{ atSeconds: number; mb: number }>]),
    )
    // The warm-up runs the same mix, uncounted and unsampled: the first renders of each page, the workers' heaps
    // growing to their working size and the jobs' first runs would otherwise read as a slope.
    const measureFrom = Date.now() + warmupSeconds * 1000
    const endAt = measureFrom + soakSeconds * 1000
    let startedAt = 0
    let sampler: NodeJS.Timeout | undefined
    const sample = () => {
      const atSeconds = (performance.now() - startedAt) / 1000
      for (const pid of workers) {
        try {
          memory.get(pid)?.push({ atSeconds, mb: rssMbOf(pid) })
        } catch {
          // The worker is gone (a crash): its samples stop, and the cluster's replacement is not followed.
        }
      }
    }
    const measuring = new Promise<void>((resolve) =>
      setTimeout(() => {
        startedAt = performance.now()
        sample()
        sampler = setInterval(sample, sampleEveryMs)
        resolve()
      }, warmupSeconds * 1000),
    )
    const reader = async (readerIndex: number) => {
      const steps = plans[readerIndex] as Step[]
      for (let index = 0; Date.now() < endAt; index++) {
        const step = steps[(index * 7 + readerIndex * 13) % steps.length] as Step
        const outcome = await step.send(`soak-${readerIndex}-${index}`)
        if (Date.now() < measureFrom) continue
        const tally = byKind.get(step.kind) ?? new Tally()
        byKind.set(step.kind, tally)
        tally.add(outcome)
        if (overall.add(outcome) === 'error') {
          const what = `${step.kind}: ${outcome.failed ?? outcome.status}`
          errorSamples.set(what, (errorSamples.get(what) ?? 0) + 1)
        }
      }
    }
    await Promise.all([measuring, ...plans.map((_, index) => reader(index))])
    clearInterval(sampler)
    sample()
    const seconds = (performance.now() - startedAt) / 1000

    console.log(
      `\nMixed soak on PostgreSQL, WEB_CONCURRENCY=2, ${readers} readers (${members} logged in), ${Math.round(seconds)} s after ${warmupSeconds} s of warm-up ` +
        `(start with a fresh database: ${server.startMs} ms):`,
    )
    console.table({ all: overall.summary(seconds) })
    console.table(
      Object.fromEntries(
        [...byKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, t]) => [kind, t.summary(seconds)]),
      ),
    )
    if (errorSamples.size > 0)
      console.log('errors (kind: status or socket error → count):', Object.fromEntries(errorSamples))
    console.log(`RSS per worker (sampled every ${sampleEveryMs / 1000} s; slope by least squares):`)
    console.table(
      Object.fromEntries(
        [...memory].map(([pid, samples], index) => [
          `worker ${index + 1} (pid ${pid})`,
          {
            samples: samples.length,
            'start MB': Math.round(samples[0]?.mb ?? Number.NaN),
            'end MB': Math.round(samples.at(-1)?.mb ?? Number.NaN),
            'highest MB': Math.round(Math.max(...samples.map((s) => s.mb))),
            'slope MB/10 min': Math.round(slopeMbPer10Minutes(samples) * 10) / 10,
          },
        ]),
      ),
    )
  } finally {
    const code = await server.stop()
    if (code !== 0) console.error(`server/main.ts exited with ${code}`)
  }
} finally {
  await database.drop()
}
