/**
 * The anonymous-page cache (ADR 0012): pages that are the same for every anonymous reader of a regional site
 * (articles, article lists and topics, home, hot and valuation lists, company and policy pages) are kept in each
 * process for PAGE_CACHE_SECONDS and served without rendering, with a weak ETag (304 on `If-None-Match`) and
 * `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…` for shared caches.
 *
 * What decides that a page is the same for everyone:
 * - the request: GET, a listed path (or its `.data` request), no login state at all (`access_token` or `userInfo`
 *   cookie, `X-Token` or `Authorization` header → never cached, answered `private, no-store`); the key holds what
 *   else changes the render: protocol, host (region and language), path and query, whether cookies were accepted
 *   (the banner) and whether the reader is a bot (complete document instead of a stream);
 * - the answer: 200, HTML or React Router data, no cookie at all (no page sets the visit cookies: the page reports
 *   the visit, ADR 0024), no `private`/`no-store` of its own, at most 2 MB.
 *
 * The CSP nonce: a page carries its render's nonce in every script tag. The cache keeps the page cut at the nonce and
 * puts a fresh one in for each response, so no two responses share a nonce. The gzip body is assembled the same way
 * from pieces deflated once (gzip-splice.ts), which keeps a cached page nearly as cheap to send as a file; brotli
 * cannot be assembled so: a page keeps a few whole brotli bodies made ahead, each with its own nonce and sent once
 * (brotli-stock.ts), and a reader who accepts brotli gets one while there is one, else gzip. Each encoding has its
 * own weak ETag (the page's, with `-gzip` or `-br`).
 *
 * An announced change to an article purges every page at once, in every process (pages.ts listens to the articles
 * service; article-changes.ts carries the word between processes).
 *
 * Deliberately left to others: what a page shows (app/), when it is rendered (load-shedding.ts), how it is sent
 * (pages.ts).
 */
import { createHash, randomFillSync } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { isbot } from 'isbot'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import { cookieNames } from '#contracts/cookie-names.ts'
import { type BrotliStock, brotliStockSize, createBrotliStock } from './brotli-stock.ts'
import { packedCopies, prepareSplicedGzip, type SplicedGzip, splicedGzipBody } from './gzip-splice.ts'
import type { PageCacheConfig } from './http.config.ts'

// --- Which requests the cache may answer ---------------------------------------------------------------------------

const cacheablePaths = new Set([
  '/',
  '/articles',
  '/analysis',
  '/recommendations',
  '/market-us',
  '/market-hk',
  '/market-jp',
  '/market-kr',
  '/stocks-hot',
  '/stocks-valuation',
  '/stocks-screener',
  '/compare',
  '/calendar',
  '/about-us',
  '/service',
  '/company-history',
  '/description',
  '/cookie-policy',
  '/privacy-policy',
  '/user-agreement',
])
const cacheablePathPatterns = [/^\/articles\/[^/]+$/, /^\/topics\/[^/]+$/, /^\/markets\/(us|hk|jp|kr)$/]

/** The page a path names: `/x.data` (a client-side navigation's data) is `/x`, and `/_.data` is `/`. */
export function pagePathOf(pathname: string): string {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length)
  return pathname.replace(/\.data$/, '') || '/'
}

function isCacheablePagePath(pathname: string): boolean {
  const page = pagePathOf(pathname)
  return cacheablePaths.has(page) || cacheablePathPatterns.some((pattern) => pattern.test(page))
}

/** Cookies and headers that make a render personal. Their mere presence counts, whatever the value. */
const personalCookies = [cookieNames.accessToken, cookieNames.userInfo]
const personalHeaders = ['x-token', 'authorization']

/** Whether the request carries login state: its page is rendered for this reader alone and never stored anywhere. */
export function hasPersonalState(headers: IncomingHttpHeaders): boolean {
  if (personalHeaders.some((name) => headers[name] !== undefined)) return true
  const cookies = parseCookieHeader(headers.cookie)
  return personalCookies.some((name) => name in cookies)
}

export interface PageRequest {
  method: string
  protocol: string
  /** Host as the render sees it (with the port). */
  host: string
  /** Path and query as sent. */
  url: string
  headers: IncomingHttpHeaders
}

/** The cache key of a request the cache may answer, or undefined when its page must be rendered for it. */
export function pageCacheKeyOf(request: PageRequest): string | undefined {
  if (request.method !== 'GET') return undefined
  const queryAt = request.url.indexOf('?')
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt)
  if (!isCacheablePagePath(pathname) || hasPersonalState(request.headers)) return undefined
  const hasAcceptedCookies = parseCookieHeader(request.headers.cookie)[cookieNames.privacy] === 'accepted'
  const userAgent = request.headers['user-agent']
  const isBot = typeof userAgent === 'string' && isbot(userAgent)
  return `${hasAcceptedCookies ? 'c' : '-'}${isBot ? 'b' : '-'} ${request.protocol}://${request.host.toLowerCase()}${request.url}`
}

// --- Which answers it may keep -------------------------------------------------------------------------------------

const maxStoredBodyBytes = 2 * 1024 * 1024

/** Whether a rendered answer is the same for every anonymous reader and may be kept. */
export function isStorableAnswer(response: Response): boolean {
  if (response.status !== 200 || response.body === null) return false
  const contentType = response.headers.get('content-type') ?? ''
  if (!/^text\/(html|x-script)\b/.test(contentType)) return false
  if (/\b(private|no-store|no-cache)\b/i.test(response.headers.get('cache-control') ?? '')) return false
  if (response.headers.has('content-encoding')) return false
  const length = Number(response.headers.get('content-length') ?? 0)
  if (length > maxStoredBodyBytes) return false
  // A cookie is one reader's own: an answer that sets one is theirs alone.
  return response.headers.getSetCookie().length === 0
}

// --- A stored page -------------------------------------------------------------------------------------------------

/** Headers not kept with a page: made again for each response (security, cookies, id, length, encoding). */
const perResponseHeaders = new Set([
  'set-cookie',
  'content-security-policy',
  'x-request-id',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'cache-control',
  'date',
  'connection',
  'keep-alive',
])

export interface CachedPage {
  status: number
  headers: Array<[string, string]>
  /** The body cut where the render's nonce stood; a response puts its own nonce between the pieces. */
  segments: Buffer[]
  /** The segments deflated once, to assemble a gzip body around any nonce (gzip-splice.ts); none with COMPRESSION=off. */
  gzip: SplicedGzip | undefined
  /** Whole brotli bodies made ahead, each with its own nonce, sent once (brotli-stock.ts); none with COMPRESSION=off. */
  brotli: BrotliStock | undefined
  bodyLength: number
  /** Weak: the bytes differ by nonce, the page does not. The plain body's; see `etagOf` for the others. */
  etag: string
  freshUntil: number
  staleUntil: number
  /** Memory held, for the cache's budget. */
  bytes: number
}

function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const segments: Buffer[] = []
  let start = 0
  for (;;) {
    const at = separator.length > 0 ? body.indexOf(separator, start) : -1
    if (at === -1) break
    segments.push(body.subarray(start, at))
    start = at + separator.length
  }
  segments.push(body.subarray(start))
  // Copied into one allocation: slices would keep the whole response buffer alive and mis-state the memory held,
  // and a copy each would cost an allocation per nonce.
  return packedCopies(segments)
}

export async function createCachedPage(options: {
  status: number
  headers: Headers
  body: Buffer
  /** The nonce the page was rendered with. */
  nonce: string
  /** Make the gzip pieces (COMPRESSION=on). */
  compress: boolean
  settings: PageCacheConfig
  now?: number
}): Promise<CachedPage> {
  const now = options.now ?? Date.now()
  const segments = splitAt(options.body, Buffer.from(options.nonce))
  const gzip = options.compress ? await prepareSplicedGzip(segments, options.nonce) : undefined
  const brotli = options.compress
    ? createBrotliStock({ fill: (nonce) => joinedAround(segments, nonce), newNonce })
    : undefined
  const headers: Array<[string, string]> = []
  for (const [name, value] of options.headers) {
    if (!perResponseHeaders.has(name)) headers.push([name, value])
  }
  const hash = createHash('sha256').update(String(options.status))
  for (const [name, value] of headers) hash.update(`\n${name}: ${value}`)
  for (const segment of segments) hash.update('\0').update(segment)
  const bodyLength = segments.reduce((sum, segment) => sum + segment.length, 0)
  const gzipLength = gzip?.pieces.reduce((sum, piece) => sum + piece.length, 0) ?? 0
  return {
    status: options.status,
    headers,
    segments,
    gzip,
    brotli,
    bodyLength,
    etag: `W/"${hash.digest('base64url').slice(0, 27)}"`,
    freshUntil: now + options.settings.ttlSeconds * 1000,
    staleUntil: now + (options.settings.ttlSeconds + options.settings.staleSeconds) * 1000,
    // A brotli body is smaller than the gzip one: the stock is counted at most what it may hold.
    bytes:
      bodyLength +
      gzipLength * (brotli ? 1 + brotliStockSize : 1) +
      64 * (segments.length + headers.length) +
      512,
  }
}

/** Random bytes drawn a page at a time: one system call per 256 nonces rather than one each. */
const randomPool = Buffer.alloc(4096)
let randomPoolUsed = randomPool.length

/** A fresh CSP nonce: 128 random bits, base64url (22 characters, none a page would escape). */
export function newNonce(): string {
  if (randomPoolUsed + 16 > randomPool.length) {
    randomFillSync(randomPool)
    randomPoolUsed = 0
  }
  const nonce = randomPool.toString('base64url', randomPoolUsed, randomPoolUsed + 16)
  randomPoolUsed += 16
  return nonce
}

function joinedAround(segments: Buffer[], nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce)
  const parts: Buffer[] = []
  segments.forEach((segment, index) => {
    if (index > 0) parts.push(nonceBytes)
    parts.push(segment)
  })
  return Buffer.concat(parts)
}

/** The page's body with `nonce` where its render's nonce stood. */
export function plainBodyOf(page: CachedPage, nonce: string): Buffer {
  return joinedAround(page.segments, nonce)
}

/** The page's body gzipped, with `nonce` where its render's nonce stood; undefined with COMPRESSION=off. */
export function gzipBodyOf(page: CachedPage, nonce: string): Buffer | undefined {
  return page.gzip ? splicedGzipBody(page.gzip, nonce) : undefined
}

export type PageEncoding = 'br' | 'gzip' | 'identity'

/**
 * The weak ETag of the page as sent in `encoding`: one per content coding, so a shared cache that keeps a gzip and a
 * brotli copy (Vary: Accept-Encoding) revalidates each as what it is.
 */
export function etagOf(page: CachedPage, encoding: PageEncoding): string {
  return encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${encoding}"`
}

/** `If-None-Match` against a weak ETag (weak comparison, as for any GET); `*` matches. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = etag.replace(/^W\//, '')
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === opaque)
}

/**
 * The ETag of the copy a conditional request already has, among the encodings it may receive: any of them is the
 * page as it is now, so it is answered 304 with that copy's tag (a cache then freshens that copy), even when this
 * response would have used another encoding.
 */
export function matchingEtagOf(
  header: string | undefined,
  page: CachedPage,
  encodings: readonly PageEncoding[],
): string | undefined {
  if (!header) return undefined
  return encodings.map((encoding) => etagOf(page, encoding)).find((etag) => matchesIfNoneMatch(header, etag))
}

// --- Cache-Control -------------------------------------------------------------------------------------------------

/** A page rendered for a logged-in reader: nobody else's cache keeps it, the browser does not store it. */
const personalCacheControl = 'private, no-store'
/** A page for one anonymous reader (it sets a cookie, or is not on the list): the browser may keep it and revalidate. */
export const oneReaderCacheControl = 'private, no-cache'

/** A page the same for every anonymous reader: shared caches keep it as long as this process does. */
export function sharedCacheControlOf(settings: PageCacheConfig): string {
  return `public, max-age=0, s-maxage=${settings.ttlSeconds}, stale-while-revalidate=${settings.staleSeconds}`
}

/** Cache-Control of a rendered (not cached) page: private whenever it is personal or sets a cookie. */
export function renderedCacheControlOf(options: {
  isPersonal: boolean
  setsCookies: boolean
  routeCacheControl: string | null
}): string {
  if (options.isPersonal) return personalCacheControl
  const route = options.routeCacheControl
  if (options.setsCookies) return route && /\bno-store\b/i.test(route) ? route : oneReaderCacheControl
  return route ?? oneReaderCacheControl
}

// --- The store -----------------------------------------------------------------------------------------------------

export interface PageCache {
  /** The page under `key` while it may be served: fresh, or stale within PAGE_CACHE_STALE_SECONDS. */
  find(key: string): { page: CachedPage; isFresh: boolean } | undefined
  /**
   * Keeps a page. `generation`: the cache's `generation` when its render began; a page whose render began before a
   * purge may show what the purge was for, and is not kept.
   */
  store(key: string, page: CachedPage, generation?: number): void
  /** Drops every page, fresh or stale (content changed); renders under way are not kept either. */
  purge(): void
  /**
   * Drops the pages past their stale time. `find` drops one when it is asked for; pages nobody asks for again (a
   * query seen once) would otherwise hold their memory until newer pages push them out.
   */
  removeExpired(): void
  /** Counts purges. */
  readonly generation: number
  /**
   * Marks `key` as being rendered; requests for it meanwhile wait for `rendering(key)` instead of rendering it too.
   * The returned function settles the wait (with the page stored, or undefined); it may be called more than once.
   */
  beginRendering(key: string): (page: CachedPage | undefined) => void
  rendering(key: string): Promise<CachedPage | undefined> | undefined
  readonly size: number
  readonly bytes: number
}

/** An in-process LRU within PAGE_CACHE_MAX_MB, with single-flight renders per key. */
export function createPageCache(settings: PageCacheConfig, now: () => number = Date.now): PageCache {
  const pages = new Map<string, CachedPage>()
  const inFlight = new Map<string, Promise<CachedPage | undefined>>()
  let bytes = 0
  let generation = 0

  const remove = (key: string) => {
    const page = pages.get(key)
    if (!page) return
    pages.delete(key)
    bytes -= page.bytes
    page.brotli?.retire()
  }

  return {
    find(key) {
      const page = pages.get(key)
      if (!page) return undefined
      const at = now()
      if (at >= page.staleUntil) {
        remove(key)
        return undefined
      }
      // Most recently used last: eviction takes from the front.
      pages.delete(key)
      pages.set(key, page)
      return { page, isFresh: at < page.freshUntil }
    },
    store(key, page, renderedIn = generation) {
      if (renderedIn !== generation) {
        page.brotli?.retire()
        return
      }
      remove(key)
      if (page.bytes > settings.maxBytes) {
        page.brotli?.retire()
        return
      }
      pages.set(key, page)
      bytes += page.bytes
      for (const [oldest] of pages) {
        if (bytes <= settings.maxBytes) break
        remove(oldest)
      }
    },
    beginRendering(key) {
      let settle: (page: CachedPage | undefined) => void = () => undefined
      const promise = new Promise<CachedPage | undefined>((resolve) => {
        settle = resolve
      })
      inFlight.set(key, promise)
      let settled = false
      return (page) => {
        if (settled) return
        settled = true
        if (inFlight.get(key) === promise) inFlight.delete(key)
        settle(page)
      }
    },
    rendering(key) {
      return inFlight.get(key)
    },
    removeExpired() {
      const at = now()
      for (const [key, page] of pages) if (at >= page.staleUntil) remove(key)
    },
    purge() {
      generation += 1
      for (const page of pages.values()) page.brotli?.retire()
      pages.clear()
      bytes = 0
    },
    get generation() {
      return generation
    },
    get size() {
      return pages.size
    },
    get bytes() {
      return bytes
    },
  }
}
