/**
 * The reader's own portfolio (issue 25) without zod, for the page (ADR 0011): the transaction kinds, the base
 * currencies, the limits, the error codes, the CSV layouts the import recognises and the answer shapes of the calls
 * listed in contracts/portfolio.ts. A portfolio is a list of transactions; holdings are derived from them
 * (docs/decisions/0034-portfolio-as-transactions.md).
 */

import type { BaseCurrency } from './base-currencies.ts'
import type { Market } from './regions.ts'
import { strategyGuidance } from './strategies-rules.ts'

export const transactionKinds = ['buy', 'sell', 'dividend', 'split'] as const
export type TransactionKind = (typeof transactionKinds)[number]

export const portfolioLimits = {
  /** Characters of a CSV text the import reads (about 20,000 rows of a broker export). */
  importTextMax: 1_000_000,
  /** Data rows one import takes. */
  importRowsMax: 5000,
  /** Rows of a preview shown as they will be imported (all rejected rows are always listed). */
  previewRowsShown: 20,
  noteMax: 200,
  /** Quantities, prices and amounts above this are typing mistakes, not holdings. */
  amountMax: 1e12,
} as const

/** The spec's guidance (§9), the strategies' own: about 25 or more stocks, held at least 5 years. */
export const portfolioGuidance = {
  stocksMin: strategyGuidance.holdingsAtLeast,
  holdingYearsMin: strategyGuidance.yearsAtLeast,
  /** One holding above this share of the value is called concentrated. */
  singleHoldingMax: 0.1,
  /** A sector above this share of the value is called concentrated. */
  sectorMax: 0.3,
} as const

export const PortfolioErrorCode = {
  /** 404 — 'This transaction was not found.' */
  transactionNotFound: 'PORTFOLIO_TRANSACTION_NOT_FOUND',
  /** 400 — 'We could not find this stock among the stocks we cover.' */
  stockUnknown: 'PORTFOLIO_STOCK_UNKNOWN',
  /** 400 — 'Use a date in the form YYYY-MM-DD, not in the future.' */
  dateInvalid: 'PORTFOLIO_DATE_INVALID',
  /** 400 — 'Enter a quantity greater than zero.' */
  quantityInvalid: 'PORTFOLIO_QUANTITY_INVALID',
  /** 400 — 'Enter a price of zero or more.' */
  priceInvalid: 'PORTFOLIO_PRICE_INVALID',
  /** 400 — 'Enter an amount of zero or more.' */
  amountInvalid: 'PORTFOLIO_AMOUNT_INVALID',
  /** 400 — 'Buy, sell, dividend or split.' */
  kindInvalid: 'PORTFOLIO_KIND_INVALID',
  /** 409 — 'This sells more shares than the portfolio holds on that date.' */
  sellExceedsHolding: 'PORTFOLIO_SELL_EXCEEDS_HOLDING',
  /** 409 — 'A dividend or split needs shares held on that date.' */
  nothingHeld: 'PORTFOLIO_NOTHING_HELD',
  /** 400 — 'The currency differs from the currency the stock trades in.' */
  currencyMismatch: 'PORTFOLIO_CURRENCY_MISMATCH',
  /** 409 — 'Your plan keeps up to {{max}} transactions in a portfolio, so nothing was added; …' (contracts/benefits.ts) */
  full: 'PORTFOLIO_FULL',
  /** 400 — 'Choose a base currency.' */
  baseCurrencyInvalid: 'PORTFOLIO_BASE_CURRENCY_INVALID',
  /** 400 — 'The file is empty or has no header row.' */
  importEmpty: 'PORTFOLIO_IMPORT_EMPTY',
  /** 400 — 'The file is too large: up to 5,000 rows at once.' */
  importTooLarge: 'PORTFOLIO_IMPORT_TOO_LARGE',
  /** 400 — 'Choose the columns for date, stock, quantity and price.' */
  importMappingIncomplete: 'PORTFOLIO_IMPORT_MAPPING_INCOMPLETE',
  /** 409 — 'Some rows were rejected; nothing was imported.' */
  importHasRejections: 'PORTFOLIO_IMPORT_HAS_REJECTIONS',
  /** 400 — 'No row of the file can be imported.' */
  importNothing: 'PORTFOLIO_IMPORT_NOTHING',
  /** Row reasons (each a sentence in the errors catalogue). */
  rowQuoteOpen: 'PORTFOLIO_ROW_QUOTE_OPEN',
  rowActionUnknown: 'PORTFOLIO_ROW_ACTION_UNKNOWN',
  rowColumnsMissing: 'PORTFOLIO_ROW_COLUMNS_MISSING',
} as const
export type PortfolioErrorCode = (typeof PortfolioErrorCode)[keyof typeof PortfolioErrorCode]

/** What a CSV column may mean; `date`, `stock`, `quantity` and `price` must be mapped. */
export const importFields = [
  'date',
  'stock',
  'market',
  'action',
  'quantity',
  'price',
  'currency',
  'fee',
  'amount',
] as const
export type ImportField = (typeof importFields)[number]
export const requiredImportFields = [
  'date',
  'stock',
  'quantity',
  'price',
] as const satisfies readonly ImportField[]
/** Each field's column index (0-based) in the file, or null when the file has none. */
export type ImportMapping = Record<ImportField, number | null>

/** The broker layouts the import recognises by their header (docs/portfolio.md names each). */
export const importLayouts = ['generic', 'interactive-brokers', 'futu', 'unknown'] as const
export type ImportLayout = (typeof importLayouts)[number]

// ——— Answers ———

export interface PortfolioTransaction {
  id: string
  kind: TransactionKind
  market: Market
  code: string
  name: string
  /** ISO day. */
  tradeDate: string
  /** Shares bought or sold; for a split the ratio (2 = two shares for one); 0 for a dividend. */
  quantity: number
  /** Per share, in the stock's currency; 0 for a dividend or split. */
  price: number
  fee: number
  /** Cash of a dividend, in the stock's currency; 0 otherwise. */
  amount: number
  currency: string
  note: string
}

export interface FxRateUsed {
  from: string
  to: BaseCurrency
  rate: number
  asOf: string
}

export interface PortfolioHolding {
  market: Market
  code: string
  name: string
  sector: string | null
  currency: string
  quantity: number
  averageCost: number
  /** Last close and its day; null when the stock has no price (no longer covered). */
  price: number | null
  priceDate: string | null
  /** In the base currency; null when the price or the rate is missing. */
  marketValue: number | null
  costBase: number | null
  unrealisedGain: number | null
  unrealisedReturn: number | null
  weight: number | null
  totalScore: number | null
  dividendYield: number | null
  /** Years since the first buy of the shares still held (average, by quantity). */
  heldYears: number
  isCovered: boolean
  /** The diagnosis page of the stock. */
  diagnosisPath: string
}

export interface PortfolioWeight {
  key: string
  weight: number
  value: number
}

export interface PortfolioScore {
  /** Value-weighted total score (0–100) of the holdings that have one; null when none has. */
  total: number | null
  /** The same for each dimension, with its name in the reader's language (the diagnosis page's words). */
  dimensions: Array<{ key: string; label: string; value: number | null }>
  /** Share of the value whose holdings have a total score. */
  coverage: number
  method: string
  /** The latest diagnosis day behind it. */
  asOf: string | null
}

export type PortfolioNoteKey =
  | 'fewStocks'
  | 'enoughStocks'
  | 'shortHolding'
  | 'longHolding'
  | 'concentratedHolding'
  | 'concentratedSector'
  | 'oneMarket'

export interface PortfolioNote {
  key: PortfolioNoteKey
  /** Values the sentence interpolates (counts, percentages as fractions, names). */
  params: Record<string, string | number>
  tone: 'good' | 'warn'
}

export interface PortfolioPerformancePoint {
  date: string
  portfolio: number
  benchmark: number | null
}

export interface PortfolioPerformance {
  method: string
  benchmarkMethod: string
  benchmarkMarket: Market
  startDate: string
  asOf: string
  /** Time-weighted return over the whole span, fraction. */
  portfolioReturn: number
  benchmarkReturn: number | null
  /** Up to about 260 points (a longer line thinned evenly, its last day kept), both lines starting at 100. */
  series: PortfolioPerformancePoint[]
}

export interface PortfolioAnswer {
  baseCurrency: BaseCurrency
  isDemo: boolean
  /** Latest price day among the holdings. */
  asOf: string | null
  totals: {
    marketValue: number
    costBase: number
    unrealisedGain: number
    unrealisedReturn: number | null
    realisedGain: number
    dividendsReceived: number
    expectedDividends: number
  }
  holdings: PortfolioHolding[]
  /** The latest `transactionPages.listed`, newest first; the rest through `GET …/transactions`. */
  transactions: PortfolioTransaction[]
  weights: {
    stock: PortfolioWeight[]
    market: PortfolioWeight[]
    sector: PortfolioWeight[]
    currency: PortfolioWeight[]
  }
  score: PortfolioScore
  notes: PortfolioNote[]
  performance: PortfolioPerformance | null
  fxRates: FxRateUsed[]
  /** Currencies without a rate to the base currency (their holdings are left out of the totals). */
  missingRates: string[]
  transactionCount: number
  /** Transactions the reader's plan keeps (contracts/benefits.ts); a change past it is refused, nothing lost. */
  transactionLimit: number
}

/** A page of the reader's transactions, newest first, after the first `offset`. */
export interface PortfolioTransactionsPage {
  transactions: PortfolioTransaction[]
  offset: number
  transactionCount: number
}

export interface ImportRejection {
  /** The file's line on which the row starts. */
  line: number
  code: string
  /** The reason in the reader's language. */
  message: string
}

export interface ImportPreviewRow {
  line: number
  kind: TransactionKind
  market: Market
  code: string
  name: string
  tradeDate: string
  quantity: number
  price: number
  fee: number
  amount: number
  currency: string
}

export interface ImportPreview {
  layout: ImportLayout
  /** The header's column names, in order. */
  columns: string[]
  mapping: ImportMapping
  rowCount: number
  acceptedCount: number
  /** The first accepted rows, as they will be imported. */
  accepted: ImportPreviewRow[]
  /** Every rejected row. */
  rejected: ImportRejection[]
}

export interface ImportResult {
  imported: number
  skipped: number
}
