/**
 * The thread PGlite runs in (ADR 0028): it opens the database and answers the main thread's messages
 * (pglite-worker-client.ts), so PostgreSQL's WebAssembly, synchronous for the whole of each query, never holds up the
 * server's event loop. PGlite queues the queries itself; a transaction stays open here, keeping every other query
 * waiting, until the main thread ends it. Loaded only as a worker; it imports nothing of the server.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgliteRequest, PgliteWorkerData, WorkerAnswer, WorkerError } from './pglite-worker-client.ts'

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread')
const port = parentPort
const settings = workerData as PgliteWorkerData

/** An error as it can cross to the other thread: its message, name, stack and every property that clones. */
function transferableError(error: unknown): WorkerError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', properties: {} }
  const properties: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    try {
      properties[key] = structuredClone(value)
    } catch {
      // A function (PGlite's query options carry its parsers) stays on this side.
    }
  }
  return {
    message: error.message,
    name: error.name,
    ...(error.stack ? { stack: error.stack } : {}),
    properties,
  }
}

function answer(id: number, value: unknown, transfer: Transferable[] = []): void {
  port.postMessage({ id, ok: true, value } satisfies WorkerAnswer, transfer as never)
}

function fail(id: number, error: unknown): void {
  port.postMessage({ id, ok: false, error: transferableError(error) } satisfies WorkerAnswer)
}

/** Parsers cannot cross threads: the client names the types to leave as text (all drizzle asks of them). */
function parsersKeepingText(
  types: number[] | undefined,
): Record<number, (value: string) => string> | undefined {
  if (!types) return undefined
  return Object.fromEntries(types.map((type) => [type, (value: string) => value]))
}

async function openDatabase(): Promise<PGlite | undefined> {
  try {
    return await PGlite.create({
      ...(settings.dataDir ? { dataDir: settings.dataDir } : {}),
      ...(settings.loadDataDir ? { loadDataDir: new Blob([settings.loadDataDir]) } : {}),
      extensions: { pg_trgm },
      relaxedDurability: !settings.dataDir,
      startParams: [...PGlite.defaultStartParams, ...settings.startParams],
    })
  } catch (error) {
    // The thread ends after this message: nothing listens on the port.
    port.postMessage({ ready: false, error: transferableError(error) })
    return undefined
  }
}

const opened = await openDatabase()
if (opened) serve(opened)

function serve(database: PGlite): void {
  interface OpenTransaction {
    tx: Transaction
    end(commit: boolean): void
    done: Promise<void>
  }
  const transactions = new Map<number, OpenTransaction>()
  let nextTransaction = 1
  const rests = new Map<number, { wake(): void; held: Promise<void> }>()
  let nextRest = 1

  /** Checkpoints, then holds both of PGlite's mutexes (no transaction open, no statement running) until woken. */
  async function rest(id: number): Promise<void> {
    await database.exec('CHECKPOINT')
    const restId = nextRest++
    let wake: () => void = () => undefined
    const woken = new Promise<void>((resolve) => {
      wake = resolve
    })
    let holding = false
    const held = database._runExclusiveTransaction(() =>
      database._runExclusiveQuery(async () => {
        holding = true
        answer(id, restId)
        await woken
      }),
    )
    rests.set(restId, { wake, held })
    held.catch((error: unknown) => {
      rests.delete(restId)
      if (!holding) fail(id, error)
    })
  }

  /** The connection a request runs on: the open transaction it names, or the database (which waits for any). */
  function runnerOf(request: { tx?: number }): Pick<Transaction, 'query' | 'exec'> {
    if (request.tx === undefined) return database
    const open = transactions.get(request.tx)
    if (!open) throw new Error(`transaction ${request.tx} is not open`)
    return open.tx
  }

  function beginTransaction(id: number): void {
    const txId = nextTransaction++
    let begun = false
    let end: (commit: boolean) => void = () => undefined
    const ended = new Promise<boolean>((resolve) => {
      end = resolve
    })
    const done = database.transaction(async (tx) => {
      transactions.set(txId, { tx, end, done })
      begun = true
      answer(id, txId)
      if (!(await ended)) await tx.rollback()
    })
    done.then(
      () => transactions.delete(txId),
      (error: unknown) => {
        transactions.delete(txId)
        if (!begun) fail(id, error)
      },
    )
  }

  async function handle(request: PgliteRequest): Promise<void> {
    const { id } = request
    try {
      switch (request.op) {
        case 'query': {
          const { rowMode, keepAsText } = request.options ?? {}
          const parsers = parsersKeepingText(keepAsText)
          const options = { ...(rowMode ? { rowMode } : {}), ...(parsers ? { parsers } : {}) }
          answer(id, await runnerOf(request).query(request.sql, request.params, options))
          return
        }
        case 'exec':
          answer(id, await runnerOf(request).exec(request.sql))
          return
        case 'begin':
          beginTransaction(id)
          return
        case 'end': {
          const open = transactions.get(request.tx)
          if (!open) throw new Error(`transaction ${request.tx} is not open`)
          open.end(request.commit)
          await open.done
          answer(id, undefined)
          return
        }
        case 'dump': {
          const buffer = await (await database.dumpDataDir('gzip')).arrayBuffer()
          answer(id, buffer, [buffer])
          return
        }
        case 'rest':
          await rest(id)
          return
        case 'wake': {
          const resting = rests.get(request.rest)
          if (!resting) throw new Error(`rest ${request.rest} is not held`)
          rests.delete(request.rest)
          resting.wake()
          await resting.held
          answer(id, undefined)
          return
        }
        case 'collect':
          // Exposed by --expose-gc (node-flags.ts; V8's flags are the process's, every thread's).
          ;(globalThis as { gc?: (options: object) => void }).gc?.({
            type: 'major',
            execution: 'sync',
            flavor: 'last-resort',
          })
          answer(id, undefined)
          return
        case 'close':
          await database.close()
          answer(id, undefined)
          port.close()
          return
      }
    } catch (error) {
      fail(id, error)
    }
  }

  port.on('message', (request: PgliteRequest) => void handle(request))
  port.postMessage({ ready: true })
}
