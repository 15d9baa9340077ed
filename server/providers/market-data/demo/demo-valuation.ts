/**
 * How the demo market prices a company: the sector profiles and market rates the demo fundamentals are grown from,
 * so that statements agree with the price the bars trade at (demo-earnings-base.ts sizes them with these figures).
 *
 * The demo market values a company the way a textbook investor would — a two-stage discounted cash flow for an
 * operating company, the justified price-to-book for a financial — at the rounded required returns and long-run
 * growth published for each market (docs/analysis-methods.md#market-assumptions). On top of that each company gets
 * a seeded mispricing (the market's tilt, its sector's, and its own), so a model applied to the demo data finds a
 * spread of cheap and dear names rather than one verdict for the whole universe. The mispricing never changes with
 * the end date; the price's wandering around its fair-value path (demo-prices.ts) adds the day-to-day part.
 *
 * Nothing here reads the analysis engine: the two must agree only as the real market and a real model would.
 */
import type { Market } from '#contracts/regions.ts'
import type { Company, Sector } from '../market-data.ts'
import { createSeededRandom } from './seeded-random.ts'

export interface MarketPricing {
  /** Return investors require from a company of average risk, a year. */
  costOfEquity: number
  /** Growth of cash flows after the explicit years, a year. */
  terminalGrowth: number
  /**
   * Log discount (+) or premium (−) of the whole market against those rates: the US trades dear, Korea and Hong
   * Kong a little cheap.
   */
  tilt: number
}

export const demoMarketPricing: Record<Market, MarketPricing> = {
  us: { costOfEquity: 0.0875, terminalGrowth: 0.025, tilt: -0.12 },
  hk: { costOfEquity: 0.09, terminalGrowth: 0.025, tilt: 0.04 },
  jp: { costOfEquity: 0.07, terminalGrowth: 0.01, tilt: -0.02 },
  kr: { costOfEquity: 0.09, terminalGrowth: 0.02, tilt: 0.06 },
}

export interface SectorProfile {
  /** Net margins a listed company of the sector keeps to; a profile's margin outside is moved inside. */
  netMargin: readonly [min: number, max: number]
  /** Log discount (+) or premium (−) the market prices the sector at: technology and defensives dear. */
  tilt: number
}

export const demoSectorProfiles: Record<Sector, SectorProfile> = {
  communication_services: { netMargin: [0.04, 0.5], tilt: 0 },
  consumer_discretionary: { netMargin: [0.03, 0.35], tilt: -0.03 },
  consumer_staples: { netMargin: [0.02, 0.3], tilt: -0.1 },
  energy: { netMargin: [0.02, 0.35], tilt: 0.04 },
  financials: { netMargin: [0.08, 0.6], tilt: 0.03 },
  health_care: { netMargin: [0.05, 0.4], tilt: -0.05 },
  industrials: { netMargin: [0.03, 0.35], tilt: -0.03 },
  information_technology: { netMargin: [0.05, 0.6], tilt: -0.1 },
  materials: { netMargin: [0.03, 0.3], tilt: 0.03 },
  real_estate: { netMargin: [0.08, 0.5], tilt: 0 },
  utilities: { netMargin: [0.05, 0.3], tilt: -0.1 },
}

/** Spread of a company's own mispricing (log), and the furthest it goes either way. */
const MISPRICING_SPREAD = 0.15
const MISPRICING_LIMIT = 0.4

/** Years of explicit growth before the terminal value, and the growth range a valuation accepts. */
export const EXPLICIT_YEARS = 5
export const VALUATION_GROWTH_RANGE = [-0.05, 0.15] as const
/** Free cash flow is judged on the average of the last three years, as a careful analyst does. */
export const BASE_YEARS = 3

/**
 * Log(fair value ÷ price) the company is priced at, before the price's daily wandering: positive means the demo
 * market undervalues it. Seeded per company, independent of the end date.
 */
export function drawMispricing(company: Company, seed: string): number {
  const rng = createSeededRandom(seed, `${company.market}:${company.code}`, 'mispricing')
  const own = Math.max(-MISPRICING_LIMIT, Math.min(MISPRICING_LIMIT, rng.normal() * MISPRICING_SPREAD))
  return demoMarketPricing[company.market].tilt + demoSectorProfiles[company.sector].tilt + own
}

/** The company's net margin moved into its sector's range; losses stay losses, break-even becomes a thin profit. */
export function sectorNetMargin(sector: Sector, netMargin: number): number {
  if (netMargin < 0) return netMargin
  const [min, max] = demoSectorProfiles[sector].netMargin
  return Math.min(max, Math.max(min, netMargin))
}

/**
 * Enterprise value per unit of this year's free cash flow: `EXPLICIT_YEARS` years growing at `growth` (within the
 * accepted range), then growing at the terminal rate for ever, discounted at the cost of equity.
 */
export function cashFlowMultiple(market: Market, growth: number): number {
  const { costOfEquity: r, terminalGrowth } = demoMarketPricing[market]
  const g = Math.min(VALUATION_GROWTH_RANGE[1], Math.max(VALUATION_GROWTH_RANGE[0], growth))
  let presentValue = 0
  let factor = 1
  for (let year = 1; year <= EXPLICIT_YEARS; year++) {
    factor *= (1 + g) / (1 + r)
    presentValue += factor
  }
  return presentValue + (factor * (1 + terminalGrowth)) / (r - terminalGrowth)
}

/** The average of the last `BASE_YEARS` years' amounts as a share of this year's, for an amount growing at `growth`. */
export function trailingAverageShare(growth: number): number {
  let sum = 0
  for (let back = 0; back < BASE_YEARS; back++) sum += (1 + growth) ** -back
  return sum / BASE_YEARS
}

/** Justified price-to-book, (ROE − g) ÷ (r − g): what a bank or insurer earning `roe` is worth per unit of book. */
export function bookMultiple(market: Market, roe: number): number {
  const { costOfEquity: r, terminalGrowth: g } = demoMarketPricing[market]
  return (roe - g) / (r - g)
}

/** Returns on equity a listed bank, insurer or other financial keeps to. */
export const FINANCIAL_ROE_RANGE = [0.06, 0.3] as const
