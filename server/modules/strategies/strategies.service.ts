/**
 * Portfolio strategies (issue 15): the service (`services.strategies`) that the portal's routes, the member's page
 * and the console's routes call. It composes the two sides, each in its own file:
 *
 *   strategy-reading.ts   what readers see: the list with locks, one strategy's holdings, rebalances, rationale,
 *                         performance against the benchmark, guidance (listForReader, detailForReader)
 *   strategy-editing.ts   what analysts change in the console, audited: create, update, remove, rebalance
 *                         (listForConsole, getForConsole, createStrategy, updateStrategy, removeStrategy,
 *                         addRebalance)
 *
 * Who sees which strategy is contracts/benefits.ts's; the market data and its benchmark are the stocks module's,
 * received as `prices`; the audit writer is the console's, received as `recordChange`.
 */
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import type { MarketPricesService } from '#server/modules/stocks/market-prices.service.ts'
import { createStrategyEditing, type StrategyChangeRecord } from './strategy-editing.ts'
import { createStrategyReading } from './strategy-reading.ts'

export function createStrategiesService({
  db,
  clock,
  prices,
  recordChange,
}: {
  db: Db
  clock: Clock
  /** The stocks module's market data: companies, closes, trading days, demo flags and the benchmark. */
  prices: Omit<MarketPricesService, 'tradingDayFrom' | 'codesPricedOn'>
  recordChange: (record: StrategyChangeRecord, db: Db) => Promise<void>
}) {
  const reading = createStrategyReading({ db, clock, prices })
  const editing = createStrategyEditing({ db, clock, prices, recordChange })
  return {
    listForReader: reading.listForReader,
    detailForReader: reading.detailForReader,
    listForConsole: editing.listForConsole,
    getForConsole: editing.getForConsole,
    createStrategy: editing.createStrategy,
    updateStrategy: editing.updateStrategy,
    removeStrategy: editing.removeStrategy,
    addRebalance: editing.addRebalance,
  }
}

export type StrategiesService = ReturnType<typeof createStrategiesService>
