/**
 * The economic assumptions the engine does not measure but must take: discount rates, terminal growth, tax rates per
 * market, fixed currency conversion to US dollars, and the DCF settings. Defaults are rounded, documented figures
 * (docs/analysis-methods.md#market-assumptions), not live data; the service may pass its own. Everything here is
 * data — the engine never reads a clock or the network to refresh it.
 */
import type { Market } from '#contracts/regions.ts'
import type { Currency } from '#server/providers/market-data/market-data.ts'

export interface MarketAssumptions {
  /** Yield of the 10-year local-currency government bond, as a fraction. */
  riskFreeRate: number
  /** Equity risk premium over the risk-free rate for a company of average risk (beta 1). */
  equityRiskPremium: number
  /** Long-run nominal growth of free cash flow after the explicit stage; must stay below the discount rate. */
  terminalGrowth: number
  /** Headline statutory corporate income-tax rate, used when the reported effective rate is unusable. */
  statutoryTaxRate: number
}

export interface DcfSettings {
  /** Years of explicit growth before the terminal value. */
  explicitYears: number
  /** Free cash flow is averaged over the last this-many fiscal years to damp one-off swings. */
  baseYears: number
  /** The explicit-stage growth is the revenue CAGR clamped to [growthFloor, growthCap]. */
  growthFloor: number
  growthCap: number
}

/** How far the low and high cases move the base case's assumptions (docs/analysis-methods.md#fair-value-range). */
export interface RangeSettings {
  /** Low case: discount rate (cost of equity) + this; high case: − this. */
  discountRateStep: number
  /** DCF: explicit-stage growth − this in the low case, + this in the high case (beyond the growth limits). */
  growthStep: number
  /** Justified P/B: lasting return on equity − this in the low case, + this in the high case. */
  returnOnEquityStep: number
}

export interface EngineAssumptions {
  /** Month the defaults were last reviewed, shown to readers beside every valuation. */
  reviewed: string
  markets: Record<Market, MarketAssumptions>
  /** US dollars per one unit of each currency; fixed, for size bands and cross-currency statements only. */
  usdPerUnit: Record<Currency, number>
  dcf: DcfSettings
  range: RangeSettings
}

export const DEFAULT_ASSUMPTIONS: EngineAssumptions = {
  reviewed: '2025-06',
  markets: {
    // US: 10-year Treasury ≈ 4.25 %; mature-market equity premium ≈ 4.5 % (Damodaran, January 2025 ≈ 4.3 %).
    us: { riskFreeRate: 0.0425, equityRiskPremium: 0.045, terminalGrowth: 0.025, statutoryTaxRate: 0.21 },
    // Hong Kong: HKD is pegged to USD, so HK government yields track Treasuries a little lower; premium adds a
    // country-risk margin because HK-listed earnings are largely mainland-Chinese.
    hk: { riskFreeRate: 0.035, equityRiskPremium: 0.055, terminalGrowth: 0.025, statutoryTaxRate: 0.165 },
    // Japan: 10-year JGB ≈ 1.5 %; low nominal growth, hence the low terminal rate; 30.62 % is the effective statutory
    // rate for a large Tokyo company (national + local).
    jp: { riskFreeRate: 0.015, equityRiskPremium: 0.055, terminalGrowth: 0.01, statutoryTaxRate: 0.3062 },
    // Korea: 10-year KTB ≈ 3 %; 26.4 % is the top 24 % national rate plus the 10 % local surtax.
    kr: { riskFreeRate: 0.03, equityRiskPremium: 0.06, terminalGrowth: 0.02, statutoryTaxRate: 0.264 },
  },
  usdPerUnit: {
    USD: 1,
    // The HKD peg band is 7.75–7.85 per USD.
    HKD: 1 / 7.8,
    JPY: 1 / 150,
    KRW: 1 / 1350,
  },
  dcf: { explicitYears: 5, baseYears: 3, growthFloor: -0.05, growthCap: 0.15 },
  // One percentage point of discount rate and five of growth: the spread analysts commonly disagree by; two of
  // return on equity for banks and insurers, about a fifth of a typical bank's ROE.
  range: { discountRateStep: 0.01, growthStep: 0.05, returnOnEquityStep: 0.02 },
}

export interface AssumptionOverrides {
  reviewed?: string
  markets?: Partial<Record<Market, Partial<MarketAssumptions>>>
  usdPerUnit?: Partial<Record<Currency, number>>
  dcf?: Partial<DcfSettings>
  range?: Partial<RangeSettings>
}

/** Merges overrides onto the defaults, field by field, so a caller can change one rate without restating the rest. */
export function resolveAssumptions(overrides?: AssumptionOverrides): EngineAssumptions {
  if (!overrides) return DEFAULT_ASSUMPTIONS
  const d = DEFAULT_ASSUMPTIONS
  return {
    reviewed: overrides.reviewed ?? d.reviewed,
    markets: {
      us: { ...d.markets.us, ...overrides.markets?.us },
      hk: { ...d.markets.hk, ...overrides.markets?.hk },
      jp: { ...d.markets.jp, ...overrides.markets?.jp },
      kr: { ...d.markets.kr, ...overrides.markets?.kr },
    },
    usdPerUnit: { ...d.usdPerUnit, ...overrides.usdPerUnit },
    dcf: { ...d.dcf, ...overrides.dcf },
    range: { ...d.range, ...overrides.range },
  }
}

/** Cost of equity for a beta-1 company: risk-free rate + equity risk premium (CAPM with β = 1). */
export function costOfEquity(market: MarketAssumptions): number {
  return market.riskFreeRate + market.equityRiskPremium
}

/** Units of `to` per unit of `from`, through the fixed USD table. */
export function convertCurrencyRate(assumptions: EngineAssumptions, from: Currency, to: Currency): number {
  if (from === to) return 1
  return assumptions.usdPerUnit[from] / assumptions.usdPerUnit[to]
}
