import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ArticleSummary } from '#contracts/articles.ts'
import { loadTestPages } from '#server/testing/test-pages.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'
/** A reader who has been here within the hour and accepted cookies: no visit cookie to set. */
const returningVisitor = 'privacy=accepted; landing=%2F; i18n_redirected=en'
const returningHkVisitor = 'privacy=accepted; landing=%2F; i18n_redirected=hk'

let runtime: TestRuntime
let closePages: () => Promise<void>
let article: ArticleSummary
/** Every page the cache may hold, as a document and as a client-side navigation's data. */
let cachedPaths: string[]

beforeAll(async () => {
  const test = await loadTestPages()
  closePages = test.close
  runtime = await createTestRuntime(
    { TEST_ENDPOINTS: 'loopback', LOGIN_IP_LIMIT_PER_HOUR: '1000' },
    { pages: test.pages },
  )
  const list = await runtime.app.inject({
    url: '/api/portal/article/list?pageSize=1',
    headers: regionalHeaders(),
  })
  article = list.json().data.rows[0]
  cachedPaths = [
    '/',
    '/articles',
    `/articles/${article.key}`,
    `/topics/${article.topic.slug}`,
    '/market-us',
    '/stocks-hot',
    '/stocks-valuation',
    '/about-us',
    '/_.data',
    `/articles/${article.key}.data`,
  ]
}, 120_000)
afterAll(async () => {
  await runtime?.close()
  await closePages?.()
})

interface PageOptions {
  host?: string
  cookie?: string
  acceptEncoding?: string
  ifNoneMatch?: string
  userAgent?: string
}

function getPage(path: string, options: PageOptions = {}): Promise<LightMyRequestResponse> {
  const isData = path.endsWith('.data')
  return runtime.app.inject({
    method: 'GET',
    url: path,
    headers: {
      host: options.host ?? 'en.localhost:3000',
      'user-agent': options.userAgent ?? browser,
      accept: isData ? '*/*' : 'text/html,application/xhtml+xml',
      'sec-fetch-dest': isData ? 'empty' : 'document',
      ...(options.cookie !== undefined ? { cookie: options.cookie } : {}),
      ...(options.acceptEncoding ? { 'accept-encoding': options.acceptEncoding } : {}),
      ...(options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {}),
    },
  })
}

function nonceOf(response: LightMyRequestResponse): string | undefined {
  return /'nonce-([\w-]+)'/.exec(String(response.headers['content-security-policy']))?.[1]
}

function setCookiesOf(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie']
  return Array.isArray(header) ? header : header ? [header] : []
}

describe('compressed pages', () => {
  it('sends a page gzipped or brotli-compressed by Accept-Encoding, and plain without it', async () => {
    const path = `/articles/${article.key}`
    await getPage(path, { cookie: returningVisitor })
    const gzip = await getPage(path, { cookie: returningVisitor, acceptEncoding: 'gzip, deflate, br' })
    expect(gzip.statusCode).toBe(200)
    // A cached page is assembled from gzip pieces made once; brotli would have to be made per response.
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.headers.vary).toMatch(/accept-encoding/i)
    const html = zlib.gunzipSync(gzip.rawPayload).toString()
    expect(html).toContain(article.title)
    expect(Number(gzip.headers['content-length'])).toBe(gzip.rawPayload.length)
    expect(gzip.rawPayload.length).toBeLessThan(html.length / 3)

    const plain = await getPage(path, { cookie: returningVisitor })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toContain(article.title)

    // A page rendered for one reader (never cached) is compressed as it streams, brotli first.
    const member = await getPage('/ai-stock-diagnosis', {
      cookie: returningVisitor,
      acceptEncoding: 'gzip, br',
    })
    expect(member.statusCode).toBe(200)
    expect(member.headers['content-encoding']).toBe('br')
    expect(member.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(member.rawPayload).toString()).toMatch(/^<!DOCTYPE html>/i)
    const gzipOnly = await getPage('/ai-stock-diagnosis', {
      cookie: returningVisitor,
      acceptEncoding: 'gzip',
    })
    expect(zlib.gunzipSync(gzipOnly.rawPayload).toString()).toMatch(/^<!DOCTYPE html>/i)
  })
})

describe('the anonymous-page cache', () => {
  it('gives every response its own nonce, in the page and in its CSP', async () => {
    const first = await getPage('/articles', { cookie: returningVisitor })
    const second = await getPage('/articles', { cookie: returningVisitor })
    const nonces = [nonceOf(first), nonceOf(second)]
    expect(nonces[0]).toBeDefined()
    expect(nonces[0]).not.toBe(nonces[1])
    for (const [index, response] of [first, second].entries()) {
      const inPage = new Set([...response.body.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]))
      expect(inPage).toEqual(new Set([nonces[index]]))
    }
    expect(first.headers.etag).toBe(second.headers.etag)
  })

  it('answers 304 to a reader who has the page, without a new CSP', async () => {
    const page = await getPage('/stocks-hot', { cookie: returningVisitor })
    const etag = String(page.headers.etag)
    expect(etag).toMatch(/^W\/"/)
    const again = await getPage('/stocks-hot', { cookie: returningVisitor, ifNoneMatch: etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(etag)
    expect(again.headers['cache-control']).toMatch(/^public/)
    expect(again.headers['content-security-policy']).toBeUndefined()
    const other = await getPage('/stocks-hot', { cookie: returningVisitor, ifNoneMatch: 'W/"another"' })
    expect(other.statusCode).toBe(200)
  })

  it('lets shared caches keep an anonymous page, but not one that sets the reader’s visit cookies', async () => {
    for (const path of cachedPaths) {
      await getPage(path, { cookie: returningVisitor })
      const page = await getPage(path, { cookie: returningVisitor })
      expect(page.statusCode, path).toBe(200)
      expect(page.headers['cache-control'], path).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=60',
      )
      expect(setCookiesOf(page), path).toEqual([])
    }
    // A first visit: the cached page comes with this reader's attribution and region cookies, kept private.
    const firstVisit = await getPage('/', {})
    expect(firstVisit.headers['cache-control']).toBe('private, no-cache')
    const cookies = setCookiesOf(firstVisit).map((cookie) => cookie.split('=')[0])
    expect(cookies.sort()).toEqual(['i18n_redirected', 'landing'])
    expect(setCookiesOf(firstVisit).find((cookie) => cookie.startsWith('landing='))).toMatch(/^landing=%2F;/)
  })

  it('leaves unlisted pages to be rendered for each reader, and private', async () => {
    const page = await getPage('/ai-stock-diagnosis', { cookie: returningVisitor })
    expect(page.statusCode).toBe(200)
    expect(page.headers.etag).toBeUndefined()
    expect(page.headers['cache-control']).toBe('private, no-cache')
  })
})

describe('an article changed while its page is cached', () => {
  it('is read again at once: the cached page and the article as read are dropped in this process', async () => {
    const list = await runtime.app.inject({
      url: '/api/portal/article/list?pageSize=2',
      headers: regionalHeaders(),
    })
    const other: ArticleSummary = list.json().data.rows[1]
    const path = `/articles/${other.key}`
    const first = await getPage(path, { cookie: returningVisitor })
    const second = await getPage(path, { cookie: returningVisitor })
    expect(second.statusCode).toBe(200)
    expect(second.headers.etag).toBe(first.headers.etag)
    expect(second.headers['cache-control']).toMatch(/^public/)
    expect((await getPage('/', { cookie: returningVisitor })).body).toContain(`href="${path}"`)
    try {
      expect(await runtime.services.articles.changeArticleState(other.key, 'taken_down')).toBe(true)
      const gone = await getPage(path, { cookie: returningVisitor })
      expect(gone.statusCode).toBe(410)
      const home = await getPage('/', { cookie: returningVisitor })
      expect(home.body).not.toContain(`href="${path}"`)
    } finally {
      await runtime.services.articles.changeArticleState(other.key, 'published')
    }
    const back = await getPage(path, { cookie: returningVisitor })
    expect(back.statusCode).toBe(200)
  })
})

describe('a logged-in reader and the cache', () => {
  const displayName = 'Ada Leakproof-7731'
  // A regional site no other test has visited: the member's render is the first of each page there.
  const host = 'hk.localhost:3000'
  let member: { cookie: string; maskedPhone: string; mobile: string }

  async function logIn(): Promise<{ cookie: string; maskedPhone: string; mobile: string }> {
    const mobile = '51773311'
    const e164 = `+852${mobile}`
    const api = {
      ...regionalHeaders('hk'),
      origin: 'http://hk.localhost:3000',
      'content-type': 'application/json',
    }
    const sent = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/member/sendCode',
      headers: api,
      payload: { country: 'HK', mobile },
    })
    expect(sent.statusCode).toBe(200)
    const outbox = await runtime.app.inject({
      url: `/api/portal/dev/sms-outbox?phone=${encodeURIComponent(e164)}`,
      headers: regionalHeaders(),
    })
    const code = /\b(\d{6})\b/.exec(outbox.json().data[0].body)?.[1]
    const login = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/member/login',
      headers: api,
      payload: { country: 'HK', mobile, code, agreed: true },
    })
    expect(login.statusCode).toBe(200)
    const token = setCookiesOf(login)
      .find((cookie) => cookie.startsWith('access_token='))
      ?.split(';')[0]
    // A name and a plan: the header draws the name and the plan, the page data carries the masked phone too.
    await runtime.database.db.execute(
      sql`update members set display_name = ${displayName} where phone = ${e164}`,
    )
    const granted = await runtime.app.inject({
      method: 'POST',
      url: '/api/portal/dev/subscription',
      headers: { ...api, cookie: String(token) },
      payload: { tier: 'plus' },
    })
    expect(granted.statusCode).toBe(200)
    const info = await runtime.app.inject({
      url: '/api/portal/home/memberInfo',
      headers: { ...regionalHeaders('hk'), cookie: String(token) },
    })
    const userInfo = setCookiesOf(info)
      .find((cookie) => cookie.startsWith('userInfo='))
      ?.split(';')[0]
    const maskedPhone =
      info.json().data.maskedPhone ?? JSON.parse(decodeURIComponent(String(userInfo).slice(9))).maskedPhone
    return { cookie: `${returningHkVisitor}; ${token}; ${userInfo}`, maskedPhone, mobile }
  }

  function expectNoTraceOf(body: string, where: string) {
    expect(body, where).not.toContain(displayName)
    expect(body, where).not.toContain(member.maskedPhone)
    expect(body, where).not.toContain(member.mobile)
    expect(body, where).not.toContain('data-testid="account-menu"')
  }

  beforeAll(async () => {
    member = await logIn()
  })

  it('renders the member’s pages for them alone: never served to anyone else, never cacheable', async () => {
    const own = new Map<string, LightMyRequestResponse>()
    for (const path of cachedPaths) {
      own.set(path, await getPage(path, { host, cookie: member.cookie, acceptEncoding: 'gzip, br' }))
    }
    for (const cookie of [returningHkVisitor, '', 'privacy=accepted', 'landing=%2F']) {
      for (const path of cachedPaths) {
        const anonymous = await getPage(path, { host, cookie, acceptEncoding: 'gzip' })
        expect(anonymous.statusCode, path).toBe(200)
        const body = zlib.gunzipSync(anonymous.rawPayload).toString()
        expectNoTraceOf(body, `${path} (${cookie || 'no cookie'})`)
        expect(String(anonymous.headers['cache-control']), path).not.toContain('no-store')
      }
    }
    for (const [path, response] of own) {
      expect(response.statusCode, path).toBe(200)
      expect(response.headers['cache-control'], path).toBe('private, no-store')
      expect(response.headers.etag, path).toBeUndefined()
      if (path.endsWith('.data')) continue
      // The render was the member's (the header shows their name), so a leak would have shown above.
      const body = zlib.brotliDecompressSync(response.rawPayload).toString()
      expect(body, path).toContain(displayName)
      expect(body, path).toContain('data-testid="account-menu"')
    }
  })

  it('never answers a member with the anonymous copy', async () => {
    for (const path of ['/', `/articles/${article.key}`, '/stocks-valuation']) {
      const anonymous = await getPage(path, { cookie: returningVisitor })
      expect(anonymous.headers['cache-control'], path).toMatch(/^public/)
      const own = await getPage(path, { cookie: member.cookie, ifNoneMatch: String(anonymous.headers.etag) })
      expect(own.statusCode, path).toBe(200)
      expect(own.body, path).toContain(displayName)
      expect(own.headers['cache-control'], path).toBe('private, no-store')
    }
  })

  it('treats any login cookie as personal, even one it cannot read', async () => {
    for (const cookie of ['access_token=expired-or-forged', 'userInfo=%7B%7D']) {
      const page = await getPage('/', { cookie: `${returningVisitor}; ${cookie}` })
      expect(page.headers['cache-control'], cookie).toBe('private, no-store')
      expect(page.headers.etag, cookie).toBeUndefined()
    }
  })
})
