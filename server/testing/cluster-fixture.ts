/**
 * A stand-in server for server/cluster.test.ts: the primary runs cluster.ts as main.ts does; each worker answers
 * `/slow` after FIXTURE_DELAY_MS and, on SIGTERM, drains as main.ts does (stops accepting, finishes what it has,
 * exits 0). With FIXTURE_METRICS_PORT, each worker counts what it serves and the primary answers scrapes for all, as
 * serve.ts does; FIXTURE_BOOT_MS delays a worker's serving as a real one's boot does. Prints one line per event so
 * the test can follow.
 */
import cluster from 'node:cluster'
import http from 'node:http'
import { runPrimary } from '#server/cluster.ts'
import {
  answerPrimaryScrapes,
  createServerMetrics,
  serveMetrics,
  servePrimaryMetrics,
} from '#server/http/metrics.ts'

const delayMs = Number(process.env.FIXTURE_DELAY_MS ?? 500)
const metricsAt = { port: Number(process.env.FIXTURE_METRICS_PORT ?? 0), host: '127.0.0.1' }
/** How long a worker takes to start serving, as a real one takes to boot its database. */
const bootMs = Number(process.env.FIXTURE_BOOT_MS ?? 0)

if (cluster.isPrimary) {
  const line = (level: string) => (details: object, message: string) =>
    console.log(JSON.stringify({ level, ...details, msg: message }))
  runPrimary({
    workers: Number(process.env.FIXTURE_WORKERS ?? 2),
    log: { info: line('info'), warn: line('warn'), error: line('error') },
    shutdownTimeoutMs: 5_000,
  })
  if (metricsAt.port > 0) {
    void servePrimaryMetrics(metricsAt).then(() => console.log(JSON.stringify({ msg: 'metrics listening' })))
  }
} else {
  if (metricsAt.port > 0) answerPrimaryScrapes()
  console.log(JSON.stringify({ msg: 'booting', pid: process.pid }))
  await new Promise((resolve) => setTimeout(resolve, bootMs))
  const metrics = createServerMetrics()
  void serveMetrics(metrics, metricsAt)
  const server = http.createServer((request, response) => {
    setTimeout(() => {
      response.end(`served by ${process.pid} ${request.url}`)
      metrics.observeRequest({ method: 'GET', route: '/slow/:n', status: 200, seconds: delayMs / 1000 })
    }, delayMs)
  })
  server.listen(0, '127.0.0.1', () => {
    const address = server.address()
    console.log(
      JSON.stringify({
        msg: 'listening',
        pid: process.pid,
        port: typeof address === 'object' ? address?.port : 0,
      }),
    )
  })
  process.on('SIGTERM', () => {
    console.log(JSON.stringify({ msg: 'draining', pid: process.pid }))
    server.close(() => process.exit(0))
    server.closeIdleConnections()
  })
}
