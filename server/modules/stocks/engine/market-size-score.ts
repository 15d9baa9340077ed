/**
 * Market-size score: how large and established the business is, by market capitalisation band and revenue scale,
 * both converted to US dollars with the fixed FX table so that bands mean the same in every market. It is a ladder:
 * each band reached adds a passed check, so a mega-cap passes all and a micro-cap none. Size is not quality; it
 * stands for liquidity, coverage and resilience.
 */

import type { CheckKey } from '#contracts/diagnosis-keys.ts'
import type { Check, Score } from './diagnosis.types.ts'
import { buildScore, compareCheck } from './score-card.ts'
import type { ScoringContext } from './scoring-context.ts'

const CAP_STEPS: ReadonlyArray<{ key: CheckKey; atLeast: number }> = [
  { key: 'market_size.cap_at_least_small', atLeast: 300e6 },
  { key: 'market_size.cap_at_least_mid', atLeast: 2e9 },
  { key: 'market_size.cap_at_least_large', atLeast: 10e9 },
  { key: 'market_size.cap_mega', atLeast: 200e9 },
]

const REVENUE_STEPS: ReadonlyArray<{ key: CheckKey; atLeast: number }> = [
  { key: 'market_size.revenue_at_least_100m', atLeast: 100e6 },
  { key: 'market_size.revenue_at_least_1b', atLeast: 1e9 },
  { key: 'market_size.revenue_at_least_10b', atLeast: 10e9 },
]

export function scoreMarketSize(ctx: ScoringContext): Score {
  const cap = ctx.marketCap
  const latest = ctx.latest
  const revenueUsd = latest?.revenue == null ? null : latest.revenue * ctx.usdPerReportingUnit
  const checks: Check[] = [
    ...CAP_STEPS.map((step) =>
      compareCheck({
        key: step.key,
        value: cap.valueUsd,
        unit: 'usd',
        comparison: 'gte',
        threshold: step.atLeast,
        thresholdSource: 'fixed',
        inputs: {
          marketCap: cap.value,
          currency: ctx.company.currency,
          usdPerUnit: ctx.assumptions.usdPerUnit[ctx.company.currency],
          shares: cap.shares,
          sharesSource: cap.sharesSource,
        },
        period: ctx.indicators.lastDate,
      }),
    ),
    ...REVENUE_STEPS.map((step) =>
      compareCheck({
        key: step.key,
        value: revenueUsd,
        unit: 'usd',
        comparison: 'gte',
        threshold: step.atLeast,
        thresholdSource: 'fixed',
        inputs: {
          revenue: latest?.revenue ?? null,
          currency: latest?.currency ?? null,
          usdPerUnit: ctx.usdPerReportingUnit,
        },
        period: latest?.fiscalYear ?? null,
      }),
    ),
  ]
  return buildScore({
    key: 'market_size',
    checks,
    minChecksAvailable: 3,
    asOf: ctx.asOf,
    dataThrough: latest?.periodEnd ?? ctx.indicators.lastDate,
    methods: ['market-cap-bands'],
  })
}
