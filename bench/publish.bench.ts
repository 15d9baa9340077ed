/**
 * Publish-to-visible latency: `node bench/publish.bench.ts` (or `npm run bench -- publish`), on PostgreSQL.
 * Two production processes (`node server/main.ts`, each on its own port) share a fresh PostgreSQL database and,
 * when REDIS_URL is set, Redis — the way a site of several machines runs; they hear of changes over Redis pub/sub,
 * or PostgreSQL LISTEN/NOTIFY without Redis (article-changes.ts). An editor publishes ~20 articles through the
 * console API of the first process; before each publish every surface is read on both processes (so their caches
 * hold the "not there" answer, as on a busy site), and from the moment the publish is sent each surface is read
 * again until it shows the article: the article page, the newest list (/articles) and search (/search/{word}), on
 * the publishing process and on the other one. Prints p50/p95/max per surface, and of the publish call itself.
 * Needs DATABASE_URL (a PostgreSQL server; a database beside its own is created and dropped) and the production
 * build (BUILD_DIR, default build). Figures depend on the machine; compare runs on the same machine only.
 */
import { spawnSync } from 'node:child_process'
import { randomInt } from 'node:crypto'
import { type BenchProcess, createFreshPostgres, startBenchProcess } from './support/bench-process.ts'
import { logInNewMember, newHongKongMobile } from './support/member-login.ts'
import { percentile } from './support/percentile.ts'

const publishes = Number(process.env.BENCH_PUBLISHES ?? 20)
/** A surface that has not shown the article by then counts as not visible. */
const visibleWithinMs = 30_000

if (!process.env.DATABASE_URL?.startsWith('postgres')) {
  console.log('publish: skipped, needs DATABASE_URL=postgres://… (two processes cannot share PGlite)')
  process.exit(0)
}

const round = (value: number) => Math.round(value * 10) / 10

const browserHeaders = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml',
  'sec-fetch-dest': 'document',
}

const database = await createFreshPostgres(process.env.DATABASE_URL, 'tickerwise_bench_publish')
const env = {
  DATABASE_URL: database.url,
  REDIS_URL: process.env.REDIS_URL ?? '',
  SITE_URL_PATTERN: '',
  // The editor's login code is read from the development outbox; every request comes from loopback.
  TEST_ENDPOINTS: 'loopback',
  LOGIN_IP_LIMIT_PER_HOUR: '100000',
  SEARCH_RATE_PER_MINUTE: '1000000',
  // A small universe keeps the first start (the market-data refresh) short; articles do not depend on it.
  MARKET_DATA_COMPANIES: 'us:AAPL,us:MSFT,hk:0700,jp:7203,kr:005930',
}
const processes: BenchProcess[] = []

/** Starts the first process (it migrates and seeds the database), then the second on the same data. */
async function startProcesses(): Promise<[BenchProcess, BenchProcess]> {
  const first = await startBenchProcess(env)
  processes.push(first)
  const second = await startBenchProcess(env)
  processes.push(second)
  return [first, second]
}

/** A member holding the editor role, logged in on the first process: the headers of a console call. */
async function logInEditor(server: BenchProcess): Promise<Record<string, string>> {
  const number = newHongKongMobile()
  const grant = spawnSync(process.execPath, ['server/ops.ts', 'console:grant', number.e164, 'editor'], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  })
  if (grant.status !== 0) throw new Error(`console:grant failed: ${grant.stderr}`)
  return (await logInNewMember(server, number)).headers
}

interface Surface {
  name: string
  server: BenchProcess
  path(article: { key: string; token: string }): string
  /** Whether the page shows the article. */
  shows(body: string, status: number, article: { key: string; title: string }): boolean
}

function surfacesOf(publishing: BenchProcess, other: BenchProcess): Surface[] {
  const linksTo = (body: string, article: { key: string }) => body.includes(`/articles/${article.key}"`)
  const on = (server: BenchProcess, where: string): Surface[] => [
    {
      name: `article page (${where})`,
      server,
      path: (article) => `/articles/${article.key}`,
      shows: (body, status, article) => status === 200 && body.includes(article.title),
    },
    {
      name: `list /articles (${where})`,
      server,
      path: () => '/articles',
      shows: (body, _s, a) => linksTo(body, a),
    },
    {
      name: `search (${where})`,
      server,
      path: (article) => `/search/${article.token}`,
      shows: (body, _s, a) => linksTo(body, a),
    },
  ]
  return [...on(publishing, 'publishing process'), ...on(other, 'second process')]
}

async function read(surface: Surface, article: { key: string; token: string }) {
  const response = await fetch(`${surface.server.url}${surface.path(article)}`, {
    headers: { ...browserHeaders, host: surface.server.hostOf('en') },
  })
  return { status: response.status, body: await response.text() }
}

/** Milliseconds from `startedAt` until the surface shows the article (Infinity if it never does in time). */
async function timeUntilVisible(
  surface: Surface,
  article: { key: string; token: string; title: string },
  startedAt: number,
): Promise<number> {
  while (performance.now() - startedAt < visibleWithinMs) {
    const { status, body } = await read(surface, article)
    if (surface.shows(body, status, article)) return performance.now() - startedAt
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return Number.POSITIVE_INFINITY
}

try {
  const [publishing, other] = await startProcesses()
  console.log(
    `Database: PostgreSQL (fresh); changes announced over ${env.REDIS_URL ? 'Redis pub/sub' : 'PostgreSQL LISTEN/NOTIFY'}; ` +
      `2 processes; ${publishes} publishes`,
  )
  const editorHeaders = await logInEditor(publishing)
  const callConsole = (method: string, path: string, body?: unknown) =>
    fetch(`${publishing.url}/api/console${path}`, {
      method,
      headers: editorHeaders,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
  const options = (await (await callConsole('GET', '/articles/options')).json()).data as {
    topics: { slug: string }[]
    authors: { key: string }[]
  }
  const surfaces = surfacesOf(publishing, other)
  const latencies = new Map<string, number[]>(surfaces.map((surface) => [surface.name, []]))
  const publishCalls: number[] = []
  let missed = 0

  for (let index = 0; index < publishes; index++) {
    const token = `pubbench${index}x${randomInt(100_000, 999_999)}`
    const article = { key: `publish-bench-${token}`, token, title: `Publish bench ${token} outlook` }
    const created = await callConsole('POST', '/articles', {
      key: article.key,
      kind: 'analysis',
      topic: options.topics[0]?.slug,
      market: 'us',
      author: options.authors[0]?.key,
      tags: [],
      stocks: [],
      menuGroups: [],
      versions: {
        en: {
          title: article.title,
          summary: `What changed for ${token}.`,
          bodyMarkdown: `## ${token}\n\nThe body of ${token}.`,
          seoTitle: '',
          seoDescription: '',
        },
        'zh-Hant': null,
      },
    })
    if (!created.ok) throw new Error(`create failed: ${created.status} ${await created.text()}`)
    const draft = (await created.json()).data as { id: number; revision: number }
    // Every surface read once on both processes: their caches now hold the answer without the article.
    for (const surface of surfaces) {
      const { status, body } = await read(surface, article)
      if (surface.shows(body, status, article)) throw new Error(`${surface.name} shows a draft`)
    }
    const startedAt = performance.now()
    const published = callConsole('POST', `/articles/${draft.id}/state`, {
      revision: draft.revision,
      action: 'publish',
    }).then(async (response) => {
      if (!response.ok) throw new Error(`publish failed: ${response.status} ${await response.text()}`)
      publishCalls.push(performance.now() - startedAt)
    })
    const times = await Promise.all(surfaces.map((surface) => timeUntilVisible(surface, article, startedAt)))
    await published
    surfaces.forEach((surface, position) => {
      const time = times[position] as number
      if (Number.isFinite(time)) latencies.get(surface.name)?.push(time)
      else missed += 1
    })
  }

  const row = (values: number[]) => ({
    'p50 ms': round(percentile(values, 50)),
    'p95 ms': round(percentile(values, 95)),
    'max ms': round(Math.max(...values)),
    samples: values.length,
  })
  console.table({
    'publish call (console API)': row(publishCalls),
    ...Object.fromEntries(surfaces.map((surface) => [surface.name, row(latencies.get(surface.name) ?? [])])),
  })
  if (missed > 0) {
    console.error(`${missed} surface reads never showed the article within ${visibleWithinMs / 1000} s`)
    process.exitCode = 1
  }
} finally {
  for (const server of processes.reverse()) await server.stop()
  await database.drop()
}
