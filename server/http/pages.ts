/**
 * Serves every non-API path with React Router (server rendering, data requests, actions). The request body is
 * left unread so React Router parses forms itself; the reply is hijacked and written from the Fetch Response.
 * The router's request context is filled here: services, region, language, nonce, request id.
 */
import { randomBytes } from 'node:crypto'
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
import { enterPageRender, type LoadShedding } from './load-shedding.ts'
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

  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers()
    pages.addContentTypeParser('*', (_request, _payload, done) => done(null))

    pages.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        reply.hijack()
        // A render slot, or the busy page (503 + Retry-After) when the renders and their queue are full.
        const slot = await enterPageRender(request, reply.raw, loadShedding)
        if (!slot) return
        const nonce = randomBytes(16).toString('base64')
        try {
          const build = await source.getBuild()
          const hostname = request.hostname.replace(/:\d+$/, '')
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
          const fetchRequest = createRequest(request.raw, reply.raw, {
            protocol: request.protocol === 'https' ? 'https:' : 'http:',
            ...(request.host ? { host: request.host } : {}),
          })
          const response = await handleRequest(fetchRequest, context)
          for (const [name, value] of Object.entries(pageSecurityHeaders(config, nonce, isDevelopment))) {
            if (!response.headers.has(name)) response.headers.set(name, value)
          }
          response.headers.set('x-request-id', request.id)
          await sendResponse(reply.raw, response)
        } catch (error) {
          request.log.error({ err: error }, 'page render failed')
          if (!reply.raw.headersSent) {
            reply.raw.writeHead(500, {
              'content-type': 'text/plain; charset=utf-8',
              'x-request-id': request.id,
            })
          }
          reply.raw.end('Oops! An unknown error occurred')
        } finally {
          slot.release()
        }
      },
    })
  })
}
