/**
 * Articles at scale, in one run: `node bench/articles.bench.ts` (or `npm run bench -- articles`).
 *
 * 1. Starts the real site on a fresh database — PGlite in a temporary folder, or, when DATABASE_URL is set, a new
 *    PostgreSQL database created next to the one it names (and dropped afterwards) — with the normal seed.
 * 2. Loads the synthetic corpus (100,000 articles in English and Traditional Chinese, generated in-process by
 *    server/modules/articles/seed/generate-synthetic-corpus.ts) through the same code the seed uses: Markdown to
 *    sanitised HTML, plain text, weighted search terms (bigrams + jieba for Chinese). Then ANALYZE.
 * 3. Search: English and Chinese keyword queries through the articles service (SQL, count, snippets), p50/p95.
 * 4. Suggestions: words being typed, p50/p95.
 * 5. HTTP with autocannon (20 connections, 10 s each): a static file served by the same server, the article-list
 *    page, an article page and the search API.
 *
 * Options: --count N (default 100000), BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 20).
 * The synthetic corpus is for benchmarks only; it never reaches the running site. Figures depend on the machine.
 */
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import type { Locale } from '#contracts/regions.ts'
import { selectRows } from '#server/db/database.ts'
import { buildNewArticle } from '#server/modules/articles/article-documents.ts'
import { insertArticles } from '#server/modules/articles/article-writes.repo.ts'
import { generateSyntheticArticles } from '#server/modules/articles/seed/generate-synthetic-corpus.ts'
import { seedTags } from '#server/modules/articles/seed/seed-tags.ts'
import { createFreshPostgres } from './support/bench-process.ts'
import { startBenchServer } from './support/bench-server.ts'
import { measureLoad, printLoadTable } from './support/load.ts'
import { percentileOfSorted } from './support/percentile.ts'

const { values } = parseArgs({ options: { count: { type: 'string', default: '100000' } } })
const count = Number(values.count)
const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)

const englishQueries = [
  'nvidia',
  'dividend',
  'revenue',
  'tencent buyback',
  'toyota hybrid',
  'free cash flow',
  'samsung',
  'gross margin guidance',
  'kakao',
  'shinhan financial',
]
const chineseQueries = [
  '營收',
  '台積電',
  '股息',
  '騰訊 回購',
  '殖利率',
  '積電',
  '毛利率',
  '財測',
  '三星電子',
  '新韓金融',
]
const suggestionInputs: [string, Locale][] = [
  ['n', 'en'],
  ['nv', 'en'],
  ['nvid', 'en'],
  ['toyo', 'en'],
  ['divid', 'en'],
  ['tencent bu', 'en'],
  ['P/E', 'en'],
  ['台', 'zh-Hant'],
  ['台積', 'zh-Hant'],
  ['騰訊', 'zh-Hant'],
  ['營收', 'zh-Hant'],
  ['三星電', 'zh-Hant'],
]

const round = (value: number) => Math.round(value * 10) / 10

/** Runs every call `rounds` times after one warm-up round; returns latencies in ms. */
async function timeCalls(calls: (() => Promise<unknown>)[], rounds: number): Promise<number[]> {
  for (const call of calls) await call()
  const latencies: number[] = []
  for (let round = 0; round < rounds; round++) {
    for (const call of calls) {
      const started = performance.now()
      await call()
      latencies.push(performance.now() - started)
    }
  }
  return latencies.sort((a, b) => a - b)
}

/** A fresh PostgreSQL database beside DATABASE_URL's, or nothing for PGlite. */
const freshPostgres = process.env.DATABASE_URL
  ? await createFreshPostgres(process.env.DATABASE_URL, `tw_articles_bench_${process.pid}`)
  : undefined
const server = await startBenchServer(freshPostgres ? { DATABASE_URL: freshPostgres.url } : {})
try {
  const { db, kind } = server.runtime.database
  const { articles } = server.runtime.services
  console.log(
    `Articles benchmark on ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${count.toLocaleString('en-US')} synthetic articles`,
  )

  const tagText = new Map(seedTags.map((tag) => [tag.key, tag.text]))
  const loadStarted = performance.now()
  let batch: ReturnType<typeof buildNewArticle>[] = []
  let loaded = 0
  for (const article of generateSyntheticArticles({ count, seed: 20261120 })) {
    batch.push(buildNewArticle({ ...article, cover: `${article.topic}.svg` }, (key) => tagText.get(key)))
    if (batch.length === 250) {
      loaded += await insertArticles(db, batch)
      batch = []
      if (loaded % 10_000 === 0) {
        const elapsed = (performance.now() - loadStarted) / 1000
        console.log(`  loaded ${loaded.toLocaleString('en-US')} in ${elapsed.toFixed(0)} s`)
      }
    }
  }
  loaded += await insertArticles(db, batch)
  await db.execute(sql`analyze`)
  const loadSeconds = (performance.now() - loadStarted) / 1000
  const [size] = await selectRows<{ table: string; indexes: string }>(
    db,
    sql`select pg_size_pretty(pg_total_relation_size('article_translations')) as "table",
          pg_size_pretty(pg_indexes_size('article_translations')) as "indexes"`,
  )
  console.log(
    `Loaded ${loaded.toLocaleString('en-US')} articles (${(loaded * 2).toLocaleString('en-US')} language versions) in ${loadSeconds.toFixed(0)} s` +
      ` (${Math.round(loaded / loadSeconds)} articles/s); article_translations ${size?.table}, of which indexes ${size?.indexes}`,
  )

  const search = (keyword: string, locale: Locale) => () =>
    articles.findArticles({ keyword, page: 1, pageSize: 12 }, locale)
  const rounds = 10
  const english = await timeCalls(
    englishQueries.map((query) => search(query, 'en')),
    rounds,
  )
  const chinese = await timeCalls(
    chineseQueries.map((query) => search(query, 'zh-Hant')),
    rounds,
  )
  const suggestions = await timeCalls(
    suggestionInputs.map(
      ([text, locale]) =>
        () =>
          articles.suggestArticles(text, locale),
    ),
    rounds,
  )
  const perQuery: { query: string; ms: number; more: boolean }[] = []
  for (const [query, locale] of [
    ...englishQueries.map((q) => [q, 'en'] as const),
    ...chineseQueries.map((q) => [q, 'zh-Hant'] as const),
  ]) {
    const started = performance.now()
    const answer = await articles.findArticles({ keyword: query, page: 1, pageSize: 12 }, locale)
    perQuery.push({ query, ms: performance.now() - started, more: answer.hasMore })
  }
  console.log(
    `\nPer query, one more run: ${perQuery.map((q) => `${q.query} ${round(q.ms)} ms${q.more ? '' : ' (all matches on page 1)'}`).join(', ')}`,
  )
  console.log('\nSearch and suggestions (in-process service calls, one at a time)')
  console.table([
    {
      what: 'search, English',
      calls: english.length,
      'p50 ms': round(percentileOfSorted(english, 50)),
      'p95 ms': round(percentileOfSorted(english, 95)),
    },
    {
      what: 'search, Chinese',
      calls: chinese.length,
      'p50 ms': round(percentileOfSorted(chinese, 50)),
      'p95 ms': round(percentileOfSorted(chinese, 95)),
    },
    {
      what: 'suggestions',
      calls: suggestions.length,
      'p50 ms': round(percentileOfSorted(suggestions, 50)),
      'p95 ms': round(percentileOfSorted(suggestions, 95)),
    },
  ])

  const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
  const asset = readdirSync(path.join(buildDir, 'client/assets')).find((file) => file.endsWith('.css'))
  const host = server.hostOf('en')
  const page = { host, cookie: 'privacy=accepted; landing=%2F; i18n_redirected=en', accept: 'text/html' }
  const load = { connections, durationSeconds: seconds }
  const results = [
    await measureLoad({
      name: `static /assets/${asset}`,
      url: `${server.url}/assets/${asset}`,
      headers: { host },
      ...load,
    }),
    await measureLoad({ name: 'page /articles', url: `${server.url}/articles`, headers: page, ...load }),
    await measureLoad({
      name: 'page /articles/synthetic-004242',
      url: `${server.url}/articles/synthetic-004242`,
      headers: page,
      ...load,
    }),
    await measureLoad({
      name: 'api /article/list?keyword=dividend',
      url: `${server.url}/api/portal/article/list?keyword=dividend`,
      headers: { host, lang: 'en' },
      ...load,
    }),
  ]
  printLoadTable(`HTTP on loopback (${connections} connections, ${seconds} s each)`, results)
} finally {
  await server.close()
  await freshPostgres?.drop()
}
