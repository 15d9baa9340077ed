/**
 * Gross-margin score: pricing power as seen in the gross margin — its level against the industry median and
 * against a 40 % mark, its five-year trend (least-squares slope) and whether the latest year holds up against the
 * five-year average. Gross margin does not exist for banks and insurers, so the score is "not applicable" for them.
 */
import { getLinearRegression } from 'trading-signals'
import type { Check, Score } from './diagnosis.types.ts'
import { shortSeriesReason, trailingSeries } from './financial-figures.ts'
import { buildScore, compareCheck, unavailableCheck } from './score-card.ts'
import type { ScoringContext } from './scoring-context.ts'

/** A gross margin of 40 % or more is the classic sign of a durable advantage (Buffett & Clark 2008). */
export const GROSS_MARGIN_HIGH = 0.4
export const MARGIN_WINDOW_YEARS = 5
/** Trends and averages need at least three consecutive years. */
export const MIN_MARGIN_YEARS = 3

export function scoreGrossMargin(ctx: ScoringContext): Score {
  const t = ctx.latest
  const fy = t?.fiscalYear ?? null
  if (ctx.isFinancial) {
    const na = (key: Check['key']) =>
      unavailableCheck({
        key,
        unit: 'percent',
        comparison: 'gte',
        threshold: null,
        thresholdSource: 'fixed',
        reason: 'not_applicable',
        period: fy,
      })
    return buildScore({
      key: 'gross_margin',
      checks: [
        na('gross_margin.level_vs_industry'),
        na('gross_margin.level_absolute'),
        na('gross_margin.trend_5y'),
        na('gross_margin.latest_vs_average'),
      ],
      minChecksAvailable: 2,
      asOf: ctx.asOf,
      dataThrough: t?.periodEnd ?? null,
      methods: ['gross-margin-quality'],
      notApplicable: true,
    })
  }
  const gm = t?.grossMargin ?? null
  const series = trailingSeries(ctx.years, (y) => y.grossMargin, MARGIN_WINDOW_YEARS)
  const enough = series.length >= MIN_MARGIN_YEARS
  const values = series.map((p) => p.value)
  const slope = enough ? getLinearRegression(values).slope : null
  const average = enough ? values.reduce((a, b) => a + b, 0) / values.length : null
  const seriesInputs = Object.fromEntries(series.map((p) => [`grossMargin${p.fiscalYear}`, p.value]))
  const median = ctx.benchmarks?.metrics.grossMargin.median ?? null
  const checks: Check[] = [
    compareCheck({
      key: 'gross_margin.level_vs_industry',
      value: gm,
      unit: 'percent',
      comparison: 'gte',
      threshold: median,
      thresholdSource: 'industry_median',
      inputs: {
        grossMargin: gm,
        industryMedian: median,
        benchmarkScope: ctx.benchmarks?.scope ?? null,
        benchmarkKey: ctx.benchmarks?.key ?? null,
        peers: ctx.benchmarks?.metrics.grossMargin.count ?? null,
      },
      period: fy,
      reasonIfMissing: gm === null ? 'missing_data' : 'no_benchmark',
    }),
    compareCheck({
      key: 'gross_margin.level_absolute',
      value: gm,
      unit: 'percent',
      comparison: 'gte',
      threshold: GROSS_MARGIN_HIGH,
      thresholdSource: 'fixed',
      inputs: { grossProfit: t?.grossProfit ?? null, revenue: t?.revenue ?? null },
      period: fy,
    }),
    compareCheck({
      key: 'gross_margin.trend_5y',
      value: slope,
      unit: 'percent_points',
      comparison: 'gte',
      threshold: 0,
      thresholdSource: 'fixed',
      inputs: { ...seriesInputs, years: series.length },
      period: fy,
      reasonIfMissing: shortSeriesReason(series),
    }),
    compareCheck({
      key: 'gross_margin.latest_vs_average',
      value: enough ? gm : null,
      unit: 'percent',
      comparison: 'gte',
      threshold: average,
      thresholdSource: 'derived',
      inputs: { ...seriesInputs, years: series.length, average },
      period: fy,
      reasonIfMissing: shortSeriesReason(series),
    }),
  ]
  return buildScore({
    key: 'gross_margin',
    checks,
    minChecksAvailable: 2,
    asOf: ctx.asOf,
    dataThrough: t?.periodEnd ?? null,
    methods: ['gross-margin-quality', 'industry-benchmarks'],
  })
}
