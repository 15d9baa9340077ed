/**
 * Fundamentals score: Piotroski's F-score (Piotroski 2000, "Value Investing: The Use of Historical Financial
 * Statement Information to Separate Winners from Losers"), nine binary signals on profitability, leverage/liquidity
 * and operating efficiency, comparing the latest fiscal year t with t − 1. ROA and CFO are scaled by beginning-of-year
 * total assets, as in the paper, so ΔROA and ΔTURN need the balance sheet of t − 2.
 * Deliberate deviations (documented): EQ_OFFER uses the share count (no issuance data); ΔLEVER counts as passed when
 * long-term debt is zero in both years; ΔLIQUID and ΔMARGIN do not apply to financial companies.
 */

import type { CheckKey, UnavailableReason } from '#contracts/diagnosis-keys.ts'
import type { Check, Score } from './diagnosis.types.ts'
import type { YearFigures } from './financial-figures.ts'
import { buildScore, compareCheck, decidedCheck, divideOrNull, unavailableCheck } from './score-card.ts'
import { type ScoringContext, yearsBack } from './scoring-context.ts'

function scaled(numerator: number | null, beginningAssets: number | null): number | null {
  return beginningAssets !== null && beginningAssets > 0 ? divideOrNull(numerator, beginningAssets) : null
}

function missingReason(...years: Array<YearFigures | null>): UnavailableReason {
  return years.some((y) => y === null) ? 'insufficient_history' : 'missing_data'
}

function leverage(y: YearFigures | null, prior: YearFigures | null): number | null {
  if (!y || !prior || y.longTermDebt === null || y.totalAssets === null || prior.totalAssets === null)
    return null
  const averageAssets = (y.totalAssets + prior.totalAssets) / 2
  return averageAssets > 0 ? y.longTermDebt / averageAssets : null
}

function shareCounts(t: YearFigures | null, p: YearFigures | null) {
  if (t?.sharesOutstanding && p?.sharesOutstanding) {
    return { now: t.sharesOutstanding, before: p.sharesOutstanding, basis: 'shares_outstanding' }
  }
  if (t?.dilutedShares && p?.dilutedShares)
    return { now: t.dilutedShares, before: p.dilutedShares, basis: 'diluted_shares' }
  return { now: null, before: null, basis: null }
}

export function scorePiotroski(ctx: ScoringContext): Score {
  const t = ctx.latest
  const p = yearsBack(ctx, 1)
  const q = yearsBack(ctx, 2)
  const fy = t?.fiscalYear ?? null
  const roa = scaled(t?.netIncome ?? null, p?.totalAssets ?? null)
  const cfo = scaled(t?.operatingCashFlow ?? null, p?.totalAssets ?? null)
  const roaPrior = scaled(p?.netIncome ?? null, q?.totalAssets ?? null)
  const turnover = scaled(t?.revenue ?? null, p?.totalAssets ?? null)
  const turnoverPrior = scaled(p?.revenue ?? null, q?.totalAssets ?? null)
  const lever = leverage(t, p)
  const leverPrior = leverage(p, q)
  const shares = shareCounts(t, p)
  const reasonTP = missingReason(t, p)
  const reasonTPQ = missingReason(t, p, q)

  const notForFinancials = (key: CheckKey, unit: Check['unit']): Check =>
    unavailableCheck({
      key,
      unit,
      comparison: 'gt',
      threshold: null,
      thresholdSource: 'previous_year',
      reason: 'not_applicable',
      period: fy,
    })

  let leverageCheck: Check
  const debtFreeBothYears = t?.longTermDebt === 0 && p?.longTermDebt === 0
  if (debtFreeBothYears) {
    leverageCheck = decidedCheck({
      key: 'piotroski.leverage_decreased',
      value: 0,
      unit: 'percent',
      comparison: 'lt',
      threshold: 0,
      thresholdSource: 'previous_year',
      passed: true,
      inputs: { longTermDebt: 0, longTermDebtPrior: 0, rule: 'no_long_term_debt_in_either_year' },
      period: fy,
    })
  } else {
    leverageCheck = compareCheck({
      key: 'piotroski.leverage_decreased',
      value: lever,
      unit: 'percent',
      comparison: 'lt',
      threshold: leverPrior,
      thresholdSource: 'previous_year',
      inputs: {
        longTermDebt: t?.longTermDebt ?? null,
        totalAssets: t?.totalAssets ?? null,
        longTermDebtPrior: p?.longTermDebt ?? null,
        totalAssetsPrior: p?.totalAssets ?? null,
        totalAssetsTwoYearsBefore: q?.totalAssets ?? null,
      },
      period: fy,
      reasonIfMissing: reasonTPQ,
    })
  }

  const checks: Check[] = [
    compareCheck({
      key: 'piotroski.roa_positive',
      value: roa,
      unit: 'percent',
      comparison: 'gt',
      threshold: 0,
      thresholdSource: 'fixed',
      inputs: { netIncome: t?.netIncome ?? null, totalAssetsBeginning: p?.totalAssets ?? null },
      period: fy,
      reasonIfMissing: reasonTP,
    }),
    compareCheck({
      key: 'piotroski.cfo_positive',
      value: cfo,
      unit: 'percent',
      comparison: 'gt',
      threshold: 0,
      thresholdSource: 'fixed',
      inputs: {
        operatingCashFlow: t?.operatingCashFlow ?? null,
        totalAssetsBeginning: p?.totalAssets ?? null,
      },
      period: fy,
      reasonIfMissing: reasonTP,
    }),
    compareCheck({
      key: 'piotroski.roa_improved',
      value: roa,
      unit: 'percent',
      comparison: 'gt',
      threshold: roaPrior,
      thresholdSource: 'previous_year',
      inputs: {
        netIncome: t?.netIncome ?? null,
        totalAssetsBeginning: p?.totalAssets ?? null,
        netIncomePrior: p?.netIncome ?? null,
        totalAssetsBeginningPrior: q?.totalAssets ?? null,
      },
      period: fy,
      reasonIfMissing: reasonTPQ,
    }),
    compareCheck({
      key: 'piotroski.cfo_exceeds_net_income',
      value: cfo,
      unit: 'percent',
      comparison: 'gt',
      threshold: roa,
      thresholdSource: 'derived',
      inputs: {
        operatingCashFlow: t?.operatingCashFlow ?? null,
        netIncome: t?.netIncome ?? null,
        totalAssetsBeginning: p?.totalAssets ?? null,
      },
      period: fy,
      reasonIfMissing: reasonTP,
    }),
    leverageCheck,
    ctx.isFinancial
      ? notForFinancials('piotroski.current_ratio_improved', 'multiple')
      : compareCheck({
          key: 'piotroski.current_ratio_improved',
          value: t?.currentRatio ?? null,
          unit: 'multiple',
          comparison: 'gt',
          threshold: p?.currentRatio ?? null,
          thresholdSource: 'previous_year',
          inputs: {
            currentAssets: t?.currentAssets ?? null,
            currentLiabilities: t?.currentLiabilities ?? null,
            currentAssetsPrior: p?.currentAssets ?? null,
            currentLiabilitiesPrior: p?.currentLiabilities ?? null,
          },
          period: fy,
          reasonIfMissing: reasonTP,
        }),
    compareCheck({
      key: 'piotroski.no_new_shares',
      value: shares.now,
      unit: 'shares',
      comparison: 'lte',
      threshold: shares.before,
      thresholdSource: 'previous_year',
      inputs: { shares: shares.now, sharesPrior: shares.before, basis: shares.basis },
      period: fy,
      reasonIfMissing: reasonTP,
    }),
    ctx.isFinancial
      ? notForFinancials('piotroski.gross_margin_improved', 'percent')
      : compareCheck({
          key: 'piotroski.gross_margin_improved',
          value: t?.grossMargin ?? null,
          unit: 'percent',
          comparison: 'gt',
          threshold: p?.grossMargin ?? null,
          thresholdSource: 'previous_year',
          inputs: {
            grossProfit: t?.grossProfit ?? null,
            revenue: t?.revenue ?? null,
            grossProfitPrior: p?.grossProfit ?? null,
            revenuePrior: p?.revenue ?? null,
          },
          period: fy,
          reasonIfMissing: reasonTP,
        }),
    compareCheck({
      key: 'piotroski.asset_turnover_improved',
      value: turnover,
      unit: 'multiple',
      comparison: 'gt',
      threshold: turnoverPrior,
      thresholdSource: 'previous_year',
      inputs: {
        revenue: t?.revenue ?? null,
        totalAssetsBeginning: p?.totalAssets ?? null,
        revenuePrior: p?.revenue ?? null,
        totalAssetsBeginningPrior: q?.totalAssets ?? null,
      },
      period: fy,
      reasonIfMissing: reasonTPQ,
    }),
  ]
  return buildScore({
    key: 'fundamentals',
    checks,
    minChecksAvailable: 6,
    asOf: ctx.asOf,
    dataThrough: t?.periodEnd ?? null,
    methods: ['piotroski-2000'],
  })
}
