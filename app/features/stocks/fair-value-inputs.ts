/**
 * The calculation behind a fair value, read from the engine's `inputs` (an open record in the contract): the
 * two-stage DCF of operating companies or the justified price-to-book of banks and insurers. Checked by hand rather
 * than with a schema, so the report does not bring the schema library to the browser (ADR 0011); inputs of another
 * shape show no calculation rather than a wrong one.
 */
import type { StockDiagnosis } from '#contracts/stock-diagnosis.ts'

/** The two-stage DCF as the engine computed it (the `inputs` of a `dcf_two_stage` fair value). */
export interface DcfInputs {
  baseFreeCashFlow: number
  baseYears: {
    fiscalYear: number
    operatingCashFlow: number
    capitalExpenditure: number
    freeCashFlow: number
  }[]
  growthRate: number
  growthSource: 'revenue_cagr' | 'terminal_growth'
  growthRateUnclamped: number | null
  explicitYears: number
  terminalGrowth: number
  discountRate: number
  projection: { year: number; freeCashFlow: number; discountFactor: number; presentValue: number }[]
  terminalValue: number
  terminalPresentValue: number
  enterpriseValue: number
  cash: number
  debt: number
  equityValue: number
  dilutedShares: number
  fxToTradingCurrency: number
  fairValuePerShare: number
  terminalShare: number
}

/** The justified price-to-book as the engine computed it (banks and insurers). */
export interface PriceToBookInputs {
  bookValuePerShare: number
  returnOnEquity: number
  returnOnEquityYears: number[]
  costOfEquity: number
  growth: number
  justifiedPriceToBook: number
  fxToTradingCurrency: number
  fairValuePerShare: number
}

type Record_ = Record<string, unknown>

const isRecord = (value: unknown): value is Record_ => typeof value === 'object' && value !== null
const isNumber = (value: unknown): value is number => typeof value === 'number'
const hasNumbers = (value: unknown, keys: readonly string[]): value is Record_ =>
  isRecord(value) && keys.every((key) => isNumber(value[key]))
const isListOf = (value: unknown, keys: readonly string[]) =>
  Array.isArray(value) && value.every((item) => hasNumbers(item, keys))

const dcfNumbers = [
  'baseFreeCashFlow',
  'growthRate',
  'explicitYears',
  'terminalGrowth',
  'discountRate',
  'terminalValue',
  'terminalPresentValue',
  'enterpriseValue',
  'cash',
  'debt',
  'equityValue',
  'dilutedShares',
  'fxToTradingCurrency',
  'fairValuePerShare',
  'terminalShare',
] as const

const priceToBookNumbers = [
  'bookValuePerShare',
  'returnOnEquity',
  'costOfEquity',
  'growth',
  'justifiedPriceToBook',
  'fxToTradingCurrency',
  'fairValuePerShare',
] as const

export function isDcfInputs(value: unknown): value is DcfInputs {
  return (
    hasNumbers(value, dcfNumbers) &&
    (value.growthSource === 'revenue_cagr' || value.growthSource === 'terminal_growth') &&
    (value.growthRateUnclamped === null || isNumber(value.growthRateUnclamped)) &&
    isListOf(value.baseYears, ['fiscalYear', 'operatingCashFlow', 'capitalExpenditure', 'freeCashFlow']) &&
    isListOf(value.projection, ['year', 'freeCashFlow', 'discountFactor', 'presentValue'])
  )
}

export function isPriceToBookInputs(value: unknown): value is PriceToBookInputs {
  return (
    hasNumbers(value, priceToBookNumbers) &&
    Array.isArray(value.returnOnEquityYears) &&
    value.returnOnEquityYears.every(isNumber)
  )
}

/** The calculation behind a fair value, when its inputs have the shape of its method. */
export function calculationOf(
  fairValue: Pick<StockDiagnosis['fairValue'], 'method' | 'inputs'>,
): { kind: 'dcf'; dcf: DcfInputs } | { kind: 'pb'; pb: PriceToBookInputs } | null {
  const inputs = fairValue.inputs
  if (!inputs) return null
  if (fairValue.method === 'dcf_two_stage') return isDcfInputs(inputs) ? { kind: 'dcf', dcf: inputs } : null
  return isPriceToBookInputs(inputs) ? { kind: 'pb', pb: inputs } : null
}
