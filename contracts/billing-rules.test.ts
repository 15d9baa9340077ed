import { describe, expect, it } from 'vitest'
import {
  billingPeriods,
  chargeUnitMinorOf,
  currencies,
  monthsOfPeriod,
  perMonthMinorOf,
  roundToChargeUnit,
} from './billing-rules.ts'

describe('the charge unit of each currency', () => {
  it('is a cent of US and Hong Kong dollars, a whole NT dollar, a yen and a won', () => {
    expect(currencies.map((currency) => [currency, chargeUnitMinorOf(currency)])).toEqual([
      ['USD', 1],
      ['HKD', 1],
      ['TWD', 100],
      ['JPY', 1],
      ['KRW', 1],
    ])
  })

  it('rounds half up to that unit, exactly', () => {
    expect(roundToChargeUnit(2_559_999n, 2n, 'TWD')).toBe(1_280_000) // NT$12,799.995 → NT$12,800
    expect(roundToChargeUnit(249n, 1n, 'TWD')).toBe(200)
    expect(roundToChargeUnit(250n, 1n, 'TWD')).toBe(300)
    expect(roundToChargeUnit(2000n, 3n, 'USD')).toBe(667)
    expect(roundToChargeUnit(1n, 2n, 'KRW')).toBe(1)
    expect(roundToChargeUnit(10n ** 18n, 3n, 'JPY')).toBe(Number(10n ** 18n / 3n))
  })
})

describe('the per-month price of a period', () => {
  const prices = { USD: 10_699, HKD: 85_800, TWD: 345_600, JPY: 16_140, KRW: 70_000 } as const

  for (const currency of currencies) {
    for (const period of billingPeriods) {
      it(`is ${currency} ${period} spread over its months, in whole charge units`, () => {
        const perMonth = perMonthMinorOf(prices[currency], period, currency)
        const unit = chargeUnitMinorOf(currency)
        expect(perMonth % unit).toBe(0)
        expect(Math.abs(perMonth - prices[currency] / monthsOfPeriod[period])).toBeLessThanOrEqual(unit / 2)
      })
    }
  }

  it('reads NT$3,456 a quarter as NT$1,152 a month and NT$12,800 a year as NT$1,067', () => {
    expect(perMonthMinorOf(345_600, 'quarter', 'TWD')).toBe(115_200)
    expect(perMonthMinorOf(1_280_000, 'year', 'TWD')).toBe(106_700)
    expect(perMonthMinorOf(10_699, 'quarter', 'USD')).toBe(3566)
  })
})
