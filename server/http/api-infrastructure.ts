/**
 * The infrastructure of a JSON API scope, registered the same way for the portal's API (`/api/portal`, and
 * `/portal` in the develop environment) and the console's (`/api/console`), in this order: the route table (first,
 * so it sees every route), compression (before the routes: it attaches to each as it is declared), security headers,
 * the error envelope, load shedding, reader identification, the text-input check; then the scope's own hooks and
 * routes; last, the 404 and 405 answers of every other path and method under the prefix. Decides the order and the
 * headers of an API answer; leaves who the reader is to accounts (`identifyReader`) and what a scope serves, and who
 * may call it, to the scope (`registerRoutes`: the console adds its guard there).
 */
import fastifyHelmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import type { Config } from '#server/config.ts'
import { registerApiCompression } from './compression.ts'
import { registerErrorHandling } from './error-handler.ts'
import { type LoadShedding, registerApiLoadShedding } from './load-shedding.ts'
import { registerTextInputCheck } from './text-input.ts'
import { registerUnmatchedRequests, trackApiRoutes } from './unmatched-requests.ts'

export interface ApiInfrastructureDependencies {
  config: Pick<Config, 'compression' | 'isHttps'>
  /** The process's one load shedding (pages first, the API only far later). */
  loadShedding: LoadShedding
  /** Before every route: the same-site check of unsafe requests, the device cookie, `request.reader` (accounts). */
  identifyReader(scope: FastifyInstance): void
  /** The scope's own hooks and routes, after the infrastructure and before the unmatched answers. */
  registerRoutes(scope: FastifyInstance): void | Promise<void>
}

export async function registerApiInfrastructure(
  scope: FastifyInstance,
  { config, loadShedding, identifyReader, registerRoutes }: ApiInfrastructureDependencies,
): Promise<void> {
  // First, so it sees every route: the 404/405 answers of the whole prefix are built from it (last line).
  const routeTable = trackApiRoutes(scope)
  // Before the routes: it attaches to each route as it is declared (JSON above 1 KB: brotli or gzip).
  if (config.compression) await registerApiCompression(scope)
  await scope.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    hsts: config.isHttps,
  })
  registerErrorHandling(scope)
  registerApiLoadShedding(scope, loadShedding)
  identifyReader(scope)
  // Before every route: no control characters in params, query or body (400 INVALID_CHARACTERS).
  registerTextInputCheck(scope)
  await registerRoutes(scope)
  // Last: every other path and method under the prefix answers the 404 or 405 envelope, never a page.
  registerUnmatchedRequests(scope, routeTable)
}
