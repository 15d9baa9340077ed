/**
 * Lighthouse on a phone: the real production entry (`node server/main.ts`, a fresh PGlite data folder, its own
 * loopback port; bench/support/bench-process.ts) audited by Lighthouse (the npm package) in Debian's Chromium, with
 * Lighthouse's defaults for a phone: mobile form factor and screen, simulated slow 4G and 4x CPU slowdown.
 * Performance and Accessibility, on the home page, an article, a comparison of three stocks and a stock's diagnosis
 * report, each on the English (`en.localhost`) and Traditional Chinese (`hant.localhost`) sites; Chromium resolves
 * *.localhost to loopback, and the server's default SITE_URL_PATTERN (`http://{region}.localhost:$PORT`) names those
 * origins on its port.
 *
 * Every run is a first visit: a new Chromium (new profile) and Lighthouse's storage reset, so no cookies and an empty
 * browser cache. The server is warm: each page is requested once before its runs (the page cache holds the cacheable
 * ones for the whole bench; the diagnosis, rendered for each reader, has its data loaded once). A first-time visitor
 * of the diagnosis page gets the report with the page, and the device cookie it is counted on, as a reader would.
 *
 * Prints one table: the median of LIGHTHOUSE_RUNS (3) runs per page, each column its own median. JS is the transfer
 * size of every script the page loaded; HTML the main document's transfer size. Run with
 * `npm run bench -- lighthouse` (builds first when needed); CHROME_PATH (/usr/bin/chromium) names the browser;
 * LIGHTHOUSE_REPORTS_DIR keeps every run's report.
 * Figures vary with the machine (simulated throttling scales by measured CPU speed); compare runs on one machine.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { chromiumFlags } from '../e2e/support/sites.ts'
import { type BenchProcess, startBenchProcess } from './support/bench-process.ts'
import { mobileUserAgent } from './support/phone.ts'

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'
/** LIGHTHOUSE_PAGES=diagnosis (comma-separated words of the page names): only those pages; all when unset. */
const pageFilter = (process.env.LIGHTHOUSE_PAGES ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean)
// The flags the browser journeys start Chromium with on this machine.
const chromeFlags = chromiumFlags
/** LIGHTHOUSE_REPORTS_DIR: each run's whole report (Lighthouse's JSON) is written there, to see what a figure waits for. */
const reportsDir = process.env.LIGHTHOUSE_REPORTS_DIR
/** One Lighthouse run; past it the browser is closed and the bench fails, so a hang cannot outlast the bench. */
const runTimeoutMs = 150_000
/** The whole bench, as a last resort (server start, warm-up and every run). */
const benchTimeoutMs = Number(process.env.LIGHTHOUSE_TIMEOUT_SECONDS ?? 900) * 1000

if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a positive integer`)
if (!existsSync(chromePath)) {
  throw new Error(`No Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`)
}

const languages = [
  { region: 'en', label: 'en' },
  { region: 'hant', label: 'zh-Hant' },
] as const

interface Page {
  name: string
  path: string
  /** Checks a measured run loaded what the row claims to measure. */
  check?(lhr: Result): string | undefined
}

interface NetworkItem {
  url: string
  resourceType?: string
  transferSize?: number
  statusCode?: number
}

interface Measure {
  performance: number
  accessibility: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  jsBytes: number
  htmlBytes: number
}

function networkItems(lhr: Result): NetworkItem[] {
  const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined
  return details?.items ?? []
}

function measureOf(lhr: Result): Measure {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue
    if (typeof value !== 'number') throw new Error(`${lhr.finalDisplayedUrl}: no ${id}`)
    return value
  }
  const score = (id: 'performance' | 'accessibility') => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const items = networkItems(lhr)
  const documentItem =
    items.find((item) => item.resourceType === 'Document' && item.url === lhr.finalDisplayedUrl) ??
    items.find((item) => item.resourceType === 'Document')
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    jsBytes: items
      .filter((item) => item.resourceType === 'Script')
      .reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    htmlBytes: documentItem?.transferSize ?? 0,
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function medianMeasure(measures: Measure[]): Measure {
  const of = (key: keyof Measure) => median(measures.map((m) => m[key]))
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
    fcpMs: of('fcpMs'),
    jsBytes: of('jsBytes'),
    htmlBytes: of('htmlBytes'),
  }
}

async function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => void, what: string) {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout()
      reject(new Error(`${what}: no result within ${ms / 1000} s`))
    }, ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** A run Lighthouse itself calls failed ("Please run Lighthouse again", e.g. NO_NAVSTART): tried again. */
class LighthouseRuntimeError extends Error {}

/** One Lighthouse run in a new Chromium (a new profile: nothing cached, no cookies). */
async function runLighthouseOnce(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' })
  try {
    // Lighthouse's defaults otherwise: mobile form factor, screen and user agent, simulated throttling.
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    }
    const result = await withTimeout(lighthouse(url, flags), runTimeoutMs, () => chrome.kill(), url)
    const lhr = result?.lhr
    if (!lhr) throw new Error(`${url}: Lighthouse returned nothing`)
    if (lhr.runtimeError) {
      throw new LighthouseRuntimeError(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    }
    const document = networkItems(lhr).find((item) => item.resourceType === 'Document')
    if (document?.statusCode !== 200) throw new Error(`${url}: the page answered ${document?.statusCode}`)
    return lhr
  } finally {
    chrome.kill()
  }
}

async function runLighthouse(url: string, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runLighthouseOnce(url)
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt >= attempts) throw error
      console.log(`  ${error.message}; again`)
    }
  }
}

async function firstArticleKey(server: BenchProcess): Promise<string> {
  const list = await fetch(`${server.url}/api/portal/article/list?pageSize=1`, {
    headers: { host: server.hostOf('en'), lang: 'en' },
  })
  const key = ((await list.json()) as { data: { rows: Array<{ key: string }> } }).data.rows[0]?.key
  if (!key) throw new Error('no article to audit')
  return key
}

/**
 * Asks for a page once as a phone would, which fills the page cache for cacheable pages. The diagnosis is rendered
 * for each reader: a first visit is diagnosed at once (the page issues the device cookie), loading the stock's data.
 * Sent with node:http, not `fetch`, which would name the address's host rather than the regional site's.
 */
function warm(server: BenchProcess, host: string, path: string): Promise<void> {
  const headers = { host, 'user-agent': mobileUserAgent, accept: 'text/html', 'sec-fetch-dest': 'document' }
  return new Promise((resolve, reject) => {
    const request = http.get(`${server.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('error', reject)
      response.on('end', () => {
        const html = Buffer.concat(chunks).toString()
        if (response.statusCode !== 200) reject(new Error(`warming ${host}${path}: ${response.statusCode}`))
        else if (path.startsWith('/ai-stock-diagnosis') && !html.includes('data-testid="diagnosis-report"')) {
          reject(new Error(`warming ${host}${path}: no diagnosis report in the page`))
        } else resolve()
      })
    })
    request.on('error', reject)
  })
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`

let stopServer: (() => Promise<unknown>) | undefined
const watchdog = setTimeout(async () => {
  console.error(`lighthouse bench: not done within ${benchTimeoutMs / 1000} s, giving up`)
  chromeLauncher.killAll()
  await stopServer?.()
  process.exit(1)
}, benchTimeoutMs)
watchdog.unref()

const startedAt = Date.now()
const [load] = os.loadavg()
if (load !== undefined && load > os.availableParallelism()) {
  console.log(
    `  Load average ${load.toFixed(1)} on ${os.availableParallelism()} cores: figures will be slower`,
  )
}
// Empty means unset: PGlite in the bench's own data folder, no Redis, and the default site origins on its port.
const server = await startBenchProcess({
  DATABASE_URL: '',
  REDIS_URL: '',
  SITE_URL_PATTERN: '',
  // The page cache holds each cacheable page for the whole bench (a busy site's state), not 30 s of it.
  PAGE_CACHE_SECONDS: '3600',
})
stopServer = () => server.stop()
try {
  const articleKey = await firstArticleKey(server)
  const pages: Page[] = [
    { name: 'home', path: '/' },
    { name: 'article', path: `/articles/${articleKey}` },
    // Three stocks side by side, the chart drawn by the server (issue 28).
    { name: 'compare', path: '/compare?codes=us:AAPL,hk:0700,jp:7203' },
    // The screener's default screen: the region's market by total score, the table of the first page (issue 28).
    { name: 'screener', path: '/stocks-screener' },
    {
      name: 'diagnosis report',
      path: '/ai-stock-diagnosis?code=AAPL&market=us',
      // The report comes with the page: its summary is the largest paint, and no data request was needed for it.
      check: (lhr) => {
        const lcp = lhr.audits['lcp-breakdown-insight']?.details as
          | { items?: Array<{ type?: string; snippet?: string }> }
          | undefined
        const lcpNode = lcp?.items?.find((item) => item.type === 'node')
        if (!lcpNode?.snippet?.includes('data-testid="diagnosis-summary"')) {
          return `the largest paint is not the report's summary (${lcpNode?.snippet ?? 'none'})`
        }
        return networkItems(lhr).some((item) => item.url.includes('.data'))
          ? 'the report needed a data request after the page'
          : undefined
      },
    },
  ]
  const rows: Array<Record<string, string | number>> = []
  const accessibilityFailures = new Map<string, Set<string>>()
  let lighthouseVersion = ''
  const benchmarkIndexes: number[] = []
  const chosenPages =
    pageFilter.length === 0
      ? pages
      : pages.filter((page) => pageFilter.some((word) => page.name.includes(word)))
  if (chosenPages.length === 0) throw new Error(`LIGHTHOUSE_PAGES names no page: ${pageFilter.join(', ')}`)
  for (const page of chosenPages) {
    for (const language of languages) {
      const host = server.hostOf(language.region)
      await warm(server, host, page.path)
      const url = `http://${host}${page.path}`
      const measures: Measure[] = []
      for (let run = 1; run <= runs; run++) {
        const runStartedAt = Date.now()
        const lhr = await runLighthouse(url)
        if (reportsDir) {
          mkdirSync(reportsDir, { recursive: true })
          const file = `${page.name.replace(/\W+/g, '-')}-${language.label}-${run}.json`
          writeFileSync(path.join(reportsDir, file), JSON.stringify(lhr))
        }
        const problem = page.check?.(lhr)
        if (problem) throw new Error(`${url}: ${problem}`)
        const measure = measureOf(lhr)
        lighthouseVersion = lhr.lighthouseVersion
        benchmarkIndexes.push(lhr.environment.benchmarkIndex)
        measures.push(measure)
        for (const ref of lhr.categories.accessibility?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id]
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            const key = `${page.name} (${language.label})`
            const failures = accessibilityFailures.get(key) ?? new Set<string>()
            failures.add(`${audit.id}: ${audit.title}`)
            accessibilityFailures.set(key, failures)
          }
        }
        console.log(
          `  ${page.name} ${language.label} run ${run}/${runs}: performance ${measure.performance}, accessibility ${measure.accessibility}, LCP ${ms(measure.lcpMs)} (${((Date.now() - runStartedAt) / 1000).toFixed(0)} s)`,
        )
      }
      const m = medianMeasure(measures)
      rows.push({
        page: page.name,
        language: language.label,
        performance: m.performance,
        accessibility: m.accessibility,
        LCP: ms(m.lcpMs),
        TBT: ms(m.tbtMs),
        CLS: Number(m.cls.toFixed(3)),
        FCP: ms(m.fcpMs),
        'JS (transfer)': kb(m.jsBytes),
        'HTML (transfer)': kb(m.htmlBytes),
      })
    }
  }
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile (simulated slow 4G, 4x CPU), median of ${runs} run(s) per page, ${chromePath}; CPU benchmark index ${Math.round(median(benchmarkIndexes))} (median; lower means a slower or busier machine):`,
  )
  console.table(rows)
  if (accessibilityFailures.size > 0) {
    console.log('\nAccessibility audits that failed in at least one run:')
    for (const [page, failures] of accessibilityFailures) {
      for (const failure of failures) console.log(`  ${page}: ${failure}`)
    }
  }
  console.log(`\nDone in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`)
} finally {
  const code = await server.stop()
  if (code !== 0) console.error(`server/main.ts exited with ${code}`)
}
