/**
 * What the server holds in memory: the production entry as `npm start` runs it (`node server/main.ts`, PGlite in a
 * fresh data folder, scheduled jobs on, the page cache on, LOG_LEVEL info) is started, and its resident memory (RSS,
 * from /proc) is read
 * 1. once it is idle after the start (the RSS has stopped moving), with the start time (spawn → first answer,
 *    creating and seeding the database included);
 * 2. after 200 page renders the page cache cannot answer (articles, article lists, home, the stock lists, searches and
 *    diagnosis reports in both languages, each with a query the cache has not seen), one at a time;
 * 3. through a soak: 4 readers at once for MEMORY_SOAK_SECONDS (60; the 5 minutes of issue 22 by hand), half of their
 *    pages new to the cache and half cached, sampled every second (highest and last);
 * 4. after a restart on the same data folder (no seeding): start time and idle RSS.
 * With DATABASE_URL set, the same renders on PostgreSQL (a fresh database beside it) with WEB_CONCURRENCY=2: the RSS
 * of each worker, idle and after the renders, and what the machine holds for the three processes (PSS, pages they
 * share counted once).
 *
 * Each reading also says where the memory is (bench/support/memory-probe.ts, loaded into the server): the main
 * thread's V8 heap (used / committed), its external memory and array buffers, PGlite's thread heap and its
 * WebAssembly memory, glibc's main malloc arena and the node executable's own pages; the breakdown after the start names the largest packages loaded. MEMORY_BREAKDOWN=0 leaves
 * the probe out; MEMORY_PROBE_SNAPSHOT=1 writes a heap snapshot at each reading (in the printed folder, kept).
 *
 * Budgets (issue 22): ≤ 300 MB idle and ≤ 450 MB through the soak on PGlite, ≤ 200 MB per worker on PostgreSQL.
 * Run with `npm run bench -- memory` (builds first when needed); MEMORY_PGLITE=0 skips PGlite, MEMORY_SOAK_SECONDS
 * and MEMORY_RENDERS (200) set the load. RSS depends on the machine (V8 sizes its heap by the memory it sees); compare runs on the same machine.
 */
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { stripTypes } from '../scripts/strip-server-types.ts'
import { type BenchProcess, createFreshPostgres, startBenchProcess } from './support/bench-process.ts'
import type { MemoryReport } from './support/memory-probe.ts'

const soakSeconds = Number(process.env.MEMORY_SOAK_SECONDS ?? 60)
const renders = Number(process.env.MEMORY_RENDERS ?? 200)
const soakReaders = 4
/** Generous: on a busy machine, creating and seeding a fresh database takes minutes. */
const startTimeoutMs = 900_000
if (!Number.isFinite(soakSeconds) || soakSeconds < 0) throw new Error('MEMORY_SOAK_SECONDS must be ≥ 0')
if (!Number.isInteger(renders) || renders < 1) throw new Error('MEMORY_RENDERS must be a positive integer')

interface Memory {
  rssMb: number
  /** Peak RSS since the process started (VmHWM). */
  peakMb: number
  /**
   * Proportional set size: the process's own pages plus its share of pages it shares with others (Node's code, read
   * from its file, is ~55 MB of every server process's RSS, resident once for all of them).
   */
  pssMb: number
}

/** Resident memory of a process from /proc/<pid>/status (kB there). */
function memoryOf(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0)
  const pssKb = Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0)
  return {
    rssMb: Math.round(field('VmRSS') / 1024),
    peakMb: Math.round(field('VmHWM') / 1024),
    pssMb: Math.round(pssKb / 1024),
  }
}

/** The worker processes of a primary (node:cluster forks them as its children). */
function childrenOf(pid: number): number[] {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim()
  return children ? children.split(' ').map(Number) : []
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// --- Where it goes (bench/support/memory-probe.ts in the server) -----------------------------------------------------

const withBreakdown = process.env.MEMORY_BREAKDOWN !== '0'
const probeDir = withBreakdown ? await mkdtemp(path.join(os.tmpdir(), 'tickerwise-memory-probe-')) : ''
const keepProbeDir = process.env.MEMORY_PROBE_SNAPSHOT === '1'
/**
 * The probe goes in as JavaScript (stripped here): as TypeScript it would load Node's type stripper into every thread
 * of the server, which the server's own modules no longer do (ADR 0047).
 */
async function strippedProbe(): Promise<string> {
  const probe = path.join(probeDir, 'memory-probe.js')
  const source = await readFile(path.resolve('bench/support/memory-probe.ts'), 'utf8')
  await writeFile(probe, stripTypes(source))
  return probe
}
/** What the server processes are started with for the probe (nothing without the breakdown). */
const probeEnv: Record<string, string> = withBreakdown
  ? {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${await strippedProbe()}`.trim(),
      MEMORY_PROBE_PREFIX: path.join(probeDir, 'report'),
    }
  : {}
const reportsAsked = new Map<number, number>()

/** Asks the process for a report (SIGUSR2) and reads it; undefined without the breakdown or if none comes in 30 s. */
async function reportOf(pid: number): Promise<MemoryReport | undefined> {
  if (!withBreakdown) return undefined
  const count = (reportsAsked.get(pid) ?? 0) + 1
  reportsAsked.set(pid, count)
  const file = path.join(probeDir, `report-${pid}-${count}.json`)
  process.kill(pid, 'SIGUSR2')
  for (let waited = 0; waited < 30_000; waited += 100) {
    await sleep(100)
    if (existsSync(file)) {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as MemoryReport
      } catch {
        // Still being written.
      }
    }
  }
  return undefined
}

/** One line of where the memory is: heap used/committed, external, array buffers, PGlite's thread and WebAssembly. */
function whereItGoes(report: MemoryReport | undefined): string {
  if (!report) return ''
  const threads = report.threadHeaps.map((heap) => `${heap.usedMb}/${heap.totalMb}`).join(', ')
  return [
    `heap ${report.heapUsedMb}/${report.heapTotalMb} MB`,
    `external ${report.externalMb} (buffers ${report.arrayBuffersMb})`,
    ...(threads ? [`thread heap ${threads}`] : []),
    ...(report.wasmMb > 0 ? [`wasm ${report.wasmMb}`] : []),
    `malloc arena ${report.mallocHeapMb}`,
    `node's code ${report.executableMb}`,
    ...(report.typeStripperLoaded ? ['type stripper loaded'] : []),
  ].join(', ')
}

/** The packages with the most code loaded, for the reading after the start. */
function largestLoaded(report: MemoryReport | undefined): string {
  if (!report) return ''
  return report.loadedKb
    .slice(0, 8)
    .map(([name, kb]) => `${name} ${kb} kB`)
    .join(', ')
}

/**
 * Waits until the RSS of every process has moved less than 2 MB over 5 s (scheduled jobs at start, the memory
 * reducer after load), at least `minimumMs` and at most 60 s; returns the last reading.
 */
async function waitForIdle(pids: number[], minimumMs = 10_000): Promise<Memory[]> {
  const startedAt = Date.now()
  const history: number[][] = []
  for (;;) {
    await sleep(1000)
    const readings = pids.map(memoryOf)
    history.push(readings.map((reading) => reading.rssMb))
    const window = history.slice(-6)
    const settled =
      window.length === 6 &&
      pids.every((_, index) => {
        const values = window.map((row) => row[index]!)
        return Math.max(...values) - Math.min(...values) < 2
      })
    const waited = Date.now() - startedAt
    if ((settled && waited >= minimumMs) || waited > 60_000) return readings
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: soakReaders })

interface PageRequest {
  path: string
  host: string
  cookie: string
}

/** A GET with the Host header naming the regional site (fetch would send the address's host). */
function get(
  baseUrl: string,
  page: PageRequest,
  connection: http.Agent | false = agent,
): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${baseUrl}${page.path}`,
      {
        agent: connection,
        headers: {
          host: page.host,
          cookie: page.cookie,
          accept: 'text/html',
          'accept-encoding': 'gzip, deflate, br',
          'sec-fetch-dest': 'document',
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
        },
      },
      (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }))
        response.on('error', reject)
      },
    )
    request.on('error', reject)
  })
}

async function jsonOf<T>(server: BenchProcess, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: { host: server.hostOf('en'), lang: 'en' } })
  if (!response.ok) throw new Error(`${path}: ${response.status}`)
  return (await response.json()) as T
}

/** The pages a reader may ask for, in both languages: articles, lists, home, stock lists, searches, diagnoses. */
async function pagesOf(server: BenchProcess): Promise<Array<(unique: string) => PageRequest>> {
  const articles = await jsonOf<{ data: { rows: Array<{ key: string }> } }>(
    server,
    '/api/portal/article/list?pageSize=20',
  )
  const keys = articles.data.rows.map((row) => row.key)
  if (keys.length === 0) throw new Error('no article to load')
  const stocks = await jsonOf<{ data: { rows: Array<{ code: string; market?: string }> } }>(
    server,
    '/api/portal/bizStockScore/listStock?pageSize=20',
  )
  const codes = stocks.data.rows.map((row) => row.code)
  if (codes.length === 0) throw new Error('no stock to diagnose')
  const device = (await fetch(`${server.url}/api/portal/home/listMenu`)).headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith('tw_device='))
    ?.split(';')[0]
  const pages: Array<(unique: string) => PageRequest> = []
  for (const [region, language] of [
    ['en', 'en'],
    ['hant', 'hant'],
  ] as const) {
    const host = server.hostOf(region)
    const firstVisitCookie = `privacy=accepted; landing=%2F; i18n_redirected=${language}`
    const cookie = `${firstVisitCookie}${device ? `; ${device}` : ''}`
    const page =
      (path: (unique: string) => string, asNewVisitor = false) =>
      (unique: string) => ({
        path: path(unique),
        host,
        // A diagnosis is a visitor's first: a visitor's allowance is a few a day.
        cookie: asNewVisitor ? firstVisitCookie : cookie,
      })
    keys.forEach((key, index) => {
      pages.push(page((unique) => `/articles/${key}?v=${unique}`))
      if (index % 4 === 0) pages.push(page((unique) => `/articles?page=${(index % 3) + 1}&v=${unique}`))
    })
    pages.push(
      page((unique) => `/?v=${unique}`),
      page((unique) => `/stocks-hot?v=${unique}`),
      page((unique) => `/stocks-valuation?v=${unique}`),
      page(
        (unique) => `/search/${encodeURIComponent(language === 'en' ? 'dividend' : '台積電')}?v=${unique}`,
      ),
      ...codes
        .slice(0, 6)
        .map((code) => page(() => `/ai-stock-diagnosis?code=${encodeURIComponent(code)}`, true)),
    )
  }
  return pages
}

async function renderPages(
  baseUrl: string,
  pages: Array<(unique: string) => PageRequest>,
  count: number,
  label: string,
  /** A connection per request: the primary of workers hands each new connection to the next worker. */
  connectionPerRequest = false,
): Promise<void> {
  const failures = new Map<string, number>()
  for (let index = 0; index < count; index++) {
    const page = pages[index % pages.length]!(`${label}-${index}`)
    const { status } = await get(baseUrl, page, connectionPerRequest ? false : agent)
    if (status !== 200) {
      const what = `${page.path.split(/[/?]/)[1] || 'home'} ${status}`
      failures.set(what, (failures.get(what) ?? 0) + 1)
    }
  }
  if (failures.size > 0) {
    console.warn(`${label}: answers other than 200 (page, status: count):`, Object.fromEntries(failures))
  }
}

/** `readers` loops of requests, half new to the page cache, for `seconds`; the RSS sampled every second. */
async function soak(
  server: BenchProcess,
  pages: Array<(unique: string) => PageRequest>,
  seconds: number,
): Promise<{ highestMb: number; lastMb: number; requests: number; failures: number }> {
  const endAt = Date.now() + seconds * 1000
  let highestMb = 0
  let lastMb = 0
  let requests = 0
  let failures = 0
  const sampler = setInterval(() => {
    lastMb = memoryOf(server.pid).rssMb
    highestMb = Math.max(highestMb, lastMb)
  }, 1000)
  const reader = async (readerIndex: number) => {
    for (let index = 0; Date.now() < endAt; index++) {
      const pageIndex = (index * 7 + readerIndex * 13) % pages.length
      // Every other request repeats a query the cache has seen (a returning page), the rest are new to it.
      const unique = index % 2 === 0 ? `soak-${readerIndex}-${index}` : 'cached'
      const { status } = await get(server.url, pages[pageIndex]!(unique))
      requests++
      if (status !== 200) failures++
    }
  }
  await Promise.all(Array.from({ length: soakReaders }, (_, index) => reader(index)))
  clearInterval(sampler)
  lastMb = memoryOf(server.pid).rssMb
  highestMb = Math.max(highestMb, lastMb)
  return { highestMb, lastMb, requests, failures }
}

const rows: Array<Record<string, string | number>> = []
const row = (measure: string, value: string | number, note = '') => rows.push({ measure, value, note })

// --- PGlite, one process, as `npm start` -----------------------------------------------------------------------------

/**
 * Every diagnosis the renders ask for is rendered, not refused: each is a new visitor's first (pagesOf), and one
 * address sends them all, dozens a minute.
 */
const renderLimits = { STOCKS_DIAGNOSIS_RATE_PER_MINUTE: '100000', QUOTA_VISITORS_PER_NETWORK: '100000' }
const pgliteEnv = {
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: process.env.LOG_LEVEL || 'info',
  ...renderLimits,
  ...probeEnv,
}
// MEMORY_PGLITE=0 measures PostgreSQL alone.
if (process.env.MEMORY_PGLITE !== '0') {
  // Kept across the two starts: the second one is a restart on the seeded folder.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-bench-memory-'))
  try {
    const server = await startBenchProcess(pgliteEnv, { dataDir, startTimeoutMs })
    try {
      row(
        'start, fresh data folder (spawn → first answer)',
        `${server.startMs} ms`,
        'creates and seeds the database',
      )
      const [idle] = await waitForIdle([server.pid])
      const idleReport = await reportOf(server.pid)
      row(
        'RSS idle after start',
        `${idle!.rssMb} MB`,
        `peak so far ${idle!.peakMb} MB; ${whereItGoes(idleReport)}`,
      )
      if (idleReport)
        row(
          'code loaded at start (largest)',
          `${idleReport.loadedKb.length} packages`,
          largestLoaded(idleReport),
        )
      const pages = await pagesOf(server)
      await renderPages(server.url, pages, renders, 'render')
      row(
        `RSS after ${renders} uncached renders`,
        `${memoryOf(server.pid).rssMb} MB`,
        whereItGoes(await reportOf(server.pid)),
      )
      const [afterRenders] = await waitForIdle([server.pid], 5_000)
      row('RSS idle after the renders', `${afterRenders!.rssMb} MB`, whereItGoes(await reportOf(server.pid)))
      if (soakSeconds > 0) {
        const result = await soak(server, pages, soakSeconds)
        row(
          `RSS through a ${soakSeconds} s soak (highest / last)`,
          `${result.highestMb} / ${result.lastMb} MB`,
          `${result.requests} requests, ${Math.round(result.requests / soakSeconds)}/s, ${result.failures} not 200; after: ${whereItGoes(await reportOf(server.pid))}`,
        )
      }
      row('RSS peak of the process (VmHWM)', `${memoryOf(server.pid).peakMb} MB`)
    } finally {
      const code = await server.stop()
      if (code !== 0) console.error(`server/main.ts exited with ${code}`)
    }
    const restarted = await startBenchProcess(pgliteEnv, { dataDir, startTimeoutMs })
    try {
      row('start, seeded data folder (a restart)', `${restarted.startMs} ms`)
      const [idle] = await waitForIdle([restarted.pid])
      row('RSS idle after a restart', `${idle!.rssMb} MB`, whereItGoes(await reportOf(restarted.pid)))
    } finally {
      await restarted.stop()
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

// --- PostgreSQL, two workers -----------------------------------------------------------------------------------------

if (process.env.DATABASE_URL) {
  const database = await createFreshPostgres(process.env.DATABASE_URL, 'tickerwise_bench_memory')
  try {
    const primary = await startBenchProcess(
      {
        DATABASE_URL: database.url,
        REDIS_URL: '',
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: process.env.LOG_LEVEL || 'info',
        ...renderLimits,
        ...probeEnv,
      },
      { startTimeoutMs },
    )
    try {
      const workers = childrenOf(primary.pid)
      row('PostgreSQL: start with 2 workers (spawn → first answer)', `${primary.startMs} ms`)
      const idle = await waitForIdle([primary.pid, ...workers])
      const workerReports = async () =>
        (await Promise.all(workers.map(reportOf))).map(whereItGoes).join(' | ')
      row(
        'PostgreSQL: RSS idle, primary / each worker',
        `${idle[0]!.rssMb} / ${idle
          .slice(1)
          .map((reading) => reading.rssMb)
          .join(', ')} MB`,
        await workerReports(),
      )
      const pages = await pagesOf(primary)
      await renderPages(primary.url, pages, renders, 'postgres', true)
      const after = [primary.pid, ...workers].map(memoryOf)
      row(
        `PostgreSQL: RSS after ${renders} uncached renders, each worker`,
        `${after
          .slice(1)
          .map((reading) => reading.rssMb)
          .join(', ')} MB`,
        `a connection per render, handed to the workers in turn; ${await workerReports()}`,
      )
      const settled = await waitForIdle(workers, 5_000)
      row(
        'PostgreSQL: RSS idle after the renders, each worker',
        `${settled.map((reading) => reading.rssMb).join(', ')} MB`,
      )
      const shares = [primary.pid, ...workers].map(memoryOf)
      row(
        'PostgreSQL: PSS idle after the renders, primary / each worker (total)',
        `${shares[0]!.pssMb} / ${shares
          .slice(1)
          .map((reading) => reading.pssMb)
          .join(', ')} MB (${shares.reduce((sum, reading) => sum + reading.pssMb, 0)} MB)`,
        'what the machine holds for them: pages they share (Node’s code) counted once',
      )
    } finally {
      await primary.stop()
    }
  } finally {
    await database.drop()
  }
}

console.log('\nResident memory of `node server/main.ts` (RSS from /proc; 1 MB = 2^20 bytes):')
console.table(rows)
if (withBreakdown) {
  if (keepProbeDir) console.log(`Heap snapshots: ${probeDir}`)
  else await rm(probeDir, { recursive: true, force: true })
}
