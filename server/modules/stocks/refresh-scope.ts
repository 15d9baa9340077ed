/**
 * What the refresh's parts share (stock-refresh.ts, snapshot-refresh.ts, picks-refresh.ts): the companies in scope
 * (MARKET_DATA_COMPANIES, else the whole universe) with each one's data state, the logger, and a failure as the
 * refresh report writes it.
 */
import type { Db } from '#server/db/database.ts'
import { isMarketDataError } from '#server/providers/market-data/market-data-error.ts'
import { type DataStateRow, selectDataStates } from './market-data.repo.ts'
import { type CompanyRow, selectCompanies } from './stock-companies.repo.ts'
import type { MarketDataSettings } from './stocks.config.ts'

export interface RefreshLogger {
  info(details: object, message: string): void
  warn(details: object, message: string): void
}

export const noLog: RefreshLogger = { info: () => undefined, warn: () => undefined }

/** A company the refresh could not fetch or diagnose (`market:code`), and why. */
export interface RefreshFailure {
  code: string
  error: string
}

/** A failure as the report and the data state keep it: a provider's code when it has one. */
export function describeRefreshError(error: unknown): string {
  if (isMarketDataError(error)) return `${error.code}: ${error.message}`
  return error instanceof Error ? error.message : String(error)
}

export interface RefreshScope {
  companies: CompanyRow[]
  states: Map<number, DataStateRow>
}

/** Reads the companies in scope, in id order, and every company's data state. */
export function createScopeLoader(db: Db, settings: MarketDataSettings): () => Promise<RefreshScope> {
  const wanted = settings.companies ? new Set(settings.companies.map((c) => `${c.market}:${c.code}`)) : null
  return async function loadScope(): Promise<RefreshScope> {
    const all = await selectCompanies(db)
    const companies = wanted ? all.filter((c) => wanted.has(`${c.market}:${c.code}`)) : all
    return { companies, states: await selectDataStates(db) }
  }
}
