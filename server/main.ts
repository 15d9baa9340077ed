/**
 * Production entry: boot, serve the built site, print where each region answers, and shut down gracefully
 * (stop accepting, finish in-flight requests, close the database).
 */
import './production-env.ts'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerBuild } from 'react-router'
import { bootRuntime } from './boot.ts'
import { ConfigError } from './config.ts'
import { createHttpServer } from './http.ts'
import { startJobs } from './jobs/jobs.ts'

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)))
const buildDir = path.resolve(root, process.env.BUILD_DIR || 'build')
const serverBuildPath = path.join(buildDir, 'server/index.js')

async function main(): Promise<void> {
  const runtime = await bootRuntime()
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild
  const app = await createHttpServer({
    config: runtime.config,
    services: runtime.services,
    pages: { getBuild: async () => build, mode: 'production' },
    staticDir: path.join(buildDir, 'client'),
    buildId: build.assets.version,
  })
  await app.listen({ port: runtime.config.port, host: runtime.config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : runtime.config.port
  app.log.info({ database: runtime.database.kind, port }, 'Tickerwise is serving')
  // Scheduled jobs (market-data refreshes, housekeeping); one process runs each at a time.
  const scheduler = startJobs(runtime, app.log)
  console.log(
    [
      '',
      'Tickerwise is running:',
      ...Object.entries(runtime.config.siteOrigins).map(([r, o]) => `  ${r.padEnd(5)} ${o}/`),
      '',
    ].join('\n'),
  )

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, runtime.config.shutdownTimeoutMs)
    force.unref()
    try {
      await app.close()
      await scheduler.stop()
      await runtime.close()
      process.exit(0)
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
