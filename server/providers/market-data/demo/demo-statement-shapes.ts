/**
 * The shape of a demo company's statements, by industry and market: how many assets a unit of revenue needs, how
 * much of them equity funds, depreciation and capital spending, current assets and debt — with banks' and insurers'
 * own balance sheets — and the shares of working capital and cash the statements keep. Sized figures are
 * demo-earnings-base.ts's; the years are grown in demo-fundamentals.ts.
 */
import type { Market } from '#contracts/regions.ts'
import type { Company } from '../market-data.ts'
import type { ScaleProfile } from '../universe-listing.ts'

export interface OperatingTraits {
  /** Total assets per unit of revenue. */
  assetsPerRevenue: number
  equityRatio: number
  depreciationRate: number
  /** Capital expenditure per unit of revenue the industry spends; above depreciation it is growth investment. */
  capexRate: number
  currentAssetShare: number
  debtShareOfLiabilities: number
}

const defaultTraits: OperatingTraits = {
  assetsPerRevenue: 1.1,
  equityRatio: 0.45,
  depreciationRate: 0.04,
  capexRate: 0.05,
  currentAssetShare: 0.4,
  debtShareOfLiabilities: 0.4,
}

/** Departures from the default balance-sheet shape, by industry key. */
const industryTraits: Record<string, Partial<OperatingTraits>> = {
  software: { assetsPerRevenue: 1.3, depreciationRate: 0.04, capexRate: 0.06, debtShareOfLiabilities: 0.3 },
  interactive_media: { assetsPerRevenue: 1.4, equityRatio: 0.6, depreciationRate: 0.06, capexRate: 0.12 },
  semiconductors: { assetsPerRevenue: 1.5, equityRatio: 0.6, depreciationRate: 0.09, capexRate: 0.15 },
  semiconductor_equipment: { assetsPerRevenue: 1.2, equityRatio: 0.55 },
  technology_hardware: { assetsPerRevenue: 0.9, equityRatio: 0.35 },
  broadline_retail: { assetsPerRevenue: 0.75, equityRatio: 0.4, capexRate: 0.07 },
  consumer_staples_retail: { assetsPerRevenue: 0.4, equityRatio: 0.32, capexRate: 0.03 },
  specialty_retail: { assetsPerRevenue: 0.5, equityRatio: 0.3, capexRate: 0.03 },
  utilities: {
    assetsPerRevenue: 3.5,
    equityRatio: 0.3,
    depreciationRate: 0.1,
    capexRate: 0.13,
    debtShareOfLiabilities: 0.3,
  },
  electric_utilities: {
    assetsPerRevenue: 3.5,
    equityRatio: 0.3,
    depreciationRate: 0.1,
    capexRate: 0.13,
    debtShareOfLiabilities: 0.3,
  },
  gas_utilities: { assetsPerRevenue: 2.8, equityRatio: 0.4, depreciationRate: 0.08, capexRate: 0.12 },
  telecom_services: {
    assetsPerRevenue: 2.2,
    equityRatio: 0.4,
    depreciationRate: 0.15,
    capexRate: 0.16,
    currentAssetShare: 0.15,
  },
  real_estate_development: {
    assetsPerRevenue: 4,
    equityRatio: 0.5,
    depreciationRate: 0.02,
    capexRate: 0.03,
    currentAssetShare: 0.5,
  },
  reits: {
    assetsPerRevenue: 10,
    equityRatio: 0.55,
    // Buildings depreciate on paper far faster than they need spending on.
    depreciationRate: 0.3,
    capexRate: 0.12,
    currentAssetShare: 0.05,
    debtShareOfLiabilities: 0.75,
  },
  oil_gas: { assetsPerRevenue: 1.1, depreciationRate: 0.07, capexRate: 0.1 },
  automobiles: { assetsPerRevenue: 1.6, equityRatio: 0.35, capexRate: 0.06 },
  pharmaceuticals: { assetsPerRevenue: 1.8, equityRatio: 0.45 },
  trading_companies: { assetsPerRevenue: 1.6, equityRatio: 0.38 },
  industrial_conglomerates: { assetsPerRevenue: 1.4, equityRatio: 0.4 },
  hotels_restaurants_leisure: { assetsPerRevenue: 1.5, equityRatio: 0.4, depreciationRate: 0.06 },
  financial_services: { assetsPerRevenue: 2.5, equityRatio: 0.55, currentAssetShare: 0.3 },
  capital_markets: {
    assetsPerRevenue: 15,
    equityRatio: 0.15,
    currentAssetShare: 0.9,
    debtShareOfLiabilities: 0.05,
  },
  ground_transportation: {
    assetsPerRevenue: 2.5,
    equityRatio: 0.35,
    depreciationRate: 0.09,
    capexRate: 0.12,
    currentAssetShare: 0.15,
  },
  shipbuilding: { assetsPerRevenue: 1.6, equityRatio: 0.3, currentAssetShare: 0.55 },
}

/**
 * Asian operating companies carry heavier, more equity-funded balance sheets than US ones (cash piles,
 * cross-shareholdings): a multiplier on assets per revenue and an addition to the equity ratio, by market.
 */
const marketBalanceSheet: Record<Market, { assets: number; equity: number }> = {
  us: { assets: 1, equity: 0 },
  hk: { assets: 1.2, equity: 0.05 },
  jp: { assets: 1.3, equity: 0.05 },
  kr: { assets: 1.4, equity: 0.1 },
}

export function traitsFor(company: Company): OperatingTraits {
  const traits = { ...defaultTraits, ...industryTraits[company.sector], ...industryTraits[company.industry] }
  const adjustment = marketBalanceSheet[company.market]
  return {
    ...traits,
    assetsPerRevenue: traits.assetsPerRevenue * adjustment.assets,
    equityRatio: Math.min(0.8, traits.equityRatio + adjustment.equity),
  }
}

/** Total assets per unit of revenue for banks and insurers, by market. */
const bankAssetsPerRevenue: Record<Market, number> = { us: 22, hk: 45, jp: 60, kr: 45 }
const insurerAssetsPerRevenue: Record<Market, number> = { us: 6, hk: 12, jp: 4, kr: 9 }

/** Share of each year's revenue growth tied up in working capital (the cash-flow statement's drag). */
export const WORKING_CAPITAL_PER_REVENUE_GROWTH = 0.08
/** Share of current assets held as cash. */
export const CASH_SHARE_OF_CURRENT_ASSETS = 0.35

export function balanceSheetShape(company: Company, scale: ScaleProfile, traits: OperatingTraits) {
  const assetsPerRevenue =
    scale.shape === 'bank'
      ? company.industry === 'financial_services'
        ? 5.5
        : company.industry === 'capital_markets'
          ? 25
          : bankAssetsPerRevenue[company.market]
      : scale.shape === 'insurer'
        ? insurerAssetsPerRevenue[company.market]
        : traits.assetsPerRevenue
  const equityRatio =
    scale.shape === 'bank'
      ? company.industry === 'financial_services'
        ? 0.25
        : 0.08
      : scale.shape === 'insurer'
        ? 0.12
        : traits.equityRatio
  return { assetsPerRevenue, equityRatio, debtShareOfLiabilities: traits.debtShareOfLiabilities }
}
