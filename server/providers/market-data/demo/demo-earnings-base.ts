/**
 * Sizing a demo company's statements from its price: the market value at which the reference year's statements
 * are judged, adjusted by the company's seeded mispricing (demo-valuation.ts), is what its cash flows (operating
 * companies) or its book (financials, valued on book as banks and insurers are) are worth at the demo market's
 * rates; revenue follows, and with it the margin, growth and balance-sheet ratios the years are grown from.
 * Loss-makers, whose price no earnings explain, keep the profile's revenue (at least a fifteenth of their market
 * value). Pure: draws nothing from the year's random numbers.
 */
import { addDays } from '../exchange-calendar.ts'
import type { Company } from '../market-data.ts'
import type { ScaleProfile } from '../universe-listing.ts'
import { fiscalPeriodEnd, referenceFiscalYear } from './demo-fiscal-years.ts'
import { fairValueDrift, fairValuePrice } from './demo-prices.ts'
import {
  balanceSheetShape,
  CASH_SHARE_OF_CURRENT_ASSETS,
  type OperatingTraits,
  WORKING_CAPITAL_PER_REVENUE_GROWTH,
} from './demo-statement-shapes.ts'
import {
  bookMultiple,
  cashFlowMultiple,
  drawMispricing,
  FINANCIAL_ROE_RANGE,
  sectorNetMargin,
  trailingAverageShare,
} from './demo-valuation.ts'

/** A profitable company reinvests at most this share of its profits beyond depreciation. */
const GROWTH_CAPEX_MAX_SHARE_OF_PROFIT = 0.2
/** No company borrows so much that net debt is more than this share of what its business is worth. */
const NET_DEBT_MAX_SHARE_OF_ENTERPRISE_VALUE = 0.4
/** A loss-maker's revenue is at least its market value divided by this (a biotech's handful of sales grows). */
const LOSS_MAKER_MAX_PRICE_TO_SALES = 15
/**
 * Days after its period end at which a year's statements are, on average, judged against the price: published 50
 * to 90 days after the year end, they are the latest for a year after that.
 */
const JUDGED_AFTER_DAYS = 240

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

/** The figures a company's statements are grown from, sized so the demo market's price fits them. */
export interface EarningsBase {
  /** Trend revenue of the reference fiscal year, before the year's noise. */
  revenue: number
  netMargin: number
  /** Trend growth of revenue a year: that of the fair-value price, so multiples stay put over the years. */
  growth: number
  assetsPerRevenue: number
  equityRatio: number
  debtShareOfLiabilities: number
  /** Capital expenditure beyond depreciation, per unit of revenue (below it for property owners). */
  growthCapexRate: number
}

/**
 * Sizes the statements from the price: the market value at which the reference year's statements are judged,
 * adjusted by the company's mispricing, is what its cash flows (operating companies) or its book (financials,
 * valued on book the way banks and insurers are) are worth at the demo market's rates; revenue follows.
 */
export function calibrateEarningsBase(
  company: Company,
  scale: ScaleProfile,
  seed: string,
  traits: OperatingTraits,
): EarningsBase {
  const growth = Math.exp(fairValueDrift(scale)) - 1
  const shape = balanceSheetShape(company, scale, traits)
  const netMargin = sectorNetMargin(company.sector, scale.netMargin)
  const reference = referenceFiscalYear(scale)
  const judgedOn = addDays(fiscalPeriodEnd(scale, reference), JUDGED_AFTER_DAYS)
  const marketValue = fairValuePrice(scale, judgedOn) * scale.sharesOutstanding
  // Capital expenditure beyond depreciation (below it for property owners, whose buildings depreciate on paper).
  const extraCapex = traits.capexRate - traits.depreciationRate
  if (netMargin < 0) {
    const revenue = Math.max(scale.revenue, marketValue / LOSS_MAKER_MAX_PRICE_TO_SALES)
    return { revenue, netMargin, growth, ...shape, growthCapexRate: extraCapex }
  }
  const growthCapexRate = Math.min(extraCapex, GROWTH_CAPEX_MAX_SHARE_OF_PROFIT * netMargin)
  const value = marketValue * Math.exp(drawMispricing(company, seed))

  if (company.sector === 'financials') {
    // Return on equity = margin ÷ (assets per revenue × equity ratio); the balance sheet is sized to keep it in
    // the range listed financials earn.
    const { equityRatio } = shape
    const roe = clamp(netMargin / (shape.assetsPerRevenue * equityRatio), ...FINANCIAL_ROE_RANGE)
    const assetsPerRevenue = netMargin / (roe * equityRatio)
    const equity = value / bookMultiple(company.market, roe)
    return {
      revenue: equity / (assetsPerRevenue * equityRatio),
      netMargin,
      growth,
      ...shape,
      assetsPerRevenue,
      growthCapexRate,
    }
  }

  // Everything per unit of revenue: free cash flow, what it is worth, and the net debt that comes off it.
  const freeCashFlowMargin = Math.max(
    0.3 * netMargin,
    netMargin - growthCapexRate - (WORKING_CAPITAL_PER_REVENUE_GROWTH * growth) / (1 + growth),
  )
  const enterpriseValue =
    cashFlowMultiple(company.market, growth) * trailingAverageShare(growth) * freeCashFlowMargin
  const cash = shape.assetsPerRevenue * traits.currentAssetShare * CASH_SHARE_OF_CURRENT_ASSETS
  const liabilities = shape.assetsPerRevenue * (1 - shape.equityRatio)
  const debtShareOfLiabilities = clamp(
    (NET_DEBT_MAX_SHARE_OF_ENTERPRISE_VALUE * enterpriseValue + cash) / liabilities,
    0.02,
    shape.debtShareOfLiabilities,
  )
  const equityValue = enterpriseValue - (liabilities * debtShareOfLiabilities - cash)
  return {
    revenue: value / equityValue,
    netMargin,
    growth,
    ...shape,
    debtShareOfLiabilities,
    growthCapexRate,
  }
}
