import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { selectRows } from '#server/db/database.ts'
import { createNavigationService } from '#server/modules/navigation/navigation.service.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { updateArticleState } from './articles.repo.ts'
import { insertSeedCorpusIfAbsent } from './articles.seed.ts'
import { createArticlesService } from './articles.service.ts'
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
