/**
 * What every stocks answer shares: the query read with its contract (a failure is AppError('invalid') with the first
 * field's stable code, which page loaders branch on), the data stamp (`isDemo`, `asOf`, `stale` against the session
 * each market should have reached by now), and the short reuse of list answers. Decides staleness; what an answer
 * holds is its use case's.
 */
import { ZodError, type z } from 'zod'
import { CommonErrorCode } from '#contracts/envelope.ts'
import type { Market } from '#contracts/regions.ts'
import type { Clock } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import { AppError } from '#server/http/app-error.ts'
import {
  lastCompletedSession,
  tradingDayOnOrBefore,
} from '#server/providers/market-data/exchange-calendar.ts'
import { marketExchange } from './market-sessions.ts'
import type { StockRow } from './stocks.repo.ts'

/** Parses with a contract, turning a failure into AppError('invalid') with the first issue's stable code. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  try {
    return schema.parse(input)
  } catch (error) {
    if (!(error instanceof ZodError)) throw error
    const fields = error.issues.map((issue) => ({
      field: issue.path.map(String).join('.'),
      code: /^[A-Z_]+$/.test(issue.message) ? issue.message : CommonErrorCode.validationFailed,
    }))
    // The first field's code (STOCK_QUERY_EMPTY…) is the error a page loader branches on.
    throw new AppError('invalid', fields[0]?.code ?? CommonErrorCode.validationFailed, {
      fields,
      cause: error,
    })
  }
}

/** Reuses each answer for `cacheMillis` by key; a failed computation is forgotten at once. */
export function createAnswerCache(cacheMillis: number) {
  const cache = new Map<string, { expires: number; value: Promise<unknown> }>()
  function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const now = Date.now()
    const hit = cache.get(key)
    if (hit && hit.expires > now) return hit.value as Promise<T>
    const value = compute()
    cache.set(key, { expires: now + cacheMillis, value })
    value.catch(() => cache.delete(key))
    if (cache.size > 500) {
      for (const [k, entry] of cache) if (entry.expires <= now) cache.delete(k)
    }
    return value
  }

  return cached
}

export type AnswerCache = ReturnType<typeof createAnswerCache>

/**
 * Companies' rows (their latest snapshot's figures) by company id, each reused for `cacheMillis`: a watchlist of 200
 * stocks reads only the rows no other list read in that time, in one query (`select`). Rows of companies that have
 * none (left the universe) are simply missing, as from the query.
 */
export function createStockRowCache(
  cacheMillis: number,
  select: (companyIds: readonly number[]) => Promise<StockRow[]>,
) {
  const rows = new Map<number, { expires: number; row: StockRow }>()
  let nextSweep = 0

  async function of(companyIds: readonly number[]): Promise<StockRow[]> {
    const now = Date.now()
    // What is here now is kept aside: another reading may sweep it while this one waits for the rest.
    const found = new Map<number, StockRow>()
    const missing: number[] = []
    for (const id of companyIds) {
      const entry = rows.get(id)
      if (entry && entry.expires > now) found.set(id, entry.row)
      else missing.push(id)
    }
    if (missing.length > 0) {
      const expires = now + cacheMillis
      for (const row of await select(missing)) {
        found.set(row.companyId, row)
        if (cacheMillis > 0) rows.set(row.companyId, { expires, row })
      }
    }
    // Companies leave the universe: a row nobody read again in its time goes.
    if (now >= nextSweep) {
      for (const [id, entry] of rows) if (entry.expires <= now) rows.delete(id)
      nextSweep = now + cacheMillis
    }
    return companyIds.flatMap((id) => {
      const row = found.get(id)
      return row ? [row] : []
    })
  }

  return { of }
}

export interface DataStamp {
  isDemo: boolean
  asOf: string | null
  stale: boolean
}

export function createDataStamps({ config, clock }: { config: Config; clock: Clock }) {
  /** The session a market's data should have reached by now (one refresh delay and an hour of grace allowed). */
  function expectedSession(market: Market): string {
    const exchange = marketExchange[market]
    const md = config.marketData
    if (md.provider === 'demo' && md.demo.endDate) return tradingDayOnOrBefore(exchange, md.demo.endDate)
    const grace = (md.refreshDelayMinutes + 60) * 60_000
    return lastCompletedSession(exchange, new Date(clock.now().getTime() - grace))
  }

  function isStale(market: Market, asOf: string | null): boolean {
    return asOf === null || asOf < expectedSession(market)
  }

  function stampOf(rows: readonly StockRow[]): DataStamp {
    let asOf: string | null = null
    let stale = false
    let isDemo = false
    for (const row of rows) {
      if (row.snapshotIsDemo ?? row.stateIsDemo) isDemo = true
      const date = row.asOf ?? row.lastBarDate
      if (date && (asOf === null || date > asOf)) asOf = date
      if (date && isStale(row.market, date)) stale = true
    }
    return { isDemo, asOf, stale: stale || asOf === null }
  }

  return { isStale, stampOf }
}

export type DataStamps = ReturnType<typeof createDataStamps>
