/**
 * Competitive-advantage score: the footprints a moat leaves in the statements — returns on capital that stay above
 * the cost of capital year after year, by a margin, and gross and operating margins that barely move (Mauboussin &
 * Callahan, "Measuring the Moat", Credit Suisse 2013; Greenwald & Kahn, "Competition Demystified", 2005). ROE
 * against the cost of equity stands in for ROIC at banks and insurers; gross margin does not apply to them.
 */
import { getStandardDeviation } from 'trading-signals'
import type { Check, Score } from './diagnosis.types.ts'
import { shortSeriesReason, trailingSeries } from './financial-figures.ts'
import { MARGIN_WINDOW_YEARS, MIN_MARGIN_YEARS } from './gross-margin-score.ts'
import { buildScore, compareCheck, unavailableCheck } from './score-card.ts'
import type { ScoringContext } from './scoring-context.ts'

export const MOAT_MARKS = {
  /** Share of years with returns above the cost of capital. */
  persistence: 0.8,
  /** Average return must exceed the cost of capital by this many percentage points. */
  spread: 0.05,
  /** Population standard deviation of the margin across the years, as a fraction. */
  grossMarginStdDev: 0.03,
  operatingMarginStdDev: 0.05,
} as const

function seriesInputs(prefix: string, series: ReadonlyArray<{ fiscalYear: number; value: number }>) {
  return Object.fromEntries(series.map((p) => [`${prefix}${p.fiscalYear}`, p.value]))
}

function stabilityCheck(
  ctx: ScoringContext,
  key: 'moat.gross_margin_stability' | 'moat.operating_margin_stability',
  pick: (y: ScoringContext['years'][number]) => number | null,
  limit: number,
): Check {
  const series = trailingSeries(ctx.years, pick, MARGIN_WINDOW_YEARS)
  const enough = series.length >= MIN_MARGIN_YEARS
  const values = series.map((p) => p.value)
  return compareCheck({
    key,
    value: enough ? getStandardDeviation(values) : null,
    unit: 'percent_points',
    comparison: 'lte',
    threshold: limit,
    thresholdSource: 'fixed',
    inputs: {
      ...seriesInputs(key === 'moat.gross_margin_stability' ? 'grossMargin' : 'operatingMargin', series),
      years: series.length,
    },
    period: ctx.latest?.fiscalYear ?? null,
    reasonIfMissing: shortSeriesReason(series),
  })
}

export function scoreCompetitiveAdvantage(ctx: ScoringContext): Score {
  const fy = ctx.latest?.fiscalYear ?? null
  const measure = ctx.isFinancial ? 'roe' : 'roic'
  const returns = trailingSeries(ctx.years, (y) => (ctx.isFinancial ? y.roe : y.roic), MARGIN_WINDOW_YEARS)
  const enough = returns.length >= MIN_MARGIN_YEARS
  const above = returns.filter((p) => p.value > ctx.costOfCapital).length
  const average = enough ? returns.reduce((sum, p) => sum + p.value, 0) / returns.length : null
  const returnInputs = {
    measure,
    ...seriesInputs(measure, returns),
    years: returns.length,
    costOfCapital: ctx.costOfCapital,
  }
  const checks: Check[] = [
    compareCheck({
      key: 'moat.return_persistence',
      value: enough ? above / returns.length : null,
      unit: 'percent',
      comparison: 'gte',
      threshold: MOAT_MARKS.persistence,
      thresholdSource: 'fixed',
      weight: 1.5,
      inputs: { ...returnInputs, yearsAbove: above },
      period: fy,
      reasonIfMissing: shortSeriesReason(returns),
    }),
    compareCheck({
      key: 'moat.return_spread',
      value: average,
      unit: 'percent',
      comparison: 'gte',
      threshold: ctx.costOfCapital + MOAT_MARKS.spread,
      thresholdSource: 'cost_of_capital',
      weight: 1.5,
      inputs: { ...returnInputs, requiredSpread: MOAT_MARKS.spread },
      period: fy,
      reasonIfMissing: shortSeriesReason(returns),
    }),
    ctx.isFinancial
      ? unavailableCheck({
          key: 'moat.gross_margin_stability',
          unit: 'percent_points',
          comparison: 'lte',
          threshold: MOAT_MARKS.grossMarginStdDev,
          thresholdSource: 'fixed',
          reason: 'not_applicable',
          period: fy,
        })
      : stabilityCheck(
          ctx,
          'moat.gross_margin_stability',
          (y) => y.grossMargin,
          MOAT_MARKS.grossMarginStdDev,
        ),
    stabilityCheck(
      ctx,
      'moat.operating_margin_stability',
      (y) => y.operatingMargin,
      MOAT_MARKS.operatingMarginStdDev,
    ),
  ]
  return buildScore({
    key: 'competitive_advantage',
    checks,
    minChecksAvailable: 2,
    asOf: ctx.asOf,
    dataThrough: ctx.latest?.periodEnd ?? null,
    methods: ['moat-persistence'],
  })
}
