import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { selectRows } from '#server/db/database.ts'
import { createNavigationService } from '#server/modules/navigation/navigation.service.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import type { StockCandidate } from './article-suggestions.ts'
import { updateArticleState } from './article-writes.repo.ts'
import { insertSeedCorpusIfAbsent, reindexStaleSearchText } from './articles.seed.ts'
import { createArticlesService } from './articles.service.ts'
import { searchTermsVersion } from './search-text/search-terms.ts'
import { loadSeedCorpus } from './seed/seed-corpus.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase(inject('testDatabaseTemplate'))
})
afterAll(() => database.close())

async function idOf(key: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(database.db, sql`select id from articles where key = ${key}`)
  return Number(rows[0]!.id)
}

describe('hot topics', () => {
  it('come first by reads of their articles over the last week, then by article count', async () => {
    const quiet = createArticlesService({ db: database.db, cacheMillis: 0 })
    const byCount = (await quiet.listHomeSections('en', 'us')).hotTopics
    const counts = byCount.map((topic) => topic.articleCount)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))

    const koreaArticle = await idOf('korea-value-up-programme')
    const views = new Map([[koreaArticle, 25]])
    const busy = createArticlesService({
      db: database.db,
      cacheMillis: 0,
      recentArticleViews: async () => views,
    })
    const [first] = (await busy.listHomeSections('en', 'us')).hotTopics
    expect(first).toMatchObject({ slug: 'korea-value-up', recentViews: 25 })
    expect(first?.latest?.topic.slug).toBe('korea-value-up')
  })
})

describe('changing an article state', () => {
  it('takes a taken-down article out of lists, search, suggestions and the menu at once', async () => {
    const articles = createArticlesService({ db: database.db, cacheMillis: 0 })
    const navigation = createNavigationService({ db: database.db, articles, cacheMillis: 0 })
    const key = 'sk-hynix-hbm-leadership'
    const before = await articles.findArticles({ keyword: 'hynix', page: 1, pageSize: 50 }, 'en')
    expect(before.rows.map((row) => row.key)).toContain(key)
    const menuBefore = (await navigation.listMenu('en')).flatMap((group) => group.articles.map((a) => a.k))
    expect(menuBefore).toContain(key)

    expect(await updateArticleState(database.db, key, 'taken_down')).toBe(true)
    const after = await articles.findArticles({ keyword: 'hynix', page: 1, pageSize: 50 }, 'en')
    expect(after.rows.map((row) => row.key)).not.toContain(key)
    const suggestions = await articles.suggestArticles('SK hynix', 'en')
    expect(suggestions.rows.map((row) => row.title)).not.toContain(
      'SK hynix: the HBM leader, and the price of leadership',
    )
    const menuAfter = (await navigation.listMenu('en')).flatMap((group) => group.articles.map((a) => a.k))
    expect(menuAfter).not.toContain(key)
    await expect(articles.getArticle({ key }, 'en')).rejects.toMatchObject({
      kind: 'gone',
      code: 'ARTICLE_TAKEN_DOWN',
    })

    await updateArticleState(database.db, key, 'published')
    expect(
      (await articles.findArticles({ keyword: 'hynix', page: 1, pageSize: 50 }, 'en')).rows.map((r) => r.key),
    ).toContain(key)
  })
})

describe('the seed', () => {
  it('adds nothing the second time and leaves edited articles alone', async () => {
    await database.db.execute(
      sql`update article_translations set title = 'Edited by an editor' where locale = 'en'
          and article_id = (select id from articles where key = 'tesla-margins-and-autonomy')`,
    )
    const corpus = await loadSeedCorpus()
    expect(await insertSeedCorpusIfAbsent(database.db, corpus)).toEqual({ inserted: 0 })
    const articles = createArticlesService({ db: database.db, cacheMillis: 0 })
    expect((await articles.getArticle({ key: 'tesla-margins-and-autonomy' }, 'en')).title).toBe(
      'Edited by an editor',
    )
  })

  it('numbers seed articles in publishing order', async () => {
    const corpus = await loadSeedCorpus()
    const published = corpus.articles.filter((article) => article.publishedAt)
    expect(await idOf(published.at(-1)!.key)).toBe(1)
    expect(await idOf(published[0]!.key)).toBe(published.length)
  })
})

describe('stock mentions', () => {
  it('count each published article once for every company it discusses, as the seed relates them', async () => {
    const articles = createArticlesService({ db: database.db, cacheMillis: 0 })
    // From 10 November: the Nvidia data-centre article (12th), the Treasury week ahead (16th), the KOSPI week
    // ahead (18th). The first names Nvidia's customers, rivals and memory suppliers, which it relates too.
    const counts = await articles.countStockMentions(new Date('2026-11-10T00:00:00Z'))
    for (const code of ['NVDA', 'TSM', 'MSFT', 'AMZN', 'GOOGL', 'META', 'AVGO', 'AMD', 'MU', 'JPM'])
      expect(counts.get(`us:${code}`), code).toBe(1)
    expect(counts.get('kr:005930')).toBe(2)
    expect(counts.get('kr:000660')).toBe(2)
    expect(counts.get('us:AAPL')).toBeUndefined()
    expect(counts.get('jp:7203')).toBeUndefined()
  })
})

describe('search text made with older term rules', () => {
  it('is indexed with the current rules on a fresh database', async () => {
    const rows = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from article_translations where search_version <> ${searchTermsVersion}`,
    )
    expect(rows[0]!.n).toBe(0)
    expect(await reindexStaleSearchText(database.db)).toEqual({ reindexed: 0 })
  })

  it('is re-indexed from the stored text at the next start, so an existing database finds what a fresh one finds', async () => {
    const articles = createArticlesService({ db: database.db, cacheMillis: 0 })
    const search = async (keyword: string) =>
      (await articles.findArticles({ keyword, page: 1, pageSize: 50 }, 'zh-Hant')).rows.map((row) => row.key)
    const fresh = await search('通脹')
    expect(fresh).toEqual(await search('通膨'))
    // A database indexed before regional spellings were folded: vectors of the text as written only.
    await database.db.execute(sql`update article_translations t
      set search_vector = setweight(to_tsvector('simple', 'placeholder'), 'C'),
        title_vector = to_tsvector('simple', 'placeholder'), rank_vector = to_tsvector('simple', 'placeholder'),
        search_version = 0`)
    expect(await search('通膨')).toEqual([])
    const versions = await selectRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from article_translations`,
    )
    expect(await reindexStaleSearchText(database.db)).toEqual({ reindexed: versions[0]!.n })
    expect(await search('通脹')).toEqual(fresh)
    expect(await search('通膨')).toEqual(fresh)
    expect(await reindexStaleSearchText(database.db)).toEqual({ reindexed: 0 })
  })
})

describe('stocks named by a search', () => {
  const candidate = (overrides: Partial<StockCandidate>): StockCandidate => ({
    code: 'AAPL',
    market: 'us',
    name: 'Apple Inc.',
    nameEn: 'Apple Inc.',
    nameZh: '蘋果',
    matchedBy: 'fuzzy',
    matchedText: 'Apple',
    ...overrides,
  })

  it('come first in suggestions, taking their places from the titles', async () => {
    const found: StockCandidate[] = [
      candidate({ matchedBy: 'code', matchedText: 'AAPL' }),
      candidate({
        code: 'SSNLF',
        matchedBy: 'fuzzy',
        matchedText: 'Samsung',
        nameEn: 'Samsung',
        nameZh: '三星',
      }),
    ]
    const articles = createArticlesService({
      db: database.db,
      cacheMillis: 0,
      findStockCandidates: async () => found,
    })
    const answer = await articles.suggestArticles('a', 'en')
    expect(answer.stocks).toEqual([
      { code: 'AAPL', market: 'us', name: 'Apple Inc.', nameEn: 'Apple Inc.', nameZh: '蘋果' },
    ])
    expect(answer.rows).toHaveLength(9)
    const without = createArticlesService({ db: database.db, cacheMillis: 0 })
    expect((await without.suggestArticles('a', 'en')).stocks).toEqual([])
  })
})
