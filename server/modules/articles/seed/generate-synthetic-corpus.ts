/**
 * A large synthetic article corpus for benchmarks only — never for the running site. It exists to measure
 * indexing and search at scale (100,000 articles in both languages) with realistic term distributions: real
 * company names and codes weighted so a few are very common and most are rare, Chinese text with tickers mixed
 * in, recombined from the templates in synthetic-corpus-vocabulary.ts. The text is not analysis and must not be
 * shown to readers.
 *
 * Output: NDJSON, one article per line, shaped like a SeedArticle (key, kind, topic, market, author, tags,
 * stocks, state, publishedAt, versions.en / versions.zh-Hant with title, summary, bodyMarkdown). Deterministic for
 * a given seed; written as a stream, so memory stays flat whatever the count.
 *
 *   node server/modules/articles/seed/generate-synthetic-corpus.ts <output.ndjson> [--count 100000] [--seed 20261120]
 */
import { createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { Market } from '#contracts/regions.ts'
import { seedAuthors } from './seed-authors.ts'
import { SeedArticleKind } from './seed-corpus.ts'
import {
  type SyntheticCompany,
  type SyntheticSlots,
  syntheticClosing,
  syntheticCompanies,
  syntheticDirections,
  syntheticHeadings,
  syntheticMetrics,
  syntheticPeriods,
  syntheticSentences,
  syntheticTitles,
  syntheticTopicThemes,
} from './synthetic-corpus-vocabulary.ts'

export interface SyntheticCorpusOptions {
  count: number
  seed: number
}

export interface SyntheticArticleVersion {
  title: string
  summary: string
  bodyMarkdown: string
}

export interface SyntheticArticle {
  key: string
  kind: SeedArticleKind
  topic: string
  market: Market
  author: string
  tags: string[]
  stocks: { market: Market; code: string }[]
  state: 'published'
  publishedAt: string
  versions: { en: SyntheticArticleVersion; 'zh-Hant': SyntheticArticleVersion }
}

/** mulberry32: small, fast and good enough for picking templates; the same seed gives the same corpus. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Picks by Zipf-like weights (1 / rank^0.9): the first items dominate, the tail still appears. */
function createWeightedPicker<T>(items: readonly T[]): (random: () => number) => T {
  const cumulative: number[] = []
  let total = 0
  items.forEach((_, rank) => {
    total += 1 / (rank + 1) ** 0.9
    cumulative.push(total)
  })
  return (random) => {
    const target = random() * total
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const middle = (low + high) >> 1
      if (cumulative[middle]! < target) low = middle + 1
      else high = middle
    }
    return items[low]!
  }
}

const markets: readonly Market[] = ['us', 'hk', 'jp', 'kr']
const marketWeights = [0.4, 0.25, 0.18, 0.17]
const companyPickers = new Map(
  markets.map((market) => [
    market,
    createWeightedPicker(syntheticCompanies.filter((c) => c.market === market)),
  ]),
)
const anyCompanyPicker = createWeightedPicker(syntheticCompanies)
const corpusEnd = Date.parse('2026-11-20T00:00:00Z')
const corpusSpan = 5 * 365 * 24 * 3600 * 1000

function pickFrom<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!
}

function pickMarket(random: () => number): Market {
  let target = random()
  for (const [index, weight] of marketWeights.entries()) {
    target -= weight
    if (target < 0) return markets[index]!
  }
  return 'us'
}

function buildArticle(index: number, random: () => number): SyntheticArticle {
  const market = pickMarket(random)
  const company = companyPickers.get(market)!(random)
  let peer: SyntheticCompany = company
  while (peer === company)
    peer = random() < 0.7 ? companyPickers.get(market)!(random) : anyCompanyPicker(random)
  const topic = pickFrom(random, company.topics)
  const topicThemes = syntheticTopicThemes[topic]!
  const fill = (): SyntheticSlots => {
    const swapped = random() < 0.2
    return {
      company: swapped ? peer : company,
      peer: swapped ? company : peer,
      metric: pickFrom(random, syntheticMetrics),
      direction: pickFrom(random, syntheticDirections),
      period: pickFrom(random, syntheticPeriods),
      theme: pickFrom(random, topicThemes.themes),
      market,
      pct: 1 + Math.floor(random() * 40),
      pe: 6 + Math.floor(random() * 40),
      dividendYield: (0.5 + random() * 6).toFixed(1),
      payout: 20 + Math.floor(random() * 60),
      margin: 15 + Math.floor(random() * 60),
      choice: Math.floor(random() * 6),
    }
  }
  const [titleEn, titleZh] = pickFrom(random, syntheticTitles)(fill())
  const [firstEn, firstZh] = pickFrom(random, syntheticSentences)(fill())
  const [secondEn, secondZh] = pickFrom(random, syntheticSentences)(fill())
  const en: string[] = []
  const zh: string[] = []
  const sectionCount = 3 + Math.floor(random() * 2)
  for (let section = 0; section < sectionCount; section += 1) {
    const [headingEn, headingZh] = pickFrom(random, syntheticHeadings)
    en.push(`## ${headingEn}`)
    zh.push(`## ${headingZh}`)
    const sentences = Array.from({ length: 3 + Math.floor(random() * 2) }, () =>
      pickFrom(random, syntheticSentences)(fill()),
    )
    en.push(sentences.map(([sentence]) => sentence).join(' '))
    zh.push(sentences.map(([, sentence]) => sentence).join(''))
    if (random() < 0.3) {
      const items = Array.from({ length: 3 }, () => fill())
      en.push(items.map((s) => `- ${s.metric[0]}: ${s.direction[0]} about ${s.pct}%`).join('\n'))
      zh.push(items.map((s) => `- ${s.metric[1]}：${s.direction[1]}約${s.pct}%`).join('\n'))
    }
  }
  en.push(syntheticClosing[0])
  zh.push(syntheticClosing[1])
  const tags = new Set<string>()
  if (company.tag) tags.add(company.tag)
  if (peer.tag && random() < 0.5) tags.add(peer.tag)
  tags.add(pickFrom(random, topicThemes.tags))
  return {
    key: `synthetic-${index.toString().padStart(6, '0')}`,
    kind: pickFrom(random, SeedArticleKind.options),
    topic,
    market,
    author: pickFrom(random, seedAuthors).key,
    tags: [...tags],
    stocks: [company, peer].map((c) => ({ market: c.market, code: c.code })),
    state: 'published',
    publishedAt: new Date(corpusEnd - Math.floor(random() * corpusSpan)).toISOString(),
    versions: {
      en: { title: titleEn, summary: `${firstEn} ${secondEn}`, bodyMarkdown: en.join('\n\n') },
      'zh-Hant': { title: titleZh, summary: `${firstZh}${secondZh}`, bodyMarkdown: zh.join('\n\n') },
    },
  }
}

/** The articles one at a time, in key order. */
export function* generateSyntheticArticles(options: SyntheticCorpusOptions): Generator<SyntheticArticle> {
  const random = createRandom(options.seed)
  for (let index = 0; index < options.count; index += 1) yield buildArticle(index, random)
}

/** NDJSON text in chunks of a few hundred lines: large enough to write efficiently, small enough to stream. */
function* generateNdjsonChunks(options: SyntheticCorpusOptions): Generator<string> {
  let lines: string[] = []
  for (const article of generateSyntheticArticles(options)) {
    lines.push(JSON.stringify(article))
    if (lines.length === 500) {
      yield `${lines.join('\n')}\n`
      lines = []
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`
}

/** Writes the corpus to `path`, streaming with backpressure. */
export async function writeSyntheticCorpus(path: string, options: SyntheticCorpusOptions): Promise<void> {
  await pipeline(Readable.from(generateNdjsonChunks(options)), createWriteStream(path))
}

async function runFromCommandLine(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { count: { type: 'string', default: '100000' }, seed: { type: 'string', default: '20261120' } },
  })
  const [path] = positionals
  const count = Number(values.count)
  const seed = Number(values.seed)
  if (!path || !Number.isInteger(count) || count < 1 || !Number.isInteger(seed)) {
    console.error(
      'usage: node generate-synthetic-corpus.ts <output.ndjson> [--count 100000] [--seed 20261120]',
    )
    process.exitCode = 2
    return
  }
  const started = performance.now()
  await writeSyntheticCorpus(path, { count, seed })
  const seconds = (performance.now() - started) / 1000
  console.log(`wrote ${count} synthetic articles (en + zh-Hant) to ${path} in ${seconds.toFixed(1)} s`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runFromCommandLine()
