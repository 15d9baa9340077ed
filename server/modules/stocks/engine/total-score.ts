/**
 * The total score: a weighted average of the ten component scores, over the components that are available (the
 * weights of missing components are redistributed, not counted as zero). Quality of the business (fundamentals,
 * profitability, health) weighs most; price-based views (trend, valuation) together weigh a fifth.
 */

import type { ScoreKey } from '#contracts/diagnosis-keys.ts'
import type { Score, TotalScore, TotalScoreComponent } from './diagnosis.types.ts'
import { roundTo } from './score-card.ts'

export const TOTAL_WEIGHTS: Readonly<Record<ScoreKey, number>> = {
  fundamentals: 15,
  profitability: 15,
  financial_health: 10,
  management: 10,
  growth_potential: 10,
  competitive_advantage: 10,
  valuation: 10,
  trend: 10,
  gross_margin: 5,
  market_size: 5,
}

/** Fewer available components than this leave the total not available. */
export const MIN_TOTAL_COMPONENTS = 6

export function combineTotalScore(scores: Record<ScoreKey, Score>): TotalScore {
  let weightAvailable = 0
  let weighted = 0
  let available = 0
  const keys = Object.keys(TOTAL_WEIGHTS) as ScoreKey[]
  for (const key of keys) {
    const value = scores[key].value
    if (value === null) continue
    available++
    weightAvailable += TOTAL_WEIGHTS[key]
    weighted += TOTAL_WEIGHTS[key] * value
  }
  const enough = available >= MIN_TOTAL_COMPONENTS && weightAvailable > 0
  const components: TotalScoreComponent[] = keys.map((key) => {
    const value = scores[key].value
    return {
      key,
      weight: TOTAL_WEIGHTS[key],
      value,
      contribution:
        value === null || !enough ? null : roundTo((TOTAL_WEIGHTS[key] * value) / weightAvailable, 2),
    }
  })
  return {
    value: enough ? roundTo(weighted / weightAvailable, 1) : null,
    available: enough,
    reason: enough ? null : 'too_few_checks',
    components,
    componentsAvailable: available,
    minComponentsAvailable: MIN_TOTAL_COMPONENTS,
    methods: ['total-score'],
  }
}
