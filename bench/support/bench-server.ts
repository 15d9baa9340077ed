/**
 * Starts the real site in this process for a benchmark: production build, a fresh database (PGlite in a temporary
 * folder, or with DATABASE_URL set a new PostgreSQL database beside its own, `<its name>_bench_<pid>`, dropped on
 * close: a bench never migrates nor seeds the database DATABASE_URL names), Redis when REDIS_URL is set, all
 * services, listening on a free loopback port. A bench that passes DATABASE_URL in `env` gets that one as it is ('':
 * PGlite). A bench of the API alone (`pages: false`) needs no build.
 */
import '#server/production-env.ts'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import type { ServerBuild } from 'react-router'
import { bootRuntime, type Runtime } from '#server/boot.ts'
import { type Config, loadConfig } from '#server/config.ts'
import { createHttpServer } from '#server/http.ts'
import type { Assistant } from '#server/modules/chat/assistant.ts'
import type { SmsSender } from '#server/providers/sms/sms-sender.ts'
import { createFreshPostgres } from './bench-process.ts'

export interface BenchServer {
  runtime: Runtime
  app: FastifyInstance
  /** Base URL on loopback, e.g. http://127.0.0.1:41234 */
  url: string
  port: number
  /** Host header of a regional site on this server. */
  hostOf(region: 'en' | 'hant' | 'hk' | 'kr' | 'jp'): string
  /**
   * A second listener on the same database and services with some settings changed (e.g. PAGE_CACHE_SECONDS=0),
   * to compare two configurations on identical data. Closed with the server.
   */
  serveAlso(env: Record<string, string>): Promise<{ url: string; port: number }>
  close(): Promise<void>
}

export interface BenchServerOptions {
  smsSender?: SmsSender
  assistant?: Assistant
  /** Serve the pages from the production build (default); without, the API and static files only. */
  pages?: boolean
}

export async function startBenchServer(
  env: Record<string, string> = {},
  { pages = true, ...bootOptions }: BenchServerOptions = {},
): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tickerwise-bench-'))
  const buildDir = path.resolve(process.env.BUILD_DIR || 'build')
  const sharedUrl = process.env.DATABASE_URL
  const fresh =
    env.DATABASE_URL === undefined && sharedUrl
      ? await createFreshPostgres(
          sharedUrl,
          `${new URL(sharedUrl).pathname.slice(1) || 'tickerwise'}_bench_${process.pid}`,
        )
      : undefined
  const baseEnv = {
    NODE_ENV: 'production',
    APP_ENV: 'develop',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    ...(fresh ? { DATABASE_URL: fresh.url } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  }
  const config = loadConfig(baseEnv)
  const runtime = await bootRuntime({ config, ...bootOptions }).catch(async (error: unknown) => {
    await fresh?.drop()
    throw error
  })
  const build = pages
    ? ((await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href)) as ServerBuild)
    : undefined
  const listen = async (listenerConfig: Config) => {
    const app = await createHttpServer({
      config: listenerConfig,
      services: runtime.services,
      ...(build
        ? {
            pages: { getBuild: async () => build, mode: 'production' as const },
            staticDir: path.join(buildDir, 'client'),
          }
        : {}),
      buildId: build?.assets.version ?? 'bench',
      logger: false,
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const address = app.server.address()
    return { app, port: typeof address === 'object' && address ? address.port : 0 }
  }
  const { app, port } = await listen(config)
  const others: FastifyInstance[] = []
  return {
    runtime,
    app,
    url: `http://127.0.0.1:${port}`,
    port,
    hostOf: (region) => `${region}.localhost:${port}`,
    async serveAlso(changes) {
      const other = await listen(loadConfig({ ...baseEnv, ...changes }))
      others.push(other.app)
      return { url: `http://127.0.0.1:${other.port}`, port: other.port }
    },
    async close() {
      for (const other of others) await other.close()
      await app.close()
      await runtime.close()
      await fresh?.drop()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}
