/**
 * A synthetic analyst consensus for the demo provider: a coverage count that grows with market capitalisation, a
 * spread of individual ratings around a sentiment that leans positive for fast growers, and price targets around
 * the last close. The consensus changes once a month (it is drawn from a stream named by the month of the as-of
 * date), as real consensus data moves slowly.
 */
import type { Market } from '#contracts/regions.ts'
import { ratingForScore } from '../analyst-rating.ts'
import type { AnalystConsensus, Company, DailyBar } from '../market-data.ts'
import { roundToTick } from '../price-ticks.ts'
import type { ScaleProfile } from '../universe-listing.ts'
import { createSeededRandom } from './seeded-random.ts'

/** Rough value of one unit of each trading currency in US dollars, only to size analyst coverage. */
const usdPerUnit: Record<Market, number> = { us: 1, hk: 0.128, jp: 0.0067, kr: 0.00072 }

/** Foreign-broker coverage is widest for US names and thinnest for Korean ones. */
const coverageFactor: Record<Market, number> = { us: 1.4, hk: 1.1, jp: 0.8, kr: 0.9 }

export function generateAnalystConsensus(
  company: Company,
  scale: ScaleProfile,
  seed: string,
  lastBar: DailyBar,
): AnalystConsensus {
  const rng = createSeededRandom(
    seed,
    `${company.market}:${company.code}`,
    'consensus',
    lastBar.date.slice(0, 7),
  )
  const marketCapUsd = lastBar.close * scale.sharesOutstanding * usdPerUnit[company.market]
  const coverage = (4 + 6 * Math.log10(Math.max(marketCapUsd, 1e8) / 1e9)) * coverageFactor[company.market]
  const analystCount = Math.max(2, Math.round(coverage * (0.85 + rng.next() * 0.3)))

  const sentiment = 0.35 + (scale.growth - 0.05) * 2 + (scale.netMargin < 0 ? -0.5 : 0) + rng.normal() * 0.45
  let total = 0
  for (let i = 0; i < analystCount; i++) {
    total += Math.min(5, Math.max(1, Math.round(3 - sentiment + rng.normal() * 0.85)))
  }
  const meanScore = Math.round((total / analystCount) * 100) / 100

  const upside = (3 - meanScore) * 0.07 + rng.normal() * 0.04
  const targetMean = lastBar.close * (1 + upside)
  const targetHigh = targetMean * (1.15 + Math.abs(rng.normal()) * 0.15)
  const targetLow = targetMean * Math.max(0.4, 0.85 - Math.abs(rng.normal()) * 0.12)

  return {
    asOf: lastBar.date,
    rating: ratingForScore(meanScore),
    meanScore,
    analystCount,
    targetMean: roundToTick(company.market, targetMean),
    targetHigh: roundToTick(company.market, targetHigh),
    targetLow: roundToTick(company.market, targetLow),
  }
}
