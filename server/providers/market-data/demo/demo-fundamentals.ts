/**
 * Synthetic annual statements for the demo provider, grown from the company's price and its sector, and built so
 * the statements agree with each other:
 *
 * - gross profit = revenue − cost of revenue (operating companies; banks and insurers have neither);
 * - total assets = total liabilities + shareholders' equity;
 * - retained earnings(t) = retained earnings(t−1) + net income − dividends paid;
 * - equity(t) = paid-in capital + retained earnings − treasury stock, where buybacks add to treasury stock;
 * - shares fall with buybacks and rise with capital raises, at the fair-value price of that year.
 *
 * Sized from the price (demo-earnings-base.ts): the company's fair-value price (demo-prices.ts) times its shares is
 * what the demo market pays for it, so revenue is set to the level at which that market value is what a textbook
 * investor would pay for the company's cash flows (or, for a financial, its book) — apart from the company's seeded
 * mispricing (demo-valuation.ts). The profile's margin (moved into its sector's range), gross margin and dividend
 * habit shape the statements, and the balance sheet has its industry's and market's shape
 * (demo-statement-shapes.ts); revenue grows as the fair-value price drifts, so the multiples neither inflate nor
 * wither with the years. Loss-makers, whose price no earnings explain, keep the profile's revenue (at least a
 * fifteenth of their market value, so a biotech's book is not a sliver of its price).
 *
 * Revenue follows that growth with autocorrelated noise around the reference fiscal year (the year the profile
 * describes); margins wander around the profile's. Every company is simulated from the same base year so a given
 * fiscal year always gets the same figures, whatever the end date (the fiscal calendar is demo-fiscal-years.ts).
 * Cash is a share of current assets and is not reconciled with the cash-flow statement; there are no acquisitions,
 * write-downs or currency effects.
 */
import type { Market } from '#contracts/regions.ts'
import type { AnnualFundamentals, Company } from '../market-data.ts'
import type { DividendHabit, ScaleProfile } from '../universe-listing.ts'
import { calibrateEarningsBase } from './demo-earnings-base.ts'
import { fiscalPeriodEnd, latestPublishedFiscalYear, referenceFiscalYear } from './demo-fiscal-years.ts'
import { fairValuePrice } from './demo-prices.ts'
import {
  CASH_SHARE_OF_CURRENT_ASSETS,
  traitsFor,
  WORKING_CAPITAL_PER_REVENUE_GROWTH,
} from './demo-statement-shapes.ts'
import { createSeededRandom, type SeededRandom } from './seeded-random.ts'

/** How many fiscal years the provider returns: the latest published one and the five before it. */
export const demoFiscalYears = 6

const SIMULATED_YEARS_BEFORE_REFERENCE = 12

const incomeTaxRate: Record<Market, number> = { us: 0.19, hk: 0.2, jp: 0.3, kr: 0.23 }
const borrowingRate: Record<Market, number> = { us: 0.045, hk: 0.04, jp: 0.012, kr: 0.04 }

/** Share of net income paid as dividends, by habit. */
const payoutRatio: Record<DividendHabit, number> = { none: 0, low: 0.15, medium: 0.38, high: 0.6 }

/** Share of net income spent on buybacks in an ordinary year, by market (US companies buy back the most). */
const buybackRatio: Record<Market, number> = { us: 0.35, hk: 0.03, jp: 0.15, kr: 0.08 }

/**
 * Share of the equity above (or below) its normal level that a year's buybacks return (or hold back), by market:
 * US companies hand surplus capital back, Japanese, Korean and Hong Kong companies let more of it pile up.
 */
const capitalReturnPull: Record<Market, number> = { us: 0.8, hk: 0.3, jp: 0.35, kr: 0.3 }

function noisy(rng: SeededRandom, value: number, relative: number): number {
  return value * (1 + rng.normal() * relative)
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value))
}

/**
 * Year-to-year noise of operating cash flow, relative to the profit (and a quarter of the depreciation) it comes
 * from, and of capital expenditure, relative to itself.
 */
const OPERATING_CASH_FLOW_NOISE = 0.06
const CAPITAL_EXPENDITURE_NOISE = 0.04

/** Six fiscal years of statements, oldest first, ending with the latest one published by `endDate`. */
export function generateAnnualFundamentals(
  company: Company,
  scale: ScaleProfile,
  seed: string,
  endDate: string,
): AnnualFundamentals[] {
  const rng = createSeededRandom(seed, `${company.market}:${company.code}`, 'fundamentals')
  const reference = referenceFiscalYear(scale)
  const lastPublished = latestPublishedFiscalYear(company, scale, endDate)
  // Simulate at least through the reference year: share counts are calibrated on it.
  const lastYear = Math.max(lastPublished, reference)
  const firstYear = reference - SIMULATED_YEARS_BEFORE_REFERENCE
  const taxRate = incomeTaxRate[company.market]
  const traits = traitsFor(company)
  const payout = payoutRatio[scale.dividend]
  const buyback = buybackRatio[company.market] * (scale.dividend === 'none' ? 0.5 : 1)

  const base = calibrateEarningsBase(company, scale, seed, traits)
  const { assetsPerRevenue, equityRatio } = base

  // Autocorrelated year effects, so good and bad years come in runs.
  let revenueNoise = 0
  let marginNoise = 0
  let grossNoise = 0
  let previousRevenue = 0
  let shares = scale.sharesOutstanding
  const firstRevenue = base.revenue * (1 + base.growth) ** (firstYear - reference)
  const firstEquity = Math.round(firstRevenue * assetsPerRevenue * equityRatio)
  let retainedEarnings = Math.round(firstEquity * 0.6)
  let paidInCapital = firstEquity - retainedEarnings
  let treasuryStock = 0

  const years: AnnualFundamentals[] = []
  const shareCounts: number[] = []
  const dilutionFactors: number[] = []

  for (let year = firstYear; year <= lastYear; year++) {
    revenueNoise = 0.5 * revenueNoise + rng.normal() * 0.05
    // Relative to the margin: a retailer's 3 % margin moves by tenths of a point, not by whole points.
    marginNoise = 0.5 * marginNoise + rng.normal() * Math.max(0.003, 0.08 * Math.abs(base.netMargin))
    grossNoise = 0.6 * grossNoise + rng.normal() * 0.01
    const revenue = Math.round(
      base.revenue * (1 + base.growth) ** (year - reference) * Math.exp(revenueNoise),
    )
    const netMargin = base.netMargin + marginNoise
    const netIncome = Math.round(revenue * netMargin)
    const periodEnd = fiscalPeriodEnd(scale, year)
    const price = fairValuePrice(scale, periodEnd)

    const targetAssets = revenue * assetsPerRevenue
    // Loss-makers (biotechs) hold cash for several years of losses whatever their revenue.
    const normalEquity = Math.max(targetAssets * equityRatio, 3 * Math.max(-netIncome, 0))

    // Dividends come out of profits only; losses are absorbed by retained earnings. Buybacks are the balancing
    // distribution: an ordinary share of profits, plus part of any equity above its normal level (less when below).
    const dividendsPaid = Math.round(
      Math.max(netIncome, 0) * payout * clamp(1 + rng.normal() * 0.05, 0.8, 1.2),
    )
    const ordinaryBuyback = Math.max(netIncome, 0) * buyback * clamp(1 + rng.normal() * 0.3, 0.2, 1.8)
    const equityBeforeBuyback = paidInCapital + retainedEarnings + netIncome - dividendsPaid - treasuryStock
    const surplus = equityBeforeBuyback - normalEquity
    // No company retires more than a twentieth of its shares in a year.
    const buybackCap = 0.05 * shares * price
    const desiredBuyback = ordinaryBuyback + capitalReturnPull[company.market] * surplus
    const shareRepurchases = netIncome > 0 ? Math.round(clamp(desiredBuyback, 0, buybackCap)) : 0
    retainedEarnings += netIncome - dividendsPaid
    treasuryStock += shareRepurchases
    shares -= shareRepurchases / price

    let equity = paidInCapital + retainedEarnings - treasuryStock
    // A company whose equity falls to a fifth of its normal level raises capital (at the year's price) back to
    // three fifths, rather than drifting into insolvency.
    if (equity < 0.2 * normalEquity) {
      const raise = Math.round(0.6 * normalEquity - equity)
      paidInCapital += raise
      shares += raise / price
      equity = paidInCapital + retainedEarnings - treasuryStock
    }
    const totalLiabilities = Math.round(noisy(rng, targetAssets * (1 - equityRatio), 0.03))
    const totalAssets = totalLiabilities + equity

    const statement: AnnualFundamentals = {
      fiscalYear: year,
      periodEnd,
      currency: company.currency,
      revenue,
      costOfRevenue: null,
      grossProfit: null,
      operatingIncome: null,
      ebit: null,
      interestExpense: null,
      pretaxIncome: null,
      incomeTax: null,
      netIncome,
      depreciationAndAmortization: null,
      totalAssets,
      currentAssets: null,
      cashAndEquivalents: null,
      totalLiabilities,
      currentLiabilities: null,
      longTermDebt: null,
      totalDebt: null,
      retainedEarnings,
      shareholdersEquity: equity,
      operatingCashFlow: null,
      capitalExpenditure: null,
      dividendsPaid,
      shareRepurchases,
      sharesOutstanding: null,
      dilutedShares: null,
    }

    const effectiveTax = clamp(taxRate + rng.normal() * 0.02, 0.05, 0.45)
    const pretaxIncome = netIncome > 0 ? Math.round(netIncome / (1 - effectiveTax)) : netIncome
    statement.pretaxIncome = pretaxIncome
    statement.incomeTax = pretaxIncome - netIncome

    if (scale.shape === 'operating') {
      const totalDebt = Math.round(noisy(rng, totalLiabilities * base.debtShareOfLiabilities, 0.05))
      const interestExpense = Math.round(totalDebt * borrowingRate[company.market])
      const ebit = pretaxIncome + interestExpense
      const operatingIncome = Math.round(ebit - revenue * rng.normal() * 0.01)
      // The gross margin must leave room for operating costs; profiles with a thin gross margin and a fat net
      // margin (shipping in a boom year) get the gross margin raised rather than negative expenses.
      const grossMargin = Math.max((scale.grossMargin ?? 0.3) + grossNoise, operatingIncome / revenue + 0.03)
      const grossProfit = Math.round(revenue * clamp(grossMargin, 0.01, 0.98))
      const currentAssets = Math.round(
        totalAssets * clamp(noisy(rng, traits.currentAssetShare, 0.05), 0.02, 0.95),
      )
      const depreciation = Math.round(noisy(rng, revenue * traits.depreciationRate, 0.05))
      statement.costOfRevenue = revenue - grossProfit
      statement.grossProfit = grossProfit
      statement.operatingIncome = operatingIncome
      statement.ebit = ebit
      statement.interestExpense = interestExpense
      statement.depreciationAndAmortization = depreciation
      statement.currentAssets = currentAssets
      statement.cashAndEquivalents = Math.round(
        currentAssets * clamp(noisy(rng, CASH_SHARE_OF_CURRENT_ASSETS, 0.08), 0.05, 0.9),
      )
      statement.currentLiabilities = Math.round(
        Math.min(currentAssets / clamp(1.5 + rng.normal() * 0.25, 0.9, 2.5), totalLiabilities * 0.8),
      )
      statement.totalDebt = totalDebt
      statement.longTermDebt = Math.round(totalDebt * 0.75)
      const workingCapitalDrag =
        previousRevenue > 0 ? WORKING_CAPITAL_PER_REVENUE_GROWTH * (revenue - previousRevenue) : 0
      statement.operatingCashFlow = Math.round(
        netIncome +
          depreciation -
          workingCapitalDrag +
          (Math.abs(netIncome) + 0.25 * depreciation) * rng.normal() * OPERATING_CASH_FLOW_NOISE,
      )
      statement.capitalExpenditure = Math.round(
        revenue *
          (traits.depreciationRate + base.growthCapexRate) *
          Math.exp(rng.normal() * CAPITAL_EXPENDITURE_NOISE),
      )
    } else if (scale.shape === 'bank') {
      const totalDebt = Math.round(totalAssets * (company.industry === 'financial_services' ? 0.6 : 0.12))
      statement.operatingIncome = pretaxIncome
      statement.interestExpense = Math.round(noisy(rng, revenue * 0.6, 0.1))
      statement.depreciationAndAmortization = Math.round(noisy(rng, revenue * 0.04, 0.05))
      statement.cashAndEquivalents = Math.round(totalAssets * clamp(noisy(rng, 0.06, 0.15), 0.01, 0.2))
      statement.totalDebt = totalDebt
      statement.longTermDebt = Math.round(totalDebt * 0.7)
      statement.operatingCashFlow = Math.round(netIncome + revenue * rng.normal() * 0.6)
      statement.capitalExpenditure = Math.round(revenue * 0.03 * Math.exp(rng.normal() * 0.1))
    } else {
      const totalDebt = Math.round(totalAssets * 0.02)
      statement.operatingIncome = pretaxIncome
      statement.interestExpense = Math.round(noisy(rng, revenue * 0.01, 0.1))
      statement.depreciationAndAmortization = Math.round(noisy(rng, revenue * 0.01, 0.05))
      statement.cashAndEquivalents = Math.round(totalAssets * clamp(noisy(rng, 0.03, 0.15), 0.005, 0.1))
      statement.totalDebt = totalDebt
      statement.longTermDebt = Math.round(totalDebt * 0.9)
      statement.operatingCashFlow = Math.round(netIncome + revenue * (0.15 + rng.normal() * 0.1))
      statement.capitalExpenditure = Math.round(revenue * 0.01 * Math.exp(rng.normal() * 0.1))
    }

    years.push(statement)
    shareCounts.push(shares)
    dilutionFactors.push(1 + 0.004 + rng.next() * 0.012)
    previousRevenue = revenue
  }

  // Scale the simulated share count so that the reference year has the profile's shares outstanding.
  const simulatedReference = shareCounts[reference - firstYear] ?? scale.sharesOutstanding
  const shareScale = scale.sharesOutstanding / simulatedReference
  for (let i = 0; i < years.length; i++) {
    const statement = years[i] as AnnualFundamentals
    const outstanding = Math.round((shareCounts[i] ?? scale.sharesOutstanding) * shareScale)
    statement.sharesOutstanding = outstanding
    statement.dilutedShares = Math.round(outstanding * (dilutionFactors[i] ?? 1))
  }

  return years.filter((year) => year.fiscalYear <= lastPublished).slice(-demoFiscalYears)
}
