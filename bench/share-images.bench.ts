/**
 * Share images (PNG covers for link previews): what one costs to render cold, and to send once kept.
 * Prints figures; decides nothing.
 *
 *   node bench/share-images.bench.ts [--rounds 40]
 *
 * - first render: the first image of a fresh process, loading the renderer included;
 * - cold render: a cover variant not yet rendered, asked through the route (read, vary, render, hash, send);
 * - warm: the same image asked again (kept in memory), and revalidated (If-None-Match → 304).
 */
import { parseArgs } from 'node:util'
import Fastify from 'fastify'
import { registerArticleMediaRoutes } from '#server/modules/articles/article-media.routes.ts'
import { siteShareDrawing } from '#server/modules/articles/cover-art.ts'
import { renderSharePng } from '#server/modules/articles/cover-raster.ts'
import { loadSeedCorpus } from '#server/modules/articles/seed/seed-corpus.ts'

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '40' } } })
const rounds = Number(values.rounds)

const started = performance.now()
const png = await renderSharePng(siteShareDrawing)
console.log(
  `first render in a fresh process: ${(performance.now() - started).toFixed(1)} ms (${png.length} bytes)`,
)

const app = Fastify({ logger: false })
registerArticleMediaRoutes(app)
await app.ready()
const corpus = await loadSeedCorpus()
const drawings = corpus.topics.map((topic) => topic.cover.replace(/\.svg$/, ''))

async function timed(url: string, headers: Record<string, string> = {}) {
  const start = performance.now()
  const answer = await app.inject({ url, headers })
  const ms = performance.now() - start
  if (answer.statusCode !== 200 && answer.statusCode !== 304) throw new Error(`${url}: ${answer.statusCode}`)
  return { ms, answer }
}

function summary(label: string, times: number[], extra = '') {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  console.log(
    `${label.padEnd(28)} median ${at(0.5).toFixed(2)} ms  p90 ${at(0.9).toFixed(2)} ms  (${sorted.length} requests)${extra}`,
  )
}

const cold: number[] = []
const sizes: number[] = []
const urls: string[] = []
for (let i = 0; i < rounds; i++) {
  const url = `/media/covers/${drawings[i % drawings.length]}.v${1 + Math.floor(i / drawings.length)}.png`
  const { ms, answer } = await timed(url)
  cold.push(ms)
  sizes.push(answer.rawPayload.length)
  urls.push(url)
}
const meanKb = sizes.reduce((a, b) => a + b, 0) / sizes.length / 1024
summary('cold render (via route)', cold, `, PNG ${meanKb.toFixed(0)} KiB on average`)

const warm: number[] = []
const revalidated: number[] = []
for (const url of urls) {
  const { ms, answer } = await timed(url)
  warm.push(ms)
  revalidated.push((await timed(url, { 'if-none-match': String(answer.headers.etag) })).ms)
}
summary('warm (kept in memory)', warm)
summary('revalidated (304)', revalidated)
console.log(`RSS after: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MB`)
await app.close()
