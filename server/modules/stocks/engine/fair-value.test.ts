import { describe, expect, it } from 'vitest'
import { assessMarginConfidence } from '#contracts/stocks.ts'
import { makeStatement } from './diagnosis.fixtures.ts'
import {
  computeJustifiedPriceToBook,
  estimateFairValue,
  findImpliedGrowth,
  IMPLIED_GROWTH_LIMITS,
  valueByTwoStageDcf,
} from './fair-value.ts'
import { deriveYearFigures } from './financial-figures.ts'
import { DEFAULT_ASSUMPTIONS } from './market-assumptions.ts'

describe('two-stage DCF', () => {
  it('matches a hand-computed two-year example', () => {
    // FCF0 100, g 10 %, 2 explicit years, r 10 %, gT 2 %, cash 50, debt 25, 10 shares.
    // Year 1: 110 / 1.1 = 100. Year 2: 121 / 1.21 = 100.
    // TV = 121 × 1.02 / 0.08 = 1,542.75; PV = 1,542.75 / 1.21 = 1,275. EV = 1,475; equity = 1,500; 150 per share.
    const r = valueByTwoStageDcf({
      baseFreeCashFlow: 100,
      growthRate: 0.1,
      explicitYears: 2,
      terminalGrowth: 0.02,
      discountRate: 0.1,
      cash: 50,
      debt: 25,
      dilutedShares: 10,
      fxToTradingCurrency: 1,
    })!
    expect(r.projection.map((p) => p.freeCashFlow)).toEqual([expect.closeTo(110, 9), expect.closeTo(121, 9)])
    expect(r.projection.map((p) => p.presentValue)).toEqual([expect.closeTo(100, 9), expect.closeTo(100, 9)])
    expect(r.terminalValue).toBeCloseTo(1542.75, 9)
    expect(r.terminalPresentValue).toBeCloseTo(1275, 9)
    expect(r.enterpriseValue).toBeCloseTo(1475, 9)
    expect(r.equityValue).toBeCloseTo(1500, 9)
    expect(r.fairValuePerShare).toBeCloseTo(150, 9)
    expect(r.terminalShare).toBeCloseTo(1275 / 1475, 12)
  })

  it('converts the per-share value into the trading currency', () => {
    const base = {
      baseFreeCashFlow: 100,
      growthRate: 0.1,
      explicitYears: 2,
      terminalGrowth: 0.02,
      discountRate: 0.1,
      cash: 50,
      debt: 25,
      dilutedShares: 10,
    }
    expect(valueByTwoStageDcf({ ...base, fxToTradingCurrency: 7.8 })!.fairValuePerShare).toBeCloseTo(1170, 9)
  })

  it('refuses a discount rate at or below terminal growth instead of returning an infinite value', () => {
    const r = valueByTwoStageDcf({
      baseFreeCashFlow: 100,
      growthRate: 0.05,
      explicitYears: 5,
      terminalGrowth: 0.08,
      discountRate: 0.08,
      cash: 0,
      debt: 0,
      dilutedShares: 1,
      fxToTradingCurrency: 1,
    })
    expect(r).toBeNull()
  })
})

describe('fair value estimate from statements', () => {
  const years = deriveYearFigures(
    [2021, 2022, 2023, 2024].map((fy, i) =>
      makeStatement(fy, {
        revenue: 1000 * 1.1 ** i,
        operatingCashFlow: [100, 120, 140, 160][i]!,
        capitalExpenditure: -[40, 45, 50, 55][i]!,
        totalDebt: 300,
        cashAndEquivalents: 100,
        dilutedShares: 10,
        shareholdersEquity: 500,
        netIncome: 60,
        totalAssets: 1000,
      }),
    ),
    0.21,
  )
  const ctx = {
    years,
    price: 100,
    isFinancial: false,
    discountRate: 0.09,
    terminalGrowth: 0.025,
    dcf: DEFAULT_ASSUMPTIONS.dcf,
    range: DEFAULT_ASSUMPTIONS.range,
    fxToTradingCurrency: 1,
  }

  it('averages the last three years of free cash flow and grows it at the clamped revenue CAGR', () => {
    const fv = estimateFairValue(ctx)
    expect(fv.method).toBe('dcf_two_stage')
    // FCF: 75, 90, 105 → base 90; revenue CAGR over 3 years = 10 %.
    expect(fv.dcf!.baseFreeCashFlow).toBeCloseTo(90, 9)
    expect(fv.dcf!.baseYears.map((y) => y.fiscalYear)).toEqual([2022, 2023, 2024])
    expect(fv.dcf!.growthRate).toBeCloseTo(0.1, 9)
    expect(fv.dcf!.growthSource).toBe('revenue_cagr')
    expect(fv.dcf!.cash).toBe(100)
    expect(fv.dcf!.debt).toBe(300)
    const check = valueByTwoStageDcf({
      baseFreeCashFlow: 90,
      growthRate: 0.1,
      explicitYears: 5,
      terminalGrowth: 0.025,
      discountRate: 0.09,
      cash: 100,
      debt: 300,
      dilutedShares: 10,
      fxToTradingCurrency: 1,
    })!
    expect(fv.value).toBeCloseTo(check.fairValuePerShare, 9)
  })

  it('defines the downside margin as (fair value − price) / fair value, positive when the price is below', () => {
    const fv = estimateFairValue(ctx)
    expect(fv.downsideMargin).toBeCloseTo((fv.value! - 100) / fv.value!, 12)
    expect(fv.upside).toBeCloseTo((fv.value! - 100) / 100, 12)
    const expensive = estimateFairValue({ ...ctx, price: fv.value! * 2 })
    expect(expensive.downsideMargin).toBeCloseTo(-1, 12)
  })

  it('values a low case (growth − 5 points, discount rate + 1) and a high case (growth + 5, discount − 1)', () => {
    const fv = estimateFairValue(ctx)
    const at = (growthRate: number, discountRate: number) =>
      valueByTwoStageDcf({
        baseFreeCashFlow: 90,
        growthRate,
        explicitYears: 5,
        terminalGrowth: 0.025,
        discountRate,
        cash: 100,
        debt: 300,
        dilutedShares: 10,
        fxToTradingCurrency: 1,
      })!.fairValuePerShare
    const s = fv.sensitivity!
    expect(s.driver).toBe('explicit_growth')
    expect(s.explicitYears).toBe(5)
    expect(s.base).toEqual({
      driver: expect.closeTo(0.1, 12),
      discountRate: 0.09,
      terminalGrowth: 0.025,
      value: fv.value,
    })
    expect(s.low.driver).toBeCloseTo(0.05, 12)
    expect(s.low.discountRate).toBeCloseTo(0.1, 12)
    expect(s.low.value).toBeCloseTo(at(0.05, 0.1), 9)
    expect(s.high.driver).toBeCloseTo(0.15, 12)
    expect(s.high.discountRate).toBeCloseTo(0.08, 12)
    expect(s.high.value).toBeCloseTo(at(0.15, 0.08), 9)
    expect(s.low.value!).toBeLessThan(fv.value!)
    expect(s.high.value!).toBeGreaterThan(fv.value!)
  })

  it('moves the high case past the growth cap, since the cases move the growth the base case used', () => {
    const fv = estimateFairValue({ ...ctx, dcf: { ...ctx.dcf, growthCap: 0.08 } })
    expect(fv.dcf!.growthRate).toBeCloseTo(0.08, 12)
    expect(fv.sensitivity!.high.driver).toBeCloseTo(0.13, 12)
    expect(fv.sensitivity!.low.driver).toBeCloseTo(0.03, 12)
  })

  it('gives a case no value when its discount rate is not above terminal growth', () => {
    const fv = estimateFairValue({ ...ctx, discountRate: 0.034, terminalGrowth: 0.025 })
    expect(fv.value).not.toBeNull()
    expect(fv.sensitivity!.high.value).toBeNull()
    expect(fv.sensitivity!.low.value).not.toBeNull()
  })

  it('finds the growth the price implies: the value at that growth is the price', () => {
    // Fair value here is about 174.8, so a price of 300 implies faster growth than the model's 10 %.
    const fv = estimateFairValue({ ...ctx, price: 300 })
    const implied = fv.sensitivity!.implied!
    expect(implied.beyond).toBeNull()
    expect(implied.value).toBeGreaterThan(fv.dcf!.growthRate)
    const atImplied = valueByTwoStageDcf({
      baseFreeCashFlow: 90,
      growthRate: implied.value,
      explicitYears: 5,
      terminalGrowth: 0.025,
      discountRate: 0.09,
      cash: 100,
      debt: 300,
      dilutedShares: 10,
      fxToTradingCurrency: 1,
    })!
    expect(atImplied.fairValuePerShare).toBeCloseTo(300, 6)
    // The price the model gives at its own growth implies that growth.
    expect(estimateFairValue({ ...ctx, price: fv.value! }).sensitivity!.implied!.value).toBeCloseTo(0.1, 9)
  })

  it('says when the price lies beyond the growth it searches, instead of inventing a rate', () => {
    const params = {
      baseFreeCashFlow: 90,
      explicitYears: 5,
      terminalGrowth: 0.025,
      discountRate: 0.09,
      cash: 1000,
      debt: 0,
      dilutedShares: 10,
      fxToTradingCurrency: 1,
    }
    // Net cash alone is worth 100 a share: no growth, however low, brings the value down to 50.
    expect(findImpliedGrowth(params, 50)).toEqual({ value: IMPLIED_GROWTH_LIMITS.low, beyond: 'below' })
    expect(findImpliedGrowth(params, 1_000_000)).toEqual({
      value: IMPLIED_GROWTH_LIMITS.high,
      beyond: 'above',
    })
  })

  it('marks a margin low-confidence when the price is more than twice the fair value, or less than half', () => {
    const value = estimateFairValue(ctx).value!
    // −325 %: the price 4.25 times fair value, as the report once printed for NVDA.
    const far = estimateFairValue({ ...ctx, price: value * 4.25 })
    expect(far.downsideMargin).toBeCloseTo(-3.25, 12)
    expect(far.marginConfidence).toBe('low')
    expect(far.lowConfidenceReason).toBe('price_above_twice_fair_value')
    const cheap = estimateFairValue({ ...ctx, price: value * 0.4 })
    expect(cheap.downsideMargin).toBeCloseTo(0.6, 12)
    expect(cheap.marginConfidence).toBe('low')
    expect(cheap.lowConfidenceReason).toBe('price_below_half_fair_value')
    for (const factor of [2, 1.5, 1, 0.75, 0.5]) {
      const near = estimateFairValue({ ...ctx, price: value * factor })
      expect(near.marginConfidence, `price ${factor} × fair value`).toBe('normal')
      expect(near.lowConfidenceReason).toBeNull()
    }
  })

  it('has no margin, confidence or range without a fair value', () => {
    const fv = estimateFairValue({ ...ctx, price: null })
    expect(fv.marginConfidence).toBeNull()
    expect(fv.sensitivity!.implied).toBeNull()
  })

  it('declines to value a company whose free cash flow is negative', () => {
    const burning = deriveYearFigures(
      [
        makeStatement(2024, {
          operatingCashFlow: -10,
          capitalExpenditure: 5,
          totalDebt: 0,
          dilutedShares: 1,
        }),
      ],
      0.21,
    )
    const fv = estimateFairValue({ ...ctx, years: burning })
    expect(fv.available).toBe(false)
    expect(fv.value).toBeNull()
    expect(fv.reason).toBe('negative_free_cash_flow')
    expect(fv.downsideMargin).toBeNull()
    expect(fv.marginConfidence).toBeNull()
    expect(fv.sensitivity).toBeNull()
  })
})

describe('margin confidence (the rule every screen shares)', () => {
  it('is low only beyond a factor of two between price and fair value, either way', () => {
    // m = (fair − price) ÷ fair; price ÷ fair = 1 − m.
    expect(assessMarginConfidence(-3.25)).toEqual({
      confidence: 'low',
      reason: 'price_above_twice_fair_value',
    })
    expect(assessMarginConfidence(-1.0001)?.confidence).toBe('low')
    expect(assessMarginConfidence(-1)).toEqual({ confidence: 'normal', reason: null })
    expect(assessMarginConfidence(0)).toEqual({ confidence: 'normal', reason: null })
    expect(assessMarginConfidence(0.5)).toEqual({ confidence: 'normal', reason: null })
    expect(assessMarginConfidence(0.6)).toEqual({ confidence: 'low', reason: 'price_below_half_fair_value' })
    expect(assessMarginConfidence(null)).toBeNull()
  })
})

describe('justified price-to-book for financials', () => {
  it('matches a hand-computed example', () => {
    // (ROE − g) / (r − g) = (0.12 − 0.02) / (0.09 − 0.02) = 1.428571…
    expect(computeJustifiedPriceToBook(0.12, 0.09, 0.02)).toBeCloseTo(10 / 7, 12)
    expect(computeJustifiedPriceToBook(0.12, 0.02, 0.02)).toBeNull()
  })

  it('values a bank at book value per share times the justified multiple', () => {
    const years = deriveYearFigures(
      [2023, 2024].map((fy) =>
        makeStatement(fy, {
          shareholdersEquity: 500,
          netIncome: 60,
          sharesOutstanding: 10,
          totalAssets: 6000,
        }),
      ),
      0.21,
    )
    const fv = estimateFairValue({
      years,
      price: 50,
      isFinancial: true,
      discountRate: 0.09,
      terminalGrowth: 0.02,
      dcf: DEFAULT_ASSUMPTIONS.dcf,
      range: DEFAULT_ASSUMPTIONS.range,
      fxToTradingCurrency: 1,
    })
    // ROE: 2023 uses closing equity (60 / 500), 2024 the average (60 / 500) → 0.12; BVPS 50 → 50 × 10 / 7.
    expect(fv.method).toBe('justified_price_to_book')
    expect(fv.justifiedPriceToBook!.returnOnEquity).toBeCloseTo(0.12, 12)
    expect(fv.value).toBeCloseTo(500 / 7, 9)
    expect(fv.dcf).toBeNull()
    // Low: ROE 10 %, r 10 % → (0.10 − 0.02) ÷ 0.08 = 1; high: ROE 14 %, r 8 % → 0.12 ÷ 0.06 = 2.
    const s = fv.sensitivity!
    expect(s.driver).toBe('return_on_equity')
    expect(s.explicitYears).toBeNull()
    expect(s.base.value).toBeCloseTo(500 / 7, 9)
    expect(s.low.driver).toBeCloseTo(0.1, 12)
    expect(s.low.value).toBeCloseTo(50, 9)
    expect(s.high.driver).toBeCloseTo(0.14, 12)
    expect(s.high.value).toBeCloseTo(100, 9)
    // The ROE at which 50 × (ROE − 0.02) ÷ 0.07 = 50 is 9 %.
    expect(s.implied).toEqual({ value: expect.closeTo(0.09, 12), beyond: null })
    expect(fv.marginConfidence).toBe('normal')
  })
})
