import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Locale, locales, markets } from '#contracts/regions.ts'
import { extractPlainText } from '../search-text/plain-text.ts'
import {
  loadSeedCorpus,
  type SeedArticle,
  SeedArticleKind,
  type SeedCorpus,
  SeedCorpusError,
} from './seed-corpus.ts'
import { parseSeedFile, SeedFrontMatterError } from './seed-front-matter.ts'

let corpus: SeedCorpus

beforeAll(async () => {
  corpus = await loadSeedCorpus()
})

function readableVersions(locale: Locale): SeedArticle[] {
  return corpus.articles.filter(
    (article) => article.state === 'published' && (article.versions[locale]?.bodyMarkdown.length ?? 0) > 0,
  )
}

function countEnglishWords(markdown: string): number {
  return extractPlainText(markdown)
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/v.test(word)).length
}

function countChineseCharacters(markdown: string): number {
  return extractPlainText(markdown).match(/\p{Script=Han}/gv)?.length ?? 0
}

describe('the seed corpus', () => {
  it('loads without problems', () => {
    expect(corpus.articles.length).toBeGreaterThan(0)
  })

  it.each(locales)('has at least 40 published %s articles with a body', (locale) => {
    expect(readableVersions(locale).length).toBeGreaterThanOrEqual(40)
  })

  it.each(locales)('has at least 10 published %s articles of each kind', (locale) => {
    for (const kind of SeedArticleKind.options) {
      expect(readableVersions(locale).filter((a) => a.kind === kind).length, kind).toBeGreaterThanOrEqual(10)
    }
  })

  it.each(locales)('has at least 8 published %s articles for each market', (locale) => {
    for (const market of markets) {
      expect(
        readableVersions(locale).filter((a) => a.market === market).length,
        market,
      ).toBeGreaterThanOrEqual(8)
    }
  })

  it('translates most articles and keeps a few in one language only', () => {
    const bilingual = corpus.articles.filter((a) => a.versions.en && a.versions['zh-Hant'])
    const single = corpus.articles.filter((a) => !a.versions.en || !a.versions['zh-Hant'])
    expect(bilingual.length).toBeGreaterThanOrEqual(40)
    expect(single.length).toBeGreaterThanOrEqual(1)
    expect(single.length).toBeLessThan(5)
  })

  it('includes one fixture for each content state', () => {
    const byKey = new Map(corpus.articles.map((a) => [a.key, a]))
    expect(byKey.get('state-fixture-draft')?.state).toBe('draft')
    expect(byKey.get('state-fixture-taken-down')?.state).toBe('taken_down')
    expect(byKey.get('state-fixture-deleted')?.state).toBe('deleted')
    const empty = byKey.get('state-fixture-empty-body')
    expect(empty?.state).toBe('published')
    expect(empty?.versions.en?.bodyMarkdown.length).toBeGreaterThan(0)
    expect(empty?.versions['zh-Hant']?.bodyMarkdown).toBe('')
    expect(corpus.articles.filter((a) => a.state === 'draft')).toHaveLength(1)
    expect(corpus.articles.filter((a) => a.state === 'taken_down')).toHaveLength(1)
    expect(corpus.articles.filter((a) => a.state === 'deleted')).toHaveLength(1)
    const emptyBodies = corpus.articles.filter((a) => locales.some((l) => a.versions[l]?.bodyMarkdown === ''))
    expect(emptyBodies.map((a) => a.key)).toEqual(['state-fixture-empty-body'])
  })

  it('keeps English bodies between 400 and 900 words', () => {
    for (const article of corpus.articles) {
      const body = article.versions.en?.bodyMarkdown
      if (!body) continue
      const words = countEnglishWords(body)
      expect(words, article.key).toBeGreaterThanOrEqual(400)
      expect(words, article.key).toBeLessThanOrEqual(900)
    }
  })

  it('gives Chinese bodies comparable substance', () => {
    for (const article of corpus.articles) {
      const body = article.versions['zh-Hant']?.bodyMarkdown
      if (!body) continue
      expect(countChineseCharacters(body), article.key).toBeGreaterThanOrEqual(600)
    }
  })

  it('names every topic and tag in use in both languages', () => {
    const topics = new Map(corpus.topics.map((t) => [t.slug, t]))
    const tags = new Map(corpus.tags.map((t) => [t.key, t]))
    for (const article of corpus.articles) {
      const topic = topics.get(article.topic)
      expect(topic?.name.en && topic.name['zh-Hant'], article.topic).toBeTruthy()
      for (const key of article.tags) {
        const tag = tags.get(key)
        expect(tag?.text.en && tag.text['zh-Hant'], key).toBeTruthy()
      }
    }
    expect(corpus.topics.length).toBeGreaterThanOrEqual(8)
    expect(corpus.tags.length).toBeGreaterThanOrEqual(25)
  })

  it('spreads publish dates over the six months before 2026-11-20, some with updates', () => {
    const end = Date.parse('2026-11-20T00:00:00Z')
    const start = end - 183 * 24 * 3600 * 1000
    const dated = corpus.articles.filter((a) => a.publishedAt)
    for (const article of dated) {
      const time = Date.parse(article.publishedAt!)
      expect(time, article.key).toBeGreaterThanOrEqual(start)
      expect(time, article.key).toBeLessThan(end)
    }
    const months = new Set(dated.map((a) => a.publishedAt!.slice(0, 7)))
    expect(months.size).toBeGreaterThanOrEqual(6)
    expect(dated.filter((a) => a.updatedAt).length).toBeGreaterThanOrEqual(5)
  })

  it('lists newest articles first', () => {
    const times = corpus.articles.filter((a) => a.publishedAt).map((a) => Date.parse(a.publishedAt!))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('has 4 to 6 menu groups of 3 to 6 published bilingual articles', () => {
    expect(corpus.menuGroups.length).toBeGreaterThanOrEqual(4)
    expect(corpus.menuGroups.length).toBeLessThanOrEqual(6)
    const byKey = new Map(corpus.articles.map((a) => [a.key, a]))
    for (const group of corpus.menuGroups) {
      for (const key of group.articleKeys) {
        const article = byKey.get(key)
        expect(article?.state, key).toBe('published')
        expect(article?.versions.en?.title && article.versions['zh-Hant']?.title, key).toBeTruthy()
      }
    }
  })

  it('ships one small SVG cover per topic, without text', async () => {
    const files = await readdir(corpus.coversDirectory)
    for (const topic of corpus.topics) expect(files).toContain(topic.cover)
    for (const file of files.filter((name) => name.endsWith('.svg'))) {
      const svg = await readFile(join(corpus.coversDirectory, file), 'utf8')
      expect(Buffer.byteLength(svg), file).toBeLessThan(3 * 1024)
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(svg, file).not.toMatch(/<(text|script|image|foreignObject)\b/)
    }
  })
})

describe('the seed file parser', () => {
  it('ignores the blank line the Markdown formatter puts after the opening line', () => {
    expect(parseSeedFile('---\n\ntitle: x\n---\nBody', 'x.md').fields).toEqual({ title: 'x' })
  })

  it('reads quoted values as JSON strings and keeps colons in plain values', () => {
    const parsed = parseSeedFile('---\ntitle: "A: b \\"c\\""\nsummary: x: y\n---\n\nBody\n', 'x.md')
    expect(parsed.fields).toEqual({ title: 'A: b "c"', summary: 'x: y' })
    expect(parsed.body).toBe('Body')
  })

  it.each([
    ['no opening line', 'title: x\n---\n', /must start with/],
    ['no closing line', '---\ntitle: x\n', /no closing/],
    ['a duplicate field', '---\ntitle: x\ntitle: y\n---\n', /x\.md:3: duplicate field 'title'/],
    ['an empty value', '---\ntitle:\n---\n', /field 'title' is empty/],
    ['a line that is not a field', '---\n  title: x\n---\n', /expected 'name: value'/],
    ['a broken quoted value', '---\ntitle: "abc\n---\n', /unterminated quoted value/],
  ])('rejects %s', (_name, source, message) => {
    expect(() => parseSeedFile(source, 'x.md')).toThrow(SeedFrontMatterError)
    expect(() => parseSeedFile(source, 'x.md')).toThrow(message)
  })
})

describe('seed corpus validation', () => {
  let root: string
  const valid = [
    '---',
    'key: sample-article',
    'locale: en',
    'title: Sample',
    'summary: A sample.',
    'author: grace-lin',
    'kind: analysis',
    'topic: ai-semiconductors',
    'market: us',
    'tags: nvidia, ai',
    'stocks: us:NVDA',
    'cover: ai-semiconductors.svg',
    'state: published',
    'publishedAt: 2026-10-01T00:00:00Z',
    '---',
    'Body.',
  ].join('\n')

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'seed-corpus-'))
  })

  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  async function loadWith(files: Record<string, string>): Promise<string> {
    const directory = await mkdtemp(join(root, 'case-'))
    for (const locale of locales) await mkdir(join(directory, locale))
    for (const [path, content] of Object.entries(files)) await writeFile(join(directory, path), content)
    try {
      await loadSeedCorpus({ articlesDirectory: directory })
    } catch (error) {
      expect(error).toBeInstanceOf(SeedCorpusError)
      return (error as SeedCorpusError).message
    }
    throw new Error('expected the corpus to be rejected')
  }

  it('names an unknown topic, tag and author', async () => {
    const message = await loadWith({
      'en/sample-article.md': valid
        .replace('topic: ai-semiconductors', 'topic: crypto')
        .replace('tags: nvidia, ai', 'tags: nvidia, moonshots')
        .replace('author: grace-lin', 'author: nobody'),
    })
    expect(message).toContain("en/sample-article.md: unknown topic 'crypto'")
    expect(message).toContain("en/sample-article.md: unknown tag 'moonshots'")
    expect(message).toContain("en/sample-article.md: unknown author 'nobody'")
  })

  it('names a duplicate key', async () => {
    const message = await loadWith({ 'en/sample-article.md': valid, 'en/sample-copy.md': valid })
    expect(message).toContain("en/sample-copy.md: duplicate key 'sample-article' in en")
  })

  it('names a missing front-matter field', async () => {
    const message = await loadWith({ 'en/sample-article.md': valid.replace('summary: A sample.\n', '') })
    expect(message).toContain('en/sample-article.md: missing front-matter field(s) summary')
  })

  it('names language versions that disagree', async () => {
    const chinese = valid.replace('locale: en', 'locale: zh-Hant').replace('kind: analysis', 'kind: news')
    const message = await loadWith({ 'en/sample-article.md': valid, 'zh-Hant/sample-article.md': chinese })
    expect(message).toContain(
      'zh-Hant/sample-article.md: kind "news" differs from en/sample-article.md ("analysis")',
    )
  })

  it('names an invalid stock code', async () => {
    const message = await loadWith({
      'en/sample-article.md': valid.replace('stocks: us:NVDA', 'stocks: kr:5930'),
    })
    expect(message).toContain('en/sample-article.md: stocks.0 is not a valid code for its market')
  })

  it('requires a publish time unless the article is a draft', async () => {
    const undated = valid.replace('publishedAt: 2026-10-01T00:00:00Z\n', '')
    const message = await loadWith({
      'en/sample-article.md': undated,
      'en/sample-draft.md': undated
        .replace('key: sample-article', 'key: sample-draft')
        .replace('published', 'draft'),
    })
    expect(message).toContain('en/sample-article.md: publishedAt is required unless the state is draft')
    expect(message).not.toContain('en/sample-draft.md')
  })

  it('names menu articles that are not in the corpus', async () => {
    const message = await loadWith({ 'en/sample-article.md': valid })
    expect(message).toContain("menu group 'market-insights': unknown article 'treasury-yields-week-ahead'")
  })
})
