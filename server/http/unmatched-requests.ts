/**
 * The API owns its whole prefix (/api/portal, and /portal in develop): a path it does not know answers the 404
 * envelope, and a known path asked with another method the 405 envelope with an `allow` header, instead of falling
 * through to the pages' catch-all and its HTML. The table of paths and methods is read from the routes as they are
 * registered, so a new route is covered without a change here. The body of such a request is never read: the
 * answer does not depend on it, and a broken one must not turn a 404 into a 400.
 *
 * Two calls, because plugins load in order: `trackApiRoutes` first (it sees every route registered after it),
 * `registerUnmatchedRequests` last (its routes are added once the table is complete).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { CommonErrorCode } from '#contracts/envelope.ts'
import { requestLocale, sendFailure } from './error-handler.ts'

export interface ApiRouteTable {
  /** Methods by full URL pattern, as registered (`/api/portal/article/list` → GET, HEAD). */
  readonly methodsByUrl: Map<string, Set<string>>
  /** Set once the fallback routes are added; they are not part of the table. */
  isComplete: boolean
}

export function trackApiRoutes(api: FastifyInstance): ApiRouteTable {
  const table: ApiRouteTable = { methodsByUrl: new Map(), isComplete: false }
  api.addHook('onRoute', (route) => {
    if (table.isComplete) return
    // Fastify answers the prefix root with and without a trailing slash; one entry for both.
    const url = route.url === `${route.prefix}/` ? route.prefix : route.url
    const methods = table.methodsByUrl.get(url) ?? new Set<string>()
    for (const method of [route.method].flat()) methods.add(method)
    table.methodsByUrl.set(url, methods)
  })
  return table
}

function answerNotFound(request: FastifyRequest, reply: FastifyReply) {
  return sendFailure(reply, 404, CommonErrorCode.notFound, requestLocale(request))
}

export function registerUnmatchedRequests(api: FastifyInstance, table: ApiRouteTable): void {
  api.register(async (unmatched) => {
    table.isComplete = true
    const known = [...table.methodsByUrl]
    unmatched.removeAllContentTypeParsers()
    unmatched.addContentTypeParser('*', (_request, _payload, done) => done(null))

    for (const [url, allowedMethods] of known) {
      const others = unmatched.supportedMethods.filter((method) => !allowedMethods.has(method))
      if (others.length === 0 || !url.startsWith(unmatched.prefix)) continue
      const allow = [...allowedMethods].join(', ')
      unmatched.route({
        method: others,
        // '/' under a prefix is the prefix itself, with and without the trailing slash.
        url: url.slice(unmatched.prefix.length) || '/',
        handler: (request, reply) =>
          sendFailure(
            reply.header('allow', allow),
            405,
            CommonErrorCode.methodNotAllowed,
            requestLocale(request),
          ),
      })
    }
    unmatched.route({ method: unmatched.supportedMethods, url: '/*', handler: answerNotFound })
  })
}
