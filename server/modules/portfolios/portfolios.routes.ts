/**
 * The reader's portfolio API (contracts/portfolio.ts): parse, call the service, answer in the envelope. Members
 * only (a visitor 401, for the whole group); whose rows are reached is the service's (the caller's own only).
 * Changes are limited per client address (a person types a few a minute; a script is stopped), the import more
 * tightly: each reads a whole file and looks up its stocks.
 */
import type { FastifyInstance } from 'fastify'
import { ok } from '#contracts/envelope.ts'
import { CommonErrorCode } from '#contracts/error-codes.ts'
import {
  ImportRequest,
  PortfolioQuery,
  PortfolioSettingsRequest,
  TransactionInput,
  TransactionParams,
  TransactionsQuery,
} from '#contracts/portfolio.ts'
import { AppError } from '#server/http/app-error.ts'
import { requestLocale } from '#server/http/error-handler.ts'
import type { PortfoliosService } from './portfolios.service.ts'

/** Changes per client address and minute. */
export const portfolioChangesPerMinute = 60
/** Previews and imports per client address and minute. */
export const portfolioImportsPerMinute = 10
/** A CSV text of up to 1,000,000 characters, in JSON, of any script (up to 3 bytes a character). */
const importBodyLimit = 4 * 1024 * 1024

export function registerPortfoliosRoutes(api: FastifyInstance, portfolios: PortfoliosService): void {
  api.register(async (routes) => {
    routes.addHook('onRequest', async (request) => {
      if (!request.reader.memberId) throw new AppError('unauthenticated', CommonErrorCode.unauthenticated)
    })
    const changes = { config: { rateLimit: { max: portfolioChangesPerMinute, timeWindow: '1 minute' } } }
    const imports = {
      bodyLimit: importBodyLimit,
      config: { rateLimit: { max: portfolioImportsPerMinute, timeWindow: '1 minute' } },
    }

    routes.get('/member/portfolio', async (request) => {
      const { base } = PortfolioQuery.parse(request.query ?? {})
      return ok(await portfolios.getPortfolio(request.reader, base, requestLocale(request)))
    })
    routes.get('/member/portfolio/transactions', async (request) => {
      const page = TransactionsQuery.parse(request.query ?? {})
      return ok(await portfolios.listTransactions(request.reader, page, requestLocale(request)))
    })
    routes.delete('/member/portfolio', changes, async (request) =>
      ok(await portfolios.deletePortfolio(request.reader)),
    )

    routes.post('/member/portfolio/transactions', changes, async (request) => {
      const input = TransactionInput.parse(request.body ?? {})
      return ok(await portfolios.addTransaction(request.reader, input, requestLocale(request)))
    })
    routes.post('/member/portfolio/transactions/:id', changes, async (request) => {
      const { id } = TransactionParams.parse(request.params)
      const input = TransactionInput.parse(request.body ?? {})
      return ok(await portfolios.updateTransaction(request.reader, id, input, requestLocale(request)))
    })
    routes.delete('/member/portfolio/transactions/:id', changes, async (request) => {
      const { id } = TransactionParams.parse(request.params)
      return ok(await portfolios.deleteTransaction(request.reader, id))
    })

    routes.post('/member/portfolio/settings', changes, async (request) => {
      const { baseCurrency } = PortfolioSettingsRequest.parse(request.body ?? {})
      return ok(await portfolios.setBaseCurrency(request.reader, baseCurrency))
    })

    routes.post('/member/portfolio/import/preview', imports, async (request) => {
      const body = ImportRequest.parse(request.body ?? {})
      return ok(await portfolios.previewImport(request.reader, body, requestLocale(request)))
    })
    routes.post('/member/portfolio/import', imports, async (request) => {
      const body = ImportRequest.parse(request.body ?? {})
      return ok(await portfolios.importTransactions(request.reader, body))
    })
  })
}
