/**
 * Management score: how well management allocates capital and treats shareholders — return on invested capital
 * against the cost of capital, the return earned on capital added in recent years, share dilution, and whether
 * insiders have been net buyers of their own stock (Lakonishok & Lee 2001: insider purchases carry information,
 * routine sales much less). For financial companies return on equity replaces ROIC and the incremental test does not
 * apply. An empty insider list means "no trades filed", a null list "no insider data" — both leave the check out.
 */
import type { InsiderTransaction } from '#server/providers/market-data/market-data.ts'
import type { Check, Score } from './diagnosis.types.ts'
import type { YearFigures } from './financial-figures.ts'
import { buildScore, compareCheck, unavailableCheck } from './score-card.ts'
import { type ScoringContext, yearsBack } from './scoring-context.ts'

/** Share-count growth above 1 % a year counts as dilution. */
export const DILUTION_LIMIT = 0.01

/** `YYYY-MM-DD` shifted by whole months, clamped to the month's last day (2025-03-31 − 1 month → 2025-02-28). */
export function shiftIsoDateByMonths(date: string, months: number): string {
  const year = Number(date.slice(0, 4))
  const month = Number(date.slice(5, 7)) - 1 + months
  const day = Number(date.slice(8, 10))
  const target = new Date(Date.UTC(year, month, 1))
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(day, lastDay))
  return target.toISOString().slice(0, 10)
}

export interface InsiderSummary {
  from: string
  to: string
  transactions: number
  sharesBought: number
  sharesSold: number
  valueBought: number
  valueSold: number
  /** Net purchase ratio (Lakonishok & Lee 2001): (bought − sold) / (bought + sold), in shares; −1 … 1. */
  netPurchaseRatio: number | null
}

/** Insider trades dated after `from` and on or before `to`. */
export function summarizeInsiderActivity(
  transactions: readonly InsiderTransaction[],
  from: string,
  to: string,
): InsiderSummary {
  let sharesBought = 0
  let sharesSold = 0
  let valueBought = 0
  let valueSold = 0
  let count = 0
  for (const tx of transactions) {
    if (tx.date <= from || tx.date > to) continue
    count++
    const shares = Math.abs(tx.shares)
    const value = Math.abs(tx.value)
    if (tx.kind === 'buy') {
      sharesBought += shares
      valueBought += value
    } else {
      sharesSold += shares
      valueSold += value
    }
  }
  const total = sharesBought + sharesSold
  return {
    from,
    to,
    transactions: count,
    sharesBought,
    sharesSold,
    valueBought,
    valueSold,
    netPurchaseRatio: total > 0 ? (sharesBought - sharesSold) / total : null,
  }
}

function insiderCheck(ctx: ScoringContext, months: 6 | 12): Check {
  const key = months === 6 ? 'management.insider_net_buying_6m' : 'management.insider_net_buying_12m'
  const base = {
    key,
    unit: 'percent',
    comparison: 'gt',
    threshold: 0,
    thresholdSource: 'fixed',
    weight: months === 6 ? 0.5 : 1,
  } as const
  if (ctx.insiderTransactions === null)
    return unavailableCheck({ ...base, reason: 'missing_data', period: ctx.asOf })
  const summary = summarizeInsiderActivity(
    ctx.insiderTransactions,
    shiftIsoDateByMonths(ctx.asOf, -months),
    ctx.asOf,
  )
  const inputs = {
    from: summary.from,
    to: summary.to,
    transactions: summary.transactions,
    sharesBought: summary.sharesBought,
    sharesSold: summary.sharesSold,
    valueBought: summary.valueBought,
    valueSold: summary.valueSold,
  }
  if (summary.netPurchaseRatio === null)
    return unavailableCheck({ ...base, reason: 'no_transactions', inputs, period: ctx.asOf })
  return compareCheck({ ...base, value: summary.netPurchaseRatio, inputs, period: ctx.asOf })
}

function dilutionCheck(ctx: ScoringContext, years: 1 | 3): Check {
  const t = ctx.latest
  const b = yearsBack(ctx, years)
  // Compare like with like: diluted with diluted, else outstanding with outstanding.
  const useDiluted = Boolean(t?.dilutedShares && b?.dilutedShares)
  const now = useDiluted ? (t?.dilutedShares ?? null) : (t?.sharesOutstanding ?? null)
  const before = useDiluted ? (b?.dilutedShares ?? null) : (b?.sharesOutstanding ?? null)
  const annual = now !== null && before !== null && before > 0 ? (now / before) ** (1 / years) - 1 : null
  return compareCheck({
    key: years === 1 ? 'management.dilution_1y' : 'management.dilution_3y',
    value: annual,
    unit: 'percent',
    comparison: 'lte',
    threshold: DILUTION_LIMIT,
    thresholdSource: 'fixed',
    inputs: {
      shares: now,
      sharesBefore: before,
      years,
      basis: useDiluted ? 'diluted_shares' : 'shares_outstanding',
    },
    period: t?.fiscalYear ?? null,
    reasonIfMissing: b === null ? 'insufficient_history' : 'missing_data',
  })
}

function incrementalReturnCheck(ctx: ScoringContext): Check {
  const base = {
    key: 'management.incremental_return',
    unit: 'percent',
    comparison: 'gt',
    threshold: ctx.costOfCapital,
    thresholdSource: 'cost_of_capital',
  } as const
  const t = ctx.latest
  if (ctx.isFinancial)
    return unavailableCheck({ ...base, reason: 'not_applicable', period: t?.fiscalYear ?? null })
  // Three years back when available, else two: one year of change is mostly noise.
  const start = yearsBack(ctx, 3) ?? yearsBack(ctx, 2)
  if (!t || !start)
    return unavailableCheck({ ...base, reason: 'insufficient_history', period: t?.fiscalYear ?? null })
  const inputs = {
    nopat: t.nopat,
    nopatStart: start.nopat,
    investedCapital: t.investedCapital,
    investedCapitalStart: start.investedCapital,
    startFiscalYear: start.fiscalYear,
  }
  if (
    t.nopat === null ||
    start.nopat === null ||
    t.investedCapital === null ||
    start.investedCapital === null
  ) {
    return unavailableCheck({ ...base, reason: 'missing_data', inputs, period: t.fiscalYear })
  }
  const addedCapital = t.investedCapital - start.investedCapital
  if (addedCapital <= 0)
    return unavailableCheck({ ...base, reason: 'no_net_investment', inputs, period: t.fiscalYear })
  return compareCheck({
    ...base,
    value: (t.nopat - start.nopat) / addedCapital,
    inputs,
    period: t.fiscalYear,
  })
}

/** Why ROIC or ROE is missing: a non-positive capital base makes the ratio meaningless rather than missing. */
export function returnReason(
  y: YearFigures | null,
  isFinancial: boolean,
): 'negative_equity' | 'missing_data' {
  const base = isFinancial ? y?.averageEquity : y?.averageInvestedCapital
  return base !== null && base !== undefined && base <= 0 ? 'negative_equity' : 'missing_data'
}

export function scoreManagement(ctx: ScoringContext): Score {
  const t = ctx.latest
  const returnValue = ctx.isFinancial ? (t?.roe ?? null) : (t?.roic ?? null)
  const checks: Check[] = [
    compareCheck({
      key: 'management.return_vs_cost_of_capital',
      value: returnValue,
      unit: 'percent',
      comparison: 'gt',
      threshold: ctx.costOfCapital,
      thresholdSource: 'cost_of_capital',
      weight: 2,
      inputs: ctx.isFinancial
        ? { measure: 'roe', netIncome: t?.netIncome ?? null, averageEquity: t?.averageEquity ?? null }
        : {
            measure: 'roic',
            ebit: t?.ebit ?? null,
            taxRate: t?.taxRate ?? null,
            taxRateSource: t?.taxRateSource ?? null,
            nopat: t?.nopat ?? null,
            averageInvestedCapital: t?.averageInvestedCapital ?? null,
            riskFreeRate: ctx.market.riskFreeRate,
            equityRiskPremium: ctx.market.equityRiskPremium,
          },
      period: t?.fiscalYear ?? null,
      reasonIfMissing: returnReason(t, ctx.isFinancial),
    }),
    incrementalReturnCheck(ctx),
    dilutionCheck(ctx, 1),
    dilutionCheck(ctx, 3),
    insiderCheck(ctx, 6),
    insiderCheck(ctx, 12),
  ]
  return buildScore({
    key: 'management',
    checks,
    minChecksAvailable: 2,
    asOf: ctx.asOf,
    dataThrough: t?.periodEnd ?? null,
    methods: ['roic-capital-allocation', 'share-dilution', 'insider-activity'],
  })
}
