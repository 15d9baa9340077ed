/**
 * The site's speed on loopback, in one run, as a browser asks (`Accept-Encoding: gzip, deflate, br`, a returning
 * anonymous reader's cookies):
 * 1. PGlite, one process: a static asset, cached anonymous pages (an article, home), the same pages and the article
 *    list with the page cache off (PAGE_CACHE_SECONDS=0, on a second listener over the same data) and API calls;
 * 2. when DATABASE_URL is set, PostgreSQL (a fresh database beside it) with 1 and 2 worker processes of
 *    `node server/main.ts` (WEB_CONCURRENCY), cache on and off.
 * Autocannon runs in this process and is told not to keep response bodies (bench/support/load.ts): turning large
 * compressed answers into strings would otherwise cost it more than the server spends sending them.
 * Targets (ADR 0012): a cached page at least half the static file's requests/s; an uncached page at least 200.
 * Run with `npm run bench -- site` (builds first when needed); BENCH_SECONDS (10) and BENCH_CONNECTIONS (20) set each
 * load. Figures vary with the machine; compare runs on the same machine only.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { createFreshPostgres, startBenchProcess } from './support/bench-process.ts'
import { startBenchServer } from './support/bench-server.ts'
import { type LoadResult, measureLoad, printLoadTable } from './support/load.ts'

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)
const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
const asset = readdirSync(path.join(buildDir, 'client/assets')).find((file) => file.endsWith('.css'))
const browserHeaders = {
  'accept-encoding': 'gzip, deflate, br',
  cookie: 'privacy=accepted; landing=%2F; i18n_redirected=en',
}
const pageHeaders = { ...browserHeaders, accept: 'text/html', 'sec-fetch-dest': 'document' }

interface Target {
  name: string
  url: string
  headers: Record<string, string>
}

function load(target: Target): Promise<LoadResult> {
  return measureLoad({ ...target, connections, durationSeconds, discardBodies: true })
}

/** One request first (it fills the cache), and a check that the answer is what the row claims to measure. */
async function warm(target: Target, expect: { encoding?: string[]; cacheControl?: RegExp }): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const response = await fetch(target.url, { headers: target.headers })
    await response.arrayBuffer()
    if (i === 0) continue
    const encoding = response.headers.get('content-encoding') ?? undefined
    const cacheControl = response.headers.get('cache-control') ?? ''
    if (response.status !== 200 || (expect.encoding && !expect.encoding.includes(encoding ?? ''))) {
      throw new Error(`${target.name}: ${response.status}, content-encoding ${encoding}`)
    }
    if (expect.cacheControl && !expect.cacheControl.test(cacheControl)) {
      throw new Error(`${target.name}: cache-control ${cacheControl}`)
    }
  }
}

async function firstArticleKey(url: string, host: string): Promise<string> {
  const list = await fetch(`${url}/api/portal/article/list?pageSize=1`, { headers: { host, lang: 'en' } })
  const key = ((await list.json()) as { data: { rows: Array<{ key: string }> } }).data.rows[0]?.key
  if (!key) throw new Error('no article to load')
  return key
}

async function measureSite(options: {
  title: string
  cached: { url: string; host: string }
  uncached: { url: string; host: string }
  withStatic: boolean
}): Promise<LoadResult[]> {
  const { cached, uncached } = options
  const key = await firstArticleKey(cached.url, cached.host)
  const targets = {
    asset: {
      name: `static /assets/${asset}`,
      url: `${cached.url}/assets/${asset}`,
      headers: { host: cached.host, ...browserHeaders },
    },
    cachedArticle: {
      name: 'cached article page',
      url: `${cached.url}/articles/${key}`,
      headers: { host: cached.host, ...pageHeaders },
    },
    cachedHome: {
      name: 'cached home page /',
      url: `${cached.url}/`,
      headers: { host: cached.host, ...pageHeaders },
    },
    uncachedArticle: {
      name: 'uncached article page (cache off)',
      url: `${uncached.url}/articles/${key}`,
      headers: { host: uncached.host, ...pageHeaders },
    },
    uncachedHome: {
      name: 'uncached home page / (cache off)',
      url: `${uncached.url}/`,
      headers: { host: uncached.host, ...pageHeaders },
    },
    uncachedList: {
      name: 'uncached list /articles (cache off)',
      url: `${uncached.url}/articles`,
      headers: { host: uncached.host, ...pageHeaders },
    },
    apiMenu: {
      name: 'api /home/listMenu',
      url: `${cached.url}/api/portal/home/listMenu`,
      headers: { host: cached.host, lang: 'en', ...browserHeaders },
    },
    apiList: {
      name: 'api /article/list (10 rows, br)',
      url: `${cached.url}/api/portal/article/list?pageSize=10`,
      headers: { host: cached.host, lang: 'en', ...browserHeaders },
    },
  }
  await warm(targets.asset, { encoding: ['br'] })
  // A cached page goes out brotli while it has a body made ahead, else gzip (ADR 0024): under load, mostly gzip.
  await warm(targets.cachedArticle, { encoding: ['br', 'gzip'], cacheControl: /^public/ })
  await warm(targets.cachedHome, { encoding: ['br', 'gzip'], cacheControl: /^public/ })
  await warm(targets.uncachedArticle, { encoding: ['br'], cacheControl: /^private/ })
  await warm(targets.apiList, { encoding: ['br'] })
  const results: LoadResult[] = []
  const order = options.withStatic
    ? [
        targets.asset,
        targets.cachedArticle,
        targets.cachedHome,
        targets.uncachedArticle,
        targets.uncachedHome,
        targets.uncachedList,
      ]
    : [
        targets.cachedArticle,
        targets.cachedHome,
        targets.uncachedArticle,
        targets.uncachedHome,
        targets.uncachedList,
      ]
  for (const target of [...order, targets.apiMenu, targets.apiList]) results.push(await load(target))
  printLoadTable(options.title, results)
  return results
}

function printTargets(results: LoadResult[]): void {
  const rate = (prefix: string) => results.find((r) => r.name.startsWith(prefix))?.requestsPerSecond ?? 0
  const staticRate = rate('static')
  const lines = [
    ['cached article', rate('cached article'), staticRate / 2],
    ['cached home', rate('cached home'), staticRate / 2],
    ['uncached article', rate('uncached article'), 200],
    ['uncached home', rate('uncached home'), 200],
    ['uncached list', rate('uncached list'), 200],
  ] as const
  console.log('\nTargets (cached ≥ 50% of the static file, uncached ≥ 200 req/s):')
  for (const [name, value, target] of lines) {
    console.log(
      `  ${name.padEnd(17)} ${String(value).padStart(6)} req/s  target ${Math.round(target)}  ${value >= target ? 'met' : 'NOT met'}`,
    )
  }
}

// --- 1. PGlite, one process ----------------------------------------------------------------------------------------
const server = await startBenchServer({ DATABASE_URL: '' })
try {
  const uncached = await server.serveAlso({ PAGE_CACHE_SECONDS: '0' })
  const results = await measureSite({
    title: `PGlite, one process (${connections} connections, ${durationSeconds} s each, loopback)`,
    cached: { url: server.url, host: server.hostOf('en') },
    uncached: { url: uncached.url, host: `en.localhost:${uncached.port}` },
    withStatic: true,
  })
  printTargets(results)
} finally {
  await server.close()
}

// --- 2. PostgreSQL, 1 and 2 worker processes -----------------------------------------------------------------------
const databaseUrl = process.env.DATABASE_URL
if (databaseUrl) {
  const database = await createFreshPostgres(databaseUrl, `tw_site_bench_${process.pid}`)
  try {
    for (const workers of [1, 2]) {
      const settings = {
        DATABASE_URL: database.url,
        WEB_CONCURRENCY: String(workers),
        // Renders that wait on PostgreSQL overlap (ADR 0009 advises 2–4 there).
        PAGE_RENDER_CONCURRENCY: '3',
        BUILD_DIR: buildDir,
        // Figures of serving alone: no market-data refresh during the loads.
        JOBS_ENABLED: 'false',
      }
      const cachedProcess = await startBenchProcess(settings)
      const uncachedProcess = await startBenchProcess({ ...settings, PAGE_CACHE_SECONDS: '0' })
      try {
        await measureSite({
          title: `PostgreSQL, WEB_CONCURRENCY=${workers}, PAGE_RENDER_CONCURRENCY=3 (${connections} connections, ${durationSeconds} s each)`,
          cached: { url: cachedProcess.url, host: cachedProcess.hostOf('en') },
          uncached: { url: uncachedProcess.url, host: uncachedProcess.hostOf('en') },
          withStatic: false,
        })
      } finally {
        await cachedProcess.stop()
        await uncachedProcess.stop()
      }
    }
  } finally {
    await database.drop()
  }
} else {
  console.log('\nDATABASE_URL is not set: no PostgreSQL figures (1 and 2 workers).')
}
