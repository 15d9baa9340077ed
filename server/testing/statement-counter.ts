/**
 * Counts the SQL statements this process sends through drizzle (either driver, any database) while it is on: each
 * execution of a prepared query is one, whichever service or transaction runs it. For tests and benches that check
 * a job's statements do not grow with its recipients. One counter at a time; `stop()` puts drizzle back. A bench
 * of many statements counts them without keeping their texts (`keepTexts: false`), so counting costs no memory.
 */
import { PgPreparedQuery } from 'drizzle-orm/pg-core'

export interface StatementCounter {
  /** Statements sent since the counter started. */
  readonly count: number
  /** Their SQL texts, in order (for a failing test's message); empty with `keepTexts: false`. */
  readonly texts: readonly string[]
  stop(): void
}

type QueryWithCache = (
  queryString: string,
  params: unknown[],
  query: () => Promise<unknown>,
) => Promise<unknown>

export function countStatements({ keepTexts = true }: { keepTexts?: boolean } = {}): StatementCounter {
  const prototype = PgPreparedQuery.prototype as unknown as { queryWithCache: QueryWithCache }
  const original = prototype.queryWithCache
  const texts: string[] = []
  let count = 0
  prototype.queryWithCache = function (this: unknown, queryString, params, query) {
    count++
    if (keepTexts) texts.push(queryString)
    return original.call(this, queryString, params, query)
  }
  return {
    get count() {
      return count
    },
    texts,
    stop() {
      prototype.queryWithCache = original
    },
  }
}
