/**
 * Development entry (`npm run dev`): the same host as production, with Vite in middleware mode for hot reload.
 * Pages are rebuilt from source on every request; the API and database are the real ones.
 */
import middie from '@fastify/middie'
import type { ServerBuild } from 'react-router'
import { createServer as createViteServer } from 'vite'
import { openControlSocket } from './backup/control-socket.ts'
import { bootRuntime } from './boot.ts'
import { ConfigError } from './config/config-error.ts'
import { readinessChecksOf } from './http/health.ts'
import { createHttpServer } from './http.ts'
import { startJobs } from './jobs/jobs.ts'

// A setting it cannot start with (a wrong variable, a folder in use or not writable) stops it with one line.
const runtime = await bootRuntime().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
})
const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' })
const app = await createHttpServer({
  config: runtime.config,
  services: runtime.services,
  readiness: readinessChecksOf(runtime),
  buildId: 'development',
  pages: {
    mode: 'development',
    getBuild: async () => (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild,
  },
  beforePages: async (fastify) => {
    await fastify.register(middie)
    fastify.use(vite.middlewares)
  },
})
await app.listen({ port: runtime.config.port, host: runtime.config.host })
const scheduler = startJobs(runtime, app.log)
// On PGlite, `npm run ops -- backup` asks this process for a snapshot (ADR 0029).
const controlSocket = await openControlSocket({
  database: runtime.database,
  dataDir: runtime.config.dataDir,
  log: app.log,
})
console.log(
  [
    '',
    'Tickerwise (development):',
    ...Object.entries(runtime.config.siteOrigins).map(([r, o]) => `  ${r.padEnd(5)} ${o}/`),
    '',
  ].join('\n'),
)

const shutdown = async () => {
  await app.close()
  await controlSocket?.close()
  await vite.close()
  await scheduler.stop()
  await runtime.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown())
process.on('SIGTERM', () => void shutdown())
