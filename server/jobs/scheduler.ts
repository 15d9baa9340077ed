/**
 * An in-process scheduler for recurring jobs (market-data refreshes, housekeeping). Each job says when it is next
 * due; the scheduler sleeps until then, runs it, and asks again. Across N processes a job runs in one at a time:
 * the run holds a PostgreSQL advisory lock named after the job (`database.tryWithAdvisoryLock`), and a process
 * that finds it taken skips that run. On PGlite — one process per data folder — an in-process guard does the same
 * without the database's single lock queue, which would hold up every other locked section (logins) for the
 * length of a refresh. Stopping clears the timers, signals running jobs and waits for them to finish.
 */
import type { Database } from '#server/db/database.ts'

export interface Job {
  /** Stable name; also names the advisory lock (`tickerwise:job:<name>`). */
  name: string
  /** The next instant the job is due, strictly after `after`. */
  nextRunAt(after: Date): Date
  /** Whether to run once right after start (catch up after downtime). Default false. */
  runAtStart?: boolean
  /**
   * A run that ends well is not logged: for a job due every few seconds, whose work logs itself when there is any
   * (the mail queue), a line per run would bury the log (17,000 a day). Failures and skips are always logged.
   */
  quiet?: boolean
  run(signal: AbortSignal): Promise<void>
}

export interface JobLogger {
  info(details: object, message: string): void
  error(details: object, message: string): void
}

export type JobOutcome = 'ran' | 'skipped' | 'failed'

export interface Scheduler {
  register(job: Job): void
  /** Starts the timers (and the start-up runs). */
  start(): void
  /** Runs a job now, under its lock, whatever its schedule; 'skipped' when it is running elsewhere. */
  runNow(name: string): Promise<JobOutcome>
  /** When each registered job is next due. */
  plan(): Array<{ name: string; nextRunAt: string | null; running: boolean }>
  stop(): Promise<void>
}

/** Jobs running in this process, per database: the guard that stands in for the advisory lock on PGlite. */
const runningHere = new WeakMap<object, Set<string>>()

/** setTimeout's limit is about 24.8 days; sleeping at most this long re-reads the clock at least every 6 hours. */
const MAX_SLEEP_MS = 6 * 60 * 60 * 1000

export function createScheduler({
  database,
  now = () => new Date(),
  log,
  onOutcome,
}: {
  database: Pick<Database, 'kind' | 'tryWithAdvisoryLock'>
  now?: () => Date
  log: JobLogger
  /** Told how each run ended (the job-runs metric, server/http/metrics.ts). */
  onOutcome?: (job: string, outcome: JobOutcome) => void
}): Scheduler {
  const jobs = new Map<string, Job>()
  const timers = new Map<string, NodeJS.Timeout>()
  const due = new Map<string, Date>()
  const running = new Map<string, Promise<JobOutcome>>()
  const controller = new AbortController()
  let started = false

  async function runLocked(job: Job): Promise<JobOutcome> {
    const started = performance.now()
    let here = runningHere.get(database)
    if (!here) {
      here = new Set()
      runningHere.set(database, here)
    }
    if (here.has(job.name)) {
      log.info({ job: job.name }, 'job already running in this process; skipped')
      return 'skipped'
    }
    here.add(job.name)
    try {
      const work = async () => {
        await job.run(controller.signal)
        return 'ran' as const
      }
      const outcome =
        database.kind === 'postgres'
          ? await database.tryWithAdvisoryLock(`tickerwise:job:${job.name}`, work)
          : await work()
      const ms = Math.round(performance.now() - started)
      if (outcome === 'skipped') log.info({ job: job.name }, 'job running in another process; skipped')
      else if (!job.quiet) log.info({ job: job.name, ms }, 'job finished')
      return outcome
    } catch (error) {
      log.error({ job: job.name, err: error }, 'job failed')
      return 'failed'
    } finally {
      here.delete(job.name)
    }
  }

  function runNow(name: string): Promise<JobOutcome> {
    const job = jobs.get(name)
    if (!job) return Promise.reject(new Error(`no job named ${name}`))
    // One run per job per process at a time; a second caller is told it was skipped.
    if (running.has(name)) return Promise.resolve('skipped')
    const run = runLocked(job)
      .then((outcome) => {
        onOutcome?.(name, outcome)
        return outcome
      })
      .finally(() => running.delete(name))
    running.set(name, run)
    return run
  }

  function schedule(job: Job): void {
    if (controller.signal.aborted) return
    const at = job.nextRunAt(now())
    due.set(job.name, at)
    const wait = Math.max(0, at.getTime() - now().getTime())
    const timer = setTimeout(
      () => {
        timers.delete(job.name)
        if (now().getTime() < at.getTime()) return schedule(job)
        void runNow(job.name).finally(() => schedule(job))
      },
      Math.min(wait, MAX_SLEEP_MS),
    )
    timer.unref()
    timers.set(job.name, timer)
  }

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`)
      jobs.set(job.name, job)
      if (started) schedule(job)
    },
    start() {
      if (started) return
      started = true
      for (const job of jobs.values()) {
        if (job.runAtStart) void runNow(job.name).finally(() => schedule(job))
        else schedule(job)
      }
    },
    runNow,
    plan() {
      return [...jobs.keys()].map((name) => ({
        name,
        nextRunAt: due.get(name)?.toISOString() ?? null,
        running: running.has(name),
      }))
    },
    async stop() {
      controller.abort()
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
      await Promise.allSettled(running.values())
    },
  }
}
