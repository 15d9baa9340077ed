import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArticleDocumentInput } from '#contracts/console.ts'
import {
  type AuditPage,
  ConsoleErrorCode,
  type CoverImage,
  type EditorArticle,
  type NewsroomOptions,
} from '#contracts/console-rules.ts'
import { createManualClock } from '#server/clock.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure } from '#server/testing/reader-clients.ts'
import type { TestRuntime } from '#server/testing/test-runtime.ts'
import type { ConsoleSiteRuntime } from './testing/console-site-runtime.ts'
import { startNewsroomRuntime } from './testing/newsroom-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.78', phonePrefix: '9178' })
const clock = createManualClock('2026-11-26T08:00:00Z')
const regions = ['en', 'hant'] as const
type SiteRegion = (typeof regions)[number]

let site: ConsoleSiteRuntime
let runtime: TestRuntime
let editor: StaffClient
let otherEditor: StaffClient
let admin: StaffClient
let options: NewsroomOptions

beforeAll(async () => {
  ;({ site, editor, otherEditor, admin, options } = await startNewsroomRuntime(clients, {
    clock,
    dataDirPrefix: 'newsroom-life-',
  }))
  runtime = site.runtime
}, 180_000)
afterAll(() => site?.close())

let tokenSeed = 0
/** A word no other article has (a fixed length, so no key is another's prefix). */
function newToken(): string {
  tokenSeed += 1
  return `numbat${String(tokenSeed).padStart(4, '0')}`
}

interface Words {
  token: string
  key: string
  titles: Record<SiteRegion, string>
}

function wordsOf(token: string): Words {
  return {
    token,
    key: `life-${token}`,
    titles: { en: `Numbat ${token} outlook`, hant: `${token} 袋食蟻獸展望` },
  }
}

function documentOf(words: Words, versions: Partial<Record<SiteRegion, 'full' | 'titleOnly'>>) {
  const version = (region: SiteRegion, kind: 'full' | 'titleOnly' | undefined) =>
    kind
      ? {
          title: words.titles[region],
          summary: `${words.titles[region]} summary`,
          bodyMarkdown: kind === 'full' ? `## ${words.token}\n\nBody of ${words.titles[region]}.` : '',
          seoTitle: '',
          seoDescription: '',
        }
      : null
  return {
    key: words.key,
    kind: 'analysis',
    topic: options.topics[0]?.slug as string,
    market: 'hk',
    author: options.authors[0]?.key as string,
    tags: [],
    stocks: [],
    menuGroups: [],
    versions: { en: version('en', versions.en), 'zh-Hant': version('hant', versions.hant) },
  } satisfies ArticleDocumentInput
}

async function createDraft(document: ArticleDocumentInput): Promise<EditorArticle> {
  const response = await clients.call(editor, 'POST', '/articles', { body: document })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as EditorArticle
}

function move(article: { id: number; revision: number }, action: string, as: StaffClient = editor) {
  return clients.call(as, 'POST', `/articles/${article.id}/state`, {
    body: { revision: article.revision, action },
  })
}

/** Moves the article a minute later than the last move, so it is the newest in every list it enters. */
async function moved(article: { id: number; revision: number }, action: string): Promise<EditorArticle> {
  clock.advance(60_000)
  const response = await move(article, action)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as EditorArticle
}

async function saved(article: EditorArticle, document: ArticleDocumentInput): Promise<EditorArticle> {
  const response = await clients.call(editor, 'PUT', `/articles/${article.id}`, {
    body: { revision: article.revision, document },
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as EditorArticle
}

function page(pathAndQuery: string, region: SiteRegion) {
  return site.page(pathAndQuery, region)
}

/** Every public page a reader could find an article by, besides its own. */
function findingPages(words: Words): string[] {
  return ['/', '/articles', '/analysis', '/market-hk', `/search/${words.token}`, '/rss.xml', '/sitemap.xml']
}

/** Which of the finding pages link to the article (all of them read through their caches). */
async function pagesListing(words: Words, region: SiteRegion): Promise<string[]> {
  const listing: string[] = []
  for (const path of findingPages(words)) {
    const response = await page(path, region)
    expect(response.statusCode, `${region} ${path}`).toBe(200)
    if (
      response.body.includes(`/articles/${words.key}<`) ||
      response.body.includes(`/articles/${words.key}"`)
    )
      listing.push(path)
  }
  return listing
}

async function expectListedEverywhere(words: Words, region: SiteRegion): Promise<void> {
  expect(await pagesListing(words, region), region).toEqual(findingPages(words))
}

async function expectListedNowhere(words: Words, region: SiteRegion): Promise<void> {
  expect(await pagesListing(words, region), region).toEqual([])
}

async function auditOf(articleId: number): Promise<AuditPage> {
  const response = await clients.call(admin, 'GET', '/audit', {
    query: { entity: 'article', entityId: String(articleId), pageSize: '100' },
  })
  return response.json().data as AuditPage
}

const removedText = { en: 'The content has been removed', hant: '內容已下架' }
const deletedText = { en: 'Content has been deleted', hant: '內容已被刪除' }
const missingText = { en: 'Oops! The page you visited does not exist', hant: '糟糕！您造訪的頁面不存在' }
const emptyText = { en: 'Content is empty', hant: '內容為空' }

describe("an article's life on the public pages of both sites", () => {
  it('is listed everywhere when published, removed when taken down, back when republished, gone when deleted', async () => {
    const words = wordsOf(newToken())
    let article = await createDraft(documentOf(words, { en: 'full', hant: 'full' }))

    // A draft: 'not found' on both sites, on no list. (These reads also fill every cache.)
    for (const region of regions) {
      const draft = await page(`/articles/${words.key}`, region)
      expect(draft.statusCode).toBe(404)
      expect(draft.body).toContain(missingText[region])
      await expectListedNowhere(words, region)
    }

    article = await moved(article, 'publish')
    const firstPublishedAt = article.publishedAt
    for (const region of regions) {
      const published = await page(`/articles/${words.key}`, region)
      expect(published.statusCode).toBe(200)
      expect(published.body).toContain(words.titles[region])
      await expectListedEverywhere(words, region)
    }

    article = await moved(article, 'take_down')
    for (const region of regions) {
      const removed = await page(`/articles/${words.key}`, region)
      expect(removed.statusCode).toBe(410)
      expect(removed.body).toContain(removedText[region])
      expect(removed.body).not.toContain(words.titles[region])
      await expectListedNowhere(words, region)
    }

    // Republished: the same address and first publish time, on every page again.
    article = await moved(article, 'publish')
    expect(article).toMatchObject({ key: words.key, publishedAt: firstPublishedAt })
    for (const region of regions) {
      expect((await page(`/articles/${words.key}`, region)).body).toContain(words.titles[region])
      await expectListedEverywhere(words, region)
    }

    // Deleted straight from published: 'Content has been deleted' on both sites, and final.
    article = await moved(article, 'delete')
    for (const region of regions) {
      const deleted = await page(`/articles/${words.key}`, region)
      expect(deleted.statusCode).toBe(410)
      expect(deleted.body).toContain(deletedText[region])
      expect(deleted.body).not.toContain(words.titles[region])
      await expectListedNowhere(words, region)
    }
    for (const action of ['publish', 'take_down', 'delete'])
      expectFailure(await move(article, action), 409, ConsoleErrorCode.stateMoveInvalid)
    expectFailure(
      await clients.call(editor, 'PUT', `/articles/${article.id}`, {
        body: { revision: article.revision, document: documentOf(words, { en: 'full' }) },
      }),
      409,
      ConsoleErrorCode.stateMoveInvalid,
    )
    expectFailure(
      await clients.call(editor, 'POST', `/articles/${article.id}/revisions/1/restore`, {
        body: { revision: article.revision },
      }),
      409,
      ConsoleErrorCode.stateMoveInvalid,
    )

    // One audit entry per move, by the editor, each with the state before and after; refusals leave none.
    const entries = (await auditOf(article.id)).rows.reverse()
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['article.create', null, expect.objectContaining({ state: 'draft', revision: 1 })],
      [
        'article.publish',
        expect.objectContaining({ state: 'draft', revision: 1 }),
        expect.objectContaining({ state: 'published', revision: 2, publishedAt: firstPublishedAt }),
      ],
      [
        'article.take_down',
        expect.objectContaining({ state: 'published', revision: 2 }),
        expect.objectContaining({ state: 'taken_down', revision: 3 }),
      ],
      [
        'article.publish',
        expect.objectContaining({ state: 'taken_down', revision: 3 }),
        expect.objectContaining({ state: 'published', revision: 4, publishedAt: firstPublishedAt }),
      ],
      [
        'article.delete',
        expect.objectContaining({ state: 'published', revision: 4 }),
        expect.objectContaining({ state: 'deleted', revision: 5 }),
      ],
    ])
    for (const entry of entries)
      expect(entry.actor).toEqual({ memberId: editor.memberId, phone: editor.phone, name: null })
  })

  it('answers "not found" on the site of a missing version, and shows a version added later at once', async () => {
    const words = wordsOf(newToken())
    let article = await moved(await createDraft(documentOf(words, { en: 'full' })), 'publish')
    expect((await page(`/articles/${words.key}`, 'en')).body).toContain(words.titles.en)
    await expectListedEverywhere(words, 'en')
    const missing = await page(`/articles/${words.key}`, 'hant')
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toContain(missingText.hant)
    await expectListedNowhere(words, 'hant')
    // The English sitemap names no Chinese alternate of it.
    expect((await page('/sitemap.xml', 'en')).body).not.toContain(`hant.localhost:3000/articles/${words.key}`)

    // The editor adds the Chinese version: the Chinese site shows it at once; the English one is unchanged.
    article = await saved(article, documentOf(words, { en: 'full', hant: 'full' }))
    expect((await page(`/articles/${words.key}`, 'hant')).body).toContain(words.titles.hant)
    await expectListedEverywhere(words, 'hant')
    expect((await page('/sitemap.xml', 'en')).body).toContain(`hant.localhost:3000/articles/${words.key}`)

    // …and removes the English one: now the English site answers 'not found'.
    article = await saved(article, documentOf(words, { hant: 'full' }))
    expect((await page(`/articles/${words.key}`, 'en')).statusCode).toBe(404)
    await expectListedNowhere(words, 'en')
    await expectListedEverywhere(words, 'hant')

    const entries = (await auditOf(article.id)).rows
    expect(entries.map((entry) => entry.action)).toEqual([
      'article.save',
      'article.save',
      'article.publish',
      'article.create',
    ])
    expect(entries[0]).toMatchObject({ before: { revision: 3 }, after: { revision: 4 } })
    expect(JSON.stringify(entries[0]?.after)).not.toContain(words.titles.en)
    expect(JSON.stringify(entries[0]?.before)).toContain(words.titles.en)
  })

  it('says "Content is empty" on the site of a version without a body, and lists it only where it has one', async () => {
    const words = wordsOf(newToken())
    await moved(await createDraft(documentOf(words, { en: 'full', hant: 'titleOnly' })), 'publish')
    const empty = await page(`/articles/${words.key}`, 'hant')
    expect(empty.statusCode).toBe(200)
    expect(empty.body).toContain(emptyText.hant)
    expect(empty.body).toContain(words.titles.hant)
    await expectListedNowhere(words, 'hant')
    expect((await page(`/articles/${words.key}`, 'en')).body).not.toContain(emptyText.en)
    await expectListedEverywhere(words, 'en')
  })
})

describe('concurrent moves', () => {
  it('refuses a move made on an older revision with the current article, and changes nothing', async () => {
    const words = wordsOf(newToken())
    const draft = await createDraft(documentOf(words, { en: 'full', hant: 'full' }))
    const published = await moved(draft, 'publish')
    // The other editor still has the draft open and deletes it.
    const late = await move(draft, 'delete', otherEditor)
    expectFailure(late, 409, ConsoleErrorCode.articleStale)
    expect(late.json().current).toMatchObject({
      state: 'published',
      revision: published.revision,
      updatedBy: { memberId: editor.memberId },
    })
    for (const region of regions) expect((await page(`/articles/${words.key}`, region)).statusCode).toBe(200)
    expect((await auditOf(draft.id)).rows.map((entry) => entry.action)).toEqual([
      'article.publish',
      'article.create',
    ])
  })

  it('lets exactly one of two moves made at the same moment on the same revision through', async () => {
    const words = wordsOf(newToken())
    const published = await moved(await createDraft(documentOf(words, { en: 'full' })), 'publish')
    const responses = await Promise.all([
      move(published, 'take_down'),
      move(published, 'delete', otherEditor),
    ])
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409])
    const winner = responses.find((response) => response.statusCode === 200)?.json().data as EditorArticle
    const page410 = await page(`/articles/${words.key}`, 'en')
    expect(page410.statusCode).toBe(410)
    expect(page410.body).toContain(winner.state === 'deleted' ? deletedText.en : removedText.en)
    const actions = (await auditOf(published.id)).rows.map((entry) => entry.action)
    expect(actions).toHaveLength(3)
    expect(actions[0]).toBe(winner.state === 'deleted' ? 'article.delete' : 'article.take_down')
  })
})

describe('an uploaded cover', () => {
  it('is offered on the article page in every format and width made, and in the feed as what it is', async () => {
    const png = await sharp({ create: { width: 1700, height: 900, channels: 3, background: '#2d6a4f' } })
      .png()
      .toBuffer()
    const boundary = '----newsroomlife'
    const upload = await runtime.app.inject({
      method: 'POST',
      url: '/api/console/covers',
      headers: {
        ...clients.readers.sameSiteHeadersOf(editor),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      remoteAddress: editor.ip,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    })
    expect(upload.statusCode, upload.body).toBe(200)
    const image = upload.json().data as CoverImage
    const words = wordsOf(newToken())
    await moved(
      await createDraft({ ...documentOf(words, { en: 'full', hant: 'full' }), coverImageId: image.id }),
      'publish',
    )
    for (const region of regions) {
      // HTML attribute names are case-insensitive (React writes srcSet).
      const html = (await page(`/articles/${words.key}`, region)).body.toLowerCase()
      const widths = (format: string) =>
        [480, 960, 1600]
          .map((width) => `/media/uploads/covers/${image.id}/${width}.${format} ${width}w`)
          .join(', ')
      expect(html).toContain(`<source type="image/avif" srcset="${widths('avif')}"`)
      expect(html).toContain(`<source type="image/webp" srcset="${widths('webp')}"`)
      expect(html).toContain(`<source type="image/png" srcset="${widths('png')}"`)
      expect(html).toContain(`src="${image.fallbackUrl}"`)
      const rss = (await page('/rss.xml', region)).body
      const item = rss.split('<item>').find((entry) => entry.includes(`/articles/${words.key}<`)) ?? ''
      expect(item).toContain(`${image.fallbackUrl}" type="image/png"`)
    }
    // A drawing stays an SVG in the feed.
    expect((await page('/rss.xml', 'en')).body).toMatch(/\.svg" type="image\/svg\+xml"/)
  })
})
