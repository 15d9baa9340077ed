/**
 * Synthetic daily bars for the demo provider. The model, and why:
 *
 * - Log price = fair-value path + deviation. The fair-value path passes through the company's real price level on
 *   `demoAnchorDate` and drifts with its growth, so a demo Toyota trades in thousands of yen in any year.
 * - The deviation is mean-reverting (half-life about 100 sessions) and driven by a market factor shared by every
 *   company on the same calendar (beta 0.6–1.4), an idiosyncratic shock sized to the sector's volatility, a slowly
 *   wandering trend term (momentum episodes), and rare jumps that show up as opening gaps.
 * - Volatility switches between a calm and a turbulent regime (a two-state Markov chain), for the market and for
 *   each company, so quiet months and stormy months alternate.
 * - Volume follows the company's typical turnover and rises with the size of the day's move.
 * - Results days and index-review days (demo-events.ts) make sessions unusual as they do in a real market: on a
 *   results day the price gaps on the surprise and volume surges (and stays high the day after); on an index-review
 *   day the whole market trades heavily.
 * - Prices sit on the exchange's tick grid; high ≥ max(open, close) and low ≤ min(open, close) always.
 *
 * Every series starts at `demoEpoch` and is generated forward one session at a time from its own seeded stream, so
 * extending the end date appends sessions without changing earlier ones. Not modelled: splits, dividends,
 * suspensions, limit-up/limit-down rules, correlations between markets, intraday data.
 */
import type { Market } from '#contracts/regions.ts'
import { listTradingDays } from '../exchange-calendar.ts'
import type { Company, DailyBar, Exchange, Sector } from '../market-data.ts'
import { roundToTick } from '../price-ticks.ts'
import type { ScaleProfile } from '../universe-listing.ts'
import { isIndexReviewDay, listResultsDates } from './demo-events.ts'
import { createSeededRandom } from './seeded-random.ts'

/** The first date of every demo series; earlier requests get nothing. */
export const demoEpoch = '2020-01-01'

/** The date on which the fair-value path equals the profile's price level. */
export const demoAnchorDate = '2025-06-30'

/** Annualised volatility of a typical large company per sector. */
const sectorVolatility: Record<Sector, number> = {
  communication_services: 0.3,
  consumer_discretionary: 0.3,
  consumer_staples: 0.17,
  energy: 0.3,
  financials: 0.23,
  health_care: 0.25,
  industrials: 0.25,
  information_technology: 0.33,
  materials: 0.28,
  real_estate: 0.23,
  utilities: 0.17,
}

/** Share of outstanding shares traded on an ordinary day, per board. */
const dailyTurnover: Record<Exchange, number> = {
  NYSE: 0.004,
  NASDAQ: 0.005,
  HKEX: 0.0025,
  TSE: 0.0025,
  KRX: 0.003,
  KOSDAQ: 0.012,
}

/** Volume is reported in these units (Tokyo trades in 100-share units; Hong Kong board lots are at least 100). */
const volumeLot: Record<Market, number> = { us: 1, hk: 100, jp: 100, kr: 1 }

const MARKET_CALM_SIGMA = 0.009
const MARKET_STORM_SIGMA = 0.02
const REVERSION_PER_SESSION = 1 / 150
/** Results surprise, in daily standard deviations: the gap a results day opens with. */
const RESULTS_SURPRISE = 2.5
/** Volume on a results day beyond what the move brings (1.4–2.2×), and on the day after. */
const RESULTS_VOLUME = [1.4, 2.2] as const
const RESULTS_NEXT_DAY_VOLUME = 1.5
/** Volume of every company of a market on its index-review day, beyond what the move brings (2–3×). */
const INDEX_REVIEW_VOLUME = [2, 3] as const
const MS_PER_YEAR = 365.25 * 24 * 3600 * 1000

export function annualVolatility(company: Company, scale: ScaleProfile): number {
  let volatility = sectorVolatility[company.sector]
  if (company.exchange === 'KOSDAQ') volatility *= 1.5
  if (scale.growth > 0.25) volatility *= 1.25
  if (scale.netMargin < 0) volatility *= 1.3
  return volatility
}

interface SessionList {
  dates: string[]
  /** Years from `demoAnchorDate` to each date (negative before it). */
  yearsFromAnchor: Float64Array
}

const sessionCache = new Map<string, SessionList>()

function demoSessions(exchange: Exchange, endDate: string): SessionList {
  const key = `${exchange}:${endDate}`
  let sessions = sessionCache.get(key)
  if (!sessions) {
    const dates = listTradingDays(exchange, demoEpoch, endDate)
    sessions = { dates, yearsFromAnchor: Float64Array.from(dates, yearsFromAnchor) }
    if (sessionCache.size > 64) sessionCache.clear()
    sessionCache.set(key, sessions)
  }
  return sessions
}

const marketFactorCache = new Map<string, Float64Array>()

/**
 * Daily market-factor returns for one calendar, one per session from the epoch; shared by its companies. The
 * stream is prefix-stable, so the longest series computed so far serves every shorter request.
 */
function marketFactor(seed: string, market: Market, sessions: number): Float64Array {
  const key = `${seed}\u001f${market}`
  const cached = marketFactorCache.get(key)
  if (cached && cached.length >= sessions) return cached.subarray(0, sessions)
  const shocks = generateMarketFactor(seed, market, sessions)
  if (marketFactorCache.size > 32) marketFactorCache.clear()
  marketFactorCache.set(key, shocks)
  return shocks
}

function generateMarketFactor(seed: string, market: Market, sessions: number): Float64Array {
  const rng = createSeededRandom(seed, 'market-factor', market)
  const shocks = new Float64Array(sessions)
  let stormy = false
  for (let i = 0; i < sessions; i++) {
    stormy = stormy ? !rng.chance(0.04) : rng.chance(0.008)
    const sigma = stormy ? MARKET_STORM_SIGMA : MARKET_CALM_SIGMA
    let shock = sigma * rng.normal()
    if (rng.chance(0.002)) shock += sigma * (rng.normal() * 2 - 3)
    shocks[i] = shock
  }
  return shocks
}

/** Indexes of the sessions on which the company's results come out: the first session on or after each date. */
function resultsSessionIndexes(dates: readonly string[], resultsDates: readonly string[]): Set<number> {
  const indexes = new Set<number>()
  let i = 0
  for (const date of resultsDates) {
    while (i < dates.length && (dates[i] as string) < date) i++
    if (i < dates.length) indexes.add(i)
  }
  return indexes
}

function between(range: readonly [number, number], fraction: number): number {
  return range[0] + (range[1] - range[0]) * fraction
}

function yearsFromAnchor(date: string): number {
  return (Date.parse(`${date}T00:00:00Z`) - Date.parse(`${demoAnchorDate}T00:00:00Z`)) / MS_PER_YEAR
}

/** Annual drift of the fair-value path: a damped version of revenue growth. */
export function fairValueDrift(scale: ScaleProfile): number {
  return Math.min(0.2, Math.max(-0.08, Math.log(1 + scale.growth) * 0.6))
}

/** The fair-value price on `date` — what the generated price keeps reverting to. */
export function fairValuePrice(scale: ScaleProfile, date: string): number {
  return scale.priceLevel * Math.exp(fairValueDrift(scale) * yearsFromAnchor(date))
}

/** Bars from `demoEpoch` to `endDate` (both included, trading days only), oldest first. */
export function generateDailyBars(
  company: Company,
  scale: ScaleProfile,
  seed: string,
  endDate: string,
): DailyBar[] {
  const { dates: days, yearsFromAnchor: years } = demoSessions(company.exchange, endDate)
  if (days.length === 0) return []
  const market = marketFactor(seed, company.market, days.length)
  const rng = createSeededRandom(seed, `${company.market}:${company.code}`, 'bars')

  const sigma = annualVolatility(company, scale) / Math.sqrt(252)
  const beta = 0.6 + rng.next() * 0.8
  const marketPart = beta * MARKET_CALM_SIGMA
  const idioSigma = Math.sqrt(Math.max(sigma * sigma - marketPart * marketPart, (0.4 * sigma) ** 2))
  const logLevel = Math.log(scale.priceLevel)
  const drift = fairValueDrift(scale)
  const baseVolume =
    scale.sharesOutstanding * dailyTurnover[company.exchange] * ((sigma * Math.sqrt(252)) / 0.25)
  const lot = volumeLot[company.market]
  const key = `${company.market}:${company.code}`
  const resultsSessions = resultsSessionIndexes(
    days,
    listResultsDates(company, scale, seed, Number(demoEpoch.slice(0, 4)) - 1, Number(endDate.slice(0, 4))),
  )

  let deviation = rng.normal() * 0.12
  let trend = 0
  let stormy = false
  let previousClose = Math.exp(logLevel + drift * (years[0] ?? 0) + deviation)
  const bars: DailyBar[] = new Array(days.length)

  for (let i = 0; i < days.length; i++) {
    const date = days[i] as string
    stormy = stormy ? !rng.chance(0.05) : rng.chance(0.012)
    const regime = stormy ? 1.8 : 0.9
    trend = 0.994 * trend + rng.normal() * 0.00012
    let jump = rng.chance(0.005) ? rng.normal() * 4 * sigma : 0
    // Events draw from streams of their own, named by the date, so the ordinary days' stream stays as it was.
    let eventVolume = 1
    if (resultsSessions.has(i)) {
      const surprise = createSeededRandom(seed, key, 'results-day', date)
      jump += surprise.normal() * RESULTS_SURPRISE * sigma
      eventVolume *= between(RESULTS_VOLUME, surprise.next())
    } else if (resultsSessions.has(i - 1)) {
      eventVolume *= RESULTS_NEXT_DAY_VOLUME
    }
    if (isIndexReviewDay(company.market, date)) {
      eventVolume *= between(INDEX_REVIEW_VOLUME, createSeededRandom(seed, key, 'index-review', date).next())
    }
    const shock = beta * (market[i] ?? 0) + idioSigma * regime * rng.normal() + jump + trend
    deviation = deviation * (1 - REVERSION_PER_SESSION) + shock

    const rawClose = Math.exp(logLevel + drift * (years[i] ?? 0) + deviation)
    const rawOpen = previousClose * Math.exp(jump + 0.3 * sigma * regime * rng.normal())
    const rawHigh = Math.max(rawOpen, rawClose) * Math.exp(Math.abs(rng.normal()) * 0.5 * sigma * regime)
    const rawLow = Math.min(rawOpen, rawClose) * Math.exp(-Math.abs(rng.normal()) * 0.5 * sigma * regime)

    const open = roundToTick(company.market, rawOpen)
    const close = roundToTick(company.market, rawClose)
    const high = Math.max(roundToTick(company.market, rawHigh, 'up'), open, close)
    const low = Math.min(roundToTick(company.market, rawLow, 'down'), open, close)

    const moveSize = Math.abs(Math.log(rawClose / previousClose)) / sigma
    const rawVolume =
      baseVolume *
      Math.exp(0.3 * rng.normal() - 0.045) *
      (1 + 0.8 * moveSize) *
      Math.sqrt(regime) *
      eventVolume
    const volume = Math.max(lot, Math.round(rawVolume / lot) * lot)

    bars[i] = { date, open, high, low, close, volume }
    previousClose = rawClose
  }
  return bars
}
