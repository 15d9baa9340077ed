import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Database } from '#server/db/database.ts'
import { createTestRuntime, type TestRuntime } from '#server/testing/test-runtime.ts'
import { createScheduler, type Job } from './scheduler.ts'

const quietLog = { info: () => undefined, error: () => undefined }
const pgliteLike = {
  kind: 'pglite',
  tryWithAdvisoryLock: () => Promise.reject(new Error('the scheduler does not queue on PGlite')),
} as unknown as Pick<Database, 'kind' | 'tryWithAdvisoryLock'>

function deferred() {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('scheduler', () => {
  it('runs a job when it is due, then again at its next time', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T20:00:00Z') })
    const runs: string[] = []
    const scheduler = createScheduler({ database: pgliteLike, log: quietLog })
    scheduler.register({
      name: 'every-hour',
      nextRunAt: (after) => new Date(Math.floor(after.getTime() / 3_600_000) * 3_600_000 + 3_600_000),
      run: async () => {
        runs.push(new Date().toISOString())
      },
    })
    scheduler.start()
    expect(scheduler.plan()).toEqual([
      { name: 'every-hour', nextRunAt: '2026-11-20T21:00:00.000Z', running: false },
    ])
    await vi.advanceTimersByTimeAsync(59 * 60_000)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(2 * 60_000)
    expect(runs).toEqual(['2026-11-20T21:00:00.000Z'])
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    expect(runs).toHaveLength(2)
    await scheduler.stop()
  })

  it('sleeps in steps of at most six hours for a job due weeks ahead', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00Z') })
    let ran = 0
    const scheduler = createScheduler({ database: pgliteLike, log: quietLog })
    scheduler.register({
      name: 'far',
      nextRunAt: () => new Date('2027-01-10T00:00:00Z'),
      run: async () => {
        ran++
      },
    })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(50 * 24 * 3_600_000)
    expect(ran).toBe(0)
    await vi.advanceTimersByTimeAsync(24 * 3_600_000)
    expect(ran).toBe(1)
    await scheduler.stop()
  })

  it('runs a start-up job at once, and a failing run is logged and rescheduled', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00Z') })
    const errors: string[] = []
    let calls = 0
    const scheduler = createScheduler({
      database: pgliteLike,
      log: { info: () => undefined, error: (details) => errors.push((details as { job: string }).job) },
    })
    scheduler.register({
      name: 'flaky',
      runAtStart: true,
      nextRunAt: (after) => new Date(after.getTime() + 60_000),
      run: async () => {
        calls++
        if (calls === 1) throw new Error('provider down')
      },
    })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(0)
    expect(calls).toBe(1)
    expect(errors).toEqual(['flaky'])
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toBe(2)
    await scheduler.stop()
  })

  it('logs every run of a job, but only the failures of a quiet one (a job due every few seconds)', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T00:00:00Z') })
    const lines: string[] = []
    const scheduler = createScheduler({
      database: pgliteLike,
      log: {
        info: (details, message) => lines.push(`${(details as { job: string }).job}: ${message}`),
        error: (details, message) => lines.push(`${(details as { job: string }).job}: ${message}`),
      },
    })
    let fail = false
    const every5s = (after: Date) => new Date(after.getTime() + 5_000)
    scheduler.register({
      name: 'hourly',
      nextRunAt: (after) => new Date(after.getTime() + 10_000),
      run: async () => {},
    })
    scheduler.register({
      name: 'queue',
      quiet: true,
      nextRunAt: every5s,
      run: async () => {
        if (fail) throw new Error('database gone')
      },
    })
    scheduler.start()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(lines).toEqual(['hourly: job finished'])
    fail = true
    await vi.advanceTimersByTimeAsync(5_000)
    expect(lines).toEqual(['hourly: job finished', 'queue: job failed'])
    await scheduler.stop()
  })

  it('lets one of two runners run a job; the other is told it was skipped', async () => {
    const gate = deferred()
    let runs = 0
    const job: Job = {
      name: 'refresh',
      nextRunAt: () => new Date(Date.now() + 3_600_000),
      run: async () => {
        runs++
        await gate.promise
      },
    }
    const first = createScheduler({ database: pgliteLike, log: quietLog })
    const second = createScheduler({ database: pgliteLike, log: quietLog })
    first.register(job)
    second.register(job)
    const a = first.runNow('refresh')
    const b = second.runNow('refresh')
    expect(await b).toBe('skipped')
    gate.resolve()
    expect(await a).toBe('ran')
    expect(runs).toBe(1)
    expect(await second.runNow('refresh')).toBe('ran')
  })

  it('stops: clears its timers, signals the running job and waits for it', async () => {
    const gate = deferred()
    let aborted = false
    let finished = false
    const scheduler = createScheduler({ database: pgliteLike, log: quietLog })
    scheduler.register({
      name: 'long',
      nextRunAt: () => new Date(Date.now() + 3_600_000),
      run: async (signal) => {
        signal.addEventListener('abort', () => {
          aborted = true
          gate.resolve()
        })
        await gate.promise
        finished = true
      },
    })
    scheduler.start()
    const run = scheduler.runNow('long')
    await scheduler.stop()
    expect(aborted).toBe(true)
    expect(finished).toBe(true)
    expect(await run).toBe('ran')
  })
})

describe('scheduler on the test database', () => {
  let runtime: TestRuntime
  beforeAll(async () => {
    runtime = await createTestRuntime()
  })
  afterAll(() => runtime.close())

  it('skips a run while another process holds the job’s advisory lock (PostgreSQL), or runs it alone (PGlite)', async () => {
    const { database } = runtime
    let runs = 0
    const scheduler = createScheduler({ database, log: quietLog })
    scheduler.register({
      name: 'locked',
      nextRunAt: () => new Date(Date.now() + 3_600_000),
      run: async () => {
        runs++
      },
    })
    if (database.kind === 'postgres') {
      // Another process: a different connection holding the same lock.
      const gate = deferred()
      const held = database.withAdvisoryLock('tickerwise:job:locked', () => gate.promise)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await scheduler.runNow('locked')).toBe('skipped')
      gate.resolve()
      await held
      expect(runs).toBe(0)
    }
    expect(await scheduler.runNow('locked')).toBe('ran')
    expect(runs).toBe(1)
  })

  it('runs more jobs at once than the database has connections for requests, each querying it, and keeps answering', async () => {
    const { database } = runtime
    const scheduler = createScheduler({ database, log: quietLog })
    // The test database's pool has 5 connections: seven jobs due together, as at a start.
    const names = Array.from({ length: 7 }, (_, index) => `busy-${index}`)
    const started = deferred()
    let running = 0
    for (const name of names) {
      scheduler.register({
        name,
        nextRunAt: () => new Date(Date.now() + 3_600_000),
        run: async () => {
          if (++running === names.length) started.resolve()
          // Every job is under way before any of them asks the database for its work.
          await started.promise
          await database.db.execute(sql`select pg_sleep(0.05)`)
        },
      })
    }
    const outcomes = Promise.all(names.map((name) => scheduler.runNow(name)))
    await started.promise
    // A reader's request meanwhile is answered: the jobs' locks hold none of the requests' connections.
    await expect(database.db.execute(sql`select 1 as one`)).resolves.toBeDefined()
    expect(await outcomes).toEqual(names.map(() => 'ran'))
  })
})
