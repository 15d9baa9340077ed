/**
 * The reader's own portfolio (issue 25; `services.portfolios`): the one door the routes and the page reach it
 * through. It composes the use cases, each in its own file:
 *
 *   portfolio-reading.ts   the portfolio valued in the base currency, its score, notes and performance (getPortfolio),
 *                          and its older transactions a page at a time (listTransactions)
 *   portfolio-editing.ts   transactions added, edited and deleted, the base currency, the portfolio deleted
 *   portfolio-import.ts    a broker's CSV previewed and imported, all rows or none
 *
 * Only the owner reaches a portfolio: every function takes the reader and works on their member id alone. Holdings
 * are never logged nor sent to analytics. The market data (facts, closes, the benchmark) and the stock lookup are
 * the stocks module's, exchange rates the market-data provider's, all received as functions (server/services.ts).
 */

import type { PortfolioDependencies } from './portfolio-deps.ts'
import { createPortfolioEditing } from './portfolio-editing.ts'
import { createPortfolioImport } from './portfolio-import.ts'
import { createPortfolioReading } from './portfolio-reading.ts'
import { selectHoldersJson } from './portfolios.repo.ts'

export function createPortfoliosService(deps: PortfolioDependencies) {
  const reading = createPortfolioReading(deps)
  const editing = createPortfolioEditing(deps)
  const imports = createPortfolioImport(deps)
  return {
    getPortfolio: reading.getPortfolio,
    listTransactions: reading.listTransactions,
    addTransaction: editing.addTransaction,
    updateTransaction: editing.updateTransaction,
    deleteTransaction: editing.deleteTransaction,
    setBaseCurrency: editing.setBaseCurrency,
    deletePortfolio: editing.deletePortfolio,
    deleteMemberPortfolio: editing.deleteMemberPortfolio,
    previewImport: imports.previewImport,
    importTransactions: imports.importTransactions,
    /**
     * The alerts' portfolio switch: who holds these stocks now (JSON, as the alerts' statement reads it), every
     * portfolio's replay kept first (one saved before replays were kept is replayed here, not when its page opens).
     */
    listHoldersJson: async (stocks: readonly { market: string; code: string }[]) => {
      await reading.keepMissingHoldings()
      return selectHoldersJson(deps.db, stocks)
    },
  }
}

export type PortfoliosService = ReturnType<typeof createPortfoliosService>
