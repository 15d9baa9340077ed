import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArticleSummary } from '#contracts/articles.ts'
import type { Locale } from '#contracts/regions.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'
import { foldChineseVariants } from './search-text/chinese-variants.ts'
import { extractPlainText } from './search-text/plain-text.ts'
import { loadSeedCorpus, type SeedCorpus } from './seed/seed-corpus.ts'

let runtime: TestRuntime
let corpus: SeedCorpus
beforeAll(async () => {
  ;[runtime, corpus] = await Promise.all([createTestRuntime(), loadSeedCorpus()])
})
afterAll(() => runtime.close())

type Region = 'en' | 'hant' | 'hk' | 'kr' | 'jp'
let nextAddress = 1

/** Each call from its own address, so the per-route rate limits only bite where a test wants them to. */
async function get(
  url: string,
  region: Region = 'en',
  ip = `10.1.${Math.floor(nextAddress / 250)}.${nextAddress++ % 250}`,
) {
  const response = await runtime.app.inject({
    url: `/api/portal${url}`,
    headers: regionalHeaders(region),
    remoteAddress: ip,
  })
  return { status: response.statusCode, body: response.json(), headers: response.headers }
}

async function listAll(query: string, region: Region): Promise<ArticleSummary[]> {
  const { body } = await get(`/article/list?pageSize=50&${query}`, region)
  return body.data.rows
}

/** Seed articles a reader of `locale` can see: published, with a body in that language. */
function listedSeed(locale: Locale) {
  return corpus.articles.filter(
    (article) => article.state === 'published' && article.versions[locale]?.bodyMarkdown,
  )
}

function seedText(article: SeedCorpus['articles'][number], locale: Locale): string {
  const version = article.versions[locale]!
  const tagTexts = article.tags.map((key) => corpus.tags.find((tag) => tag.key === key)!.text[locale])
  return [version.title, version.summary, ...tagTexts, extractPlainText(version.bodyMarkdown)]
    .join('\n')
    .toLowerCase()
}

/** Whether a text holds a Chinese query as written or in the canonical spellings it is also indexed under. */
function holdsChinese(text: string, query: string): boolean {
  return text.includes(query) || foldChineseVariants(text, 'document').includes(query)
}

const stateFixtures = ['state-fixture-draft', 'state-fixture-deleted', 'state-fixture-taken-down']

describe('GET /article/list', () => {
  it('lists every readable article of the language, newest first, and nothing else', async () => {
    for (const [region, locale] of [
      ['en', 'en'],
      ['hant', 'zh-Hant'],
    ] as const) {
      const { body } = await get('/article/list?pageSize=50', region)
      const keys = body.data.rows.map((row: ArticleSummary) => row.key)
      expect(body.data.total).toBe(listedSeed(locale).length)
      expect(new Set(keys)).toEqual(new Set(listedSeed(locale).map((article) => article.key)))
      const times = body.data.rows.map((row: ArticleSummary) => Date.parse(row.publishedAt))
      expect(times).toEqual([...times].sort((a, b) => b - a))
      for (const key of stateFixtures) expect(keys).not.toContain(key)
    }
  })

  it('shows an article without a body in one language only in the language that has one', async () => {
    const en = (await listAll('', 'en')).map((row) => row.key)
    const zh = (await listAll('', 'hant')).map((row) => row.key)
    expect(en).toContain('state-fixture-empty-body')
    expect(zh).not.toContain('state-fixture-empty-body')
    expect(en).toContain('etf-costs-explained')
    expect(zh).not.toContain('etf-costs-explained')
    expect(zh).toContain('hk-ipo-subscription-guide')
    expect(en).not.toContain('hk-ipo-subscription-guide')
  })

  it('answers in the reader language with topic, author and tag texts', async () => {
    const [row] = (await get('/article/list?tag=nvidia&pageSize=1', 'hant')).body.data.rows
    expect(row).toMatchObject({
      topic: { name: expect.stringMatching(/\p{Script=Han}/u) },
      author: { name: expect.any(String) },
    })
    expect(row.tags).toContainEqual({ k: 'nvidia', v: '輝達' })
    expect(row.coverUrl).toMatch(/^\/media\/covers\/[a-z-]+\.v\d+\.svg$/)
  })

  it('gives the newest articles each a cover of their own, though several share a topic', async () => {
    for (const region of ['en', 'hant'] as const) {
      const rows = (await listAll('', region)).slice(0, 12)
      expect(new Set(rows.map((row) => row.topic.slug)).size).toBeLessThan(12)
      expect(new Set(rows.map((row) => row.coverUrl)).size, region).toBe(12)
    }
  })

  it('filters by kind, topic, market and tag, alone and together', async () => {
    const expected = listedSeed('en')
    for (const kind of ['news', 'analysis', 'recommendation'] as const) {
      const rows = await listAll(`kind=${kind}`, 'en')
      expect(rows.length).toBe(expected.filter((a) => a.kind === kind).length)
      expect(rows.every((row) => row.kind === kind)).toBe(true)
    }
    const hk = await listAll('country=hk', 'en')
    expect(hk.length).toBe(expected.filter((a) => a.market === 'hk').length)
    const topic = await listAll('topic=ai-semiconductors', 'en')
    expect(topic.length).toBe(expected.filter((a) => a.topic === 'ai-semiconductors').length)
    const tagged = await listAll('tag=dividend', 'en')
    expect(tagged.length).toBe(expected.filter((a) => a.tags.includes('dividend')).length)
    const both = await listAll('tag=dividend&country=hk&kind=analysis', 'en')
    expect(both.map((row) => row.key).sort()).toEqual(
      expected
        .filter((a) => a.tags.includes('dividend') && a.market === 'hk' && a.kind === 'analysis')
        .map((a) => a.key)
        .sort(),
    )
    expect(await listAll('topic=no-such-topic', 'en')).toEqual([])
  })

  it('pages without gaps or repeats, and answers an empty page past the end', async () => {
    const all = (await listAll('', 'en')).map((row) => row.key)
    const pages: string[] = []
    for (let page = 1; page <= Math.ceil(all.length / 10); page++) {
      const { body } = await get(`/article/list?pageSize=10&page=${page}`, 'en')
      expect(body.data).toMatchObject({ page, pageSize: 10, total: all.length })
      pages.push(...body.data.rows.map((row: ArticleSummary) => row.key))
    }
    expect(pages).toEqual(all)
    const past = await get('/article/list?pageSize=10&page=99', 'en')
    expect(past.body.data).toMatchObject({ rows: [], total: all.length, page: 99 })
  })

  it('finds English words whatever their case or possessive form, with highlighted snippets', async () => {
    const rows = await listAll('keyword=NVIDIA%27s', 'en')
    expect(rows.length).toBeGreaterThan(0)
    const expected = listedSeed('en').filter((article) => /\bnvidia\b/.test(seedText(article, 'en')))
    expect(new Set(rows.map((row) => row.key))).toEqual(new Set(expected.map((article) => article.key)))
    expect(rows.some((row) => /<mark>nvidia<\/mark>/i.test(row.snippet ?? ''))).toBe(true)
  })

  it('ranks a title match above body-only matches', async () => {
    const rows = await listAll('keyword=dividend', 'en')
    expect(rows.length).toBeGreaterThan(3)
    // Words match whole (the `simple` configuration does not stem): "dividends" is another word.
    const isTitleMatch = (row: ArticleSummary) => /\bdividend\b/i.test(row.title)
    expect(isTitleMatch(rows[0]!)).toBe(true)
    const lastTitleMatch = rows.findLastIndex(isTitleMatch)
    expect(rows.slice(0, lastTitleMatch + 1).every(isTitleMatch)).toBe(true)
    expect(lastTitleMatch).toBeLessThan(rows.length - 1)
  })

  it('finds every Chinese article containing a two-character word, also inside longer words', async () => {
    for (const query of ['積電', '營收', '殖利', '庫藏', '配息']) {
      const expected = listedSeed('zh-Hant').filter((article) =>
        holdsChinese(seedText(article, 'zh-Hant'), query),
      )
      expect(expected.length, query).toBeGreaterThan(0)
      const rows = await listAll(`keyword=${encodeURIComponent(query)}`, 'hant')
      expect(new Set(rows.map((row) => row.key)), query).toEqual(
        new Set(expected.map((article) => article.key)),
      )
      expect(rows.every((row) => row.snippet !== undefined)).toBe(true)
    }
  })

  it('finds longer Chinese phrases and Chinese mixed with tickers', async () => {
    for (const query of ['台積電', '股東回報', '騰訊 0700']) {
      const expected = listedSeed('zh-Hant').filter((article) =>
        query.split(' ').every((part) => seedText(article, 'zh-Hant').includes(part.toLowerCase())),
      )
      const found = new Set(
        (await listAll(`keyword=${encodeURIComponent(query)}`, 'hant')).map((row) => row.key),
      )
      for (const article of expected) expect(found.has(article.key), `${query} → ${article.key}`).toBe(true)
    }
  })

  it('finds the same articles for 通脹 and 通膨 (Hong Kong and Taiwan spellings), and marks either spelling', async () => {
    const idsOf = async (query: string) =>
      (await listAll(`keyword=${encodeURIComponent(query)}`, 'hant')).map((row) => row.articleId)
    const taiwan = await idsOf('通膨')
    const hongKong = await idsOf('通脹')
    expect(hongKong).toEqual(taiwan)
    expect(await idsOf('通貨膨脹')).toEqual(taiwan)
    const written = (spelling: string) =>
      listedSeed('zh-Hant').filter((article) => seedText(article, 'zh-Hant').includes(spelling))
    // Both spellings are in the seed, in different articles, and every one of them is found either way.
    expect(written('通脹').length).toBeGreaterThan(0)
    expect(written('通膨').length).toBeGreaterThan(0)
    expect(taiwan.length).toBe(new Set([...written('通脹'), ...written('通膨')].map((a) => a.key)).size)
    const rows = await listAll(`keyword=${encodeURIComponent('通脹')}`, 'hant')
    expect(rows.some((row) => row.snippet?.includes('<mark>通膨</mark>'))).toBe(true)
  })

  it('finds 軟件 articles by 軟體 and the other way round', async () => {
    const keysOf = async (query: string) =>
      new Set((await listAll(`keyword=${encodeURIComponent(query)}`, 'hant')).map((row) => row.key))
    const software = await keysOf('軟體')
    expect(await keysOf('軟件')).toEqual(software)
    const hongKongOnly = listedSeed('zh-Hant').filter((article) => {
      const text = seedText(article, 'zh-Hant')
      return text.includes('軟件') && !text.includes('軟體')
    })
    for (const article of hongKongOnly) expect(software.has(article.key), article.key).toBe(true)
  })

  it('marks the Chinese query in the snippet', async () => {
    const rows = await listAll(`keyword=${encodeURIComponent('營收')}`, 'hant')
    expect(rows.some((row) => row.snippet?.includes('<mark>營收</mark>'))).toBe(true)
  })

  it('never finds drafts, deleted or taken-down articles by their words', async () => {
    for (const keyword of ['inventories', 'won', 'developers', 'contrarian']) {
      const keys = (await listAll(`keyword=${keyword}`, 'en')).map((row) => row.key)
      for (const key of stateFixtures) expect(keys, keyword).not.toContain(key)
    }
    const zh = (await listAll(`keyword=${encodeURIComponent('庫存')}`, 'hant')).map((row) => row.key)
    expect(zh).not.toContain('state-fixture-draft')
  })

  it('pages a search without counting every match, and counts exactly on its last page', async () => {
    const all = await listAll('keyword=dividend', 'en')
    expect(all.length).toBeGreaterThan(4)
    const first = (await get('/article/list?keyword=dividend&pageSize=2', 'en')).body.data
    expect(first).toMatchObject({ hasMore: true, page: 1 })
    expect(first.total).toBeGreaterThanOrEqual(3)
    const lastPage = Math.ceil(all.length / 2)
    const last = (await get(`/article/list?keyword=dividend&pageSize=2&page=${lastPage}`, 'en')).body.data
    expect(last).toMatchObject({ hasMore: false, total: all.length })
    const seen: string[] = []
    for (let page = 1; page <= lastPage; page++) {
      const { body } = await get(`/article/list?keyword=dividend&pageSize=2&page=${page}`, 'en')
      seen.push(...body.data.rows.map((row: ArticleSummary) => row.key))
    }
    expect(seen).toEqual(all.map((row) => row.key))
  })

  it('says whether a list has more pages', async () => {
    const { body } = await get('/article/list?pageSize=5', 'en')
    expect(body.data.hasMore).toBe(true)
    const last = await get(`/article/list?pageSize=5&page=${Math.ceil(listedSeed('en').length / 5)}`, 'en')
    expect(last.body.data.hasMore).toBe(false)
  })

  it('combines a keyword with a tag', async () => {
    const rows = await listAll('keyword=dividend&tag=hsbc', 'en')
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((row) => row.tags.some((tag) => tag.k === 'hsbc'))).toBe(true)
  })

  it('treats a keyword of punctuation or operators as matching nothing, never as an error', async () => {
    for (const keyword of ['!!!', "' & | ! ( ) :* <->", '\\', '%_']) {
      const { status, body } = await get(`/article/list?keyword=${encodeURIComponent(keyword)}`, 'en')
      expect(status, keyword).toBe(200)
      expect(body.data.rows).toEqual([])
    }
    const blank = await get('/article/list?keyword=%20%20&pageSize=1', 'en')
    expect(blank.body.data.total).toBe(listedSeed('en').length)
  })

  it('refuses a keyword over 100 characters in the reader language', async () => {
    const en = await get(`/article/list?keyword=${'a'.repeat(101)}`, 'en')
    expect(en.status).toBe(400)
    expect(en.headers['x-error-code']).toBe('SEARCH_TOO_LONG')
    expect(en.body.message).toBe('Search text can be at most 100 characters')
    const zh = await get(`/article/list?keyword=${encodeURIComponent('股'.repeat(101))}`, 'hant')
    expect(zh.body.message).toBe('搜尋文字最多 100 個字元')
    expect((await get(`/article/list?keyword=${'a'.repeat(100)}`, 'en')).status).toBe(200)
  })

  it('refuses malformed filters and paging with a 400, never a 500', async () => {
    for (const query of [
      'kind=poem',
      'page=0',
      'page=abc',
      'page=1.5',
      'pageSize=51',
      'pageSize=-1',
      'country=cn',
      'topic=Bad%20Topic!',
      'tag=%27%3B',
      'page=501',
    ]) {
      const { status, body } = await get(`/article/list?${query}`, 'en')
      expect(status, query).toBe(400)
      expect(body).toMatchObject({ code: 400, data: null, error: 'VALIDATION_FAILED' })
    }
    expect((await get('/article/list?country=HK&kind=&topic=', 'en')).status).toBe(200)
  })
})

describe('GET /analy/list', () => {
  it('lists analysis only, whatever kind is asked for', async () => {
    const { body } = await get('/analy/list?kind=news&pageSize=50', 'en')
    expect(body.data.rows.length).toBe(listedSeed('en').filter((a) => a.kind === 'analysis').length)
    expect(body.data.rows.every((row: ArticleSummary) => row.kind === 'analysis')).toBe(true)
  })
})

describe('GET /article', () => {
  it('reaches the same article by key and by id', async () => {
    const byKey = await get('/article?key=nvidia-data-center-cycle', 'en')
    expect(byKey.status).toBe(200)
    const id = byKey.body.data.articleId
    const byId = await get(`/article?id=${id}`, 'en')
    const byDetail = await get(`/article?detail=${id}`, 'en')
    expect(byId.body.data.key).toBe('nvidia-data-center-cycle')
    expect(byDetail.body.data.key).toBe('nvidia-data-center-cycle')
  })

  it('gives the sanitised body, author with biography, related stocks and related articles', async () => {
    const { body } = await get('/article?key=nvidia-data-center-cycle', 'hant')
    const article = body.data
    expect(article).toMatchObject({
      contentState: 'published',
      title: '如何看懂輝達的資料中心週期',
      locales: ['en', 'zh-Hant'],
    })
    expect(article.bodyHtml).toContain('<h2>')
    expect(article.bodyHtml).not.toMatch(/<script|onerror=/i)
    expect(article.author).toMatchObject({
      key: 'grace-lin',
      name: '林嘉慧',
      bio: expect.stringContaining('半導體'),
    })
    expect(article.stocks).toContainEqual({ market: 'us', code: 'NVDA' })
    expect(article.related.length).toBeGreaterThan(0)
    expect(article.related.length).toBeLessThanOrEqual(4)
    for (const related of article.related as ArticleSummary[]) {
      expect(related.key).not.toBe('nvidia-data-center-cycle')
      const sharesTag = related.tags.some((tag) => article.tags.some((own: { k: string }) => own.k === tag.k))
      expect(related.topic.slug === article.topic.slug || sharesTag).toBe(true)
    }
  })

  it('says the content is empty when the language version has no body', async () => {
    const zh = await get('/article?key=state-fixture-empty-body', 'hant')
    expect(zh.status).toBe(200)
    expect(zh.body.data).toMatchObject({ contentState: 'empty', bodyHtml: '', locales: ['en'] })
    const en = await get('/article?key=state-fixture-empty-body', 'en')
    expect(en.body.data.contentState).toBe('published')
  })

  it('answers 410 for deleted and taken-down articles, each with its own message', async () => {
    const deleted = await get('/article?key=state-fixture-deleted', 'en')
    expect(deleted.status).toBe(410)
    expect(deleted.body).toMatchObject({ error: 'ARTICLE_DELETED', message: 'Content has been deleted' })
    const removed = await get('/article?key=state-fixture-taken-down', 'hant')
    expect(removed.status).toBe(410)
    expect(removed.body).toMatchObject({ error: 'ARTICLE_TAKEN_DOWN', message: '內容已下架' })
    expect((await get('/article?key=state-fixture-taken-down', 'en')).body.message).toBe(
      'The content has been removed',
    )
  })

  it('hides drafts, unknown articles and versions in the other language behind the same 404', async () => {
    for (const [query, region] of [
      ['key=state-fixture-draft', 'en'],
      ['key=no-such-article', 'en'],
      ['id=999999', 'hant'],
      ['key=etf-costs-explained', 'hant'],
      ['key=hk-ipo-subscription-guide', 'en'],
    ] as const) {
      const { status, body } = await get(`/article?${query}`, region)
      expect(status, query).toBe(404)
      expect(body.error).toBe('ARTICLE_NOT_FOUND')
    }
    expect((await get('/article?key=no-such-article', 'en')).body.message).toBe(
      'Oops! The page you visited does not exist',
    )
  })

  it('refuses a missing or malformed reference with a 400', async () => {
    const missing = await get('/article', 'en')
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Please name an article by its key or id')
    for (const query of [
      'key=Bad%20Key!',
      `key=${'a'.repeat(130)}`,
      'id=12x',
      'detail=%3Cscript%3E',
      'id=99999999999999999999',
    ]) {
      const { status } = await get(`/article?${query}`, 'en')
      expect(status, query).toBe(400)
    }
  })
})

describe('GET /article/suggest', () => {
  it('suggests titles for a word being typed, and its tags', async () => {
    const { status, body } = await get('/article/suggest?searchValue=nvid', 'en')
    expect(status).toBe(200)
    expect(body.data.rows.length).toBeGreaterThan(0)
    expect(body.data.rows.every((row: { title: string }) => /nvid/i.test(row.title))).toBe(true)
    expect(body.data.rows[0]).toEqual({ articleId: expect.any(Number), title: expect.any(String) })
    expect(body.data.other.tagList).toContainEqual({ k: 'nvidia', v: 'NVIDIA' })
  })

  it('suggests Chinese titles from two characters, inside words and across them', async () => {
    for (const query of ['資料', '料中', '殖利率']) {
      const { body } = await get(`/article/suggest?searchValue=${encodeURIComponent(query)}`, 'hant')
      const expected = listedSeed('zh-Hant').filter((a) => holdsChinese(a.versions['zh-Hant']!.title, query))
      expect(body.data.rows.length, query).toBe(Math.min(10, expected.length))
      expect(
        body.data.rows.every((row: { title: string }) => holdsChinese(row.title, query)),
        query,
      ).toBe(true)
    }
  })

  it('suggests titles for a single Chinese character', async () => {
    const { body } = await get(`/article/suggest?searchValue=${encodeURIComponent('韓')}`, 'hant')
    expect(body.data.rows.length).toBeGreaterThan(0)
    expect(body.data.rows.every((row: { title: string }) => row.title.includes('韓'))).toBe(true)
  })

  it('finds a tag by its text in either language and shows it in the reader language', async () => {
    const zh = await get(`/article/suggest?searchValue=${encodeURIComponent('輝')}`, 'hant')
    expect(zh.body.data.other.tagList).toContainEqual({ k: 'nvidia', v: '輝達' })
    const byKey = await get('/article/suggest?searchValue=hynix', 'hant')
    expect(byKey.body.data.other.tagList).toContainEqual({ k: 'sk-hynix', v: 'SK海力士' })
  })

  it('matches titles with punctuation as substrings', async () => {
    const { body } = await get(`/article/suggest?searchValue=${encodeURIComponent('P/E')}`, 'en')
    expect(body.data.rows.map((row: { title: string }) => row.title)).toContain(
      'Five ways the P/E ratio misleads, and what to check instead',
    )
  })

  it('gives at most 10 rows and 10 tags', async () => {
    const { body } = await get('/article/suggest?searchValue=a', 'en')
    expect(body.data.rows.length + body.data.stocks.length).toBe(10)
    expect(body.data.other.tagList.length).toBeLessThanOrEqual(10)
  })

  it('suggests the stock a code or name means, first, named in the reader’s language', async () => {
    const en = (await get('/article/suggest?searchValue=AAPL', 'en')).body.data
    expect(en.stocks[0]).toEqual({
      code: 'AAPL',
      market: 'us',
      name: 'Apple Inc.',
      nameEn: 'Apple Inc.',
      nameZh: expect.any(String),
    })
    const zh = (await get(`/article/suggest?searchValue=${encodeURIComponent('騰訊')}`, 'hant')).body.data
    expect(zh.stocks[0]).toMatchObject({ code: '0700', market: 'hk', name: '騰訊控股' })
    expect((await get('/article/suggest?searchValue=0700', 'hant')).body.data.stocks[0]).toMatchObject({
      code: '0700',
    })
    const typed = (await get('/article/suggest?searchValue=tes', 'en')).body.data
    expect(typed.stocks.map((stock: { code: string }) => stock.code)).toContain('TSLA')
  })

  it('keeps stocks and titles within 10 rows together', async () => {
    for (const text of ['samsung', 'bank', 'nvidia', 'a']) {
      const { body } = await get(`/article/suggest?searchValue=${text}`, 'en')
      expect(body.data.stocks.length, text).toBeLessThanOrEqual(3)
      expect(body.data.rows.length + body.data.stocks.length, text).toBeLessThanOrEqual(10)
    }
    const samsung = (await get('/article/suggest?searchValue=samsung', 'en')).body.data
    expect(samsung.stocks).toHaveLength(3)
  })

  it('suggests no stock for words that only look like a name', async () => {
    for (const text of ['inflation', 'dividend', '通膨', 'qqqqzzzz']) {
      const { body } = await get(`/article/suggest?searchValue=${encodeURIComponent(text)}`, 'hant')
      expect(body.data.stocks, text).toEqual([])
    }
  })

  it('never suggests articles readers cannot open', async () => {
    const fixtureTitles = ['inventories', 'Korean won', 'property developers']
    for (const text of fixtureTitles) {
      const { body } = await get(`/article/suggest?searchValue=${encodeURIComponent(text)}`, 'en')
      expect(body.data.rows, text).toEqual([])
    }
  })

  it('asks for search content when the text is empty, and refuses more than 100 characters', async () => {
    for (const query of ['', '?searchValue=', '?searchValue=%20%20']) {
      const en = await get(`/article/suggest${query}`, 'en')
      expect(en.status, query).toBe(400)
      expect(en.headers['x-error-code']).toBe('SEARCH_EMPTY')
      expect(en.body.message).toBe('Please enter search content')
    }
    expect((await get('/article/suggest?searchValue=', 'hant')).body.message).toBe('請輸入搜尋內容')
    const long = await get(`/article/suggest?searchValue=${'x'.repeat(101)}`, 'en')
    expect(long.status).toBe(400)
    expect(long.headers['x-error-code']).toBe('SEARCH_TOO_LONG')
    expect((await get(`/article/suggest?searchValue=${'x'.repeat(100)}`, 'en')).status).toBe(200)
  })

  it('answers hostile text without an error', async () => {
    for (const text of ["'; drop table articles; --", '%', '_', '\\', '& | !', '(((', '🙂', 'é']) {
      const { status } = await get(`/article/suggest?searchValue=${encodeURIComponent(text)}`, 'en')
      expect(status, text).toBe(200)
    }
  })

  it('limits how often one address can ask', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 122; i++)
      statuses.push((await get('/article/suggest?searchValue=a', 'en', '10.200.0.1')).status)
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(120)).toEqual([429, 429])
  })
})

describe('search limits', () => {
  it('counts keyword searches per address, in the reader’s language, but never plain browsing', async () => {
    const limited = await createTestRuntime({ SEARCH_RATE_PER_MINUTE: '3' })
    try {
      const call = (query: string, lang = 'en') =>
        limited.app.inject({
          method: 'GET',
          url: `/api/portal/article/list?${query}`,
          headers: { ...regionalHeaders(lang === 'hk' ? 'hant' : 'en') },
          remoteAddress: '10.201.0.1',
        })
      for (let i = 0; i < 5; i++) expect((await call('page=1')).statusCode).toBe(200)
      for (let i = 0; i < 3; i++) expect((await call('keyword=dividend')).statusCode).toBe(200)
      const refused = await call('keyword=dividend')
      expect(refused.statusCode).toBe(429)
      expect(refused.json().message).toBeTruthy()
      const chinese = await call('keyword=股息', 'hk')
      expect(chinese.statusCode).toBe(429)
      expect(chinese.json().message).not.toBe(refused.json().message)
      expect((await call('page=2')).statusCode).toBe(200)
    } finally {
      await limited.close()
    }
  })
})

describe('GET /country/list and /topic/list', () => {
  it('lists the four markets with names and counts in the reader language', async () => {
    const { body } = await get('/country/list', 'hant')
    expect(body.data.map((c: { country: string }) => c.country)).toEqual(['us', 'hk', 'jp', 'kr'])
    expect(body.data[1]).toMatchObject({
      name: '港股',
      articleCount: listedSeed('zh-Hant').filter((a) => a.market === 'hk').length,
    })
    const total = body.data.reduce((sum: number, c: { articleCount: number }) => sum + c.articleCount, 0)
    expect(total).toBe(listedSeed('zh-Hant').length)
  })

  it('lists the topics with descriptions, covers and counts', async () => {
    const { body } = await get('/topic/list', 'en')
    expect(body.data.length).toBe(corpus.topics.length)
    expect(body.data[0]).toMatchObject({
      slug: 'ai-semiconductors',
      name: 'AI & Semiconductors',
      coverUrl: '/media/covers/ai-semiconductors.svg',
    })
  })
})

describe('GET /home/list', () => {
  it('gives the latest articles, each market with the region market first, hot topics and recommendations', async () => {
    const { body } = await get('/home/list', 'hk')
    const home = body.data
    expect(home.latest.length).toBe(6)
    expect(home.latest[0].key).toBe(listedSeed('zh-Hant')[0]!.key)
    expect(home.byMarket.map((m: { country: string }) => m.country)).toEqual(['hk', 'us', 'jp', 'kr'])
    expect(home.byMarket[0].name).toBe('港股')
    expect(home.byMarket[0].rows.every((row: ArticleSummary) => row.country === 'hk')).toBe(true)
    expect(home.recommendations.every((row: ArticleSummary) => row.kind === 'recommendation')).toBe(true)
    expect(home.hotTopics.length).toBe(4)
    expect(home.hotTopics[0]).toMatchObject({
      slug: expect.any(String),
      recentViews: expect.any(Number),
      latest: expect.any(Object),
    })
    expect((await get('/home/list', 'jp')).body.data.byMarket[0].country).toBe('jp')
  })
})

describe('GET /home/listMenu', () => {
  it('lists the seeded groups with each article title in the reader language', async () => {
    const en = (await get('/home/listMenu', 'en')).body.data
    const zh = (await get('/home/listMenu', 'hant')).body.data
    expect(en.map((g: { menuName: string }) => g.menuName)).toEqual(
      corpus.menuGroups.map((g) => g.menuName.en),
    )
    expect(zh.map((g: { menuName: string }) => g.menuName)).toEqual(
      corpus.menuGroups.map((g) => g.menuName['zh-Hant']),
    )
    const group = corpus.menuGroups[1]!
    expect(zh[1].articles).toEqual(
      group.articleKeys.map((key) => ({
        k: key,
        v: corpus.articles.find((a) => a.key === key)!.versions['zh-Hant']!.title,
      })),
    )
  })
})

describe('GET /media/covers/{file}', () => {
  it('serves a cover image and nothing outside the covers folder', async () => {
    const ok = await runtime.app.inject({ url: '/media/covers/ai-semiconductors.svg' })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toContain('image/svg+xml')
    expect(ok.headers['content-security-policy']).toContain("default-src 'none'")
    for (const url of [
      '/media/covers/none.svg',
      '/media/covers/..%2F..%2Fseed-tags.ts',
      '/media/covers/%2E%2E%2Fx.svg',
    ]) {
      expect((await runtime.app.inject({ url })).statusCode, url).toBe(404)
    }
  })
})
