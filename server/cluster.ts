/**
 * Several server processes on one machine (WEB_CONCURRENCY, ADR 0012): a primary forks N workers with node:cluster;
 * they share the listening port (the primary hands out connections in turn) and each is a whole server (main.ts)
 * with its own page cache and render slots. Nothing else is shared in memory: sessions, quotas, rate limits and job
 * elections are in PostgreSQL, so workers are exactly the N identical processes of the scale-out plan, on one host.
 *
 * Only on PostgreSQL: PGlite's data folder belongs to one process (server/db/data-dir-lock.ts), so on PGlite the
 * server stays one process and says why at start.
 *
 * The primary serves nothing. On SIGTERM or SIGINT it passes the signal to every worker, each of which drains as a
 * single process does (stops accepting, finishes in-flight requests, closes the database), and exits once all have:
 * 0 when each exited cleanly, 1 otherwise or after SHUTDOWN_TIMEOUT_MS (plus a margin). A worker that dies while
 * serving is replaced; one that dies before it ever listened (a setting it cannot start with) stops the whole.
 */
import cluster, { type Worker } from 'node:cluster'
import type { Config } from './config.ts'

export interface WorkerPlan {
  workers: number
  /** Why fewer workers run than asked for, to be logged once at start. */
  notice?: string
}

export function planWorkers(config: Pick<Config, 'webConcurrency' | 'databaseUrl'>): WorkerPlan {
  if (config.webConcurrency <= 1) return { workers: 1 }
  if (!config.databaseUrl) {
    return {
      workers: 1,
      notice: `WEB_CONCURRENCY=${config.webConcurrency} ignored: PGlite's data folder belongs to one process; set DATABASE_URL (PostgreSQL) to run several workers`,
    }
  }
  return { workers: config.webConcurrency }
}

export interface PrimaryLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
  error(details: object, message: string): void
}

export interface RunningWorkers {
  /** Signals every worker and resolves with the primary's exit code once all have exited. */
  stop(signal?: NodeJS.Signals): Promise<number>
  /** Resolves once every worker listens. */
  ready: Promise<void>
}

/** Grace beyond a worker's own shutdown timeout before the primary gives up on it. */
const stopMarginMs = 2_000
/** Pause before replacing a worker that died while serving, so a crash loop does not spin. */
const restartDelayMs = 1_000

/**
 * Forks the workers (`exec`: the worker's script, default this process's) and keeps them running until stopped.
 * Call in the primary only.
 */
export function startWorkers(options: {
  workers: number
  log: PrimaryLogger
  shutdownTimeoutMs: number
  exec?: string
  /** Called when a worker could not start: the whole stops with this code. */
  onFatal?: (code: number) => void
}): RunningWorkers {
  const { log } = options
  if (options.exec) cluster.setupPrimary({ exec: options.exec })
  const listening = new WeakSet<Worker>()
  let stopping: Promise<number> | undefined
  let failed = false
  let resolveReady: () => void = () => undefined
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve
  })

  const checkReady = () => {
    const workers = Object.values(cluster.workers ?? {})
    if (workers.length === options.workers && workers.every((worker) => worker && listening.has(worker))) {
      resolveReady()
    }
  }

  const fork = () => {
    const worker = cluster.fork()
    worker.once('listening', () => {
      listening.add(worker)
      checkReady()
    })
    worker.once('exit', (code, signal) => {
      if (stopping) return
      if (!listening.has(worker)) {
        log.error(
          { worker: worker.process.pid, code, signal },
          'worker stopped before it could serve; stopping',
        )
        failed = true
        void stop('SIGTERM').then((exitCode) => options.onFatal?.(exitCode))
        return
      }
      log.error({ worker: worker.process.pid, code, signal }, 'worker died; starting another')
      setTimeout(() => {
        if (!stopping) fork()
      }, restartDelayMs).unref()
    })
  }

  const stop = (signal: NodeJS.Signals = 'SIGTERM'): Promise<number> => {
    stopping ??= new Promise<number>((resolve) => {
      const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker =>
        Boolean(worker),
      )
      log.info({ signal, workers: workers.length }, 'stopping workers')
      if (workers.length === 0) {
        resolve(failed ? 1 : 0)
        return
      }
      let clean = !failed
      let left = workers.length
      const timer = setTimeout(() => {
        log.error({ left }, 'workers did not stop in time; killing them')
        for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL')
        resolve(1)
      }, options.shutdownTimeoutMs + stopMarginMs)
      timer.unref()
      for (const worker of workers) {
        const onExit = (code: number | null, exitSignal: string | null) => {
          if (code !== 0 || exitSignal) clean = false
          left -= 1
          if (left === 0) {
            clearTimeout(timer)
            resolve(clean ? 0 : 1)
          }
        }
        if (worker.isDead()) onExit(worker.process.exitCode ?? 1, worker.process.signalCode)
        else {
          worker.once('exit', onExit)
          worker.process.kill(signal)
        }
      }
    })
    return stopping
  }

  for (let i = 0; i < options.workers; i++) fork()
  return { stop, ready }
}

/** The primary's whole life: start the workers, stop them on SIGTERM/SIGINT, exit with their outcome. */
export function runPrimary(options: {
  workers: number
  log: PrimaryLogger
  shutdownTimeoutMs: number
  exec?: string
}): RunningWorkers {
  const running = startWorkers({ ...options, onFatal: (code) => process.exit(code || 1) })
  const onSignal = (signal: NodeJS.Signals) => {
    void running.stop(signal).then((code) => process.exit(code))
  }
  process.on('SIGTERM', () => onSignal('SIGTERM'))
  process.on('SIGINT', () => onSignal('SIGINT'))
  void running.ready.then(() => options.log.info({ workers: options.workers }, 'every worker is serving'))
  return running
}
