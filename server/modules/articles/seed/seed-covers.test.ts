import { beforeAll, describe, expect, it } from 'vitest'
import { type Locale, locales } from '#contracts/regions.ts'
import { parseCoverFileName } from '../cover-art.ts'
import { loadSeedCorpus, type SeedCorpus } from './seed-corpus.ts'
import { assignSeedCovers } from './seed-covers.ts'

let corpus: SeedCorpus
let covers: Map<string, string>
beforeAll(async () => {
  corpus = await loadSeedCorpus()
  covers = assignSeedCovers(corpus.articles)
})

/** Keys of the articles a reader of `locale` sees, in list order (newest first). */
function listOrder(locale: Locale): string[] {
  return corpus.articles
    .filter((article) => article.state === 'published' && article.versions[locale]?.bodyMarkdown)
    .map((article) => article.key)
}

describe('seed article covers', () => {
  it('gives the first twelve articles of each language’s list twelve different covers', () => {
    for (const locale of locales) {
      const first = listOrder(locale).slice(0, 12)
      expect(first).toHaveLength(12)
      expect(new Set(first.map((key) => covers.get(key))).size, locale).toBe(12)
    }
  })

  it('never shows one cover twice in a row anywhere in a list, filtered by topic or not', () => {
    for (const locale of locales) {
      const lists = [listOrder(locale)]
      for (const topic of corpus.topics) {
        const onTopic = new Set(corpus.articles.filter((a) => a.topic === topic.slug).map((a) => a.key))
        lists.push(listOrder(locale).filter((key) => onTopic.has(key)))
      }
      for (const keys of lists) {
        for (let i = 1; i < keys.length; i++)
          expect(covers.get(keys[i] ?? ''), keys[i]).not.toBe(covers.get(keys[i - 1] ?? ''))
      }
    }
  })

  it('varies the drawing the front matter names, never the topic’s own cover', () => {
    for (const article of corpus.articles) {
      const name = parseCoverFileName(covers.get(article.key) ?? '')
      expect(name?.drawing, article.key).toBe(article.cover.replace(/\.svg$/, ''))
      expect(name?.variant, article.key).toBeGreaterThan(0)
    }
  })

  it('keeps a published article’s cover when newer articles arrive', () => {
    const newer = corpus.articles.slice(0, 3).map((article, i) => ({
      ...article,
      key: `newer-${i}`,
      publishedAt: `2099-01-0${i + 1}T00:00:00Z`,
    }))
    const after = assignSeedCovers([...newer.reverse(), ...corpus.articles])
    // Drafts are numbered after every published article; they are never listed, and get a cover when stored.
    for (const article of corpus.articles.filter((a) => a.publishedAt))
      expect(after.get(article.key), article.key).toBe(covers.get(article.key))
  })
})
