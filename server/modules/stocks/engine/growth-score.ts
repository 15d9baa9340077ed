/**
 * Growth-potential score: what the business has grown at and what it can fund. Revenue and diluted-EPS compound
 * growth over up to five years, whether the latest year accelerated, and fundamental growth — the growth the
 * company's own reinvestment supports: reinvestment rate × ROIC for operating companies, retention ratio × ROE for
 * banks and insurers (Damodaran, Investment Valuation, 2012; Higgins' sustainable growth rate).
 */
import type { Check, Score } from './diagnosis.types.ts'
import { GROWTH_WINDOW_YEARS } from './fair-value.ts'
import { compoundGrowth, shortSeriesReason, trailingSeries } from './financial-figures.ts'
import { buildScore, compareCheck } from './score-card.ts'
import { type ScoringContext, yearsBack } from './scoring-context.ts'

export const GROWTH_MARKS = { revenueCagr: 0.08, epsCagr: 0.1, fundamentalGrowth: 0.05 } as const
/** A CAGR needs at least two years of change (three statements). */
export const MIN_CAGR_YEARS = 2

function seriesInputs(prefix: string, series: ReadonlyArray<{ fiscalYear: number; value: number }>) {
  return Object.fromEntries(series.map((p) => [`${prefix}${p.fiscalYear}`, p.value]))
}

export function scoreGrowth(ctx: ScoringContext): Score {
  const t = ctx.latest
  const p = yearsBack(ctx, 1)
  const fy = t?.fiscalYear ?? null
  const revenueSeries = trailingSeries(ctx.years, (y) => y.revenue, GROWTH_WINDOW_YEARS + 1)
  const epsSeries = trailingSeries(ctx.years, (y) => y.epsDiluted, GROWTH_WINDOW_YEARS + 1)
  const revenueCagr = compoundGrowth(revenueSeries)
  const epsCagr = compoundGrowth(epsSeries)
  const revenueOk = revenueCagr.years >= MIN_CAGR_YEARS
  const epsOk = epsCagr.years >= MIN_CAGR_YEARS
  // Acceleration: the latest year's growth against the compound rate of the years before it.
  const priorCagr = compoundGrowth(revenueSeries.slice(0, -1))
  const latestGrowth =
    t?.revenue != null && p?.revenue != null && p.revenue > 0 ? t.revenue / p.revenue - 1 : null

  let fundamentalGrowth: number | null = null
  let fundamentalInputs: Record<string, number | string | null>
  if (ctx.isFinancial) {
    const retention =
      t?.netIncome != null && t.netIncome > 0 && t.dividendsPaid !== null
        ? 1 - t.dividendsPaid / t.netIncome
        : null
    fundamentalGrowth = t?.roe != null && retention !== null ? t.roe * retention : null
    fundamentalInputs = {
      formula: 'roe_x_retention',
      roe: t?.roe ?? null,
      netIncome: t?.netIncome ?? null,
      dividendsPaid: t?.dividendsPaid ?? null,
      retentionRatio: retention,
    }
  } else {
    fundamentalGrowth = t?.roic != null && t.reinvestmentRate !== null ? t.roic * t.reinvestmentRate : null
    fundamentalInputs = {
      formula: 'reinvestment_rate_x_roic',
      roic: t?.roic ?? null,
      reinvestmentRate: t?.reinvestmentRate ?? null,
      reinvestment: t?.reinvestment ?? null,
      capitalExpenditure: t?.capitalExpenditure ?? null,
      depreciationAndAmortization: t?.depreciationAndAmortization ?? null,
      nopat: t?.nopat ?? null,
    }
  }

  const checks: Check[] = [
    compareCheck({
      key: 'growth.revenue_cagr',
      value: revenueOk ? revenueCagr.rate : null,
      unit: 'percent',
      comparison: 'gte',
      threshold: GROWTH_MARKS.revenueCagr,
      thresholdSource: 'fixed',
      inputs: { ...seriesInputs('revenue', revenueSeries), years: revenueCagr.years },
      period: fy,
      reasonIfMissing: revenueOk ? (revenueCagr.reason ?? 'missing_data') : shortSeriesReason(revenueSeries),
    }),
    compareCheck({
      key: 'growth.eps_cagr',
      value: epsOk ? epsCagr.rate : null,
      unit: 'percent',
      comparison: 'gte',
      threshold: GROWTH_MARKS.epsCagr,
      thresholdSource: 'fixed',
      inputs: { ...seriesInputs('eps', epsSeries), years: epsCagr.years },
      period: fy,
      reasonIfMissing: epsOk ? (epsCagr.reason ?? 'missing_data') : shortSeriesReason(epsSeries),
    }),
    compareCheck({
      key: 'growth.revenue_acceleration',
      value: priorCagr.rate === null ? null : latestGrowth,
      unit: 'percent',
      comparison: 'gt',
      threshold: priorCagr.rate,
      thresholdSource: 'derived',
      inputs: {
        revenue: t?.revenue ?? null,
        revenuePrior: p?.revenue ?? null,
        priorCagrYears: priorCagr.years,
      },
      period: fy,
      reasonIfMissing: priorCagr.reason ?? 'missing_data',
    }),
    compareCheck({
      key: 'growth.eps_growth_latest',
      value: t?.epsDiluted ?? null,
      unit: 'currency',
      comparison: 'gt',
      threshold: p?.epsDiluted ?? null,
      thresholdSource: 'previous_year',
      inputs: {
        netIncome: t?.netIncome ?? null,
        dilutedShares: t?.dilutedShares ?? null,
        netIncomePrior: p?.netIncome ?? null,
        dilutedSharesPrior: p?.dilutedShares ?? null,
        reportingCurrency: t?.currency ?? null,
      },
      period: fy,
      reasonIfMissing: p ? 'missing_data' : 'insufficient_history',
    }),
    compareCheck({
      key: 'growth.fundamental_growth',
      value: fundamentalGrowth,
      unit: 'percent',
      comparison: 'gte',
      threshold: GROWTH_MARKS.fundamentalGrowth,
      thresholdSource: 'fixed',
      inputs: fundamentalInputs,
      period: fy,
    }),
  ]
  return buildScore({
    key: 'growth_potential',
    checks,
    minChecksAvailable: 3,
    asOf: ctx.asOf,
    dataThrough: t?.periodEnd ?? null,
    methods: ['growth-cagr', 'fundamental-growth'],
  })
}
