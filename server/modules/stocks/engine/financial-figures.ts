/**
 * Turns the provider's annual statements into the per-year figures every score reads: margins, returns on capital,
 * free cash flow, per-share amounts and reinvestment. It decides the accounting conventions once — which balance is
 * averaged, how signs of cash-flow lines are read, which tax rate applies — so that no two scores compute the same
 * ratio differently. It does not judge the figures; scorers do.
 */
import type { AnnualFundamentals, Currency } from '#server/providers/market-data/market-data.ts'
import { divideOrNull, finiteOrNull } from './score-card.ts'

export interface YearFigures {
  fiscalYear: number
  periodEnd: string
  currency: Currency
  /** True when the statements of fiscal year − 1 are present, so averages and changes are meaningful. */
  hasPreviousYear: boolean
  revenue: number | null
  grossProfit: number | null
  grossMargin: number | null
  operatingIncome: number | null
  operatingMargin: number | null
  ebit: number | null
  netIncome: number | null
  netMargin: number | null
  totalAssets: number | null
  totalLiabilities: number | null
  equity: number | null
  cash: number | null
  totalDebt: number | null
  longTermDebt: number | null
  currentAssets: number | null
  currentLiabilities: number | null
  retainedEarnings: number | null
  currentRatio: number | null
  debtToEquity: number | null
  interestExpense: number | null
  interestCoverage: number | null
  taxRate: number
  taxRateSource: 'reported' | 'statutory'
  nopat: number | null
  investedCapital: number | null
  averageInvestedCapital: number | null
  averageEquity: number | null
  averageAssets: number | null
  averageCapitalEmployed: number | null
  /** 'average' when opening and closing balances were both present, else 'closing'. */
  balanceBasis: 'average' | 'closing'
  roic: number | null
  roe: number | null
  roa: number | null
  roce: number | null
  operatingCashFlow: number | null
  capitalExpenditure: number | null
  freeCashFlow: number | null
  depreciationAndAmortization: number | null
  dividendsPaid: number | null
  shareRepurchases: number | null
  sharesOutstanding: number | null
  dilutedShares: number | null
  epsDiluted: number | null
  bookValuePerShare: number | null
  nonCashWorkingCapital: number | null
  /** Net capital expenditure plus the increase in non-cash working capital. */
  reinvestment: number | null
  reinvestmentRate: number | null
}

/** Ignore a reported effective tax rate outside this band (loss years, one-off credits) and use the statutory rate. */
const TAX_RATE_MIN = 0
const TAX_RATE_MAX = 0.5

/**
 * Keeps statements whose period ended on or before asOf, one per fiscal year (the last one given wins), in ascending
 * fiscal-year order. Publication lag after the period end is not modelled.
 */
export function selectFundamentals(
  fundamentals: readonly AnnualFundamentals[],
  asOf: string,
): AnnualFundamentals[] {
  const byYear = new Map<number, AnnualFundamentals>()
  for (const f of fundamentals) if (f.periodEnd <= asOf) byYear.set(f.fiscalYear, f)
  return [...byYear.values()].sort((a, b) => a.fiscalYear - b.fiscalYear)
}

function absOrNull(value: number | null): number | null {
  const v = finiteOrNull(value)
  return v === null ? null : Math.abs(v)
}

function averageBalance(closing: number | null, opening: number | null, hasOpening: boolean): number | null {
  if (closing === null) return null
  if (hasOpening && opening !== null) return (closing + opening) / 2
  return closing
}

function positiveOrNull(value: number | null): number | null {
  return value !== null && value > 0 ? value : null
}

/** Derives figures for each fiscal year; `statements` must be ascending by fiscal year (see selectFundamentals). */
export function deriveYearFigures(
  statements: readonly AnnualFundamentals[],
  statutoryTaxRate: number,
): YearFigures[] {
  const years: YearFigures[] = []
  let previous: YearFigures | null = null
  for (const s of statements) {
    const hasPreviousYear = previous !== null && previous.fiscalYear === s.fiscalYear - 1
    const prev = hasPreviousYear ? previous : null
    const revenue = finiteOrNull(s.revenue)
    const grossProfit =
      finiteOrNull(s.grossProfit) ??
      (revenue !== null && finiteOrNull(s.costOfRevenue) !== null
        ? revenue - Math.abs(s.costOfRevenue as number)
        : null)
    const operatingIncome = finiteOrNull(s.operatingIncome)
    const ebit = finiteOrNull(s.ebit) ?? operatingIncome
    const netIncome = finiteOrNull(s.netIncome)
    const totalAssets = finiteOrNull(s.totalAssets)
    const equity = finiteOrNull(s.shareholdersEquity)
    const cash = finiteOrNull(s.cashAndEquivalents)
    const totalDebt = finiteOrNull(s.totalDebt)
    const longTermDebt = finiteOrNull(s.longTermDebt)
    const currentAssets = finiteOrNull(s.currentAssets)
    const currentLiabilities = finiteOrNull(s.currentLiabilities)
    const pretax = finiteOrNull(s.pretaxIncome)
    const tax = finiteOrNull(s.incomeTax)
    const reportedRate = pretax !== null && pretax > 0 && tax !== null ? tax / pretax : null
    const useReported = reportedRate !== null && reportedRate >= TAX_RATE_MIN && reportedRate <= TAX_RATE_MAX
    const taxRate = useReported ? reportedRate : statutoryTaxRate
    const nopat = ebit === null ? null : ebit * (1 - taxRate)
    const investedCapital = equity !== null && totalDebt !== null ? equity + totalDebt - (cash ?? 0) : null
    const capitalEmployed =
      totalAssets !== null && currentLiabilities !== null ? totalAssets - currentLiabilities : null
    const prevCapitalEmployed =
      prev && prev.totalAssets !== null && prev.currentLiabilities !== null
        ? prev.totalAssets - prev.currentLiabilities
        : null
    const averageInvestedCapital = averageBalance(
      investedCapital,
      prev?.investedCapital ?? null,
      hasPreviousYear,
    )
    const averageEquity = averageBalance(equity, prev?.equity ?? null, hasPreviousYear)
    const averageAssets = averageBalance(totalAssets, prev?.totalAssets ?? null, hasPreviousYear)
    const averageCapitalEmployed = averageBalance(capitalEmployed, prevCapitalEmployed, hasPreviousYear)
    const balanceBasis =
      hasPreviousYear && prev?.totalAssets !== null && prev?.equity !== null ? 'average' : 'closing'
    const operatingCashFlow = finiteOrNull(s.operatingCashFlow)
    // Providers disagree on the sign of outflows (Yahoo reports capex and dividends as negatives): read magnitudes.
    const capitalExpenditure = absOrNull(s.capitalExpenditure)
    const freeCashFlow =
      operatingCashFlow !== null && capitalExpenditure !== null
        ? operatingCashFlow - capitalExpenditure
        : null
    const dilutedShares = positiveOrNull(finiteOrNull(s.dilutedShares))
    const sharesOutstanding = positiveOrNull(finiteOrNull(s.sharesOutstanding))
    const depreciation = absOrNull(s.depreciationAndAmortization)
    // Short-term debt is financing, not operating working capital; when the split is unknown it counts as zero.
    const shortTermDebt =
      totalDebt !== null && longTermDebt !== null && totalDebt >= longTermDebt ? totalDebt - longTermDebt : 0
    const nonCashWorkingCapital =
      currentAssets !== null && currentLiabilities !== null
        ? currentAssets - (cash ?? 0) - (currentLiabilities - shortTermDebt)
        : null
    const workingCapitalChange =
      nonCashWorkingCapital !== null && prev?.nonCashWorkingCapital != null
        ? nonCashWorkingCapital - prev.nonCashWorkingCapital
        : null
    const reinvestment =
      capitalExpenditure !== null && depreciation !== null && workingCapitalChange !== null
        ? capitalExpenditure - depreciation + workingCapitalChange
        : null
    const interestExpense = absOrNull(s.interestExpense)
    const figures: YearFigures = {
      fiscalYear: s.fiscalYear,
      periodEnd: s.periodEnd,
      currency: s.currency,
      hasPreviousYear,
      revenue,
      grossProfit,
      grossMargin: revenue !== null && revenue > 0 ? divideOrNull(grossProfit, revenue) : null,
      operatingIncome,
      operatingMargin: revenue !== null && revenue > 0 ? divideOrNull(operatingIncome, revenue) : null,
      ebit,
      netIncome,
      netMargin: revenue !== null && revenue > 0 ? divideOrNull(netIncome, revenue) : null,
      totalAssets,
      totalLiabilities: finiteOrNull(s.totalLiabilities),
      equity,
      cash,
      totalDebt,
      longTermDebt,
      currentAssets,
      currentLiabilities,
      retainedEarnings: finiteOrNull(s.retainedEarnings),
      currentRatio: divideOrNull(currentAssets, positiveOrNull(currentLiabilities)),
      debtToEquity: divideOrNull(totalDebt, positiveOrNull(equity)),
      interestExpense,
      interestCoverage: divideOrNull(ebit, positiveOrNull(interestExpense)),
      taxRate,
      taxRateSource: useReported ? 'reported' : 'statutory',
      nopat,
      investedCapital,
      averageInvestedCapital,
      averageEquity,
      averageAssets,
      averageCapitalEmployed,
      balanceBasis,
      roic: divideOrNull(nopat, positiveOrNull(averageInvestedCapital)),
      roe: divideOrNull(netIncome, positiveOrNull(averageEquity)),
      roa: divideOrNull(netIncome, positiveOrNull(averageAssets)),
      roce: divideOrNull(ebit, positiveOrNull(averageCapitalEmployed)),
      operatingCashFlow,
      capitalExpenditure,
      freeCashFlow,
      depreciationAndAmortization: depreciation,
      dividendsPaid: absOrNull(s.dividendsPaid),
      shareRepurchases: absOrNull(s.shareRepurchases),
      sharesOutstanding,
      dilutedShares,
      epsDiluted: divideOrNull(netIncome, dilutedShares ?? sharesOutstanding),
      bookValuePerShare: divideOrNull(equity, sharesOutstanding ?? dilutedShares),
      nonCashWorkingCapital,
      reinvestment,
      reinvestmentRate: divideOrNull(reinvestment, positiveOrNull(nopat)),
    }
    years.push(figures)
    previous = figures
  }
  return years
}

/**
 * The trailing run of consecutive fiscal years (at most `maxYears`) for which `pick` gives a number. Regressions
 * and standard deviations need evenly spaced years, so a gap ends the run.
 */
export function trailingSeries(
  years: readonly YearFigures[],
  pick: (y: YearFigures) => number | null,
  maxYears: number,
): Array<{ fiscalYear: number; value: number }> {
  const out: Array<{ fiscalYear: number; value: number }> = []
  for (let i = years.length - 1; i >= 0 && out.length < maxYears; i--) {
    const y = years[i]!
    const value = pick(y)
    const last = out[out.length - 1]
    if (value === null || (last && last.fiscalYear !== y.fiscalYear + 1)) break
    out.push({ fiscalYear: y.fiscalYear, value })
  }
  return out.reverse()
}

/**
 * Why a trailing series is too short to use: no value at all for the latest year means missing data; a run that is
 * merely short means not enough history.
 */
export function shortSeriesReason(series: readonly unknown[]): 'missing_data' | 'insufficient_history' {
  return series.length === 0 ? 'missing_data' : 'insufficient_history'
}

/**
 * Compound annual growth between the first and last points of a series: (end / begin)^(1 / years) − 1.
 * Null when the base or the end is not positive (growth from a loss is not a rate).
 */
export function compoundGrowth(series: ReadonlyArray<{ fiscalYear: number; value: number }>): {
  rate: number | null
  years: number
  begin: number | null
  end: number | null
  reason: 'non_positive_base' | 'insufficient_history' | null
} {
  const first = series[0]
  const last = series[series.length - 1]
  if (!first || !last || series.length < 2) {
    return {
      rate: null,
      years: 0,
      begin: first?.value ?? null,
      end: last?.value ?? null,
      reason: 'insufficient_history',
    }
  }
  const years = last.fiscalYear - first.fiscalYear
  if (first.value <= 0 || last.value <= 0) {
    return { rate: null, years, begin: first.value, end: last.value, reason: 'non_positive_base' }
  }
  return {
    rate: finiteOrNull((last.value / first.value) ** (1 / years) - 1),
    years,
    begin: first.value,
    end: last.value,
    reason: null,
  }
}
