/**
 * The four CSV formats the importer accepts (prices, fundamentals, and the calendar's earnings and dividends) and what makes a row valid. Column names are the field names of the
 * market-data shapes, so a file is self-describing and maps one to one onto `DailyBar` / `AnnualFundamentals`;
 * header names are matched ignoring case, spaces, dots, dashes and underscores. A file about one stock may leave
 * out `code` and `market` when the operator names the stock (`--stock us:AAPL`): that is the daily-price download
 * of Yahoo Finance and many brokers, `Date,Open,High,Low,Close,Adj Close,Volume` (the adjusted close is not used:
 * bars are stored unadjusted for dividends).
 *
 * Cells: plain decimals with a dot (`1234.5`, `-12`), no thousands separators, no exponents; dates `YYYY-MM-DD`;
 * an empty fundamentals cell means "no figure" (null). Codes are normalised as the universe writes them (`700` →
 * `0700`) and must belong to a company in the universe: the site only covers those. Outflows (capital
 * expenditure, dividends paid, share repurchases) are positive amounts.
 *
 * Earnings (results dates): `code,market,date[,time][,periodEnd][,confirmed]` — `date` the exchange's day of the
 * release, `time` its local `HH:MM` in the exchange's time zone when known, `confirmed` `yes`/`no` (empty: yes; no is
 * a projected date). Dividends: `code,market,exDate,amount,currency[,payDate]` — the amount per share as declared.
 * Rows upsert by company and day (re-importing a file changes nothing; a corrected amount replaces the stored one).
 */
import { z } from 'zod'
import { Market } from '#contracts/regions.ts'
import { isIsoDate, isWeekend } from '../exchange-calendar.ts'
import type { AnnualFundamentals, DailyBar } from '../market-data.ts'
import { findCompany, normalizeCode } from '../universe.ts'

export type CsvKind = 'prices' | 'fundamentals' | 'earnings' | 'dividends'

export const csvKinds: readonly CsvKind[] = ['prices', 'fundamentals', 'earnings', 'dividends']

export const earningsColumns = ['code', 'market', 'date', 'time', 'periodEnd', 'confirmed'] as const
export const dividendColumns = ['code', 'market', 'exDate', 'payDate', 'amount', 'currency'] as const

/** The column that, with the company, names a row once: a second row with the same value is a duplicate. */
export const rowKeyColumn: Record<CsvKind, string> = {
  prices: 'date',
  fundamentals: 'fiscalYear',
  earnings: 'date',
  dividends: 'exDate',
}

export const priceColumns = ['code', 'market', 'date', 'open', 'high', 'low', 'close', 'volume'] as const

/** Every `AnnualFundamentals` field, after the company key. */
export const fundamentalsColumns = [
  'code',
  'market',
  'fiscalYear',
  'periodEnd',
  'currency',
  'revenue',
  'costOfRevenue',
  'grossProfit',
  'operatingIncome',
  'ebit',
  'interestExpense',
  'pretaxIncome',
  'incomeTax',
  'netIncome',
  'depreciationAndAmortization',
  'totalAssets',
  'currentAssets',
  'cashAndEquivalents',
  'totalLiabilities',
  'currentLiabilities',
  'longTermDebt',
  'totalDebt',
  'retainedEarnings',
  'shareholdersEquity',
  'operatingCashFlow',
  'capitalExpenditure',
  'dividendsPaid',
  'shareRepurchases',
  'sharesOutstanding',
  'dilutedShares',
] as const

export const requiredColumns: Record<CsvKind, readonly string[]> = {
  prices: priceColumns,
  fundamentals: ['code', 'market', 'fiscalYear', 'periodEnd', 'currency'],
  earnings: ['code', 'market', 'date'],
  dividends: ['code', 'market', 'exDate', 'amount', 'currency'],
}

export const knownColumns: Record<CsvKind, readonly string[]> = {
  prices: priceColumns,
  fundamentals: fundamentalsColumns,
  earnings: earningsColumns,
  dividends: dividendColumns,
}

/** Columns a download carries that the import reads past (as header keys, see columnKey). */
export const ignoredColumns: Record<CsvKind, readonly string[]> = {
  prices: ['adjclose', 'adjustedclose'],
  fundamentals: [],
  earnings: [],
  dividends: [],
}

/** A header name as compared: `Adj Close`, `adj_close` and `ADJ. CLOSE` are all `adjclose`. */
export function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s._-]+/g, '')
}

/** The stock a file without `code` and `market` columns is about, named by the operator. */
export interface StockRef {
  market: Market
  code: string
}

/**
 * Reads the operator's `market:code` (`us:AAPL`, `hk:700`, `kr:5930`), as MARKET_DATA_COMPANIES writes companies:
 * the company must be in the universe; the code comes back as the universe writes it.
 */
export function parseStockOption(text: string): { stock: StockRef } | { problem: string } {
  const [market, code, ...rest] = text.trim().split(':')
  const parsedMarket = Market.safeParse(market?.toLowerCase())
  const company =
    parsedMarket.success && code && rest.length === 0 ? findCompany(parsedMarket.data, code) : undefined
  if (!company) {
    return {
      problem: `--stock ${text}: not market:code of a company in the universe (for example us:AAPL, hk:0700, jp:7203, kr:005930)`,
    }
  }
  return { stock: { market: company.market, code: company.code } }
}

export interface PriceRow extends DailyBar {
  code: string
  market: Market
}

export interface FundamentalsRow extends AnnualFundamentals {
  code: string
  market: Market
}

export interface EarningsRow {
  code: string
  market: Market
  date: string
  /** Local `HH:MM` of the release in the exchange's time zone; null when not known. */
  time: string | null
  periodEnd: string | null
  confirmed: boolean
}

export interface DividendRow {
  code: string
  market: Market
  exDate: string
  payDate: string | null
  amount: number
  currency: string
}

export type CsvRow<K extends CsvKind> = K extends 'prices'
  ? PriceRow
  : K extends 'fundamentals'
    ? FundamentalsRow
    : K extends 'earnings'
      ? EarningsRow
      : DividendRow

const decimalPattern = /^-?\d+(\.\d+)?$/

const decimal = z
  .string()
  .trim()
  .regex(
    decimalPattern,
    'not a plain decimal number (digits, optional minus and dot; no separators or exponents)',
  )
  .transform(Number)

const positivePrice = decimal.refine((value) => value > 0, 'must be greater than 0')

const wholeNumber = z.string().trim().regex(/^\d+$/, 'not a whole number').transform(Number)

const isoDate = z.string().trim().refine(isIsoDate, 'not a date written YYYY-MM-DD')

const marketCell = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(Market.options, 'must be one of us, hk, jp, kr'))

const codeCell = z.string().trim().min(1, 'is empty')

/** An empty cell is null; anything else must be a decimal. */
const figure = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (text === '') return null
    if (!decimalPattern.test(text)) {
      ctx.addIssue({ code: 'custom', message: 'not a plain decimal number (digits, optional minus and dot)' })
      return z.NEVER
    }
    return Number(text)
  })

const nonNegativeFigure = figure.refine((value) => value === null || value >= 0, 'must not be negative')

/** Outflows are written as positive amounts, unlike Yahoo's negative cash-flow lines. */
const outflowFigure = figure.refine(
  (value) => value === null || value >= 0,
  'outflows are positive amounts here; drop the minus sign',
)

function withNormalizedCode<T extends { code: string; market: Market }>(row: T): T {
  return { ...row, code: normalizeCode(row.market, row.code) }
}

function checkCompany(row: { code: string; market: Market }, ctx: z.RefinementCtx) {
  if (!findCompany(row.market, row.code)) {
    ctx.addIssue({
      code: 'custom',
      message: `${row.code} is not a ${row.market} company in the universe`,
      path: ['code'],
      params: { rule: 'not a company of that market in the universe' },
    })
  }
}

export const PriceRowSchema = z
  .object({
    code: codeCell,
    market: marketCell,
    date: isoDate.refine(
      (date) => !isIsoDate(date) || !isWeekend(date),
      'falls on a weekend, when no market trades',
    ),
    open: positivePrice,
    high: positivePrice,
    low: positivePrice,
    close: positivePrice,
    volume: wholeNumber,
  })
  .transform(withNormalizedCode)
  .superRefine((row, ctx) => {
    checkCompany(row, ctx)
    if (row.high < Math.max(row.open, row.close, row.low)) {
      ctx.addIssue({
        code: 'custom',
        message: `${row.high} is below the open, close or low`,
        path: ['high'],
        params: { rule: 'below the open, close or low' },
      })
    }
    if (row.low > Math.min(row.open, row.close)) {
      ctx.addIssue({
        code: 'custom',
        message: `${row.low} is above the open or close`,
        path: ['low'],
        params: { rule: 'above the open or close' },
      })
    }
  })

const fundamentalsShape = {
  code: codeCell,
  market: marketCell,
  fiscalYear: wholeNumber.refine(
    (year) => year >= 1990 && year <= 2100,
    'must be a year between 1990 and 2100',
  ),
  periodEnd: isoDate,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(['USD', 'HKD', 'JPY', 'KRW'], 'must be one of USD, HKD, JPY, KRW')),
  revenue: figure,
  costOfRevenue: figure,
  grossProfit: figure,
  operatingIncome: figure,
  ebit: figure,
  interestExpense: figure,
  pretaxIncome: figure,
  incomeTax: figure,
  netIncome: figure,
  depreciationAndAmortization: figure,
  totalAssets: nonNegativeFigure,
  currentAssets: nonNegativeFigure,
  cashAndEquivalents: nonNegativeFigure,
  totalLiabilities: nonNegativeFigure,
  currentLiabilities: nonNegativeFigure,
  longTermDebt: nonNegativeFigure,
  totalDebt: nonNegativeFigure,
  retainedEarnings: figure,
  shareholdersEquity: figure,
  operatingCashFlow: figure,
  capitalExpenditure: outflowFigure,
  dividendsPaid: outflowFigure,
  shareRepurchases: outflowFigure,
  sharesOutstanding: figure.refine((value) => value === null || value > 0, 'must be greater than 0'),
  dilutedShares: figure.refine((value) => value === null || value > 0, 'must be greater than 0'),
} satisfies Record<(typeof fundamentalsColumns)[number], z.ZodType>

export const FundamentalsRowSchema = z
  .object(fundamentalsShape)
  .transform(withNormalizedCode)
  .superRefine((row, ctx) => {
    checkCompany(row, ctx)
    if (isIsoDate(row.periodEnd) && Number(row.periodEnd.slice(0, 4)) !== row.fiscalYear) {
      ctx.addIssue({
        code: 'custom',
        message: `fiscal year ${row.fiscalYear} must be the calendar year in which the period ends (${row.periodEnd})`,
        path: ['fiscalYear'],
        params: { rule: 'not the calendar year in which the period ends' },
      })
    }
    const { revenue, costOfRevenue, grossProfit } = row
    if (revenue !== null && costOfRevenue !== null && grossProfit !== null) {
      const gap = Math.abs(revenue - costOfRevenue - grossProfit)
      if (gap > Math.max(1, Math.abs(revenue) * 0.01)) {
        ctx.addIssue({
          code: 'custom',
          message: `${grossProfit} differs from revenue − costOfRevenue (${revenue - costOfRevenue}) by more than 1 % of revenue`,
          path: ['grossProfit'],
          params: { rule: 'differs from revenue − costOfRevenue by more than 1 % of revenue' },
        })
      }
    }
  })

const optionalDate = z
  .string()
  .trim()
  .refine((text) => text === '' || isIsoDate(text), 'not a date written YYYY-MM-DD')
  .transform((text) => (text === '' ? null : text))

export const EarningsRowSchema = z
  .object({
    code: codeCell,
    market: marketCell,
    date: isoDate,
    time: z
      .string()
      .trim()
      .refine(
        (text) => text === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(text),
        'not a time written HH:MM (24-hour)',
      )
      .transform((text) => (text === '' ? null : text)),
    periodEnd: optionalDate,
    confirmed: z
      .string()
      .trim()
      .toLowerCase()
      .refine((text) => ['', 'yes', 'no', 'true', 'false'].includes(text), 'must be yes or no (empty: yes)')
      .transform((text) => text !== 'no' && text !== 'false'),
  })
  .transform(withNormalizedCode)
  .superRefine((row, ctx) => {
    checkCompany(row, ctx)
    if (row.periodEnd !== null && isIsoDate(row.date) && row.periodEnd >= row.date) {
      ctx.addIssue({
        code: 'custom',
        message: `the period ${row.periodEnd} must end before its results (${row.date})`,
        path: ['periodEnd'],
        params: { rule: 'the period ends on or after its results date' },
      })
    }
  })

export const DividendRowSchema = z
  .object({
    code: codeCell,
    market: marketCell,
    exDate: isoDate,
    payDate: optionalDate,
    amount: decimal.refine((value) => value > 0, 'must be greater than 0'),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z]{3}$/, 'not a three-letter currency code (USD, HKD, JPY, KRW…)')),
  })
  .transform(withNormalizedCode)
  .superRefine((row, ctx) => {
    checkCompany(row, ctx)
    if (row.payDate !== null && isIsoDate(row.exDate) && row.payDate < row.exDate) {
      ctx.addIssue({
        code: 'custom',
        message: `paid ${row.payDate}, before its ex-date ${row.exDate}`,
        path: ['payDate'],
        params: { rule: 'paid before its ex-date' },
      })
    }
  })

export const rowSchemas = {
  prices: PriceRowSchema,
  fundamentals: FundamentalsRowSchema,
  earnings: EarningsRowSchema,
  dividends: DividendRowSchema,
} as const
