/**
 * Fair value per share. Operating companies: a two-stage discounted cash flow on free cash flow (explicit growth,
 * then a Gordon-growth terminal value), adjusted for net cash and divided by diluted shares. Banks and insurers: the
 * justified price-to-book model, because their debt is operating raw material and free cash flow is not meaningful.
 * Every intermediate figure is returned so the page can show the whole calculation.
 */

import type {
  DcfProjectionYear,
  DcfValuation,
  FairValue,
  JustifiedPriceToBookValuation,
} from './diagnosis.types.ts'
import type { MethodId, UnavailableReason } from './diagnosis-keys.ts'
import { compoundGrowth, trailingSeries, type YearFigures } from './financial-figures.ts'
import type { DcfSettings } from './market-assumptions.ts'
import { finiteOrNull } from './score-card.ts'

/** Growth is measured over at most this many years (six statements). */
export const GROWTH_WINDOW_YEARS = 5

export interface TwoStageDcfParams {
  baseFreeCashFlow: number
  growthRate: number
  explicitYears: number
  terminalGrowth: number
  discountRate: number
  cash: number
  debt: number
  dilutedShares: number
  fxToTradingCurrency: number
}

export interface TwoStageDcfResult {
  projection: DcfProjectionYear[]
  terminalValue: number
  terminalPresentValue: number
  enterpriseValue: number
  equityValue: number
  fairValuePerShare: number
  terminalShare: number
}

/**
 * FCF_k = FCF_0 (1 + g)^k for k = 1…N, discounted at (1 + r)^k; terminal value at year N = FCF_N (1 + g_T) / (r − g_T),
 * discounted at (1 + r)^N. Equity = enterprise value + cash − debt. Null when r ≤ g_T (the terminal value diverges).
 */
export function valueByTwoStageDcf(p: TwoStageDcfParams): TwoStageDcfResult | null {
  if (p.discountRate <= p.terminalGrowth || p.dilutedShares <= 0) return null
  const projection: DcfProjectionYear[] = []
  let fcf = p.baseFreeCashFlow
  let discount = 1
  let explicitPresentValue = 0
  for (let year = 1; year <= p.explicitYears; year++) {
    fcf *= 1 + p.growthRate
    discount /= 1 + p.discountRate
    const presentValue = fcf * discount
    explicitPresentValue += presentValue
    projection.push({ year, freeCashFlow: fcf, discountFactor: discount, presentValue })
  }
  const terminalValue = (fcf * (1 + p.terminalGrowth)) / (p.discountRate - p.terminalGrowth)
  const terminalPresentValue = terminalValue * discount
  const enterpriseValue = explicitPresentValue + terminalPresentValue
  const equityValue = enterpriseValue + p.cash - p.debt
  return {
    projection,
    terminalValue,
    terminalPresentValue,
    enterpriseValue,
    equityValue,
    fairValuePerShare: (equityValue / p.dilutedShares) * p.fxToTradingCurrency,
    terminalShare: enterpriseValue === 0 ? 0 : terminalPresentValue / enterpriseValue,
  }
}

/** Justified P/B = (ROE − g) / (r − g): the Gordon growth model restated on book value. Null when r ≤ g. */
export function computeJustifiedPriceToBook(
  roe: number,
  costOfEquity: number,
  growth: number,
): number | null {
  if (costOfEquity <= growth) return null
  return (roe - growth) / (costOfEquity - growth)
}

export interface FairValueContext {
  years: readonly YearFigures[]
  price: number | null
  isFinancial: boolean
  discountRate: number
  terminalGrowth: number
  dcf: DcfSettings
  fxToTradingCurrency: number
}

function emptyFairValue(
  method: FairValue['method'],
  reason: UnavailableReason,
  methods: MethodId[],
): FairValue {
  return {
    method,
    value: null,
    available: false,
    reason,
    downsideMargin: null,
    upside: null,
    dcf: null,
    justifiedPriceToBook: null,
    methods,
  }
}

function withMargins(fair: FairValue, price: number | null): FairValue {
  const value = fair.value
  if (value === null || price === null) return fair
  return {
    ...fair,
    downsideMargin: finiteOrNull((value - price) / value),
    upside: price > 0 ? finiteOrNull((value - price) / price) : null,
  }
}

export function estimateFairValue(ctx: FairValueContext): FairValue {
  return ctx.isFinancial ? estimateFinancialsFairValue(ctx) : estimateDcfFairValue(ctx)
}

function estimateDcfFairValue(ctx: FairValueContext): FairValue {
  const methods: MethodId[] = ['dcf-two-stage', 'market-assumptions']
  const latest = ctx.years[ctx.years.length - 1]
  if (!latest) return emptyFairValue('dcf_two_stage', 'missing_data', methods)
  const fcfSeries = trailingSeries(ctx.years, (y) => y.freeCashFlow, ctx.dcf.baseYears)
  if (fcfSeries.length === 0) return emptyFairValue('dcf_two_stage', 'missing_data', methods)
  const baseFreeCashFlow = fcfSeries.reduce((sum, p) => sum + p.value, 0) / fcfSeries.length
  if (baseFreeCashFlow <= 0) return emptyFairValue('dcf_two_stage', 'negative_free_cash_flow', methods)
  const shares = latest.dilutedShares ?? latest.sharesOutstanding
  const debt = latest.totalDebt ?? latest.longTermDebt
  if (shares === null || debt === null) return emptyFairValue('dcf_two_stage', 'missing_data', methods)
  const revenueGrowth = compoundGrowth(trailingSeries(ctx.years, (y) => y.revenue, GROWTH_WINDOW_YEARS + 1))
  const growthRate =
    revenueGrowth.rate === null
      ? ctx.terminalGrowth
      : Math.min(ctx.dcf.growthCap, Math.max(ctx.dcf.growthFloor, revenueGrowth.rate))
  const cash = latest.cash ?? 0
  const result = valueByTwoStageDcf({
    baseFreeCashFlow,
    growthRate,
    explicitYears: ctx.dcf.explicitYears,
    terminalGrowth: ctx.terminalGrowth,
    discountRate: ctx.discountRate,
    cash,
    debt,
    dilutedShares: shares,
    fxToTradingCurrency: ctx.fxToTradingCurrency,
  })
  if (!result) return emptyFairValue('dcf_two_stage', 'discount_rate_not_above_growth', methods)
  const dcf: DcfValuation = {
    baseFreeCashFlow,
    baseYears: fcfSeries.map((p) => {
      const y = ctx.years.find((f) => f.fiscalYear === p.fiscalYear)!
      return {
        fiscalYear: p.fiscalYear,
        operatingCashFlow: y.operatingCashFlow ?? 0,
        capitalExpenditure: y.capitalExpenditure ?? 0,
        freeCashFlow: p.value,
      }
    }),
    growthRate,
    growthSource: revenueGrowth.rate === null ? 'terminal_growth' : 'revenue_cagr',
    growthRateUnclamped: revenueGrowth.rate,
    explicitYears: ctx.dcf.explicitYears,
    terminalGrowth: ctx.terminalGrowth,
    discountRate: ctx.discountRate,
    projection: result.projection,
    terminalValue: result.terminalValue,
    terminalPresentValue: result.terminalPresentValue,
    enterpriseValue: result.enterpriseValue,
    cash,
    debt,
    equityValue: result.equityValue,
    dilutedShares: shares,
    fxToTradingCurrency: ctx.fxToTradingCurrency,
    fairValuePerShare: result.fairValuePerShare,
    terminalShare: result.terminalShare,
  }
  if (!(result.fairValuePerShare > 0) || !Number.isFinite(result.fairValuePerShare)) {
    return { ...emptyFairValue('dcf_two_stage', 'non_positive_fair_value', methods), dcf }
  }
  return withMargins(
    {
      method: 'dcf_two_stage',
      value: result.fairValuePerShare,
      available: true,
      reason: null,
      downsideMargin: null,
      upside: null,
      dcf,
      justifiedPriceToBook: null,
      methods,
    },
    ctx.price,
  )
}

function estimateFinancialsFairValue(ctx: FairValueContext): FairValue {
  const methods: MethodId[] = ['justified-price-to-book', 'market-assumptions']
  const latest = ctx.years[ctx.years.length - 1]
  const bvps = latest?.bookValuePerShare ?? null
  if (!latest || bvps === null) return emptyFairValue('justified_price_to_book', 'missing_data', methods)
  if (bvps <= 0) return emptyFairValue('justified_price_to_book', 'negative_equity', methods)
  const roeSeries = trailingSeries(ctx.years, (y) => y.roe, GROWTH_WINDOW_YEARS)
  if (roeSeries.length === 0) return emptyFairValue('justified_price_to_book', 'missing_data', methods)
  const roe = roeSeries.reduce((sum, p) => sum + p.value, 0) / roeSeries.length
  const multiple = computeJustifiedPriceToBook(roe, ctx.discountRate, ctx.terminalGrowth)
  if (multiple === null)
    return emptyFairValue('justified_price_to_book', 'discount_rate_not_above_growth', methods)
  const fairValuePerShare = bvps * ctx.fxToTradingCurrency * multiple
  const detail: JustifiedPriceToBookValuation = {
    bookValuePerShare: bvps * ctx.fxToTradingCurrency,
    returnOnEquity: roe,
    returnOnEquityYears: roeSeries.map((p) => p.fiscalYear),
    costOfEquity: ctx.discountRate,
    growth: ctx.terminalGrowth,
    justifiedPriceToBook: multiple,
    fxToTradingCurrency: ctx.fxToTradingCurrency,
    fairValuePerShare,
  }
  if (!(fairValuePerShare > 0)) {
    return {
      ...emptyFairValue('justified_price_to_book', 'non_positive_fair_value', methods),
      justifiedPriceToBook: detail,
    }
  }
  return withMargins(
    {
      method: 'justified_price_to_book',
      value: fairValuePerShare,
      available: true,
      reason: null,
      downsideMargin: null,
      upside: null,
      dcf: null,
      justifiedPriceToBook: detail,
      methods,
    },
    ctx.price,
  )
}
