/**
 * Profitability score: return on equity, on assets and on capital employed, each against a fixed mark and against
 * the industry median. Banks and insurers run on thin asset returns and high leverage, so their marks are lower
 * (ROE 10 %, ROA 1 %) and ROCE does not apply. The score also yields the reader-facing profitability rating.
 */

import type { ProfitabilityRating } from '#contracts/diagnosis-keys.ts'
import type { Check, Score } from './diagnosis.types.ts'
import { returnReason } from './management-score.ts'
import { buildScore, compareCheck, unavailableCheck } from './score-card.ts'
import type { ScoringContext } from './scoring-context.ts'

export const PROFITABILITY_MARKS = {
  operating: { roe: 0.15, roa: 0.05, roce: 0.15 },
  financial: { roe: 0.1, roa: 0.01 },
} as const

/** Score ≥ 70 strong, ≥ 40 average, below weak. */
export function rateProfitability(score: Score): ProfitabilityRating | null {
  if (score.value === null) return null
  return score.value >= 70 ? 'strong' : score.value >= 40 ? 'average' : 'weak'
}

export function scoreProfitability(ctx: ScoringContext): Score {
  const t = ctx.latest
  const fy = t?.fiscalYear ?? null
  const b = ctx.benchmarks
  const marks = ctx.isFinancial ? PROFITABILITY_MARKS.financial : PROFITABILITY_MARKS.operating
  const benchmarkInputs = (metric: 'roe' | 'roa' | 'roce') => ({
    industryMedian: b?.metrics[metric].median ?? null,
    benchmarkScope: b?.scope ?? null,
    benchmarkKey: b?.key ?? null,
    peers: b?.metrics[metric].count ?? null,
  })
  const roeInputs = {
    netIncome: t?.netIncome ?? null,
    averageEquity: t?.averageEquity ?? null,
    balanceBasis: t?.balanceBasis ?? null,
  }
  const roaInputs = {
    netIncome: t?.netIncome ?? null,
    averageAssets: t?.averageAssets ?? null,
    balanceBasis: t?.balanceBasis ?? null,
  }
  const roceInputs = {
    ebit: t?.ebit ?? null,
    averageCapitalEmployed: t?.averageCapitalEmployed ?? null,
    balanceBasis: t?.balanceBasis ?? null,
  }
  const roeMissing = returnReason(t, true)
  const pair = (
    metric: 'roe' | 'roa' | 'roce',
    value: number | null,
    mark: number,
    inputs: Record<string, number | string | null>,
    missing: 'negative_equity' | 'missing_data',
  ): Check[] => [
    compareCheck({
      key: `profitability.${metric}_level`,
      value,
      unit: 'percent',
      comparison: 'gte',
      threshold: mark,
      thresholdSource: 'fixed',
      inputs,
      period: fy,
      reasonIfMissing: missing,
    }),
    compareCheck({
      key: `profitability.${metric}_vs_industry`,
      value,
      unit: 'percent',
      comparison: 'gte',
      threshold: b?.metrics[metric].median ?? null,
      thresholdSource: 'industry_median',
      inputs: { ...inputs, ...benchmarkInputs(metric) },
      period: fy,
      reasonIfMissing: value === null ? missing : 'no_benchmark',
    }),
  ]
  const roceChecks: Check[] =
    'roce' in marks
      ? pair('roce', t?.roce ?? null, marks.roce, roceInputs, 'missing_data')
      : (['profitability.roce_level', 'profitability.roce_vs_industry'] as const).map((key) =>
          unavailableCheck({
            key,
            unit: 'percent',
            comparison: 'gte',
            threshold: null,
            thresholdSource: 'fixed',
            reason: 'not_applicable',
            period: fy,
          }),
        )
  const checks: Check[] = [
    ...pair('roe', t?.roe ?? null, marks.roe, roeInputs, roeMissing),
    ...pair('roa', t?.roa ?? null, marks.roa, roaInputs, 'missing_data'),
    ...roceChecks,
  ]
  return buildScore({
    key: 'profitability',
    checks,
    minChecksAvailable: 3,
    asOf: ctx.asOf,
    dataThrough: t?.periodEnd ?? null,
    methods: ['profitability-ratios', 'industry-benchmarks'],
  })
}
