/**
 * PGlite in a thread of its own (ADR 0028), seen from the main thread as the client drizzle's PGlite driver expects:
 * `query`, `exec`, `transaction`, plus the data folder's dump and closing. PGlite runs each query as one synchronous
 * stretch of WebAssembly; in the server's own thread a busy database left new connections unread for seconds.
 *
 * Every call is a message to the worker (pglite-worker.ts) and its answer; rows come back as structured clones.
 * A transaction is opened in the worker and held there, every other query waiting behind it as PGlite does; the
 * queries of `fn` name it, and its end (commit, or rollback when `fn` throws) closes it. Query parsers cannot cross
 * threads: only the ones drizzle passes, which keep a type as text, are supported (by the type ids).
 */
import { Worker } from 'node:worker_threads'
import type { Results } from '@electric-sql/pglite'

export interface PgliteWorkerData {
  dataDir?: string
  loadDataDir?: ArrayBuffer
  startParams: string[]
}

export interface WorkerQueryOptions {
  rowMode?: 'array' | 'object'
  /** Type ids to leave as text (a parser that returns its input). */
  keepAsText?: number[]
}

export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: WorkerQueryOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  /** Holds the database at rest (checkpointed, no transaction or statement running) until `wake` names it. */
  | { id: number; op: 'rest' }
  | { id: number; op: 'wake'; rest: number }
  | { id: number; op: 'close' }
  /** One full collection in the thread (the start is over: what opening and seeding made is garbage). */
  | { id: number; op: 'collect' }

export interface WorkerError {
  message: string
  name: string
  stack?: string
  properties: Record<string, unknown>
}

export type WorkerAnswer =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WorkerError }

type ReadyMessage = { ready: true } | { ready: false; error: WorkerError }

/** The part of PGlite's client that drizzle's driver calls, on the database or inside a transaction. */
export interface PgliteConnection {
  query<T>(
    sql: string,
    params?: unknown[],
    options?: { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> },
  ): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

export interface PgliteWorkerClient extends PgliteConnection {
  transaction<T>(fn: (tx: PgliteConnection) => Promise<T>): Promise<T>
  /** The data folder as a gzipped tarball. */
  dumpDataDir(): Promise<Blob>
  /** Runs `work` in this thread while the worker holds the database at rest (database.ts says what that means). */
  withFilesAtRest<T>(work: () => Promise<T>): Promise<T>
  /** A full garbage collection in the thread, when the process runs with `--expose-gc` (node-flags.ts). */
  collectGarbage(): Promise<void>
  close(): Promise<void>
}

type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never

/** A worker's error as an Error of this thread, with PostgreSQL's fields (code, detail, …) where it had them. */
function errorFrom(transferred: WorkerError): Error {
  const error = Object.assign(new Error(transferred.message), transferred.properties)
  error.name = transferred.name
  if (transferred.stack) error.stack = transferred.stack
  return error
}

const workerUrl = new URL('./pglite-worker.ts', import.meta.url)

export async function startPgliteWorker(options: {
  dataDir?: string
  loadDataDir?: Blob
  startParams: string[]
  /** The thread failed or ended without being closed: every query in flight and after it fails. */
  onUnexpectedStop?: (error: Error) => void
}): Promise<PgliteWorkerClient> {
  const workerData: PgliteWorkerData = {
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: await options.loadDataDir.arrayBuffer() } : {}),
    startParams: options.startParams,
  }
  const worker = new Worker(workerUrl, {
    workerData,
    ...(workerData.loadDataDir ? { transferList: [workerData.loadDataDir] } : {}),
  })
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let stopped: Error | undefined
  let nextId = 1

  let closing = false
  const stop = (error: Error) => {
    const isFirst = stopped === undefined
    stopped ??= error
    for (const call of pending.values()) call.reject(stopped)
    pending.clear()
    if (isFirst && !closing) options.onUnexpectedStop?.(error)
  }
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('message', (message: ReadyMessage) => {
      if (message.ready) resolve()
      else reject(errorFrom(message.error))
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the PGlite thread exited with ${code} before opening`)))
  })
  try {
    await ready
  } catch (error) {
    closing = true
    await worker.terminate()
    throw error
  }
  worker.on('error', (error) => stop(new Error('the PGlite thread failed', { cause: error })))
  worker.on('exit', (code) => stop(new Error(`the PGlite thread has stopped (exit code ${code})`)))
  const settle = (message: WorkerAnswer) => {
    const call = pending.get(message.id)
    if (!call) return
    pending.delete(message.id)
    // An idle thread does not keep the process alive, as PGlite in the main thread did not.
    if (pending.size === 0) worker.unref()
    if (message.ok) call.resolve(message.value)
    else call.reject(errorFrom(message.error))
  }
  // Answers are handed over one per turn of the event loop. Node delivers every message waiting on the port in one
  // go, and what waits for each answer (mapping rows, the rest of the request, the next query) runs before the loop
  // turns again: under load the worker piles up answers faster than they are handled, and one turn carrying a
  // hundred of them would keep new connections waiting as PGlite itself did.
  const answers: WorkerAnswer[] = []
  const handOverNext = () => {
    const message = answers.shift()
    if (message) settle(message)
    if (answers.length > 0) setImmediate(handOverNext)
  }
  worker.on('message', (message: WorkerAnswer) => {
    answers.push(message)
    if (answers.length === 1) setImmediate(handOverNext)
  })
  worker.unref()

  const call = <T>(request: DistributiveOmit<PgliteRequest, 'id'>): Promise<T> => {
    if (stopped) return Promise.reject(stopped)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref()
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ ...request, id })
    })
  }

  const connectionOf = (tx?: number): PgliteConnection => ({
    query: (sql, params, queryOptions) =>
      call({
        op: 'query',
        sql,
        ...(params ? { params } : {}),
        ...(queryOptions
          ? {
              options: {
                ...(queryOptions.rowMode ? { rowMode: queryOptions.rowMode } : {}),
                ...(queryOptions.parsers
                  ? { keepAsText: Object.keys(queryOptions.parsers).map(Number) }
                  : {}),
              },
            }
          : {}),
        ...(tx === undefined ? {} : { tx }),
      }),
    exec: (sql) => call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) }),
  })

  return {
    ...connectionOf(),
    async transaction<T>(fn: (tx: PgliteConnection) => Promise<T>): Promise<T> {
      const tx = await call<number>({ op: 'begin' })
      let result: T
      try {
        result = await fn(connectionOf(tx))
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined)
        throw error
      }
      await call({ op: 'end', tx, commit: true })
      return result
    },
    async dumpDataDir() {
      return new Blob([await call<ArrayBuffer>({ op: 'dump' })], { type: 'application/x-gzip' })
    },
    async withFilesAtRest<T>(work: () => Promise<T>): Promise<T> {
      const rest = await call<number>({ op: 'rest' })
      try {
        return await work()
      } finally {
        await call({ op: 'wake', rest })
      }
    },
    async collectGarbage() {
      await call({ op: 'collect' })
    },
    async close() {
      if (stopped) return
      closing = true
      await call({ op: 'close' })
      stop(new Error('the database is closed'))
      await worker.terminate()
    },
  }
}
