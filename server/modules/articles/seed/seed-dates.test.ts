import { describe, expect, it } from 'vitest'
import type { SeedArticle } from './seed-corpus.ts'
import { datedForward } from './seed-dates.ts'

function article(key: string, publishedAt?: string, updatedAt?: string): SeedArticle {
  return {
    key,
    kind: 'article',
    topic: 'ai-semiconductors',
    market: 'us',
    author: 'a',
    tags: [],
    stocks: [],
    cover: 'ai-semiconductors.svg',
    state: publishedAt ? 'published' : 'draft',
    publishedAt,
    updatedAt,
    versions: {},
  } as unknown as SeedArticle
}

describe('dating the sample articles on a fresh database', () => {
  const corpus = [
    article('newest', '2026-11-18T13:30:00.000Z', '2026-11-19T08:00:00.000Z'),
    article('older', '2026-11-02T01:15:00.000Z'),
    article('draft'),
  ]

  it('keeps a recent corpus as written (tests on a frozen date stay exact)', () => {
    expect(datedForward(corpus, new Date('2026-11-20T00:00:00Z'))).toEqual(corpus)
  })

  it('moves a stale corpus forward by whole days until the newest is a day old, keeping the gaps', () => {
    const dated = datedForward(corpus, new Date('2026-12-30T09:00:00Z'))
    expect(dated.map((a) => a.publishedAt)).toEqual([
      '2026-12-28T13:30:00.000Z',
      '2026-12-12T01:15:00.000Z',
      undefined,
    ])
    expect(dated[0]?.updatedAt).toBe('2026-12-29T08:00:00.000Z')
    expect(Date.parse(dated[0]!.publishedAt!)).toBeLessThan(Date.parse('2026-12-30T09:00:00Z'))
  })
})
