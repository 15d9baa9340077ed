/**
 * What the production entry (main.ts) runs once the process has its V8 settings: boot, serve the built site, print
 * where each region answers, and shut down gracefully (stop accepting, finish in-flight requests, close the
 * database). With WEB_CONCURRENCY=N on PostgreSQL this process is the primary of N workers, each running the same
 * entry (cluster.ts).
 */
import './production-env.ts'
import cluster from 'node:cluster'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import pino from 'pino'
import type { ServerBuild } from 'react-router'
import { buildDir } from './build-dir.ts'
import { planWorkers, runPrimary } from './cluster.ts'
import { ConfigError } from './config/config-error.ts'
import { type Config, loadConfig } from './config.ts'
import { logSerializers } from './http/log-serializers.ts'
import { canStartAgain, collectStartGarbage, startAgain } from './node-flags.ts'

const serverBuildPath = path.join(buildDir, 'server/index.js')
/** From listening to the collection of the start's garbage. */
const startGarbageDelayMs = 5_000

async function main(config: Config): Promise<void> {
  // Loaded here rather than above: the primary of workers serves nothing, and holds none of it in memory.
  const [
    { bootRuntime },
    { createHttpServer },
    { startJobs },
    health,
    { answerPrimaryScrapes, createServerMetrics, serveMetrics },
    { openControlSocket },
    { isNewPgliteDataDir },
  ] = await Promise.all([
    import('./boot.ts'),
    import('./http.ts'),
    import('./jobs/jobs.ts'),
    import('./http/health.ts'),
    import('./http/metrics.ts'),
    import('./backup/control-socket.ts'),
    import('./db/database.ts'),
  ])
  if (config.metrics.port > 0) answerPrimaryScrapes()
  const seedLog = pino({ level: config.logLevel, name: 'seed', serializers: logSerializers })
  const firstStart = !config.databaseUrl && isNewPgliteDataDir(config.dataDir)
  const runtime = await bootRuntime({ config, seedLog })
  if (firstStart && canStartAgain) {
    // Creating a database and seeding it (initdb, the sample content, the first market data, each compiling and
    // allocating as it goes) leaves ~100 MB of native memory that this process would hold for its life; a process
    // started on the seeded folder holds what any restart holds (ADR 0025, amendment 1).
    await runtime.close()
    seedLog.info({}, 'new database ready; starting again to serve')
    startAgain()
  }
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild
  const draining = health.createDraining()
  const metrics = createServerMetrics({
    database: runtime.database,
    fileReadersBusy: runtime.services.fileReadersBusy,
  })
  const app = await createHttpServer({
    config: runtime.config,
    services: runtime.services,
    readiness: health.readinessChecksOf(runtime),
    draining,
    metrics,
    pages: { getBuild: async () => build, mode: 'production' },
    staticDir: path.join(buildDir, 'client'),
    buildId: build.assets.version,
  })
  await app.listen({ port: runtime.config.port, host: runtime.config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : runtime.config.port
  app.log.info({ database: runtime.database.kind, port }, 'Tickerwise is serving')
  // On PGlite, `npm run ops -- backup` asks this process for a snapshot (ADR 0029).
  const controlSocket = await openControlSocket({
    database: runtime.database,
    dataDir: runtime.config.dataDir,
    log: app.log,
  })
  // Scheduled jobs (market-data refreshes, housekeeping); one process runs each at a time.
  const scheduler = startJobs(runtime, app.log, metrics.countJobRun)
  // Alone, this process answers scrapes; as a worker it hands its registry to the primary's listener.
  const metricsServer = await serveMetrics(metrics, runtime.config.metrics)
  // Workers serve quietly: the primary prints the addresses once.
  if (cluster.isPrimary) printAddresses(runtime.config)
  // What the start made (migrations, the seed, a first fill, compiling PGlite) is garbage by now: given back once,
  // after the jobs due at start have begun, rather than kept committed until load makes V8 collect.
  const afterStart = setTimeout(() => {
    collectStartGarbage()
    runtime.database.collectGarbage?.().catch(() => undefined)
  }, startGarbageDelayMs)
  afterStart.unref()

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal, drainMs: runtime.config.shutdownDrainMs }, 'shutting down')
    // /readyz answers 503 from now; the balancer stops sending while in-flight and new requests are still served.
    draining.start()
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting')
      process.exit(1)
    }, runtime.config.shutdownDrainMs + runtime.config.shutdownTimeoutMs)
    force.unref()
    try {
      if (runtime.config.shutdownDrainMs > 0) await sleep(runtime.config.shutdownDrainMs)
      await app.close()
      await controlSocket?.close()
      metricsServer?.close()
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

function printAddresses(config: Config): void {
  console.log(
    [
      '',
      'Tickerwise is running:',
      ...Object.entries(config.siteOrigins).map(([r, o]) => `  ${r.padEnd(5)} ${o}/`),
      '',
    ].join('\n'),
  )
}

function start(): void {
  // The primary reads the configuration before any worker starts, so a wrong variable stops it once.
  const config = loadConfig()
  if (!cluster.isPrimary) {
    void main(config).catch(fail)
    return
  }
  const plan = planWorkers(config)
  // Its own lines only (workers, signals): no requests to redact.
  const log = pino({ level: config.logLevel, serializers: logSerializers })
  if (plan.notice) log.warn({ webConcurrency: config.webConcurrency }, plan.notice)
  if (plan.workers <= 1) {
    void main(config).catch(fail)
    return
  }
  log.info({ workers: plan.workers }, 'starting workers')
  const running = runPrimary({
    workers: plan.workers,
    log,
    shutdownTimeoutMs: config.shutdownDrainMs + config.shutdownTimeoutMs,
  })
  void running.ready.then(() => printAddresses(config))
  // One scrape target for the machine: the workers' metrics summed (ADR 0027).
  if (config.metrics.port > 0) {
    void import('./http/metrics.ts')
      .then(({ servePrimaryMetrics }) => servePrimaryMetrics(config.metrics))
      .catch(fail)
  }
}

function fail(error: unknown): never {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exit(1)
}

try {
  start()
} catch (error) {
  fail(error)
}
