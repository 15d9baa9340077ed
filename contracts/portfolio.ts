/**
 * Wire shapes of the reader's own portfolio (issue 25); answers, limits and codes are in portfolio-rules.ts (the
 * zod-free half the page imports). Only the portfolio's owner reads or changes it: every call is for a logged-in
 * member (a visitor 401 UNAUTHENTICATED) and only ever reaches the caller's own rows — another member's transaction
 * id answers 404, as one that never existed.
 *
 *   GET    /member/portfolio?base=          PortfolioQuery → PortfolioAnswer (an empty one before the first entry)
 *   GET    /member/portfolio/transactions?offset=&limit=   TransactionsQuery → PortfolioTransactionsPage (newest
 *                                           first; the answer above lists the latest few, this the rest)
 *   POST   /member/portfolio/transactions   TransactionInput → PortfolioTransaction (409 SELL_EXCEEDS_HOLDING,
 *                                           NOTHING_HELD, FULL; 400 STOCK_UNKNOWN, DATE_INVALID, …)
 *   POST   /member/portfolio/transactions/:id   TransactionInput → PortfolioTransaction (edit; 404 not the reader's)
 *   DELETE /member/portfolio/transactions/:id   → { deleted: true } (409 when a later sell would then exceed)
 *   POST   /member/portfolio/settings       PortfolioSettingsRequest → { baseCurrency }
 *   POST   /member/portfolio/import/preview ImportRequest → ImportPreview (nothing saved)
 *   POST   /member/portfolio/import         ImportRequest → ImportResult (one transaction: all rows or none; 409
 *                                           IMPORT_HAS_REJECTIONS unless `skipRejected`)
 *   DELETE /member/portfolio                → { deleted: true } (every transaction and the settings)
 */
import { z } from 'zod'
import { baseCurrencies } from './base-currencies.ts'
import { transactionPages } from './portfolio-pages.ts'
import {
  type ImportField,
  importFields,
  PortfolioErrorCode,
  portfolioLimits,
  transactionKinds,
} from './portfolio-rules.ts'
import { Market } from './regions.ts'

export * from './portfolio-rules.ts'

const isoDay = /^\d{4}-\d{2}-\d{2}$/

const Amount = (code: string) => z.coerce.number(code).min(0, code).max(portfolioLimits.amountMax, code)

export const BaseCurrency = z.enum(baseCurrencies, PortfolioErrorCode.baseCurrencyInvalid)

export const PortfolioQuery = z.object({
  base: z.preprocess((value) => (value === '' ? undefined : value), BaseCurrency.optional()),
})
export type PortfolioQuery = z.infer<typeof PortfolioQuery>

export const TransactionsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(transactionPages.pageMax).default(transactionPages.page),
})
export type TransactionsQuery = z.infer<typeof TransactionsQuery>

export const TransactionInput = z
  .object({
    kind: z.enum(transactionKinds, PortfolioErrorCode.kindInvalid),
    market: Market,
    code: z.string(PortfolioErrorCode.stockUnknown).trim().min(1, PortfolioErrorCode.stockUnknown).max(20),
    tradeDate: z.string(PortfolioErrorCode.dateInvalid).regex(isoDay, PortfolioErrorCode.dateInvalid),
    quantity: Amount(PortfolioErrorCode.quantityInvalid).default(0),
    price: Amount(PortfolioErrorCode.priceInvalid).default(0),
    fee: Amount(PortfolioErrorCode.amountInvalid).default(0),
    amount: Amount(PortfolioErrorCode.amountInvalid).default(0),
    note: z.string().trim().max(portfolioLimits.noteMax).default(''),
  })
  .superRefine((input, context) => {
    if ((input.kind === 'buy' || input.kind === 'sell' || input.kind === 'split') && !(input.quantity > 0))
      context.addIssue({ code: 'custom', message: PortfolioErrorCode.quantityInvalid, path: ['quantity'] })
    if (input.kind === 'dividend' && !(input.amount > 0))
      context.addIssue({ code: 'custom', message: PortfolioErrorCode.amountInvalid, path: ['amount'] })
  })
export type TransactionInput = z.infer<typeof TransactionInput>

export const TransactionParams = z.object({ id: z.uuid(PortfolioErrorCode.transactionNotFound) })

export const PortfolioSettingsRequest = z.object({ baseCurrency: BaseCurrency })

const ColumnIndex = z.number().int().min(0).max(200).nullable()
const mappingShape = Object.fromEntries(
  importFields.map((field) => [field, ColumnIndex.optional()]),
) as Record<ImportField, z.ZodOptional<typeof ColumnIndex>>

export const ImportRequest = z.object({
  text: z
    .string(PortfolioErrorCode.importEmpty)
    .min(1, PortfolioErrorCode.importEmpty)
    .max(portfolioLimits.importTextMax, PortfolioErrorCode.importTooLarge),
  /** Absent: the columns are guessed from the header (the preview says which). */
  mapping: z.object(mappingShape).optional(),
  skipRejected: z.boolean().default(false),
})
export type ImportRequest = z.infer<typeof ImportRequest>
