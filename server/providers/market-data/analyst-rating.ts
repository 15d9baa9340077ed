/**
 * The one mapping from a mean recommendation score (1 = strong buy … 5 = strong sell) to a rating, used by every
 * provider that has only the score. Exact halves go towards hold: 2.5 and 3.5 are holds, 1.5 a buy, 4.5 a sell.
 */
import type { AnalystRating } from './market-data.ts'

export function ratingForScore(score: number): AnalystRating {
  if (score < 1.5) return 'strong_buy'
  if (score < 2.5) return 'buy'
  if (score <= 3.5) return 'hold'
  if (score <= 4.5) return 'sell'
  return 'strong_sell'
}
