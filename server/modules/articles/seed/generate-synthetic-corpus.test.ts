import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateSyntheticArticles, writeSyntheticCorpus } from './generate-synthetic-corpus.ts'
import { seedTags } from './seed-tags.ts'
import { seedTopics } from './seed-topics.ts'

describe('the synthetic benchmark corpus', () => {
  it('is the same for the same seed and different for another', () => {
    const first = [...generateSyntheticArticles({ count: 50, seed: 7 })]
    expect([...generateSyntheticArticles({ count: 50, seed: 7 })]).toEqual(first)
    expect([...generateSyntheticArticles({ count: 50, seed: 8 })]).not.toEqual(first)
  })

  it('uses only known topics and tags, and writes both languages of every article', () => {
    const topics = new Set(seedTopics.map((t) => t.slug))
    const tags = new Set(seedTags.map((t) => t.key))
    const articles = [...generateSyntheticArticles({ count: 500, seed: 1 })]
    expect(new Set(articles.map((a) => a.key)).size).toBe(500)
    for (const article of articles) {
      expect(topics.has(article.topic), article.topic).toBe(true)
      for (const tag of article.tags) expect(tags.has(tag), tag).toBe(true)
      expect(article.versions.en.bodyMarkdown.length).toBeGreaterThan(200)
      expect(article.versions['zh-Hant'].bodyMarkdown.match(/\p{Script=Han}/gv)?.length).toBeGreaterThan(100)
    }
    expect(new Set(articles.map((a) => a.market))).toEqual(new Set(['us', 'hk', 'jp', 'kr']))
  })

  it('writes one JSON line per article', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'synthetic-'))
    try {
      const path = join(directory, 'corpus.ndjson')
      await writeSyntheticCorpus(path, { count: 1234, seed: 3 })
      const lines = (await readFile(path, 'utf8')).trimEnd().split('\n')
      expect(lines).toHaveLength(1234)
      expect(JSON.parse(lines[1233]!).key).toBe('synthetic-001233')
    } finally {
      await rm(directory, { recursive: true, force: true })
    }
  })
})
