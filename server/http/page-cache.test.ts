import zlib from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import {
  type CachedPage,
  createCachedPage,
  createPageCache,
  etagOf,
  gzipBodyOf,
  hasPersonalState,
  isStorableAnswer,
  matchesIfNoneMatch,
  matchingEtagOf,
  newNonce,
  type PageRequest,
  pageCacheKeyOf,
  plainBodyOf,
  renderedCacheControlOf,
} from './page-cache.ts'

const settings = { ttlSeconds: 30, staleSeconds: 60, maxBytes: 1024 * 1024 }
const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36'

function pageRequest(url: string, headers: PageRequest['headers'] = {}, method = 'GET'): PageRequest {
  return {
    method,
    protocol: 'http',
    host: 'en.localhost:3000',
    url,
    headers: { 'user-agent': browser, ...headers },
  }
}

function htmlWithNonce(nonce: string, filler = 'market commentary '.repeat(200)): Buffer {
  return Buffer.from(
    `<!doctype html><html><head><link rel="modulepreload" href="/assets/a.js" nonce="${nonce}"/></head>` +
      `<body><p>${filler}</p><script nonce="${nonce}">window.x=1</script>` +
      `<script nonce="${nonce}" type="module">import "/assets/a.js"</script></body></html>`,
  )
}

async function pageOf(body: Buffer, nonce: string, now = 0): Promise<CachedPage> {
  return createCachedPage({
    status: 200,
    headers: new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-request-id': 'r1' }),
    body,
    nonce,
    compress: true,
    settings,
    now,
  })
}

describe('which requests the page cache answers', () => {
  it('keys anonymous GETs of listed pages by host, path, query, consent and bot-ness', () => {
    const key = pageCacheKeyOf(pageRequest('/articles/some-article?x=1'))
    expect(key).toContain('http://en.localhost:3000/articles/some-article?x=1')
    expect(pageCacheKeyOf(pageRequest('/'))).toBeDefined()
    expect(pageCacheKeyOf(pageRequest('/_.data'))).toBeDefined()
    expect(pageCacheKeyOf(pageRequest('/topics/dividends.data?_routes=x'))).toBeDefined()
    const accepted = pageCacheKeyOf(pageRequest('/', { cookie: 'privacy=accepted' }))
    const bot = pageCacheKeyOf(pageRequest('/', { 'user-agent': 'Googlebot/2.1' }))
    const plain = pageCacheKeyOf(pageRequest('/', { cookie: 'landing=%2F; i18n_redirected=en' }))
    expect(new Set([accepted, bot, plain, pageCacheKeyOf(pageRequest('/'))]).size).toBe(3)
  })

  it('renders for the reader any page with login state, any unlisted page and any other method', () => {
    for (const request of [
      pageRequest('/', { cookie: 'access_token=x' }),
      pageRequest('/', { cookie: 'userInfo=' }),
      pageRequest('/articles', { 'x-token': 'x' }),
      pageRequest('/articles', { authorization: 'Bearer x' }),
      pageRequest('/ai-stock-diagnosis'),
      pageRequest('/member/investment'),
      pageRequest('/search/apple'),
      pageRequest('/subscribe'),
      pageRequest('/articles/a/b'),
      pageRequest('/articles', {}, 'HEAD'),
      pageRequest('/articles', {}, 'POST'),
    ]) {
      expect(pageCacheKeyOf(request), `${request.method} ${request.url}`).toBeUndefined()
    }
    expect(hasPersonalState({ cookie: 'privacy=accepted; landing=%2F' })).toBe(false)
  })
})

describe('which answers it keeps', () => {
  const html = (init: ResponseInit & { headers?: Record<string, string> } = {}) =>
    new Response('<p>page</p>', {
      status: 200,
      ...init,
      headers: { 'content-type': 'text/html; charset=utf-8', ...init.headers },
    })

  it('keeps a 200 page that sets no cookie', () => {
    expect(isStorableAnswer(html())).toBe(true)
  })

  it('never keeps an answer that sets any cookie (a visit cookie too), another status, a private one or another type', () => {
    const withVisit = html()
    withVisit.headers.append('set-cookie', 'landing=%2F; Max-Age=3600; Path=/')
    expect(isStorableAnswer(withVisit)).toBe(false)
    const withSession = html()
    withSession.headers.append('set-cookie', 'access_token=secret; Path=/; HttpOnly')
    expect(isStorableAnswer(withSession)).toBe(false)
    expect(isStorableAnswer(html({ status: 404 }))).toBe(false)
    expect(isStorableAnswer(html({ headers: { 'cache-control': 'private, max-age=60' } }))).toBe(false)
    expect(isStorableAnswer(html({ headers: { 'content-type': 'application/json' } }))).toBe(false)
  })
})

describe('a cached page', () => {
  it('puts a fresh nonce wherever the render had its own, in the plain and in the gzip body', async () => {
    const rendered = newNonce()
    const page = await pageOf(htmlWithNonce(rendered), rendered)
    expect(page.segments).toHaveLength(4)
    const fresh = newNonce()
    expect(fresh).not.toBe(rendered)
    const plain = plainBodyOf(page, fresh)
    expect(plain.equals(htmlWithNonce(fresh))).toBe(true)
    const gzipped = gzipBodyOf(page, fresh)
    expect(gzipped).toBeDefined()
    expect(zlib.gunzipSync(gzipped as Buffer).equals(htmlWithNonce(fresh))).toBe(true)
    expect((gzipped as Buffer).length).toBeLessThan(plain.length / 5)
  })

  it('holds about the memory it counts, whatever number of nonces the page has', async () => {
    const rendered = newNonce()
    const manyNonces = Buffer.from(
      Array.from(
        { length: 60 },
        (_, index) =>
          `<p>row ${index}: ${'market commentary '.repeat(20)}</p><script nonce="${rendered}"></script>`,
      ).join(''),
    )
    const page = await pageOf(manyNonces, rendered)
    expect(page.segments).toHaveLength(61)
    // Distinct memory blocks behind the kept pieces (compressor output buffers are 64 KB each).
    const blocks = new Set([...page.segments, ...(page.gzip?.pieces ?? [])].map((piece) => piece.buffer))
    const held = [...blocks].reduce((sum, block) => sum + block.byteLength, 0)
    expect(held).toBeLessThanOrEqual(page.bytes)
  })

  it('assembles a valid gzip body for a page without a nonce and for an empty one', async () => {
    for (const body of [Buffer.from('{"data":1}'.repeat(300)), Buffer.alloc(0)]) {
      const page = await pageOf(body, newNonce())
      expect(zlib.gunzipSync(gzipBodyOf(page, newNonce()) as Buffer).equals(body)).toBe(true)
    }
  })

  it('keeps neither the response’s id nor its cookies, and has a weak ETag that follows the page', async () => {
    const nonce = newNonce()
    const page = await pageOf(htmlWithNonce(nonce), nonce)
    expect(page.headers).toEqual([['content-type', 'text/html; charset=utf-8']])
    expect(page.etag).toMatch(/^W\/"[\w-]{27}"$/)
    const other = newNonce()
    expect((await pageOf(htmlWithNonce(other), other)).etag).toBe(page.etag)
    const changed = newNonce()
    expect((await pageOf(htmlWithNonce(changed, 'other text'), changed)).etag).not.toBe(page.etag)
    expect(matchesIfNoneMatch(page.etag, page.etag)).toBe(true)
    expect(matchesIfNoneMatch(`"x", ${page.etag.slice(2)}`, page.etag)).toBe(true)
    expect(matchesIfNoneMatch('*', page.etag)).toBe(true)
    expect(matchesIfNoneMatch('W/"other"', page.etag)).toBe(false)
    expect(matchesIfNoneMatch(undefined, page.etag)).toBe(false)
  })

  it('has one validator per encoding, and takes a copy in any encoding the reader accepts as current', async () => {
    const nonce = newNonce()
    const page = await pageOf(htmlWithNonce(nonce), nonce)
    const tags = [etagOf(page, 'identity'), etagOf(page, 'gzip'), etagOf(page, 'br')]
    expect(tags[0]).toBe(page.etag)
    expect(new Set(tags).size).toBe(3)
    for (const tag of tags) expect(tag).toMatch(/^W\/"[\w-]+"$/)
    expect(matchingEtagOf(tags[2], page, ['br', 'gzip', 'identity'])).toBe(tags[2])
    expect(matchingEtagOf(`W/"old", ${tags[1]}`, page, ['br', 'gzip', 'identity'])).toBe(tags[1])
    expect(matchingEtagOf(tags[2], page, ['gzip', 'identity'])).toBeUndefined()
    expect(matchingEtagOf(undefined, page, ['identity'])).toBeUndefined()
  })
})

describe('the brotli bodies of a cached page', () => {
  it('are made ahead, each with a nonce of its own, never handed out twice', async () => {
    const rendered = newNonce()
    const page = await pageOf(htmlWithNonce(rendered), rendered)
    const stock = page.brotli
    expect(stock).toBeDefined()
    await vi.waitFor(() => expect(stock?.ready).toBe(4), { timeout: 5000, interval: 5 })
    const taken = [stock?.take(), stock?.take(), stock?.take(), stock?.take()]
    expect(stock?.take()).toBeUndefined()
    const nonces = taken.map((body) => body?.nonce)
    expect(new Set([rendered, ...nonces]).size).toBe(5)
    for (const body of taken) {
      expect(zlib.brotliDecompressSync(body?.body as Buffer).equals(htmlWithNonce(body?.nonce ?? ''))).toBe(
        true,
      )
    }
    // Taking asks for more: the stock fills again, with nonces not seen before.
    await vi.waitFor(() => expect(stock?.ready).toBe(4), { timeout: 5000, interval: 5 })
    const refilled = stock?.take()
    expect(nonces).not.toContain(refilled?.nonce)
  })

  it('are dropped, and no more made, once the page leaves the cache', async () => {
    const cache = createPageCache(settings)
    const nonce = newNonce()
    const page = await pageOf(htmlWithNonce(nonce), nonce)
    cache.store('home', page)
    cache.purge()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(page.brotli?.ready).toBe(0)
    expect(page.brotli?.take()).toBeUndefined()
  })

  it('are not made with COMPRESSION=off', async () => {
    const nonce = newNonce()
    const page = await createCachedPage({
      status: 200,
      headers: new Headers({ 'content-type': 'text/html' }),
      body: htmlWithNonce(nonce),
      nonce,
      compress: false,
      settings,
    })
    expect(page.brotli).toBeUndefined()
    expect(page.gzip).toBeUndefined()
  })
})

describe('the page store', () => {
  it('serves a page fresh, then stale, then not at all', async () => {
    let now = 0
    const cache = createPageCache(settings, () => now)
    cache.store('k', await pageOf(Buffer.from('page'), newNonce(), 0))
    expect(cache.find('k')?.isFresh).toBe(true)
    now = 31_000
    expect(cache.find('k')?.isFresh).toBe(false)
    now = 91_000
    expect(cache.find('k')).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('lets go of the pages past their stale time, asked for again or not', async () => {
    let now = 0
    const cache = createPageCache(settings, () => now)
    cache.store('old', await pageOf(Buffer.from('page'), newNonce(), 0))
    now = 60_000
    cache.store('new', await pageOf(Buffer.from('page'), newNonce(), now))
    cache.removeExpired()
    expect(cache.size).toBe(2)
    now = 91_000
    cache.removeExpired()
    expect(cache.size).toBe(1)
    expect(cache.find('new')?.isFresh).toBe(false)
    expect(cache.bytes).toBe(cache.find('new')?.page.bytes)
  })

  it('keeps within its memory budget, the least recently used page leaving first', async () => {
    const page = await pageOf(Buffer.from('x'.repeat(10_000)), newNonce())
    const cache = createPageCache({ ...settings, maxBytes: page.bytes * 3 }, () => 0)
    for (const key of ['a', 'b', 'c']) cache.store(key, page)
    cache.find('a')
    cache.store('d', page)
    expect(['a', 'b', 'c', 'd'].filter((key) => cache.find(key))).toEqual(['a', 'c', 'd'])
    expect(cache.bytes).toBeLessThanOrEqual(page.bytes * 3)
  })

  it('lets requests wait for the render of a page already under way', async () => {
    const cache = createPageCache(settings)
    const settle = cache.beginRendering('k')
    const waiting = cache.rendering('k')
    const page = await pageOf(Buffer.from('page'), newNonce())
    settle(page)
    settle(undefined)
    expect(await waiting).toBe(page)
    expect(cache.rendering('k')).toBeUndefined()
  })

  it('drops every page on a purge, and does not keep a page whose render began before it', async () => {
    const cache = createPageCache(settings, () => 0)
    const page = await pageOf(Buffer.from('page'), newNonce())
    cache.store('a', page)
    cache.store('b', page)
    const renderedIn = cache.generation
    cache.purge()
    expect(cache.find('a')).toBeUndefined()
    expect(cache.find('b')).toBeUndefined()
    expect(cache.bytes).toBe(0)
    // Begun before the purge, finished after: it may show what the purge was for.
    cache.store('a', page, renderedIn)
    expect(cache.find('a')).toBeUndefined()
    cache.store('a', page, cache.generation)
    expect(cache.find('a')?.page).toBe(page)
  })
})

describe('Cache-Control of a rendered page', () => {
  it('is private for a logged-in reader or a page that sets a cookie, whatever the route asked', () => {
    expect(
      renderedCacheControlOf({
        isPersonal: true,
        setsCookies: false,
        routeCacheControl: 'public, max-age=900',
      }),
    ).toBe('private, no-store')
    expect(
      renderedCacheControlOf({
        isPersonal: false,
        setsCookies: true,
        routeCacheControl: 'public, max-age=900',
      }),
    ).toBe('private, no-cache')
    expect(
      renderedCacheControlOf({
        isPersonal: false,
        setsCookies: false,
        routeCacheControl: 'public, max-age=900',
      }),
    ).toBe('public, max-age=900')
    expect(renderedCacheControlOf({ isPersonal: false, setsCookies: false, routeCacheControl: null })).toBe(
      'private, no-cache',
    )
  })
})
