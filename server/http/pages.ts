/**
 * Serves every non-API path with React Router (server rendering, data requests, actions). The request body is
 * left unread so React Router parses forms itself; the reply is hijacked and written from the Fetch Response.
 * The router's request context is filled here: services, region, language, nonce, request id.
 *
 * Anonymous pages that are the same for every reader come from the page cache (page-cache.ts, ADR 0012) without a
 * render slot; one request renders a missing or expired page while the others for it wait or get the stale copy.
 * Every page leaves with its Cache-Control (private whenever it is personal or sets a cookie; no anonymous page sets
 * one, ADR 0024) and, unless COMPRESSION=off, compressed (compression.ts).
 */
import type { ServerResponse } from 'node:http'
import { finished, type Readable } from 'node:stream'
import { createRequest, sendResponse } from '@remix-run/node-fetch-server'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  createRequestHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router'
import type { RequestContext } from '#app/request-context.ts'
import { regionFromHostname, regionSettings } from '#contracts/regions.ts'
import { type Config, toPublicConfig } from '#server/config.ts'
import type { Services } from '#server/services.ts'
import {
  compressionThresholdBytes,
  compressStream,
  isCompressibleType,
  negotiateEncoding,
  varyWithAcceptEncoding,
} from './compression.ts'
import { type LoadShedding, refusePageRender, waitForRenderSlot } from './load-shedding.ts'
import {
  type CachedPage,
  createCachedPage,
  createPageCache,
  etagOf,
  gzipBodyOf,
  hasPersonalState,
  isStorableAnswer,
  matchingEtagOf,
  newNonce,
  type PageCache,
  type PageEncoding,
  pageCacheKeyOf,
  pagePathOf,
  plainBodyOf,
  renderedCacheControlOf,
  sharedCacheControlOf,
} from './page-cache.ts'
import { pageSecurityHeaders } from './security-headers.ts'

export interface PageBuildSource {
  /** The server build; in development it is reloaded on every request by Vite. */
  getBuild(): Promise<ServerBuild>
  mode: 'development' | 'production'
}

/** The build exports the router context key it reads, so the host and the pages share one key object. */
function requestContextKeyOf(build: ServerBuild): RouterContext<RequestContext> {
  const key = (build.entry.module as { requestContext?: RouterContext<RequestContext> }).requestContext
  if (!key) throw new Error('app/entry.server.tsx must export requestContext')
  return key
}

function hostnameOf(request: FastifyRequest): string {
  return request.hostname.replace(/:\d+$/, '')
}

/** The Set-Cookie lines of an answer React Router built (several, never merged). */
function setCookiesOf(response: Response): string[] {
  return response.headers.getSetCookie()
}

/** A Fetch answer's headers for `writeHead`, a repeated one (Set-Cookie) as a list rather than merged. */
function nodeHeadersOf(headers: Headers): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = {}
  for (const [name, value] of headers) {
    const current = result[name]
    if (current === undefined) result[name] = value
    else if (Array.isArray(current)) current.push(value)
    else result[name] = [current, value]
  }
  return result
}

/**
 * Sends a page's (compressed) body. A reader who leaves stops it, and with it the render, without an error; a body
 * that fails closes the connection (a cut answer, not a corrupt one) and rejects. (Not `stream.pipeline`: it makes
 * and aborts an AbortController for every response, an exception object with a stack trace each time.)
 */
function pipeIntoResponse(body: Readable, raw: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) => {
    body.on('error', (error) => {
      raw.destroy(error)
      reject(error)
    })
    finished(raw, (error) => {
      if (error) body.destroy()
      resolve()
    })
    body.pipe(raw)
  })
}

export async function registerPages(
  app: FastifyInstance,
  {
    source,
    services,
    config,
    loadShedding,
  }: { source: PageBuildSource; services: Services; config: Config; loadShedding: LoadShedding },
): Promise<void> {
  const publicConfig = toPublicConfig(config)
  // A production build is fixed: hand React Router the object so it derives its routes once, not per request.
  const handleRequest =
    source.mode === 'production'
      ? createRequestHandler(await source.getBuild(), source.mode)
      : createRequestHandler(() => source.getBuild(), source.mode)
  const isDevelopment = source.mode === 'development'
  // In development every request may bring new code: nothing is cached there.
  const pageCache: PageCache | undefined =
    !isDevelopment && config.pageCache.ttlSeconds > 0 ? createPageCache(config.pageCache) : undefined
  const sharedCacheControl = sharedCacheControlOf(config.pageCache)
  // An article published, edited or taken down, in this process or another (article-changes.ts): every page may
  // show it (lists, home, the header menu), so none is kept.
  if (pageCache) {
    const stopListening = services.articles.onArticlesChanged(() => pageCache.purge())
    // Expired pages leave within a fresh period, so an idle process gives their memory back.
    const sweeper = setInterval(() => pageCache.removeExpired(), config.pageCache.ttlSeconds * 1000)
    sweeper.unref()
    app.addHook('onClose', async () => {
      stopListening()
      clearInterval(sweeper)
    })
  }

  const securityHeadersOf = (nonce: string) => pageSecurityHeaders(config, nonce, isDevelopment)

  /**
   * A page from the cache, the same for every anonymous reader (so shared caches may keep it): a nonce no other
   * response has had, in body and CSP; brotli while the page has a body made ahead, else gzip (spliced), else plain;
   * 304 when the reader has it in any encoding they accept.
   */
  const sendCachedPage = (
    request: FastifyRequest,
    raw: ServerResponse,
    page: CachedPage,
    rendered?: { nonce: string },
  ) => {
    const headers: Record<string, string | string[]> = {}
    for (const [name, value] of page.headers) headers[name] = value
    headers['cache-control'] = sharedCacheControl
    const isCompressible = config.compression && page.bodyLength >= compressionThresholdBytes
    if (isCompressible) headers.vary = varyWithAcceptEncoding(headers.vary as string | undefined)
    headers['x-request-id'] = request.id
    const acceptEncoding = request.headers['accept-encoding']
    const accepted: PageEncoding[] = ['identity']
    if (isCompressible) {
      if (page.gzip && negotiateEncoding(acceptEncoding, ['gzip'])) accepted.unshift('gzip')
      if (page.brotli && negotiateEncoding(acceptEncoding, ['br'])) accepted.unshift('br')
    }

    const matched = matchingEtagOf(request.headers['if-none-match'], page, accepted)
    if (matched) {
      // No CSP here: the browser keeps the page it has, with the nonce and policy it came with.
      const notModified: Record<string, string | string[]> = { etag: matched }
      for (const name of ['cache-control', 'vary', 'x-request-id']) {
        const value = headers[name]
        if (value !== undefined) notModified[name] = value
      }
      raw.writeHead(304, notModified)
      raw.end()
      return
    }

    // The reader's preference between brotli and gzip, by their q-values; brotli only while one is ready.
    const preferred = isCompressible ? negotiateEncoding(acceptEncoding, ['br', 'gzip']) : undefined
    const stocked = preferred === 'br' && accepted.includes('br') ? page.brotli?.take() : undefined
    let nonce: string
    let body: Buffer
    let encoding: PageEncoding
    if (stocked) {
      ;({ nonce, body } = stocked)
      encoding = 'br'
    } else {
      nonce = rendered?.nonce ?? newNonce()
      const gzipBody = accepted.includes('gzip') ? gzipBodyOf(page, nonce) : undefined
      encoding = gzipBody ? 'gzip' : 'identity'
      body = gzipBody ?? plainBodyOf(page, nonce)
    }
    for (const [name, value] of Object.entries(securityHeadersOf(nonce))) {
      if (!(name in headers)) headers[name] = value
    }
    headers.etag = etagOf(page, encoding)
    if (encoding !== 'identity') headers['content-encoding'] = encoding
    headers['content-length'] = String(body.length)
    raw.writeHead(page.status, headers)
    raw.end(body)
  }

  /**
   * A rendered page: security and cache headers, compressed as it streams when the reader accepts it. `onRendered`
   * hears when the render has written its last byte: compressing and sending the rest need no render slot (the
   * compressor works off the event loop, in libuv's thread pool).
   */
  const sendRenderedPage = async (
    request: FastifyRequest,
    raw: ServerResponse,
    response: Response,
    nonce: string,
    onRendered: () => void = () => undefined,
  ) => {
    for (const [name, value] of Object.entries(securityHeadersOf(nonce))) {
      if (!response.headers.has(name)) response.headers.set(name, value)
    }
    response.headers.set('x-request-id', request.id)
    response.headers.set(
      'cache-control',
      renderedCacheControlOf({
        isPersonal: hasPersonalState(request.headers),
        setsCookies: setCookiesOf(response).length > 0,
        routeCacheControl: response.headers.get('cache-control'),
      }),
    )
    const contentType = response.headers.get('content-type')
    const canCompress =
      config.compression &&
      response.body !== null &&
      request.method !== 'HEAD' &&
      isCompressibleType(contentType) &&
      !response.headers.has('content-encoding')
    if (!canCompress || !response.body) {
      await sendResponse(raw, response)
      return
    }
    response.headers.set('vary', varyWithAcceptEncoding(response.headers.get('vary')))
    const length = response.headers.get('content-length')
    const encoding =
      length !== null && Number(length) < compressionThresholdBytes
        ? undefined
        : negotiateEncoding(request.headers['accept-encoding'], ['br', 'gzip'])
    if (!encoding) {
      await sendResponse(raw, response)
      return
    }
    // Written straight into the response: a Fetch Response around the compressor would put a web stream and a
    // copy of the headers between it and the socket, for nothing.
    const headers = nodeHeadersOf(response.headers)
    delete headers['content-length']
    headers['content-encoding'] = encoding
    raw.writeHead(response.status, response.statusText, headers)
    await pipeIntoResponse(compressStream(response.body, encoding, onRendered), raw)
  }

  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers()
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null))

    const renderPage = async (
      request: FastifyRequest,
      raw: ServerResponse,
      cacheKey: string | undefined,
      stale: CachedPage | undefined,
      settleRendering: ((page: CachedPage | undefined) => void) | undefined,
    ) => {
      // A render slot, or: the stale copy when there is one, else the busy page (503 + Retry-After).
      const admission = await waitForRenderSlot(raw, loadShedding)
      if (!admission.admitted) {
        if (stale && admission.reason !== 'abandoned') return sendCachedPage(request, raw, stale)
        return refusePageRender(request, raw, loadShedding, admission.reason)
      }
      const nonce = newNonce()
      const generation = pageCache?.generation
      try {
        const build = await source.getBuild()
        const hostname = hostnameOf(request)
        const region = regionFromHostname(hostname)
        const context = new RouterContextProvider()
        context.set(requestContextKeyOf(build), {
          services,
          config,
          publicConfig,
          region,
          locale: regionSettings[region].locale,
          hostname,
          requestId: request.id,
          clientIp: request.ip,
          cspNonce: nonce,
          buildId: build.assets.version,
          log: request.log as unknown as RequestContext['log'],
        })
        // Protocol and host as Fastify read them: forwarded values only from a trusted proxy (TRUST_PROXY).
        const fetchRequest = createRequest(request.raw, raw, {
          protocol: request.protocol === 'https' ? 'https:' : 'http:',
          ...(request.host ? { host: request.host } : {}),
        })
        const response = await handleRequest(fetchRequest, context)
        if (pageCache && cacheKey && settleRendering && isStorableAnswer(response)) {
          const body = Buffer.from(await response.arrayBuffer())
          admission.release()
          const page = await createCachedPage({
            status: response.status,
            headers: response.headers,
            body,
            nonce,
            compress: config.compression,
            settings: config.pageCache,
          })
          pageCache.store(cacheKey, page, generation)
          settleRendering(page)
          return sendCachedPage(request, raw, page, { nonce })
        }
        await sendRenderedPage(request, raw, response, nonce, admission.release)
      } catch (error) {
        // A reader who left mid-render is no failure of ours.
        if (raw.destroyed && !raw.headersSent) {
          request.log.info('reader left before the page was sent')
          return
        }
        request.log.error({ err: error }, 'page render failed')
        if (!raw.headersSent) {
          raw.writeHead(500, {
            'content-type': 'text/plain; charset=utf-8',
            'cache-control': 'no-store',
            'x-request-id': request.id,
          })
        }
        // A body that failed while streaming has closed the connection already (pipeIntoResponse).
        if (!raw.destroyed) raw.end('Oops! An unknown error occurred')
      } finally {
        admission.release()
      }
    }

    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack()
        const raw = reply.raw
        let cacheKey = pageCache
          ? pageCacheKeyOf({
              method: request.method,
              protocol: request.protocol,
              host: request.host,
              url: request.url,
              headers: request.headers,
            })
          : undefined
        // An operator redirect added since the page was stored wins (route check 4; the table is in memory). If the
        // table cannot be read, the render's own route checks answer as they would without a cache.
        if (cacheKey) {
          const redirect = await services.redirects
            .findRedirect(pagePathOf(request.url.split('?')[0] ?? '/'))
            .catch(() => 'unknown' as const)
          if (redirect) cacheKey = undefined
        }
        let stale: CachedPage | undefined
        if (pageCache && cacheKey) {
          const found = pageCache.find(cacheKey)
          if (found?.isFresh) return sendCachedPage(request, raw, found.page)
          const rendering = pageCache.rendering(cacheKey)
          if (rendering && found) return sendCachedPage(request, raw, found.page)
          if (rendering) {
            const page = await rendering
            if (page) return sendCachedPage(request, raw, page)
            // That render made nothing the cache keeps (a 404, a cookie of its own): render for this reader too.
          }
          stale = found?.page
        }
        const settleRendering = pageCache && cacheKey ? pageCache.beginRendering(cacheKey) : undefined
        try {
          await renderPage(request, raw, cacheKey, stale, settleRendering)
        } finally {
          settleRendering?.(undefined)
        }
      },
    })
  })
}
