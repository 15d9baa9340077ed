import type { LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArticleDetail, ArticleListAnswer, HomeSections } from '#contracts/articles.ts'
import type { ArticleDocumentInput } from '#contracts/console.ts'
import {
  type ArticleRevision,
  type ArticleRevisionSummary,
  type AuditPage,
  ConsoleErrorCode,
  type CoverImage,
  type EditorArticle,
  type EditorArticlePage,
  type MarkdownPreview,
  type NewsroomOptions,
  type PreviewLink,
  type RevisionComparison,
} from '#contracts/console-rules.ts'
import type { MenuGroup } from '#contracts/site.ts'
import { createManualClock } from '#server/clock.ts'
import { articleScheduleJob } from '#server/jobs/jobs.ts'
import { createConsoleClients, type StaffClient } from '#server/testing/console-clients.ts'
import { expectFailure } from '#server/testing/reader-clients.ts'
import { regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import type { ConsoleSiteRuntime } from './testing/console-site-runtime.ts'
import { startNewsroomRuntime } from './testing/newsroom-runtime.ts'

const clients = createConsoleClients({ ipPrefix: '10.62', phonePrefix: '9162' })
// 08:00 UTC is 16:00 on the firm's wall clock (Hong Kong, newsroom-runtime.ts).
const clock = createManualClock('2026-11-26T08:00:00Z')
let site: ConsoleSiteRuntime
let runtime: TestRuntime
let editor: StaffClient
let otherEditor: StaffClient
let admin: StaffClient
let options: NewsroomOptions

beforeAll(async () => {
  ;({ site, editor, otherEditor, admin, options } = await startNewsroomRuntime(clients, {
    clock,
    dataDirPrefix: 'newsroom-',
  }))
  runtime = site.runtime
}, 180_000)
afterAll(() => site?.close())

let keySeed = 0
function newKey(): string {
  keySeed += 1
  return `console-test-article-${keySeed}`
}

function draftOf(overrides: Partial<ArticleDocumentInput> = {}): ArticleDocumentInput {
  const topic = options.topics[0]?.slug as string
  return {
    key: newKey(),
    kind: 'analysis',
    topic,
    market: 'hk',
    author: options.authors[0]?.key as string,
    tags: [options.tags[0]?.key as string],
    stocks: [{ market: 'hk', code: '0700' }],
    menuGroups: [],
    versions: {
      en: {
        title: 'Quokka semiconductor margins widen',
        summary: 'Why the quokka cycle matters.',
        bodyMarkdown: '## Margins\n\nThe **quokka** cycle turned.\n\n- one\n- two',
        seoTitle: '',
        seoDescription: '',
      },
      'zh-Hant': {
        title: '短尾矮袋鼠半導體利潤擴大',
        summary: '為何週期重要。',
        bodyMarkdown: '## 利潤\n\n週期**轉向**。',
        seoTitle: '',
        seoDescription: '',
      },
    },
    ...overrides,
  }
}

async function createDraft(overrides: Partial<ArticleDocumentInput> = {}): Promise<EditorArticle> {
  const response = await clients.call(editor, 'POST', '/articles', { body: draftOf(overrides) })
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as EditorArticle
}

async function move(
  article: { id: number; revision: number },
  action: string,
  extra: Record<string, unknown> = {},
  as: StaffClient = editor,
): Promise<LightMyRequestResponse> {
  return clients.call(as, 'POST', `/articles/${article.id}/state`, {
    body: { revision: article.revision, action, ...extra },
  })
}

async function moved(
  article: { id: number; revision: number },
  action: string,
  extra = {},
): Promise<EditorArticle> {
  const response = await move(article, action, extra)
  expect(response.statusCode, response.body).toBe(200)
  return response.json().data as EditorArticle
}

function publicApi(path: string, region: 'en' | 'hant', query: Record<string, string> = {}) {
  return runtime.app.inject({
    method: 'GET',
    url: `/api/portal${path}`,
    query,
    headers: regionalHeaders(region),
  })
}

function page(pathAndQuery: string, region: 'en' | 'hant') {
  return site.page(pathAndQuery, region)
}

async function auditOf(articleId: number): Promise<AuditPage> {
  const response = await clients.call(admin, 'GET', '/audit', {
    query: { entity: 'article', entityId: String(articleId), pageSize: '100' },
  })
  return response.json().data as AuditPage
}

async function runScheduleJob(): Promise<void> {
  await articleScheduleJob(runtime).run(new AbortController().signal)
}

describe("an article's whole life, seen on both sites", () => {
  it('goes draft → scheduled → published (by the job) → taken down → deleted', async () => {
    const group = options.menuGroups[0]?.key as string
    let article = await createDraft({ menuGroups: [group] })
    expect(article).toMatchObject({ state: 'draft', revision: 1, publishedAt: null, menuGroups: [group] })
    const key = article.key

    // A draft does not exist for readers, on either site.
    for (const region of ['en', 'hant'] as const) {
      expectFailure(await publicApi('/article', region, { key }), 404, 'ARTICLE_NOT_FOUND')
      expect((await page(`/articles/${key}`, region)).statusCode).toBe(404)
    }

    // Scheduled for 18:30 on the firm's wall clock (Hong Kong) = 10:30 UTC.
    article = await moved(article, 'schedule', { publishAt: '2026-11-26T18:30' })
    expect(article).toMatchObject({
      state: 'scheduled',
      scheduledAt: '2026-11-26T10:30:00.000Z',
      revision: 2,
    })
    expectFailure(await publicApi('/article', 'en', { key }), 404, 'ARTICLE_NOT_FOUND')

    // The job does nothing before the time…
    clock.set('2026-11-26T10:29:00Z')
    await runScheduleJob()
    expect((await clients.call(editor, 'GET', `/articles/${article.id}`)).json().data.state).toBe('scheduled')

    // …and publishes it once the time has come, dated at its scheduled time.
    clock.set('2026-11-26T10:30:20Z')
    await runScheduleJob()
    article = (await clients.call(editor, 'GET', `/articles/${article.id}`)).json().data
    expect(article).toMatchObject({
      state: 'published',
      publishedAt: '2026-11-26T10:30:00.000Z',
      scheduledAt: null,
    })

    const detailEn = (await publicApi('/article', 'en', { key })).json().data as ArticleDetail
    const detailZh = (await publicApi('/article', 'hant', { key })).json().data as ArticleDetail
    expect(detailEn).toMatchObject({ title: 'Quokka semiconductor margins widen', contentState: 'published' })
    expect(detailZh.title).toBe('短尾矮袋鼠半導體利潤擴大')
    expect((await page(`/articles/${key}`, 'en')).body).toContain('Quokka semiconductor margins widen')
    expect((await page(`/articles/${key}`, 'hant')).body).toContain('短尾矮袋鼠半導體利潤擴大')

    // Lists, search, home, menu, RSS and sitemap show it at once (the caches heard the change).
    const list = (await publicApi('/article/list', 'en', { pageSize: '50' })).json().data as ArticleListAnswer
    expect(list.rows.map((row) => row.key)).toContain(key)
    const searchEn = (await publicApi('/article/list', 'en', { keyword: 'quokka' })).json()
      .data as ArticleListAnswer
    expect(searchEn.rows.map((row) => row.key)).toContain(key)
    const searchZh = (await publicApi('/article/list', 'hant', { keyword: '短尾矮袋鼠' })).json()
      .data as ArticleListAnswer
    expect(searchZh.rows.map((row) => row.key)).toContain(key)
    const home = (await publicApi('/home/list', 'en')).json().data as HomeSections
    expect(home.byMarket.find((section) => section.country === 'hk')?.rows.map((row) => row.key)).toContain(
      key,
    )
    const menu = (await publicApi('/home/listMenu', 'en')).json().data as MenuGroup[]
    expect(menu.flatMap((entry) => entry.articles.map((item) => item.k))).toContain(key)
    expect((await page('/rss.xml', 'en')).body).toContain(`/articles/${key}`)
    expect((await page('/sitemap.xml', 'en')).body).toContain(`/articles/${key}`)

    // Taken down: 'The content has been removed' on both sites, and gone from lists and search.
    article = await moved(article, 'take_down')
    for (const region of ['en', 'hant'] as const)
      expectFailure(await publicApi('/article', region, { key }), 410, 'ARTICLE_TAKEN_DOWN')
    const removedEn = await page(`/articles/${key}`, 'en')
    expect(removedEn.statusCode).toBe(410)
    expect(removedEn.body).toContain('The content has been removed')
    expect((await page(`/articles/${key}`, 'hant')).body).toContain('內容已下架')
    const afterSearch = (await publicApi('/article/list', 'en', { keyword: 'quokka' })).json()
      .data as ArticleListAnswer
    expect(afterSearch.rows.map((row) => row.key)).not.toContain(key)
    expect((await page('/sitemap.xml', 'en')).body).not.toContain(`/articles/${key}`)

    // Deleted: 'Content has been deleted' on both sites; final.
    article = await moved(article, 'delete')
    for (const region of ['en', 'hant'] as const)
      expectFailure(await publicApi('/article', region, { key }), 410, 'ARTICLE_DELETED')
    expect((await page(`/articles/${key}`, 'en')).body).toContain('Content has been deleted')
    expect((await page(`/articles/${key}`, 'hant')).body).toContain('內容已被刪除')
    expectFailure(await move(article, 'publish'), 409, ConsoleErrorCode.stateMoveInvalid)

    // Every step is in the audit log, the job's without an actor.
    const audit = await auditOf(article.id)
    expect(audit.rows.map((entry) => entry.action).reverse()).toEqual([
      'article.create',
      'article.schedule',
      'article.publish',
      'article.take_down',
      'article.delete',
    ])
    const byAction = new Map(audit.rows.map((entry) => [entry.action, entry]))
    expect(byAction.get('article.publish')?.actor).toBeNull()
    expect(byAction.get('article.schedule')).toMatchObject({
      actor: { memberId: editor.memberId, phone: editor.phone },
      before: { state: 'draft', scheduledAt: null },
      after: { state: 'scheduled', scheduledAt: '2026-11-26T10:30:00.000Z' },
    })
    expect(byAction.get('article.delete')).toMatchObject({
      before: { state: 'taken_down' },
      after: { state: 'deleted' },
    })
  })

  it('publishes now, and a language without a version stays "not found" on its site', async () => {
    const { 'zh-Hant': _zh, ...onlyEnglish } = draftOf().versions
    const article = await moved(await createDraft({ versions: onlyEnglish }), 'publish')
    expect(article.publishedAt).toBe(clock.now().toISOString())
    expect((await publicApi('/article', 'en', { key: article.key })).statusCode).toBe(200)
    expectFailure(await publicApi('/article', 'hant', { key: article.key }), 404, 'ARTICLE_NOT_FOUND')
    expect((await page(`/articles/${article.key}`, 'hant')).statusCode).toBe(404)
  })

  it('refuses moves its state does not allow, publishing without words, and a time in the past', async () => {
    const draft = await createDraft({
      versions: {
        en: { title: 'Title only', summary: '', bodyMarkdown: '', seoTitle: '', seoDescription: '' },
      },
    })
    expectFailure(await move(draft, 'publish'), 409, ConsoleErrorCode.articleNotReady)
    expectFailure(await move(draft, 'take_down'), 409, ConsoleErrorCode.stateMoveInvalid)
    const ready = await createDraft()
    expectFailure(await move(ready, 'schedule'), 400, ConsoleErrorCode.scheduleMissing)
    expectFailure(
      await move(ready, 'schedule', { publishAt: '2026-11-26T09:00' }),
      400,
      ConsoleErrorCode.scheduleInPast,
    )
    const scheduled = await moved(ready, 'schedule', { publishAt: '2026-12-01T09:00' })
    const back = await moved(scheduled, 'unschedule')
    expect(back).toMatchObject({ state: 'draft', scheduledAt: null })
  })

  it('sends a scheduled article whose words were removed back to draft instead of publishing it', async () => {
    const scheduled = await moved(await createDraft(), 'schedule', { publishAt: '2026-11-26T23:00' })
    const emptied = draftOf({ key: scheduled.key })
    for (const version of Object.values(emptied.versions)) if (version) version.bodyMarkdown = ''
    const saved = await clients.call(editor, 'PUT', `/articles/${scheduled.id}`, {
      body: { revision: scheduled.revision, document: emptied },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    clock.set('2026-11-26T15:00:01Z')
    await runScheduleJob()
    const after = (await clients.call(editor, 'GET', `/articles/${scheduled.id}`)).json()
      .data as EditorArticle
    expect(after.state).toBe('draft')
    expect((await auditOf(scheduled.id)).rows[0]).toMatchObject({ action: 'article.unschedule', actor: null })
  })
})

describe('preview links', () => {
  it('open a draft on the public page of both sites until they expire, for the holder alone', async () => {
    const draft = await createDraft()
    const response = await clients.call(editor, 'POST', `/articles/${draft.id}/preview-link`, {
      body: { expiresInHours: 2 },
    })
    expect(response.statusCode).toBe(200)
    const link = response.json().data as PreviewLink
    expect(link.path).toMatch(new RegExp(`^/articles/${draft.key}\\?preview=`))
    expect(link.urls.en).toBe(`http://en.localhost:3000${link.path}`)
    expect(link.urls['zh-Hant']).toBe(`http://hant.localhost:3000${link.path}`)

    const en = await page(link.path, 'en')
    expect(en.statusCode).toBe(200)
    expect(en.body).toContain('Quokka semiconductor margins widen')
    // A draft's preview says so, never 'Published…'.
    expect(en.body).toContain('Preview: not published')
    expect(en.body).not.toContain('data-testid="published-at"')
    expect(en.headers['cache-control']).toContain('no-store')
    expect(en.headers['x-robots-tag']).toBe('noindex')
    expect((await page(link.path, 'hant')).body).toContain('短尾矮袋鼠半導體利潤擴大')

    // Without the token, with a forged one, or for another article, it is still a draft.
    expect((await page(`/articles/${draft.key}`, 'en')).statusCode).toBe(404)
    expect((await page(`${link.path.slice(0, -3)}abc`, 'en')).statusCode).toBe(404)
    const other = await createDraft()
    expect((await page(`/articles/${other.key}?preview=${link.path.split('=')[1]}`, 'en')).statusCode).toBe(
      404,
    )

    clock.advance(2 * 60 * 60 * 1000 + 1000)
    expect((await page(link.path, 'en')).statusCode).toBe(404)
    expect((await auditOf(draft.id)).rows[0]).toMatchObject({ action: 'article.preview_link', before: null })
  })

  it('render Markdown exactly as the published page does', async () => {
    const markdown =
      '# Heading\n\nText with <script>alert(1)</script> and [a link](https://example.com).\n\n| a | b |\n|---|---|\n| 1 | 2 |'
    const preview = (await clients.call(editor, 'POST', '/articles/preview', { body: { markdown } })).json()
      .data as MarkdownPreview
    expect(preview.html).not.toContain('<script>')
    const article = await moved(
      await createDraft({
        versions: {
          en: {
            title: 'Preview parity',
            summary: '',
            bodyMarkdown: markdown,
            seoTitle: '',
            seoDescription: '',
          },
        },
      }),
      'publish',
    )
    const detail = (await publicApi('/article', 'en', { key: article.key })).json().data as ArticleDetail
    expect(detail.bodyHtml).toBe(preview.html)
  })
})

describe('concurrent edits', () => {
  it('refuses a save made on an older revision with 409 and the current article, overwriting nothing', async () => {
    const draft = await createDraft()
    const mine = draftOf({ key: draft.key })
    const theirs = draftOf({ key: draft.key })
    if (mine.versions.en) mine.versions.en.title = 'Mine'
    if (theirs.versions.en) theirs.versions.en.title = 'Theirs'
    const first = await clients.call(otherEditor, 'PUT', `/articles/${draft.id}`, {
      body: { revision: draft.revision, document: theirs },
    })
    expect(first.statusCode).toBe(200)
    const second = await clients.call(editor, 'PUT', `/articles/${draft.id}`, {
      body: { revision: draft.revision, document: mine },
    })
    expectFailure(second, 409, ConsoleErrorCode.articleStale)
    const current = second.json().current as EditorArticle
    expect(current).toMatchObject({
      revision: draft.revision + 1,
      updatedBy: { memberId: otherEditor.memberId },
    })
    expect(current.versions.en?.title).toBe('Theirs')
    expectFailure(await move(draft, 'publish'), 409, ConsoleErrorCode.articleStale)
    const stored = (await clients.call(editor, 'GET', `/articles/${draft.id}`)).json().data as EditorArticle
    expect(stored.versions.en?.title).toBe('Theirs')
  })

  it('lets exactly one of two saves made at the same moment on the same revision through', async () => {
    const draft = await createDraft()
    const responses = await Promise.all(
      [editor, otherEditor].map((client, index) => {
        const document = draftOf({ key: draft.key })
        if (document.versions.en) document.versions.en.title = `Racer ${index}`
        return clients.call(client, 'PUT', `/articles/${draft.id}`, {
          body: { revision: draft.revision, document },
        })
      }),
    )
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409])
  })
})

describe('revisions', () => {
  it('keeps every save, compares two and restores one as a new revision', async () => {
    let article = await createDraft()
    for (const title of ['Second title', 'Third title']) {
      const document = draftOf({ key: article.key })
      if (document.versions.en) document.versions.en.title = title
      const response = await clients.call(editor, 'PUT', `/articles/${article.id}`, {
        body: { revision: article.revision, document },
      })
      article = response.json().data
    }
    const list = (await clients.call(editor, 'GET', `/articles/${article.id}/revisions`)).json()
      .data as ArticleRevisionSummary[]
    expect(list.map((revision) => [revision.number, revision.action])).toEqual([
      [3, 'save'],
      [2, 'save'],
      [1, 'create'],
    ])
    const comparison = (
      await clients.call(editor, 'GET', `/articles/${article.id}/revisions/compare`, {
        query: { from: '1', to: '3' },
      })
    ).json().data as RevisionComparison
    expect(comparison.changes).toEqual([
      { field: 'versions.en.title', before: 'Quokka semiconductor margins widen', after: 'Third title' },
    ])
    const first = (await clients.call(editor, 'GET', `/articles/${article.id}/revisions/1`)).json()
      .data as ArticleRevision
    expect(first.document.versions.en?.title).toBe('Quokka semiconductor margins widen')

    const restored = await clients.call(editor, 'POST', `/articles/${article.id}/revisions/1/restore`, {
      body: { revision: article.revision },
    })
    expect(restored.statusCode, restored.body).toBe(200)
    const after = restored.json().data as EditorArticle
    expect(after).toMatchObject({ revision: 4, state: 'draft' })
    expect(after.versions.en?.title).toBe('Quokka semiconductor margins widen')
    const newest = (await clients.call(editor, 'GET', `/articles/${article.id}/revisions/4`)).json()
      .data as ArticleRevision
    expect(newest).toMatchObject({
      action: 'restore',
      restoredFrom: 1,
      savedBy: { memberId: editor.memberId },
    })
    expectFailure(
      await clients.call(editor, 'POST', `/articles/${article.id}/revisions/1/restore`, {
        body: { revision: 3 },
      }),
      409,
      ConsoleErrorCode.articleStale,
    )
    expectFailure(
      await clients.call(editor, 'GET', `/articles/${article.id}/revisions/99`),
      404,
      ConsoleErrorCode.revisionNotFound,
    )

    const audit = await auditOf(article.id)
    expect(audit.rows.map((entry) => entry.action)).toEqual([
      'article.restore',
      'article.save',
      'article.save',
      'article.create',
    ])
    expect(audit.rows[1]).toMatchObject({
      before: { revision: 2, 'versions.en.title': 'Second title' },
      after: { revision: 3, 'versions.en.title': 'Third title' },
    })
  })

  it('keeps a seeded article as it was before its first edit, so it can be restored', async () => {
    const rows = (await publicApi('/article/list', 'en', { pageSize: '50' })).json().data.rows as {
      key: string
    }[]
    const seeded = rows.find((row) => !row.key.startsWith('console-test-article')) as ArticleDetail
    const current = (await clients.call(editor, 'GET', `/articles/${seeded.articleId}`)).json()
      .data as EditorArticle
    expect((await clients.call(editor, 'GET', `/articles/${current.id}/revisions`)).json().data).toEqual([
      expect.objectContaining({ number: current.revision, action: 'create', savedBy: null }),
    ])
    const {
      id,
      state,
      revision,
      publishedAt,
      scheduledAt,
      createdAt,
      updatedAt,
      updatedBy,
      coverImage,
      ...document
    } = current
    const edited = {
      ...document,
      versions: {
        ...document.versions,
        en: { ...(document.versions.en as object), title: 'Corrected title' },
      },
    }
    const saved = await clients.call(editor, 'PUT', `/articles/${id}`, {
      body: { revision, document: edited },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await publicApi('/article', 'en', { key: current.key })).json().data.title).toBe(
      'Corrected title',
    )
    const restored = await clients.call(editor, 'POST', `/articles/${id}/revisions/${revision}/restore`, {
      body: { revision: revision + 1 },
    })
    expect(restored.statusCode, restored.body).toBe(200)
    expect((await publicApi('/article', 'en', { key: current.key })).json().data.title).toBe(seeded.title)
  })
})

describe('the editor', () => {
  it('checks references, keys and the address of a published article', async () => {
    const unknown = await clients.call(editor, 'POST', '/articles', {
      body: draftOf({ topic: 'no-such-topic' }),
    })
    expectFailure(unknown, 400, ConsoleErrorCode.referenceUnknown)
    expect(unknown.json().fields).toEqual([{ field: 'topic', code: ConsoleErrorCode.referenceUnknown }])
    const taken = await createDraft()
    expectFailure(
      await clients.call(editor, 'POST', '/articles', { body: draftOf({ key: taken.key }) }),
      409,
      ConsoleErrorCode.articleKeyTaken,
    )
    // A contract's refusal: VALIDATION_FAILED in the body, the field's own code in x-error-code and `fields`.
    const noVersion = await clients.call(editor, 'POST', '/articles', {
      body: { ...draftOf(), versions: { en: null } },
    })
    expect(noVersion.statusCode).toBe(400)
    expect(noVersion.headers['x-error-code']).toBe(ConsoleErrorCode.versionsMissing)
    expect(noVersion.json().fields).toEqual([
      expect.objectContaining({ code: ConsoleErrorCode.versionsMissing }),
    ])
    // Kind, topic, market and author have no default: a create without them is refused, each field named.
    const unchosen = await clients.call(editor, 'POST', '/articles', {
      body: { ...draftOf(), kind: '', topic: '', market: '', author: undefined },
      headers: { lang: 'zh-Hant' },
    })
    expect(unchosen.statusCode).toBe(400)
    expect(unchosen.headers['x-error-code']).toBe(ConsoleErrorCode.choiceRequired)
    expect(unchosen.json().message).toBe('請選擇一項。')
    expect(unchosen.json().fields).toEqual(
      ['kind', 'topic', 'market', 'author'].map((field) =>
        expect.objectContaining({ field, code: ConsoleErrorCode.choiceRequired }),
      ),
    )
    const published = await moved(await createDraft(), 'publish')
    expectFailure(
      await clients.call(editor, 'PUT', `/articles/${published.id}`, {
        body: { revision: published.revision, document: draftOf({ key: newKey() }) },
      }),
      409,
      ConsoleErrorCode.articleKeyLocked,
    )
  })

  it('keeps the related stocks the universe has, written as it writes them, and refuses others', async () => {
    const article = await createDraft({
      stocks: [
        { market: 'hk', code: '700' },
        { market: 'us', code: 'aapl' },
        { market: 'hk', code: '0700' },
      ],
    })
    expect(article.stocks).toEqual([
      { market: 'hk', code: '0700' },
      { market: 'us', code: 'AAPL' },
    ])
    const unknown = await clients.call(editor, 'PUT', `/articles/${article.id}`, {
      body: {
        revision: article.revision,
        document: draftOf({
          key: article.key,
          stocks: [
            { market: 'us', code: 'AAPL' },
            { market: 'jp', code: 'NOPE' },
          ],
        }),
      },
    })
    expectFailure(unknown, 400, ConsoleErrorCode.stockNotFound)
    expect(unknown.json().fields).toEqual([{ field: 'stocks.1', code: ConsoleErrorCode.stockNotFound }])
    const published = await moved(article, 'publish')
    const detail = (await publicApi('/article', 'en', { key: published.key })).json().data as ArticleDetail
    expect(detail.stocks).toEqual([
      { market: 'hk', code: '0700' },
      { market: 'us', code: 'AAPL' },
    ])
  })

  it('lists articles by state, language, market, topic, author and text', async () => {
    const onlyChinese = await createDraft({
      market: 'jp',
      versions: {
        'zh-Hant': {
          title: '樹袋熊專題',
          summary: '',
          bodyMarkdown: '正文',
          seoTitle: '',
          seoDescription: '',
        },
      },
    })
    const query = (params: Record<string, string>) =>
      clients
        .call(editor, 'GET', '/articles', { query: params })
        .then((r) => r.json().data as EditorArticlePage)
    const byText = await query({ q: '樹袋熊' })
    expect(byText.rows.map((row) => row.id)).toEqual([onlyChinese.id])
    expect(byText.rows[0]).toMatchObject({
      locales: ['zh-Hant'],
      listedLocales: [],
      state: 'draft',
      titles: { 'zh-Hant': '樹袋熊專題' },
    })
    expect((await query({ q: '樹袋熊', locale: 'en' })).rows).toEqual([])
    expect((await query({ q: '樹袋熊', market: 'jp', state: 'draft' })).total).toBe(1)
    expect((await query({ q: '樹袋熊', state: 'published' })).total).toBe(0)
    expect((await query({ q: '樹袋熊', topic: onlyChinese.topic, author: onlyChinese.author })).total).toBe(1)
    clock.advance(60_000)
    const later = await createDraft({
      versions: {
        'zh-Hant': {
          title: '樹袋熊續篇',
          summary: '',
          bodyMarkdown: '正文',
          seoTitle: '',
          seoDescription: '',
        },
      },
    })
    const newest = await query({ q: '樹袋熊', pageSize: '1' })
    expect(newest).toMatchObject({ page: 1, pageSize: 1, total: 2, hasMore: true })
    expect(newest.rows[0]?.id).toBe(later.id)
    expect((await query({ q: '樹袋熊', pageSize: '1', page: '2' })).rows[0]?.id).toBe(onlyChinese.id)
    expect(
      (await query({ state: 'published', pageSize: '5' })).rows.every((row) => row.state === 'published'),
    ).toBe(true)
  })

  it('shows the SEO title and description in the page head, the title on the page', async () => {
    const base = draftOf()
    const article = await moved(
      await createDraft({
        versions: {
          en: {
            ...(base.versions.en as NonNullable<typeof base.versions.en>),
            seoTitle: 'Quokka margins: what changed',
            seoDescription: 'A short description for search engines.',
          },
        },
      }),
      'publish',
    )
    const html = (await page(`/articles/${article.key}`, 'en')).body
    expect(html).toMatch(/<title>[^<]*Quokka margins: what changed/)
    expect(html).toContain('A short description for search engines.')
    expect(html).toContain('Quokka semiconductor margins widen')
  })
})

describe('covers', () => {
  async function upload(bytes: Buffer, fileName = 'cover.png', as: StaffClient = editor) {
    const boundary = '----newsroomtest'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    return runtime.app.inject({
      method: 'POST',
      url: '/api/console/covers',
      headers: {
        ...clients.readers.sameSiteHeadersOf(as),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      remoteAddress: as.ip,
      payload,
    })
  }

  it('resizes an upload to three widths in AVIF, WebP and its own format, served from storage', async () => {
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer()
    const response = await upload(png)
    expect(response.statusCode, response.body).toBe(200)
    const image = response.json().data as CoverImage
    expect(image).toMatchObject({ format: 'png', width: 2000, height: 1000, widths: [480, 960, 1600] })
    expect(image.fallbackUrl).toBe(`/media/uploads/covers/${image.id}/960.png`)
    expect(image.sources.map((source) => source.type)).toEqual(['image/avif', 'image/webp', 'image/png'])
    expect(image.sources[0]?.srcset).toBe(
      [480, 960, 1600].map((width) => `/media/uploads/covers/${image.id}/${width}.avif ${width}w`).join(', '),
    )
    const file = await runtime.app.inject({
      method: 'GET',
      url: `/media/uploads/covers/${image.id}/480.avif`,
    })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/avif')
    expect(file.headers['cache-control']).toContain('immutable')
    expect((await sharp(file.rawPayload).metadata()).width).toBe(480)
    expect(
      (await runtime.app.inject({ method: 'GET', url: `/media/uploads/covers/${image.id}/480.gif` }))
        .statusCode,
    ).toBe(404)

    const article = await moved(await createDraft({ coverImageId: image.id }), 'publish')
    expect(article.coverUrl).toBe(image.fallbackUrl)
    const detail = (await publicApi('/article', 'en', { key: article.key })).json().data as ArticleDetail
    expect(detail).toMatchObject({ coverUrl: image.fallbackUrl, coverImage: { id: image.id } })
    // Lists carry the sizes and formats too, so cards can offer them (`srcset`).
    const listed = (await publicApi('/article/list', 'en', { pageSize: '50' })).json()
      .data as ArticleListAnswer
    expect(listed.rows.find((row) => row.key === article.key)).toMatchObject({
      coverUrl: image.fallbackUrl,
      coverImage: { id: image.id, widths: [480, 960, 1600], sources: image.sources },
    })
    expect(listed.rows.find((row) => row.key !== article.key && !row.coverImage)).toBeDefined()
    expect((await auditOf(article.id)).rows.length).toBeGreaterThan(0)
    const uploads = (await clients.call(admin, 'GET', '/audit', { query: { action: 'cover.upload' } })).json()
      .data as AuditPage
    expect(uploads.rows.map((entry) => entry.entityId)).toContain(image.id)
  })

  it('gives an article without a cover the next variant of its topic drawing, unlike its neighbours', async () => {
    const topic = options.topics[0]
    const drawing = /^\/media\/covers\/([a-z0-9-]+)\.svg$/.exec(topic?.coverUrl ?? '')?.[1]
    expect(drawing).toBeDefined()
    const first = await createDraft({ topic: topic?.slug })
    const second = await createDraft({ topic: topic?.slug })
    const variantOf = (article: EditorArticle) =>
      Number(new RegExp(`^/media/covers/${drawing}\\.v(\\d+)\\.svg$`).exec(article.coverUrl)?.[1])
    expect(variantOf(first)).toBeGreaterThan(0)
    expect(variantOf(second)).toBe(variantOf(first) + 1)
    // The variant is served, and an edit keeps it.
    expect((await runtime.app.inject({ method: 'GET', url: second.coverUrl })).statusCode).toBe(200)
    const saved = await clients.call(editor, 'PUT', `/articles/${second.id}`, {
      body: {
        revision: second.revision,
        document: { ...draftOf({ key: second.key, topic: topic?.slug }), coverUrl: second.coverUrl },
      },
    })
    expect(saved.json().data.coverUrl).toBe(second.coverUrl)
  })

  it('never enlarges a small picture', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#aa3366' } })
      .jpeg()
      .toBuffer()
    const image = (await upload(small, 'small.jpg')).json().data as CoverImage
    expect(image).toMatchObject({
      format: 'jpeg',
      widths: [480],
      fallbackUrl: `/media/uploads/covers/${image.id}/480.jpg`,
    })
    const file = await runtime.app.inject({ method: 'GET', url: image.fallbackUrl })
    expect((await sharp(file.rawPayload).metadata()).width).toBe(300)
  })

  it('reads what a file is from its bytes, and refuses anything but JPEG, PNG or WebP, and over 10 MB', async () => {
    expectFailure(
      await upload(Buffer.from('not a picture at all'), 'fake.png'),
      400,
      ConsoleErrorCode.coverType,
    )
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///ywAAAAAAQABAAACAUwAOw==', 'base64')
    expectFailure(await upload(gif, 'tiny.png'), 400, ConsoleErrorCode.coverType)
    const huge = Buffer.alloc(10 * 1024 * 1024 + 10, 0)
    huge.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    expectFailure(await upload(huge, 'huge.png'), 413, ConsoleErrorCode.coverTooLarge)
    expectFailure(
      await clients.call(editor, 'POST', '/articles', {
        body: draftOf({ coverImageId: '00000000-0000-4000-8000-000000000000' }),
      }),
      400,
      ConsoleErrorCode.coverNotFound,
    )
  })
})
