import { describe, expect, it } from 'vitest'
import { makeStatement } from './diagnosis.fixtures.ts'
import { computeJustifiedPriceToBook, estimateFairValue, valueByTwoStageDcf } from './fair-value.ts'
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
      fxToTradingCurrency: 1,
    })
    // ROE: 2023 uses closing equity (60 / 500), 2024 the average (60 / 500) → 0.12; BVPS 50 → 50 × 10 / 7.
    expect(fv.method).toBe('justified_price_to_book')
    expect(fv.justifiedPriceToBook!.returnOnEquity).toBeCloseTo(0.12, 12)
    expect(fv.value).toBeCloseTo(500 / 7, 9)
    expect(fv.dcf).toBeNull()
  })
})
