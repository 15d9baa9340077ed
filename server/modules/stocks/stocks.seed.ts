/**
 * The stocks part of the idempotent seed: the universe's companies (kept in line with universe.ts), and on a fresh
 * database the first fill of market data from the demo provider, so the first page already has numbers (and, on a
 * database filled by an earlier version of the demo generators, the refill that replaces those numbers). Real
 * providers (yahoo, csv) are not filled here: a network fill takes minutes, so the scheduler fills those markets in
 * the background after start. Snapshots without their screener row (a database older than the screener) get it.
 */
import type { Config } from '#server/config.ts'
import type { Db } from '#server/db/database.ts'
import { universe } from '#server/providers/market-data/universe.ts'
import type { RefreshLogger } from './refresh-scope.ts'
import { fillMissingScreenRows } from './screen-rows-fill.ts'
import { upsertCompanies } from './stock-companies.repo.ts'
import { createConfiguredProvider } from './stock-provider.ts'
import { createStockRefresh, type RefreshReport } from './stock-refresh.ts'

export async function seedStocks(
  db: Db,
  config: Config | undefined,
  log?: RefreshLogger,
): Promise<RefreshReport[]> {
  await upsertCompanies(db, universe)
  // Snapshots stored before the screener's read model existed get their rows, whatever the provider.
  await fillMissingScreenRows(db)
  if (config?.marketData.provider !== 'demo') return []
  const refresh = createStockRefresh({
    db,
    provider: createConfiguredProvider(config.marketData, db),
    settings: config.marketData,
    now: () => new Date(),
    log,
  })
  return refresh.fillEmptyMarkets()
}
