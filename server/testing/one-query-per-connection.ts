/**
 * A PostgreSQL connection runs one query at a time. pg 8 queues a query sent to a connection that already has one
 * waiting and prints a deprecation (pg 9 will throw), which a test run shows once per worker, far from its cause.
 * On the PostgreSQL run this setup file makes every such query fail the test that sent it, with where it was sent
 * from: two reads started together inside one transaction (`Promise.all` on `tx`) are the usual cause.
 */
import pg from 'pg'
import { afterEach, expect } from 'vitest'

interface ClientInternals {
  _queryQueue: unknown[]
  pipeline?: boolean
  query(...args: unknown[]): unknown
}

/** Kept on the global object: pg is loaded once per worker, the setup file once per test file. */
const storeKey = Symbol.for('tickerwise.testing.overlappingQueries')
type Store = { sites: string[] }
const globals = globalThis as unknown as Record<symbol, Store | undefined>

/** Starts recording (once per worker); the queries sent to a busy connection since the last call. */
export function takeOverlappingQueries(): string[] {
  let store = globals[storeKey]
  if (!store) {
    store = watchClients()
    globals[storeKey] = store
  }
  return store.sites.splice(0)
}

function watchClients(): Store {
  const store: Store = { sites: [] }
  const prototype = pg.Client.prototype as unknown as ClientInternals
  const query = prototype.query
  // pg's own condition for its deprecation (client.js): a query is already waiting behind the one running.
  prototype.query = function (this: ClientInternals, ...args: unknown[]) {
    if (this._queryQueue.length > 0 && !this.pipeline) {
      const sent =
        new Error('a query sent to a PostgreSQL connection that already had one waiting').stack ?? ''
      store.sites.push(sent.split('\n').slice(1, 12).join('\n'))
    }
    return query.apply(this, args)
  }
  return store
}

takeOverlappingQueries()
afterEach(() => {
  const overlapping = takeOverlappingQueries()
  expect(overlapping, 'queries sent to a busy connection (send them one after the other)').toEqual([])
})
