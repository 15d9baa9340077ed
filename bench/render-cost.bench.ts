/**
 * What one uncached page costs the server in CPU time, robust to a busy machine (unlike requests/s): the real
 * production entry (`node server/main.ts`, PGlite, one process, the page cache off, no scheduled jobs) is asked for
 * each page one request at a time, and the server's CPU time is read from /proc before and after: its main thread
 * (the event loop: routing, loaders, React, the page's data) and the whole process (with the compressor and
 * PGlite's threads). A render's CPU time is what caps requests/s: at 5 ms on the event loop one process serves at
 * most 200 pages a second.
 *
 * Pages: an article, the article list and the home page on the English and the Traditional Chinese site, and a
 * stock's diagnosis report for a visitor holding a device cookie (the same stock on the same day is not charged
 * again, so every request after the first renders the report). Requests as a browser sends them (a returning
 * anonymous reader's cookies, `Accept-Encoding: gzip, deflate, br`).
 *
 * Every page is first asked for 50 times (the JIT and the services' caches warm up), then measured in three rounds
 * over all pages (a burst of load from elsewhere skews one round, not one page); the table gives each page's median.
 * Run with `npm run bench -- render-cost` (builds first when needed). RENDER_COST_REQUESTS (150) sets the requests
 * per page and round; LOG_LEVEL (info, as `npm start`) the server's. Prints milliseconds per request; the /proc
 * clock counts in 10 ms ticks, so 150 requests resolve to about 0.07 ms.
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import { type BenchProcess, startBenchProcess } from './support/bench-process.ts'

const requests = Number(process.env.RENDER_COST_REQUESTS ?? 150)
const rounds = 3
const warmUpRequests = 50
const logLevel = process.env.LOG_LEVEL || 'info'
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

if (!Number.isInteger(requests) || requests < 1)
  throw new Error('RENDER_COST_REQUESTS must be a positive integer')

/** User plus system CPU time of a process or one of its threads, in ms (fields 14 and 15 of /proc/…/stat). */
function cpuMsOf(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8')
  // The command name (field 2) may hold spaces; the fields after it are plain numbers.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

interface Page {
  name: string
  path: string
  host: string
  language: 'en' | 'zh-Hant'
  cookie: string
  /** Text the answer must hold, so the row measures what it claims to. */
  expect: string
}

/** Keeps connections open between requests, as a browser does. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })

/**
 * A GET with the page's Host header (which names the regional site). Not `fetch`: it sends the address's host,
 * whatever the headers say.
 */
function get(server: BenchProcess, page: Page, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.get(
        `${server.url}${page.path}`,
        { agent, headers: { ...headers, host: page.host, cookie: page.cookie } },
        (response) => {
          const chunks: Buffer[] = []
          response.on('data', (chunk: Buffer) => chunks.push(chunk))
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          )
          response.on('error', reject)
        },
      )
      request.on('error', reject)
    },
  )
}

async function request(server: BenchProcess, page: Page): Promise<void> {
  const response = await get(server, page, {
    accept: 'text/html',
    'accept-encoding': 'gzip, deflate, br',
    'sec-fetch-dest': 'document',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36',
  })
  if (response.status !== 200) throw new Error(`${page.name}: ${response.status}`)
}

async function checkPage(server: BenchProcess, page: Page): Promise<void> {
  const response = await get(server, page, { accept: 'text/html' })
  const html = response.body.toString()
  if (response.status !== 200 || !html.includes(page.expect)) {
    throw new Error(`${page.name}: ${response.status}, no ${page.expect} in the page`)
  }
  if (!html.includes(`<html lang="${page.language}"`))
    throw new Error(`${page.name}: not the ${page.language} site`)
  if (!/private/.test(String(response.headers['cache-control']))) {
    throw new Error(`${page.name}: cache-control ${response.headers['cache-control']} (the cache is on?)`)
  }
}

/** A returning visitor's device cookie (any API call issues one; it is the same for every regional site). */
async function deviceCookieOf(server: BenchProcess): Promise<string> {
  const api = await fetch(`${server.url}/api/portal/home/listMenu`)
  await api.arrayBuffer()
  const device = api.headers.getSetCookie().find((cookie) => cookie.startsWith('tw_device='))
  if (!device) throw new Error('no device cookie from the API')
  return device.split(';')[0]!
}

const server = await startBenchProcess({
  DATABASE_URL: '',
  REDIS_URL: '',
  PAGE_CACHE_SECONDS: '0',
  JOBS_ENABLED: 'false',
  LOG_LEVEL: logLevel,
})
try {
  const list = await fetch(`${server.url}/api/portal/article/list?pageSize=1`, {
    headers: { host: server.hostOf('en'), lang: 'en' },
  })
  const key = ((await list.json()) as { data: { rows: Array<{ key: string }> } }).data.rows[0]?.key
  if (!key) throw new Error('no article to load')
  const readerCookie = (language: string) => `privacy=accepted; landing=%2F; i18n_redirected=${language}`
  const pages: Page[] = []
  for (const [region, language] of [
    ['en', 'en'],
    ['hant', 'zh-Hant'],
  ] as const) {
    const host = server.hostOf(region)
    const cookie = readerCookie(language === 'en' ? 'en' : 'hant')
    pages.push(
      { name: `article (${language})`, path: `/articles/${key}`, host, language, cookie, expect: '<article' },
      {
        name: `article list (${language})`,
        path: '/articles',
        host,
        language,
        cookie,
        expect: `/articles/${key}`,
      },
      { name: `home (${language})`, path: '/', host, language, cookie, expect: '<main' },
    )
  }
  const enHost = server.hostOf('en')
  pages.push({
    name: 'diagnosis report (en)',
    path: '/ai-stock-diagnosis?code=AAPL&market=us',
    host: enHost,
    language: 'en',
    cookie: `${readerCookie('en')}; ${await deviceCookieOf(server)}`,
    expect: 'data-testid="diagnosis-report"',
  })

  const mainThread = `/proc/${server.pid}/task/${server.pid}/stat`
  const wholeProcess = `/proc/${server.pid}/stat`
  for (const page of pages) {
    await checkPage(server, page)
    for (let i = 0; i < warmUpRequests; i++) await request(server, page)
  }
  // Rounds over all pages, so a burst of load from elsewhere on the machine skews one round, not one page.
  const samples = new Map<Page, Array<{ main: number; all: number; wall: number }>>()
  for (let round = 0; round < rounds; round++) {
    for (const page of pages) {
      const before = { main: cpuMsOf(mainThread), all: cpuMsOf(wholeProcess), at: performance.now() }
      for (let i = 0; i < requests; i++) await request(server, page)
      const after = { main: cpuMsOf(mainThread), all: cpuMsOf(wholeProcess), at: performance.now() }
      const list = samples.get(page) ?? []
      list.push({
        main: (after.main - before.main) / requests,
        all: (after.all - before.all) / requests,
        wall: (after.at - before.at) / requests,
      })
      samples.set(page, list)
    }
  }
  const rows = pages.map((page) => {
    const list = samples.get(page) ?? []
    const of = (key: 'main' | 'all' | 'wall') => Number(median(list.map((sample) => sample[key])).toFixed(2))
    return {
      page: page.name,
      'main thread ms/req': of('main'),
      'process ms/req': of('all'),
      'wall ms/req': of('wall'),
    }
  })
  console.log(
    `\nServer CPU per uncached page (PGlite, one process, PAGE_CACHE_SECONDS=0, LOG_LEVEL=${logLevel}; median of ${rounds} rounds of ${requests} sequential requests, after ${warmUpRequests} per page to warm up):`,
  )
  console.table(rows)
} finally {
  const code = await server.stop()
  if (code !== 0) console.error(`server/main.ts exited with ${code}`)
}
