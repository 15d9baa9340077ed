import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ArticleSummary } from '#contracts/articles.ts'
import { loadTestPages } from '#server/testing/test-pages.ts'
import { createTestRuntime, regionalHeaders, type TestRuntime } from '#server/testing/test-runtime.ts'

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36'
/** A reader who has been here within the hour and accepted cookies. */
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
    '/stocks-screener',
    '/markets/hk',
    '/stocks-screener?market=hk&gapMin=10&sort=gap',
    '/compare?codes=us:AAPL,hk:0700',
    '/calendar?week=2026-W48&market=jp',
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
  referer?: string
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
      ...(options.referer ? { referer: options.referer } : {}),
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
    const gzip = await getPage(path, { cookie: returningVisitor, acceptEncoding: 'gzip, deflate' })
    expect(gzip.statusCode).toBe(200)
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

describe('brotli from the page cache', () => {
  /** The page's next brotli answer, once its first brotli bodies are made (in the background, after caching). */
  async function brotliAnswer(path: string): Promise<LightMyRequestResponse> {
    let answer: LightMyRequestResponse | undefined
    await vi.waitFor(
      async () => {
        answer = await getPage(path, { acceptEncoding: 'gzip, deflate, br, zstd' })
        expect(answer.headers['content-encoding']).toBe('br')
      },
      { timeout: 10_000, interval: 20 },
    )
    return answer as LightMyRequestResponse
  }

  it('sends a cached page brotli-compressed to a reader who accepts it, with a nonce of its own each time', async () => {
    const path = `/topics/${article.topic.slug}`
    const answers = [await brotliAnswer(path), await brotliAnswer(path), await brotliAnswer(path)]
    const nonces = answers.map(nonceOf)
    expect(new Set(nonces).size).toBe(3)
    for (const [index, answer] of answers.entries()) {
      expect(answer.statusCode).toBe(200)
      expect(answer.headers['cache-control']).toMatch(/^public, /)
      expect(answer.headers.vary).toMatch(/accept-encoding/i)
      expect(answer.headers.etag).toMatch(/^W\/"[\w-]+-br"$/)
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length)
      const html = zlib.brotliDecompressSync(answer.rawPayload).toString()
      const inPage = new Set([...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]))
      expect(inPage).toEqual(new Set([nonces[index]]))
    }
    const gzip = await getPage(path, { acceptEncoding: 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    // Smaller than the spliced gzip of the same page.
    expect(answers[0]?.rawPayload.length).toBeLessThan(gzip.rawPayload.length)
  })

  it('keeps gzip for a reader who prefers it, and gives each encoding its own validator', async () => {
    const path = '/about-us'
    const brotli = await brotliAnswer(path)
    const preferringGzip = await getPage(path, { acceptEncoding: 'br;q=0.5, gzip' })
    expect(preferringGzip.headers['content-encoding']).toBe('gzip')
    const plain = await getPage(path, {})
    expect(plain.headers['content-encoding']).toBeUndefined()
    const tags = [brotli, preferringGzip, plain].map((answer) => String(answer.headers.etag))
    expect(new Set(tags).size).toBe(3)
    expect(tags[1]).toMatch(/-gzip"$/)

    // A copy the reader has is still good in any encoding they accept, and answered with its own tag.
    const keptBrotli = await getPage(path, { acceptEncoding: 'gzip, br', ifNoneMatch: tags[0] })
    expect(keptBrotli.statusCode).toBe(304)
    expect(keptBrotli.headers.etag).toBe(tags[0])
    expect(keptBrotli.headers.vary).toMatch(/accept-encoding/i)
    const keptGzip = await getPage(path, { acceptEncoding: 'gzip, br', ifNoneMatch: tags[1] })
    expect(keptGzip.statusCode).toBe(304)
    expect(keptGzip.headers.etag).toBe(tags[1])
    // A brotli copy means nothing to a reader who no longer accepts brotli.
    const noLongerBrotli = await getPage(path, { acceptEncoding: 'gzip', ifNoneMatch: tags[0] })
    expect(noLongerBrotli.statusCode).toBe(200)
    expect(noLongerBrotli.headers['content-encoding']).toBe('gzip')
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

  it('lets shared caches keep every anonymous page, a first visit’s included: no page sets a cookie', async () => {
    for (const path of cachedPaths) {
      // A first visit from a search engine: no cookie at all, and the very first answer (the render) already shared.
      const firstVisit = await getPage(path, {
        referer: 'https://www.google.com/search?q=tsmc',
        acceptEncoding: 'gzip, br',
      })
      expect(firstVisit.statusCode, path).toBe(200)
      expect(firstVisit.headers['cache-control'], path).toBe(
        'public, max-age=0, s-maxage=30, stale-while-revalidate=60',
      )
      expect(firstVisit.headers.etag, path).toMatch(/^W\/"/)
      expect(setCookiesOf(firstVisit), path).toEqual([])
      const returning = await getPage(path, { cookie: returningVisitor })
      expect(returning.headers['cache-control'], path).toBe(firstVisit.headers['cache-control'])
      expect(setCookiesOf(returning), path).toEqual([])
    }
    // The page reports the visit itself, to the endpoint that sets the cookies (POST /track/visit).
    const home = await getPage('/', {})
    expect(home.body).toMatch(/<script nonce="[\w-]+">[^<]*\/track\/visit/)
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
