/**
 * The start-up the benches of jobs over many readers share (bench/alerts.bench.ts, bench/digest.bench.ts): the
 * services in this process without pages or scheduled jobs on a fresh database (bench-server.ts: PGlite in a
 * temporary folder, or a database of its own beside DATABASE_URL's, dropped on close), the process's memory read
 * now, at its peak (sampled every 100 ms) and over time, and the SQL statements a step sends (counted in drizzle, on
 * either database: server/testing/statement-counter.ts).
 */
import { countStatements } from '#server/testing/statement-counter.ts'
import { type BenchServer, startBenchServer } from './bench-server.ts'

export interface MemoryReading {
  'rss MB': number
  'heap used MB': number
}

const toMb = (bytes: number) => Math.round(bytes / 1048576)

/** The process's resident memory and V8 heap now, in MB. */
export function memoryNow(): MemoryReading {
  const usage = process.memoryUsage()
  return { 'rss MB': toMb(usage.rss), 'heap used MB': toMb(usage.heapUsed) }
}

export interface ScaleBench {
  server: BenchServer
  runtime: BenchServer['runtime']
  /** A full garbage collection (with `node --expose-gc`), then the memory. */
  settledMemory(): MemoryReading
  /** The highest memory since the last `resetPeak()` (or the start). */
  peak(): MemoryReading
  resetPeak(): void
  /**
   * Runs `step`, printing `label`, the seconds so far, the memory and `progress()` every `everyMs` (5 s) while it
   * runs: memory over time. Answers the step's result, its seconds and the statements it sent.
   */
  measure<T>(
    label: string,
    step: () => Promise<T>,
    options?: { everyMs?: number; progress?: () => string },
  ): Promise<{ result: T; seconds: number; statements: number }>
  close(): Promise<void>
}

export async function startScaleBench(env: Record<string, string> = {}): Promise<ScaleBench> {
  const peakSeen = { rss: 0, heapUsed: 0 }
  const sampler = setInterval(() => {
    const usage = process.memoryUsage()
    peakSeen.rss = Math.max(peakSeen.rss, usage.rss)
    peakSeen.heapUsed = Math.max(peakSeen.heapUsed, usage.heapUsed)
  }, 100)
  const server = await startBenchServer(
    { JOBS_ENABLED: 'false', LOG_LEVEL: 'warn', ...env },
    { pages: false },
  ).catch((error: unknown) => {
    clearInterval(sampler)
    throw error
  })
  return {
    server,
    runtime: server.runtime,
    settledMemory() {
      global.gc?.()
      return memoryNow()
    },
    peak: () => ({ 'rss MB': toMb(peakSeen.rss), 'heap used MB': toMb(peakSeen.heapUsed) }),
    resetPeak() {
      peakSeen.rss = 0
      peakSeen.heapUsed = 0
    },
    async measure(label, step, { everyMs = 5000, progress } = {}) {
      const counter = countStatements({ keepTexts: false })
      const started = performance.now()
      const line = () => {
        const memory = memoryNow()
        const seconds = ((performance.now() - started) / 1000).toFixed(0)
        console.log(
          `  ${label} ${seconds} s: rss ${memory['rss MB']} MB, heap ${memory['heap used MB']} MB, ${counter.count} statements${progress ? `, ${progress()}` : ''}`,
        )
      }
      const ticker = setInterval(line, everyMs)
      try {
        const result = await step()
        return { result, seconds: (performance.now() - started) / 1000, statements: counter.count }
      } finally {
        clearInterval(ticker)
        line()
        counter.stop()
      }
    },
    async close() {
      clearInterval(sampler)
      await server.close()
    },
  }
}
