/**
 * Valuation-rationality score: is the price reasonable for what the company is and earns? Price against the fair
 * value (DCF, or justified P/B for financials), P/E and P/B against industry medians, and the PEG ratio (Lynch 1989:
 * a P/E no higher than the growth rate, PEG ≤ 1). Loss-makers have no meaningful P/E or PEG; those checks then drop
 * out rather than fail, and the reason is shown.
 */
import type { Check, Score } from './diagnosis.types.ts'
import { GROWTH_WINDOW_YEARS } from './fair-value.ts'
import { compoundGrowth, trailingSeries } from './financial-figures.ts'
import { MIN_CAGR_YEARS } from './growth-score.ts'
import { buildScore, compareCheck } from './score-card.ts'
import type { ScoringContext } from './scoring-context.ts'

export const PEG_LIMIT = 1

/** PEG = P/E ÷ (EPS CAGR in percent). Null when P/E or growth is not positive. */
export function computePeg(ctx: ScoringContext): {
  peg: number | null
  growth: number | null
  years: number
  reason: Check['reason']
} {
  const eps = compoundGrowth(trailingSeries(ctx.years, (y) => y.epsDiluted, GROWTH_WINDOW_YEARS + 1))
  const pe = ctx.ratios.pe
  if (pe === null)
    return { peg: null, growth: eps.rate, years: eps.years, reason: ctx.ratios.peReason ?? 'missing_data' }
  if (eps.years < MIN_CAGR_YEARS)
    return { peg: null, growth: null, years: eps.years, reason: 'insufficient_history' }
  if (eps.rate === null)
    return { peg: null, growth: null, years: eps.years, reason: eps.reason ?? 'missing_data' }
  if (eps.rate <= 0) return { peg: null, growth: eps.rate, years: eps.years, reason: 'non_positive_growth' }
  return { peg: pe / (eps.rate * 100), growth: eps.rate, years: eps.years, reason: null }
}

export function scoreValuation(ctx: ScoringContext): Score {
  const b = ctx.benchmarks
  const fair = ctx.fairValue
  const peg = computePeg(ctx)
  const fy = ctx.latest?.fiscalYear ?? null
  const checks: Check[] = [
    compareCheck({
      key: 'valuation.price_below_fair_value',
      value: fair.value === null ? null : ctx.price,
      unit: 'currency',
      comparison: 'lte',
      threshold: fair.value,
      thresholdSource: 'fair_value',
      weight: 2,
      inputs: {
        price: ctx.price,
        fairValue: fair.value,
        method: fair.method,
        // The ratio, not the margin: it reads the same on both sides of fair value and never runs past −100 %.
        priceToFairValue: fair.value === null || ctx.price === null ? null : ctx.price / fair.value,
      },
      period: ctx.indicators.lastDate,
      reasonIfMissing: fair.reason ?? 'missing_data',
    }),
    compareCheck({
      key: 'valuation.pe_vs_industry',
      value: ctx.ratios.pe,
      unit: 'multiple',
      comparison: 'lte',
      threshold: b?.metrics.pe.median ?? null,
      thresholdSource: 'industry_median',
      inputs: {
        price: ctx.price,
        epsDiluted: ctx.ratios.epsDiluted,
        peBasis: 'last_fiscal_year',
        industryMedian: b?.metrics.pe.median ?? null,
        benchmarkScope: b?.scope ?? null,
        peers: b?.metrics.pe.count ?? null,
      },
      period: fy,
      reasonIfMissing: ctx.ratios.pe === null ? (ctx.ratios.peReason ?? 'missing_data') : 'no_benchmark',
    }),
    compareCheck({
      key: 'valuation.peg',
      value: peg.peg,
      unit: 'multiple',
      comparison: 'lte',
      threshold: PEG_LIMIT,
      thresholdSource: 'fixed',
      inputs: { pe: ctx.ratios.pe, epsCagr: peg.growth, years: peg.years },
      period: fy,
      reasonIfMissing: peg.reason ?? 'missing_data',
    }),
    compareCheck({
      key: 'valuation.pb_vs_industry',
      value: ctx.ratios.pb,
      unit: 'multiple',
      comparison: 'lte',
      threshold: b?.metrics.pb.median ?? null,
      thresholdSource: 'industry_median',
      inputs: {
        price: ctx.price,
        bookValuePerShare: ctx.ratios.bookValuePerShare,
        industryMedian: b?.metrics.pb.median ?? null,
        benchmarkScope: b?.scope ?? null,
        peers: b?.metrics.pb.count ?? null,
      },
      period: fy,
      reasonIfMissing: ctx.ratios.pb === null ? (ctx.ratios.pbReason ?? 'missing_data') : 'no_benchmark',
    }),
  ]
  return buildScore({
    key: 'valuation',
    checks,
    minChecksAvailable: 2,
    asOf: ctx.asOf,
    dataThrough: ctx.indicators.lastDate,
    methods: [...fair.methods, 'relative-valuation', 'peg-ratio', 'industry-benchmarks'],
  })
}
