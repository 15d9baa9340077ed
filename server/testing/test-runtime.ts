/**
 * A whole server for API tests: a fresh copy of the seeded database, every service, and the Fastify app — without
 * pages unless a test passes them (test-pages.ts compiles them from source) and without static files unless it
 * passes a folder. `app.inject` drives it in-process.
 */

import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { bootRuntime, type Runtime } from '#server/boot.ts'
import type { Clock } from '#server/clock.ts'
import { loadConfig } from '#server/config.ts'
import { createDraining, type Draining, readinessChecksOf } from '#server/http/health.ts'
import { createServerMetrics, type ServerMetrics } from '#server/http/metrics.ts'
import type { PageBuildSource } from '#server/http/pages.ts'
import { createHttpServer } from '#server/http.ts'
import type { Assistant } from '#server/modules/chat/assistant.ts'
import type { FileStorage } from '#server/providers/file-storage/file-storage.ts'
import type { MailSender } from '#server/providers/mail/mail-sender.ts'
import type { SmsSender } from '#server/providers/sms/sms-sender.ts'
import { openTestDatabase } from './test-database.ts'
import { testEnv } from './test-env.ts'

export interface TestRuntime extends Runtime {
  app: FastifyInstance
  /** What SIGTERM starts in production (serve.ts). */
  draining: Draining
  metrics: ServerMetrics
}

export async function createTestRuntime(
  env: Record<string, string> = {},
  options: {
    clock?: Clock
    smsSender?: SmsSender
    mailSender?: MailSender
    assistant?: Assistant
    fileStorage?: FileStorage
    pages?: PageBuildSource
    staticDir?: string
  } = {},
): Promise<TestRuntime> {
  const config = loadConfig({ ...testEnv, ...env })
  const database = await openTestDatabase(inject('testDatabaseTemplate'))
  const { pages, staticDir, ...bootOptions } = options
  const runtime = await bootRuntime({ config, database, seed: false, ...bootOptions })
  const draining = createDraining()
  const metrics = createServerMetrics({
    database: runtime.database,
    fileReadersBusy: runtime.services.fileReadersBusy,
  })
  const app = await createHttpServer({
    config,
    services: runtime.services,
    readiness: readinessChecksOf(runtime),
    draining,
    metrics,
    buildId: 'test-build',
    logger: false,
    ...(pages ? { pages } : {}),
    ...(staticDir ? { staticDir } : {}),
  })
  await app.ready()
  return {
    ...runtime,
    app,
    draining,
    metrics,
    async close() {
      await app.close()
      await runtime.close()
    },
  }
}

/** Headers of a browser on a regional site (Lang as the page sends it). */
export function regionalHeaders(region: 'en' | 'hant' | 'hk' | 'kr' | 'jp' = 'en'): Record<string, string> {
  return { host: `${region}.localhost:3000`, lang: region === 'hant' || region === 'hk' ? 'hk' : 'en' }
}
