/**
 * Chinese segmentation for search: throughput, index size and recall of each way to cut Chinese text, measured on
 * the Traditional Chinese seed articles (and, with --synthetic, on part of the synthetic benchmark corpus).
 * Prints figures; decides nothing. The choice and the figures are recorded in
 * docs/decisions/0005-chinese-search-segmentation.md.
 *
 *   node bench/chinese-segmentation.bench.ts [--synthetic corpus.ndjson] [--limit 5000] [--queries 300]
 *
 * Methods, each indexing a document and cutting a query the same way, a query matching when the document has
 * every query term (what `vector @@ query` does):
 * - intl: Intl.Segmenter('zh-Hant') words;
 * - jieba: jieba with the finance dictionary (precise mode), query cut the same way;
 * - jieba-search: jieba search mode for documents (adds the short words inside long ones), precise mode for queries;
 * - bigrams: character bigrams plus run endings (buildSearchTerms with locale 'en', which adds no jieba words);
 * - chosen: bigrams plus jieba words (buildSearchTerms / buildQueryTerms with locale 'zh-Hant').
 */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import {
  segmentChineseWordsWithJieba,
  segmentWithIntl,
  segmentWithJieba,
  segmentWithJiebaSearchMode,
} from '#server/modules/articles/search-text/chinese-segmentation.ts'
import { financeDictionaryWords } from '#server/modules/articles/search-text/finance-dictionary.ts'
import { extractPlainText } from '#server/modules/articles/search-text/plain-text.ts'
import {
  buildQueryTerms,
  buildSearchTerms,
  foldSearchText,
  matchQueryTerms,
} from '#server/modules/articles/search-text/search-terms.ts'
import { loadSeedCorpus } from '#server/modules/articles/seed/seed-corpus.ts'

interface Document {
  title: string
  /** Folded (NFKC, lower case) plain text: title, summary and body. */
  text: string
}

interface Method {
  name: string
  indexDocument: (text: string) => string[]
  cutQuery: (query: string) => string[]
  /** Bigram methods use the prefix rule for one-character terms; word methods need exact terms. */
  match: (documentTerms: ReadonlySet<string>, queryTerms: readonly string[]) => boolean
}

const matchExactly = (documentTerms: ReadonlySet<string>, queryTerms: readonly string[]) =>
  queryTerms.length > 0 && queryTerms.every((term) => documentTerms.has(term))

const methods: Method[] = [
  {
    name: 'intl',
    indexDocument: (text) => segmentWithIntl(text),
    cutQuery: (query) => segmentWithIntl(foldSearchText(query)),
    match: matchExactly,
  },
  {
    name: 'jieba',
    indexDocument: (text) => segmentWithJieba(text),
    cutQuery: (query) => segmentWithJieba(foldSearchText(query)),
    match: matchExactly,
  },
  {
    name: 'jieba-search',
    indexDocument: (text) => segmentWithJiebaSearchMode(text),
    cutQuery: (query) => segmentWithJieba(foldSearchText(query)),
    match: matchExactly,
  },
  {
    name: 'bigrams',
    indexDocument: (text) => buildSearchTerms(text, 'en'),
    cutQuery: (query) => buildQueryTerms(query, 'en').required,
    match: matchQueryTerms,
  },
  {
    name: 'chosen',
    indexDocument: (text) => buildSearchTerms(text, 'zh-Hant'),
    cutQuery: (query) => buildQueryTerms(query, 'zh-Hant').required,
    match: matchQueryTerms,
  },
]

const chineseRun = /[\p{Script=Han}&&[\p{L}\p{N}]]+/gv

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

async function readSeedDocuments(): Promise<Document[]> {
  const corpus = await loadSeedCorpus()
  return corpus.articles.flatMap((article) => {
    const version = article.versions['zh-Hant']
    if (!version?.bodyMarkdown) return []
    const text = [version.title, version.summary, extractPlainText(version.bodyMarkdown)].join('\n')
    return [{ title: version.title, text: foldSearchText(text) }]
  })
}

async function readSyntheticDocuments(path: string, limit: number): Promise<Document[]> {
  const documents: Document[] = []
  const lines = createInterface({ input: createReadStream(path), crlfDelay: Number.POSITIVE_INFINITY })
  for await (const line of lines) {
    if (documents.length >= limit) break
    const article = JSON.parse(line) as {
      versions: { 'zh-Hant': { title: string; summary: string; bodyMarkdown: string } }
    }
    const version = article.versions['zh-Hant']
    const text = [version.title, version.summary, extractPlainText(version.bodyMarkdown)].join('\n')
    documents.push({ title: version.title, text: foldSearchText(text) })
  }
  lines.close()
  return documents
}

/** Documents per second over at least `minimumMs`, after one warm-up pass. */
function measureThroughput(method: Method, documents: Document[], minimumMs = 1500): number {
  for (const document of documents) method.indexDocument(document.text)
  let indexed = 0
  const started = performance.now()
  while (performance.now() - started < minimumMs) {
    for (const document of documents) method.indexDocument(document.text)
    indexed += documents.length
  }
  return indexed / ((performance.now() - started) / 1000)
}

/** Substrings of Chinese runs, picked uniformly over the corpus's characters (so common text is sampled more). */
function sampleQueries(documents: Document[], length: number, count: number, random: () => number): string[] {
  const runs = documents.flatMap((document) =>
    [...document.text.matchAll(chineseRun)]
      .map((m) => Array.from(m[0]))
      .filter((run) => run.length >= length),
  )
  const weights = runs.map((run) => run.length - length + 1)
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const queries = new Set<string>()
  for (let attempt = 0; queries.size < count && attempt < count * 20; attempt += 1) {
    let target = Math.floor(random() * total)
    let index = 0
    while (target >= weights[index]!) {
      target -= weights[index]!
      index += 1
    }
    queries.add(runs[index]!.slice(target, target + length).join(''))
  }
  return [...queries]
}

const pureChinese = /^[\p{Script=Han}&&[\p{L}\p{N}]]+$/v

/** What readers type: finance words and company names from the dictionary that occur in the documents. */
function selectDictionaryQueries(documents: Document[]): string[] {
  return financeDictionaryWords.filter(
    (word) => pureChinese.test(word) && documents.some((document) => document.text.includes(word)),
  )
}

/** Two-character pieces of longer dictionary words (積電 of 台積電, 利率 of 殖利率) that occur in the documents. */
function selectInnerQueries(documents: Document[]): string[] {
  const pieces = new Set<string>()
  for (const word of financeDictionaryWords) {
    const characters = Array.from(word)
    if (!pureChinese.test(word) || characters.length < 3) continue
    for (let start = 1; start + 2 <= characters.length; start += 1) {
      pieces.add(characters.slice(start, start + 2).join(''))
    }
  }
  return [...pieces].filter((piece) => documents.some((document) => document.text.includes(piece)))
}

interface RecallFigures {
  recall: number
  queriesFullyFound: number
  precision: number
  falsePositives: { query: string; title: string }[]
  misses: { query: string; title: string }[]
}

function measureRecall(
  method: Method,
  documents: Document[],
  termSets: ReadonlySet<string>[],
  queries: string[],
): RecallFigures {
  let containing = 0
  let found = 0
  let foundContaining = 0
  let fullyFound = 0
  const falsePositives: { query: string; title: string }[] = []
  const misses: { query: string; title: string }[] = []
  for (const query of queries) {
    const queryTerms = method.cutQuery(query)
    let missed = false
    documents.forEach((document, index) => {
      const contains = document.text.includes(query)
      const matches = method.match(termSets[index]!, queryTerms)
      if (contains) containing += 1
      if (matches) found += 1
      if (contains && matches) foundContaining += 1
      if (contains && !matches) {
        missed = true
        if (misses.length < 3) misses.push({ query, title: document.title })
      }
      if (matches && !contains && falsePositives.length < 3)
        falsePositives.push({ query, title: document.title })
    })
    if (!missed) fullyFound += 1
  }
  return {
    recall: foundContaining / containing,
    queriesFullyFound: fullyFound / queries.length,
    precision: found === 0 ? 1 : foundContaining / found,
    falsePositives,
    misses,
  }
}

/** Sample query strings that are not a jieba word and cross a word boundary in every document containing them. */
function findStraddlingQueries(
  documents: Document[],
  queries: string[],
): { share: number; examples: string[] } {
  const words = documents.map((document) => segmentChineseWordsWithJieba(document.text))
  let straddling = 0
  const examples: string[] = []
  for (const query of queries) {
    const inWord = documents.some((document, index) => {
      if (!document.text.includes(query)) return false
      return words[index]!.some((word) => word.includes(query))
    })
    if (!inWord) {
      straddling += 1
      if (examples.length < 6) examples.push(query)
    }
  }
  return { share: straddling / queries.length, examples }
}

function countTerms(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1)
  return counts
}

/**
 * How often a document where the query is (part of) a real word ranks above one where it only straddles two
 * words, scoring like ts_rank without weights: occurrences of the ranking terms divided by document length.
 * Pairs with equal scores count half.
 */
function measureWordRanking(
  documents: Document[],
  queries: string[],
  rank: { indexDocument: (text: string) => string[]; rankingTerms: (query: string) => string[] },
): number {
  const words = documents.map((document) => segmentChineseWordsWithJieba(document.text))
  const counts = documents.map((document) => rank.indexDocument(document.text))
  const termCounts = counts.map(countTerms)
  let pairs = 0
  let correct = 0
  for (const query of queries) {
    const terms = rank.rankingTerms(query)
    const wordScores: number[] = []
    const straddleScores: number[] = []
    documents.forEach((document, index) => {
      if (!document.text.includes(query)) return
      const hits = terms.reduce((sum, term) => sum + (termCounts[index]!.get(term) ?? 0), 0)
      const score = hits / counts[index]!.length
      if (words[index]!.some((word) => word.includes(query))) wordScores.push(score)
      else straddleScores.push(score)
    })
    for (const wordScore of wordScores) {
      for (const straddleScore of straddleScores) {
        pairs += 1
        if (wordScore > straddleScore) correct += 1
        else if (wordScore === straddleScore) correct += 0.5
      }
    }
  }
  return pairs === 0 ? Number.NaN : correct / pairs
}

function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
}

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`
  console.log(line(headers))
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
  for (const row of rows) console.log(line(row))
}

async function runBenchmark(): Promise<void> {
  const { values } = parseArgs({
    options: {
      synthetic: { type: 'string' },
      limit: { type: 'string', default: '5000' },
      queries: { type: 'string', default: '300' },
    },
  })
  const queryCount = Number(values.queries)
  const sets: { name: string; documents: Document[] }[] = [
    { name: 'seed articles (zh-Hant)', documents: await readSeedDocuments() },
  ]
  if (values.synthetic) {
    sets.push({
      name: `synthetic corpus (zh-Hant, first ${values.limit})`,
      documents: await readSyntheticDocuments(values.synthetic, Number(values.limit)),
    })
  }
  console.log(`Node ${process.version}; ${(await import('node:os')).cpus().length} CPUs`)
  for (const { name, documents } of sets) {
    const characters = documents.reduce((sum, document) => sum + document.text.length, 0)
    console.log(
      `\n## ${name}: ${documents.length} documents, ${formatNumber(characters / documents.length)} characters each\n`,
    )
    const random = createRandom(20261120)
    const twoCharacterQueries = sampleQueries(documents, 2, queryCount, random)
    const querySets: [string, string[]][] = [
      ['2 chars, random', twoCharacterQueries],
      ['3 chars, random', sampleQueries(documents, 3, queryCount, random)],
      ['dictionary words', selectDictionaryQueries(documents)],
      ['inside longer words', selectInnerQueries(documents)],
    ]
    const sizeRows: string[][] = []
    const recallRows: string[][] = []
    const notes: string[] = []
    for (const method of methods) {
      const throughput = measureThroughput(method, documents)
      const termLists = documents.map((document) => method.indexDocument(document.text))
      const termSets = termLists.map((terms) => new Set(terms))
      const positions = termLists.reduce((sum, terms) => sum + terms.length, 0) / documents.length
      const distinct = termSets.reduce((sum, terms) => sum + terms.size, 0) / documents.length
      sizeRows.push([
        method.name,
        formatNumber(throughput),
        formatNumber((throughput * characters) / documents.length / 1e6, 2),
        formatNumber(positions),
        formatNumber(distinct),
      ])
      for (const [label, queries] of querySets) {
        const figures = measureRecall(method, documents, termSets, queries)
        recallRows.push([
          method.name,
          label,
          `${formatNumber(figures.recall * 100, 1)}%`,
          `${formatNumber(figures.queriesFullyFound * 100, 1)}%`,
          `${formatNumber(figures.precision * 100, 1)}%`,
        ])
        for (const miss of figures.misses.slice(0, 1)) {
          notes.push(`${method.name}: misses '${miss.query}' in "${miss.title}"`)
        }
        for (const falsePositive of figures.falsePositives.slice(0, 1)) {
          notes.push(
            `${method.name}: finds '${falsePositive.query}' in "${falsePositive.title}", which lacks it`,
          )
        }
      }
    }
    printTable(['method', 'docs/s', 'M chars/s', 'terms/doc', 'distinct terms/doc'], sizeRows)
    const sizes = querySets.map(([label, queries]) => `${queries.length} ${label}`).join(', ')
    console.log(`\nRecall and precision against plain substring search (queries: ${sizes}):\n`)
    printTable(['method', 'queries', 'recall', 'queries fully found', 'precision'], recallRows)
    const straddling = findStraddlingQueries(documents, twoCharacterQueries)
    console.log(
      `\n${formatNumber(straddling.share * 100, 1)}% of the two-character queries are not inside any jieba word of the documents that contain them (e.g. ${straddling.examples.join(', ')}): substring matches that cross word boundaries.`,
    )
    const rankingQueries = [...twoCharacterQueries, ...querySets[2]![1]]
    const bigramRanking = measureWordRanking(documents, rankingQueries, {
      indexDocument: (text) => buildSearchTerms(text, 'en'),
      rankingTerms: (query) => buildQueryTerms(query, 'en').ranking,
    })
    const chosenRanking = measureWordRanking(documents, rankingQueries, {
      indexDocument: (text) => buildSearchTerms(text, 'zh-Hant'),
      rankingTerms: (query) => buildQueryTerms(query, 'zh-Hant').ranking,
    })
    console.log(
      `Ranking: a document where the query is a word ranks above one where it straddles two words in ${formatNumber(bigramRanking * 100, 1)}% of pairs with bigrams alone, ${formatNumber(chosenRanking * 100, 1)}% with bigrams plus jieba words.`,
    )
    console.log('\nExamples:')
    for (const note of notes) console.log(`- ${note}`)
  }
}

await runBenchmark()
