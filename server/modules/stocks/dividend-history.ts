/**
 * A company's dividends as the diagnosis shows them (issue 28 item 5), from the annual statements the diagnosis used:
 * the trailing yield (the engine's: the latest fiscal year's dividends paid ÷ market capitalisation at the as-of
 * close), the payout ratio (dividends paid ÷ net income), up to five fiscal years of payments and their growth, year
 * on year and as a compound annual rate. Pure: no database, no clock. docs/analysis-methods.md#dividends names the
 * method (`fiscal-year-cash-dividends-v1`).
 *
 * Dividends per share are the year's cash dividends ÷ its year-end shares outstanding (diluted weighted shares when
 * the provider gives no year-end count): a cash-flow figure, not the declared rate per share, so a payment that falls
 * in the next fiscal year moves it. Growth is measured per share when every year shown has a share count (buybacks
 * raise total dividends less than what each share receives), else on the total paid; the basis is part of the answer.
 */
import type { DiagnosisDividends } from '#contracts/stock-diagnosis.ts'
import type { AnnualFundamentals } from '#server/providers/market-data/market-data.ts'
import type { Diagnosis } from './engine/diagnosis.types.ts'

export const DIVIDEND_METHOD = 'fiscal-year-cash-dividends-v1'

/** Fiscal years of payments shown (the report's table), and so the longest span the compound rate covers. */
export const DIVIDEND_YEARS_SHOWN = 5

const finite = (value: number | null | undefined): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null

/** Providers disagree on the sign of outflows (Yahoo reports dividends paid as negative): a magnitude. */
const paidOf = (year: AnnualFundamentals): number | null => {
  const value = finite(year.dividendsPaid)
  return value === null ? null : Math.abs(value)
}

const sharesOf = (year: AnnualFundamentals): number | null => {
  const shares = finite(year.sharesOutstanding) ?? finite(year.dilutedShares)
  return shares !== null && shares > 0 ? shares : null
}

/** (last ÷ first)^(1 ÷ years) − 1; null unless both are positive and a year or more apart. */
export function compoundAnnualGrowth(first: number, last: number, years: number): number | null {
  if (!(first > 0) || !(last > 0) || years < 1) return null
  const rate = (last / first) ** (1 / years) - 1
  return Number.isFinite(rate) ? rate : null
}

/**
 * `years`: the statements the diagnosis used, any order; `dividendYield`: the engine's trailing yield (null without
 * a price or a market capitalisation). Years without a dividends figure are left out of the history. The latest
 * fiscal year decides the status: a payment makes a payer, zero a non-payer, no figure `not_reported` (Yahoo leaves
 * the line out for most companies that pay nothing; the reader is told the data holds no payment, not that none was
 * made). A company that stopped paying keeps its earlier years in the history.
 */
export function dividendHistoryOf(
  statements: readonly AnnualFundamentals[],
  dividendYield: number | null,
): DiagnosisDividends {
  const ordered = [...statements].sort((a, b) => a.fiscalYear - b.fiscalYear)
  const reported = ordered.filter((year) => paidOf(year) !== null)
  const latest = ordered.at(-1) ?? null
  // Years of zeros are no history: a company that never paid in the years shown has none.
  const recent = reported.slice(-DIVIDEND_YEARS_SHOWN)
  const shown = recent.some((year) => (paidOf(year) ?? 0) > 0) ? recent : []
  const latestPaid = latest ? paidOf(latest) : null
  const status: DiagnosisDividends['status'] =
    latestPaid === null ? 'not_reported' : latestPaid > 0 ? 'payer' : 'non_payer'
  const basis: DiagnosisDividends['basis'] =
    shown.length > 0 && shown.every((year) => sharesOf(year) !== null) ? 'per_share' : 'total'
  const measure = (year: AnnualFundamentals): number | null => {
    const paid = paidOf(year)
    if (paid === null) return null
    if (basis === 'total') return paid
    const shares = sharesOf(year)
    return shares === null ? null : paid / shares
  }
  const history = shown.map((year, index) => {
    const paid = paidOf(year) as number
    const shares = sharesOf(year)
    const netIncome = finite(year.netIncome)
    const previous = index > 0 ? (shown[index - 1] as AnnualFundamentals) : null
    const now = measure(year)
    const before = previous && previous.fiscalYear === year.fiscalYear - 1 ? measure(previous) : null
    return {
      fiscalYear: year.fiscalYear,
      periodEnd: year.periodEnd,
      paid,
      perShare: shares === null ? null : paid / shares,
      // A loss year has no meaningful payout ratio (dividends out of past profits, or a negative ratio).
      payoutRatio: netIncome !== null && netIncome > 0 ? paid / netIncome : null,
      growth: now !== null && before !== null && before > 0 ? now / before - 1 : null,
    }
  })
  // The compound rate runs from the first year shown that paid to the latest, if that is a payment too.
  const firstPaying = shown.find((year) => (measure(year) ?? 0) > 0)
  const last = shown.at(-1)
  const firstValue = firstPaying ? measure(firstPaying) : null
  const lastValue = last ? measure(last) : null
  const span = firstPaying && last ? last.fiscalYear - firstPaying.fiscalYear : 0
  const cagrValue =
    firstValue !== null && lastValue !== null ? compoundAnnualGrowth(firstValue, lastValue, span) : null
  const latestHistory = history.at(-1)
  return {
    status,
    method: DIVIDEND_METHOD,
    yield: status === 'payer' ? finite(dividendYield) : status === 'non_payer' ? 0 : null,
    currency: latest?.currency ?? null,
    fiscalYear: latest?.fiscalYear ?? null,
    periodEnd: latest?.periodEnd ?? null,
    payoutRatio: status === 'payer' ? (latestHistory?.payoutRatio ?? null) : null,
    basis,
    years: history,
    cagr:
      cagrValue !== null && firstPaying && last
        ? { value: cagrValue, from: firstPaying.fiscalYear, to: last.fiscalYear }
        : null,
  }
}

/** The dividends of a diagnosis: the statements it used (its fiscal years) and its trailing yield. */
export function dividendsOfDiagnosis(
  statements: readonly AnnualFundamentals[],
  diagnosis: Pick<Diagnosis, 'data' | 'ratios'>,
): DiagnosisDividends {
  const used = new Set(diagnosis.data.fiscalYears)
  return dividendHistoryOf(
    statements.filter((year) => used.has(year.fiscalYear)),
    diagnosis.ratios.dividendYield,
  )
}
