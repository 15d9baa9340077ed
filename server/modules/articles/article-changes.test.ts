import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { createNavigationService } from '#server/modules/navigation/navigation.service.ts'
import { openTestDatabase } from '#server/testing/test-database.ts'
import { type ArticleChange, createArticleChanges } from './article-changes.ts'
import { createArticlesService } from './articles.service.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase(inject('testDatabaseTemplate'))
})
afterAll(() => database.close())

const key = 'sk-hynix-hbm-leadership'
const title = 'SK hynix: the HBM leader, and the price of leadership'

function heard(changes: ReturnType<typeof createArticleChanges>): Promise<ArticleChange> {
  return new Promise((resolve) => {
    const stop = changes.subscribe((change) => {
      stop()
      resolve(change)
    })
  })
}

describe('what readers see, kept while nothing changes', () => {
  it('shows a taken-down article gone at once, from lists, the article and the menu, though reads are kept a minute', async () => {
    const articles = createArticlesService({ db: database.db, cacheMillis: 60_000 })
    const navigation = createNavigationService({ db: database.db, articles, cacheMillis: 60_000 })
    const listed = async () =>
      (await articles.findArticles({ page: 1, pageSize: 50 }, 'en')).rows.map((row) => row.key)
    const inMenu = async () =>
      (await navigation.listMenu('en')).flatMap((group) => group.articles.map((item) => item.k))
    expect(await listed()).toContain(key)
    expect(await inMenu()).toContain(key)
    expect((await articles.getArticle({ key }, 'en')).title).toBe(title)

    expect(await articles.changeArticleState(key, 'taken_down')).toBe(true)
    expect(await listed()).not.toContain(key)
    expect(await inMenu()).not.toContain(key)
    await expect(articles.getArticle({ key }, 'en')).rejects.toMatchObject({ code: 'ARTICLE_TAKEN_DOWN' })

    expect(await articles.changeArticleState(key, 'published')).toBe(true)
    expect(await listed()).toContain(key)
    expect((await articles.getArticle({ key }, 'en')).title).toBe(title)
  })

  it('keeps showing what it read until a change is announced, then reads again', async () => {
    const articles = createArticlesService({ db: database.db, cacheMillis: 60_000 })
    const id = (await articles.getArticle({ key }, 'en')).articleId
    // An edit made behind the service's back (as a hand-written SQL update would be).
    await database.db.execute(
      `update article_translations set title = 'Edited title' where article_id = ${Number(id)} and locale = 'en'`,
    )
    try {
      expect((await articles.getArticle({ key }, 'en')).title).toBe(title)
      expect((await articles.getArticle({ id: Number(id) }, 'en')).title).toBe('Edited title')
      await articles.announceArticleChange([key])
      expect((await articles.getArticle({ key }, 'en')).title).toBe('Edited title')
    } finally {
      await database.db.execute(
        `update article_translations set title = '${title.replace(/'/g, "''")}' where article_id = ${Number(id)} and locale = 'en'`,
      )
      await articles.announceArticleChange([key])
    }
  })

  it('tells its listeners which articles changed, and stops telling one that stopped listening', async () => {
    const articles = createArticlesService({ db: database.db })
    const seen: string[][] = []
    const stop = articles.onArticlesChanged((keys) => seen.push(keys))
    await articles.announceArticleChange(['a-key'])
    expect(await articles.changeArticleState('no-such-article', 'taken_down')).toBe(false)
    stop()
    await articles.announceArticleChange(['another-key'])
    expect(seen).toEqual([['a-key']])
  })
})

describe('word of a change between processes', () => {
  it.runIf(process.env.DATABASE_URL)(
    'reaches a process over PostgreSQL LISTEN/NOTIFY, and the publisher hears its own change once',
    async () => {
      const publisher = createArticleChanges({ database })
      const other = createArticleChanges({ database })
      try {
        // LISTEN is set up in the background: wait until a change gets through.
        const own: ArticleChange[] = []
        publisher.subscribe((change) => own.push(change))
        let received: ArticleChange | undefined
        for (let attempt = 0; attempt < 50 && !received; attempt++) {
          const next = heard(other)
          await publisher.publish({ keys: [key] })
          received = await Promise.race([next, new Promise<undefined>((r) => setTimeout(r, 100))])
        }
        expect(received).toEqual({ keys: [key] })
        // One delivery per publish: its own message coming back over PostgreSQL is not heard a second time.
        const before = own.length
        await publisher.publish({ keys: ['last'] })
        await new Promise((resolve) => setTimeout(resolve, 300))
        expect(own.length).toBe(before + 1)
      } finally {
        await publisher.close()
        await other.close()
      }
    },
  )

  it.runIf(process.env.REDIS_URL)('reaches a process over Redis pub/sub', async () => {
    const redis = new Redis(process.env.REDIS_URL as string)
    const publisher = createArticleChanges({ redis })
    const other = createArticleChanges({ redis })
    try {
      let received: ArticleChange | undefined
      for (let attempt = 0; attempt < 50 && !received; attempt++) {
        const next = heard(other)
        await publisher.publish({ keys: [key] })
        received = await Promise.race([next, new Promise<undefined>((r) => setTimeout(r, 100))])
      }
      expect(received).toEqual({ keys: [key] })
    } finally {
      await publisher.close()
      await other.close()
      redis.disconnect()
    }
  })

  it.runIf(process.env.REDIS_URL)(
    'reports no failure when closed before Redis confirmed the subscription',
    async () => {
      const redis = new Redis(process.env.REDIS_URL as string)
      const failures: string[] = []
      const changes = createArticleChanges({ redis, log: (message) => failures.push(message) })
      await changes.close()
      await new Promise((resolve) => setTimeout(resolve, 100))
      redis.disconnect()
      expect(failures).toEqual([])
    },
  )

  it('stays within the process on PGlite: its own listeners hear a change before publish resolves', async () => {
    const changes = createArticleChanges({ database: { ...database, kind: 'pglite' } })
    const seen: ArticleChange[] = []
    changes.subscribe((change) => seen.push(change))
    await changes.publish({ keys: [] })
    expect(seen).toEqual([{ keys: [] }])
    await changes.close()
  })
})
