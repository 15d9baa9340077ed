/**
 * What a load balancer asks (ADR 0027): `GET /healthz`, the process answers (liveness: restart it if not), and
 * `GET /readyz`, it can serve now (readiness: send it traffic or not): the database answers, every migration of this
 * build is applied, Redis answers when configured, and the process is not draining after SIGTERM.
 *
 * Both are registered on the root, before the API scopes and the page route, so no load shedding, rate limit, page
 * cache or reader identification touches them, and they log per request at warn level only (a balancer asks every
 * few seconds). Deliberately left to others: what a dependency's failure means for a reader's request.
 */

import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/database.ts'
import { isDatabaseMigrated } from '#server/db/migrate.ts'

/** One readiness check: resolves true when ready; false, a throw or no answer in time mean not ready. */
export type ReadinessCheck = () => Promise<boolean>

/** Set once on SIGTERM (serve.ts): /readyz answers 503 from then on. */
export interface Draining {
  readonly isDraining: boolean
  start(): void
}

export function createDraining(): Draining {
  let draining = false
  return {
    get isDraining() {
      return draining
    },
    start() {
      draining = true
    },
  }
}

/** The checks of a booted process: database, migrations, and Redis where configured. */
export function readinessChecksOf(runtime: {
  database: Pick<Database, 'db'>
  redis: { ping(): Promise<string> } | undefined
}): Record<string, ReadinessCheck> {
  return {
    database: async () => {
      await runtime.database.db.execute(sql`select 1`)
      return true
    },
    migrations: () => isDatabaseMigrated(runtime.database),
    ...(runtime.redis ? { redis: async () => (await runtime.redis?.ping()) === 'PONG' } : {}),
  }
}

/** A check slower than this counts as failed: a balancer's own timeout is usually a few seconds. */
const checkTimeoutMs = 2_000

async function passes(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), checkTimeoutMs)
  })
  try {
    return await Promise.race([check(), timedOut])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

export function registerHealthRoutes(
  app: FastifyInstance,
  { checks, draining }: { checks: Record<string, ReadinessCheck>; draining: Draining },
): void {
  const quiet = { logLevel: 'warn' as const }
  app.get('/healthz', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })
  app.get('/readyz', quiet, async (request, reply) => {
    const names = Object.keys(checks)
    const results = await Promise.all(names.map((name) => passes(checks[name] as ReadinessCheck)))
    const failed = names.filter((_name, index) => !results[index])
    const ready = failed.length === 0 && !draining.isDraining
    if (failed.length > 0) request.log.warn({ failed }, 'not ready')
    reply.header('cache-control', 'no-store')
    reply.code(ready ? 200 : 503)
    return {
      status: ready ? 'ready' : 'not ready',
      draining: draining.isDraining,
      checks: Object.fromEntries(names.map((name, index) => [name, results[index] ? 'ok' : 'failed'])),
    }
  })
}
