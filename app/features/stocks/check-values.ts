/**
 * How a check's value, threshold and inputs read on screen. The engine says what unit a value is in (`Unit`) and
 * names each input (`netIncome`, `revenue2024`); this module decides how each of those names is formatted and which
 * message names it, so every figure behind a score can be shown with a readable name and the right currency.
 */

import type { DiagnosisCheck } from '#contracts/stock-diagnosis.ts'
import type { Currency } from '#contracts/stocks.ts'
import {
  type DisplayLocale,
  formatAmount,
  formatCompact,
  formatCount,
  formatDate,
  formatDecimal,
  formatPercent,
  formatPrice,
} from './stock-format.ts'

export type Unit = DiagnosisCheck['unit']
export type Comparison = DiagnosisCheck['comparison']

export type Translate = (key: string, options?: Record<string, unknown>) => string

export interface ValueContext {
  locale: DisplayLocale
  /** The currency the shares trade in (prices, market values). */
  currency: Currency
  /** The currency of the financial statements (may differ: a Hong Kong listing reporting in another currency). */
  reportingCurrency: Currency
  t: Translate
}

export const comparisonSymbols: Record<Comparison, string> = { gt: '>', gte: '≥', lt: '<', lte: '≤' }

/** A value in one of the engine's units. Amounts of a million or more are abbreviated. */
export function formatUnitValue(value: number, unit: Unit, ctx: ValueContext): string {
  switch (unit) {
    case 'percent':
      return formatPercent(value, ctx.locale)
    case 'percent_points':
      return ctx.t('stocks:units.points', {
        value: formatDecimal(value * 100, ctx.locale, { digits: 1 }),
      })
    case 'multiple':
      return ctx.t('stocks:units.multiple', { value: formatDecimal(value, ctx.locale, { digits: 2 }) })
    case 'currency':
      return Math.abs(value) >= 1e6
        ? formatAmount(value, ctx.currency, ctx.locale)
        : formatPrice(value, ctx.currency, ctx.locale)
    case 'usd':
      return Math.abs(value) >= 1e6
        ? formatAmount(value, 'USD', ctx.locale)
        : formatPrice(value, 'USD', ctx.locale)
    case 'index':
      return formatDecimal(value, ctx.locale, { digits: 1 })
    case 'number':
      return formatDecimal(value, ctx.locale, { digits: 2 })
    case 'count':
      return formatCount(value, ctx.locale)
    case 'shares':
      return ctx.t('stocks:units.shares', { value: formatCompact(value, ctx.locale) })
  }
}

/** `≥ 15.0%` — the comparison a check makes, in the check's unit. */
export function formatThreshold(
  check: Pick<DiagnosisCheck, 'comparison' | 'threshold' | 'unit'>,
  ctx: ValueContext,
) {
  if (check.threshold === null) return null
  return `${comparisonSymbols[check.comparison]} ${formatUnitValue(check.threshold, check.unit, ctx)}`
}

/**
 * How each input name is formatted. `statement` amounts are in the reporting currency, `market` amounts and
 * `perShare` prices in the trading currency; `checkUnit` takes the unit of the check it belongs to (an industry
 * median of a P/E is a multiple, of a margin a percentage).
 */
export type InputKind =
  | 'statement'
  | 'market'
  | 'perShare'
  | 'percent'
  | 'ratio'
  | 'reading'
  | 'count'
  | 'shares'
  | 'volume'
  | 'year'
  | 'date'
  | 'text'
  | 'checkUnit'

export const inputKinds: Record<string, InputKind> = {
  // Statement amounts (reporting currency).
  averageAssets: 'statement',
  averageCapitalEmployed: 'statement',
  averageEquity: 'statement',
  averageInvestedCapital: 'statement',
  bookEquity: 'statement',
  capitalExpenditure: 'statement',
  currentAssets: 'statement',
  currentAssetsPrior: 'statement',
  currentLiabilities: 'statement',
  currentLiabilitiesPrior: 'statement',
  depreciationAndAmortization: 'statement',
  dividendsPaid: 'statement',
  ebit: 'statement',
  equity: 'statement',
  equityPrior: 'statement',
  grossProfit: 'statement',
  grossProfitPrior: 'statement',
  interestExpense: 'statement',
  investedCapital: 'statement',
  investedCapitalStart: 'statement',
  longTermDebt: 'statement',
  longTermDebtPrior: 'statement',
  netIncome: 'statement',
  netIncomePrior: 'statement',
  nopat: 'statement',
  nopatStart: 'statement',
  operatingCashFlow: 'statement',
  reinvestment: 'statement',
  retainedEarnings: 'statement',
  revenue: 'statement',
  revenuePrior: 'statement',
  revenueYYYY: 'statement',
  totalAssets: 'statement',
  totalAssetsBeginning: 'statement',
  totalAssetsBeginningPrior: 'statement',
  totalAssetsPrior: 'statement',
  totalAssetsTwoYearsBefore: 'statement',
  totalDebt: 'statement',
  totalLiabilities: 'statement',
  // Market amounts and per-share prices (trading currency).
  marketCap: 'market',
  marketValueOfEquity: 'market',
  valueBought: 'market',
  valueSold: 'market',
  price: 'perShare',
  close: 'perShare',
  fairValue: 'perShare',
  sma50: 'perShare',
  sma200: 'perShare',
  sma200Earlier: 'perShare',
  bookValuePerShare: 'perShare',
  epsDiluted: 'perShare',
  epsYYYY: 'perShare',
  // Fractions shown as percentages.
  grossMargin: 'percent',
  grossMarginYYYY: 'percent',
  operatingMarginYYYY: 'percent',
  roe: 'percent',
  roeYYYY: 'percent',
  roic: 'percent',
  roicYYYY: 'percent',
  costOfCapital: 'percent',
  equityRiskPremium: 'percent',
  riskFreeRate: 'percent',
  taxRate: 'percent',
  reinvestmentRate: 'percent',
  retentionRatio: 'percent',
  requiredSpread: 'percent',
  epsCagr: 'percent',
  // Plain ratios and indicator readings.
  pe: 'ratio',
  priceToFairValue: 'ratio',
  leverage: 'ratio',
  x1: 'ratio',
  x2: 'ratio',
  x3: 'ratio',
  x4: 'ratio',
  x5: 'ratio',
  usdPerUnit: 'ratio',
  adx: 'reading',
  plusDi: 'reading',
  minusDi: 'reading',
  macd: 'reading',
  signal: 'reading',
  histogram: 'reading',
  // Counts.
  bars: 'count',
  barsEarlier: 'count',
  period: 'count',
  fast: 'count',
  slow: 'count',
  signalPeriod: 'count',
  years: 'count',
  yearsAbove: 'count',
  transactions: 'count',
  priorCagrYears: 'count',
  peers: 'count',
  shares: 'shares',
  sharesBefore: 'shares',
  sharesPrior: 'shares',
  sharesBought: 'shares',
  sharesSold: 'shares',
  dilutedShares: 'shares',
  dilutedSharesPrior: 'shares',
  obv: 'volume',
  obvChange: 'volume',
  obvEarlier: 'volume',
  windowVolume: 'volume',
  startFiscalYear: 'year',
  from: 'date',
  to: 'date',
  // Words.
  balanceBasis: 'text',
  basis: 'text',
  benchmarkScope: 'text',
  currency: 'text',
  reportingCurrency: 'text',
  formula: 'text',
  measure: 'text',
  method: 'text',
  model: 'text',
  peBasis: 'text',
  sharesSource: 'text',
  taxRateSource: 'text',
  rule: 'text',
  industryMedian: 'checkUnit',
}

/** Inputs that only repeat what the screen already says elsewhere (the industry key is shown as its scope). */
const hiddenInputs = new Set(['benchmarkKey'])

/** `revenue2024` → `{ name: 'revenueYYYY', year: '2024' }`; other names come back unchanged. */
export function inputNameOf(key: string): { name: string; year: string | null } {
  const match = /^(.*\D)(\d{4})$/.exec(key)
  if (match?.[1] && match[2] && inputKinds[`${match[1]}YYYY`])
    return { name: `${match[1]}YYYY`, year: match[2] }
  return { name: key, year: null }
}

/** The kind of an input; `average` is a price for the moving-average votes and a margin for the gross-margin check. */
export function inputKindOf(key: string, checkKey: string): InputKind | null {
  if (key === 'average') return checkKey.startsWith('gross_margin.') ? 'percent' : 'perShare'
  return inputKinds[inputNameOf(key).name] ?? null
}

export interface InputRow {
  key: string
  label: string
  value: string
}

function formatInputValue(
  raw: number | string | null,
  kind: InputKind | null,
  unit: Unit,
  ctx: ValueContext,
): string {
  if (raw === null) return ctx.t('stocks:check.notAvailable')
  if (typeof raw === 'string') {
    if (kind === 'date') return formatDate(raw, ctx.locale)
    // Currency codes and other identifiers without a message stay as they are.
    return ctx.t(`stock-details:inputValues.${raw}`, { defaultValue: raw })
  }
  switch (kind) {
    case 'statement':
      return Math.abs(raw) >= 1e6
        ? formatAmount(raw, ctx.reportingCurrency, ctx.locale)
        : formatPrice(raw, ctx.reportingCurrency, ctx.locale)
    case 'market':
      return formatAmount(raw, ctx.currency, ctx.locale)
    case 'perShare':
      return formatPrice(raw, ctx.currency, ctx.locale)
    case 'percent':
      return formatPercent(raw, ctx.locale, { digits: 2 })
    case 'ratio':
      return formatDecimal(raw, ctx.locale, { digits: raw !== 0 && Math.abs(raw) < 0.01 ? 6 : 2 })
    case 'reading':
      return formatDecimal(raw, ctx.locale, { digits: 2 })
    case 'count':
    case 'year':
      return kind === 'year' ? String(raw) : formatCount(raw, ctx.locale)
    case 'shares':
      return ctx.t('stocks:units.shares', { value: formatCompact(raw, ctx.locale) })
    case 'volume':
      return formatCompact(raw, ctx.locale)
    case 'checkUnit':
      return formatUnitValue(raw, unit, ctx)
    default:
      return formatDecimal(raw, ctx.locale, { digits: 2 })
  }
}

/** The figures a check or vote was computed from, named and formatted, in the engine's order. */
export function inputRowsOf(
  inputs: Record<string, number | string | null>,
  { checkKey, unit }: { checkKey: string; unit: Unit },
  ctx: ValueContext,
): InputRow[] {
  return Object.entries(inputs)
    .filter(([key]) => !hiddenInputs.has(key))
    .map(([key, raw]) => {
      const { name, year } = inputNameOf(key)
      const kind = inputKindOf(key, checkKey)
      return {
        key,
        label: ctx.t(`stock-details:inputs.${name}`, year ? { year } : {}),
        value: formatInputValue(raw, kind, unit, ctx),
      }
    })
}
