/**
 * Fair value per share. Operating companies: a two-stage discounted cash flow on free cash flow (explicit growth,
 * then a Gordon-growth terminal value), adjusted for net cash and divided by diluted shares. Banks and insurers: the
 * justified price-to-book model, because their debt is operating raw material and free cash flow is not meaningful.
 * Every intermediate figure is returned so the page can show the whole calculation, with what drives it: the low and
 * high cases under the documented steps, the value of the main assumption the price implies, and whether the margin
 * is low-confidence (the rule of contracts/stocks.ts, shared with every screen). How the margin is worded is left to
 * the page.
 */

import type { MethodId, UnavailableReason } from '#contracts/diagnosis-keys.ts'
import { assessMarginConfidence } from '#contracts/stocks.ts'
import type {
  DcfProjectionYear,
  DcfValuation,
  FairValue,
  FairValueScenario,
  FairValueSensitivity,
  JustifiedPriceToBookValuation,
} from './diagnosis.types.ts'
import { compoundGrowth, trailingSeries, type YearFigures } from './financial-figures.ts'
import type { DcfSettings, RangeSettings } from './market-assumptions.ts'
import { finiteOrNull } from './score-card.ts'

/** Growth is measured over at most this many years (six statements). */
export const GROWTH_WINDOW_YEARS = 5

/** The explicit-stage growth a price implies is looked for within these limits (a year). */
export const IMPLIED_GROWTH_LIMITS = { low: -0.5, high: 1 } as const

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

/**
 * The explicit-stage growth at which the DCF's value per share equals the price, everything else unchanged. The value
 * rises with growth (free cash flow is positive), so bisection finds it; beyond the limits the limit is returned with
 * the side the price lies on.
 */
export function findImpliedGrowth(
  params: Omit<TwoStageDcfParams, 'growthRate'>,
  price: number,
): { value: number; beyond: 'above' | 'below' | null } | null {
  const valueAt = (growthRate: number) =>
    valueByTwoStageDcf({ ...params, growthRate })?.fairValuePerShare ?? null
  const { low, high } = IMPLIED_GROWTH_LIMITS
  const atLow = valueAt(low)
  const atHigh = valueAt(high)
  if (atLow === null || atHigh === null || !Number.isFinite(price)) return null
  if (price < atLow) return { value: low, beyond: 'below' }
  if (price > atHigh) return { value: high, beyond: 'above' }
  let a: number = low
  let b: number = high
  for (let i = 0; i < 60; i++) {
    const mid = (a + b) / 2
    if ((valueAt(mid) as number) < price) a = mid
    else b = mid
  }
  return { value: (a + b) / 2, beyond: null }
}

/** The return on equity at which the justified P/B value equals the price: ROE = g + (price ÷ book) × (r − g). */
export function findImpliedReturnOnEquity(
  price: number,
  bookValuePerShare: number,
  costOfEquity: number,
  growth: number,
): number | null {
  if (!(bookValuePerShare > 0)) return null
  return finiteOrNull(growth + (price / bookValuePerShare) * (costOfEquity - growth))
}

function positiveOrNull(value: number | null | undefined): number | null {
  const finite = finiteOrNull(value)
  return finite !== null && finite > 0 ? finite : null
}

export interface FairValueContext {
  years: readonly YearFigures[]
  price: number | null
  isFinancial: boolean
  discountRate: number
  terminalGrowth: number
  dcf: DcfSettings
  range: RangeSettings
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
    marginConfidence: null,
    lowConfidenceReason: null,
    sensitivity: null,
    dcf: null,
    justifiedPriceToBook: null,
    methods,
  }
}

function withMargins(fair: FairValue, price: number | null): FairValue {
  const value = fair.value
  if (value === null || price === null) return fair
  const downsideMargin = finiteOrNull((value - price) / value)
  const confidence = assessMarginConfidence(downsideMargin)
  return {
    ...fair,
    downsideMargin,
    upside: price > 0 ? finiteOrNull((value - price) / price) : null,
    marginConfidence: confidence?.confidence ?? null,
    lowConfidenceReason: confidence?.reason ?? null,
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
  const params = {
    baseFreeCashFlow,
    explicitYears: ctx.dcf.explicitYears,
    terminalGrowth: ctx.terminalGrowth,
    discountRate: ctx.discountRate,
    cash,
    debt,
    dilutedShares: shares,
    fxToTradingCurrency: ctx.fxToTradingCurrency,
  }
  const result = valueByTwoStageDcf({ ...params, growthRate })
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
  const scenario = (growth: number, discountRate: number): FairValueScenario => ({
    driver: growth,
    discountRate,
    terminalGrowth: ctx.terminalGrowth,
    value: positiveOrNull(
      valueByTwoStageDcf({ ...params, growthRate: growth, discountRate })?.fairValuePerShare,
    ),
  })
  const step = ctx.range
  const sensitivity: FairValueSensitivity = {
    driver: 'explicit_growth',
    explicitYears: ctx.dcf.explicitYears,
    low: scenario(growthRate - step.growthStep, ctx.discountRate + step.discountRateStep),
    base: scenario(growthRate, ctx.discountRate),
    high: scenario(growthRate + step.growthStep, ctx.discountRate - step.discountRateStep),
    implied: ctx.price !== null && ctx.price > 0 ? findImpliedGrowth(params, ctx.price) : null,
  }
  return withMargins(
    {
      method: 'dcf_two_stage',
      value: result.fairValuePerShare,
      available: true,
      reason: null,
      downsideMargin: null,
      upside: null,
      marginConfidence: null,
      lowConfidenceReason: null,
      sensitivity,
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
  const bookInTrading = bvps * ctx.fxToTradingCurrency
  const scenario = (returnOnEquity: number, costOfEquity: number): FairValueScenario => {
    const justified = computeJustifiedPriceToBook(returnOnEquity, costOfEquity, ctx.terminalGrowth)
    return {
      driver: returnOnEquity,
      discountRate: costOfEquity,
      terminalGrowth: ctx.terminalGrowth,
      value: justified === null ? null : positiveOrNull(bookInTrading * justified),
    }
  }
  const step = ctx.range
  const impliedRoe =
    ctx.price !== null && ctx.price > 0
      ? findImpliedReturnOnEquity(ctx.price, bookInTrading, ctx.discountRate, ctx.terminalGrowth)
      : null
  const sensitivity: FairValueSensitivity = {
    driver: 'return_on_equity',
    explicitYears: null,
    low: scenario(roe - step.returnOnEquityStep, ctx.discountRate + step.discountRateStep),
    base: scenario(roe, ctx.discountRate),
    high: scenario(roe + step.returnOnEquityStep, ctx.discountRate - step.discountRateStep),
    implied: impliedRoe === null ? null : { value: impliedRoe, beyond: null },
  }
  return withMargins(
    {
      method: 'justified_price_to_book',
      value: fairValuePerShare,
      available: true,
      reason: null,
      downsideMargin: null,
      upside: null,
      marginConfidence: null,
      lowConfidenceReason: null,
      sensitivity,
      dcf: null,
      justifiedPriceToBook: detail,
      methods,
    },
    ctx.price,
  )
}
