import { describe, expect, it } from 'vitest'
import type { AnnualFundamentals } from '#server/providers/market-data/market-data.ts'
import { compoundAnnualGrowth, dividendHistoryOf, dividendsOfDiagnosis } from './dividend-history.ts'
import { makeStatement } from './engine/diagnosis.fixtures.ts'

function year(
  fiscalYear: number,
  figures: Partial<
    Pick<AnnualFundamentals, 'dividendsPaid' | 'netIncome' | 'sharesOutstanding' | 'dilutedShares'>
  >,
): AnnualFundamentals {
  return makeStatement(fiscalYear, { periodEnd: `${fiscalYear}-09-30`, ...figures })
}

// Total dividends grow 10 % a year while buybacks shrink the share count: per share grows faster.
const payer = [2019, 2020, 2021, 2022, 2023, 2024].map((fy, i) =>
  year(fy, {
    dividendsPaid: -(100 * 1.1 ** i),
    netIncome: 400,
    sharesOutstanding: 100 * 0.95 ** i,
  }),
)

describe('dividendHistoryOf', () => {
  it('gives a payer its yield, payout ratio, five years per share and their growth, oldest first', () => {
    const dividends = dividendHistoryOf([...payer].reverse(), 0.012)
    expect(dividends.status).toBe('payer')
    expect(dividends.yield).toBe(0.012)
    expect(dividends.fiscalYear).toBe(2024)
    expect(dividends.periodEnd).toBe('2024-09-30')
    expect(dividends.basis).toBe('per_share')
    expect(dividends.years.map((y) => y.fiscalYear)).toEqual([2020, 2021, 2022, 2023, 2024])
    // Yahoo's negative outflow read as a payment.
    expect(dividends.years[4]?.paid).toBeCloseTo(100 * 1.1 ** 5)
    expect(dividends.payoutRatio).toBeCloseTo((100 * 1.1 ** 5) / 400)
    expect(dividends.years[0]?.growth).toBeNull()
    expect(dividends.years[1]?.growth).toBeCloseTo(1.1 / 0.95 - 1)
    expect(dividends.years[1]?.perShare).toBeCloseTo((100 * 1.1 ** 2) / (100 * 0.95 ** 2))
    expect(dividends.cagr).toEqual({ value: expect.closeTo(1.1 / 0.95 - 1, 10), from: 2020, to: 2024 })
  })

  it('measures growth on the total when a year shown has no share count', () => {
    const years = payer.map((y, i) => (i === 3 ? { ...y, sharesOutstanding: null, dilutedShares: null } : y))
    const dividends = dividendHistoryOf(years, 0.01)
    expect(dividends.basis).toBe('total')
    expect(dividends.cagr?.value).toBeCloseTo(0.1)
    expect(dividends.years[2]?.perShare).toBeNull()
  })

  it('gives no payout ratio in a loss year, and no growth across a missing year', () => {
    const years = [
      year(2020, { dividendsPaid: 50, netIncome: 200, sharesOutstanding: 10 }),
      year(2022, { dividendsPaid: 60, netIncome: -30, sharesOutstanding: 10 }),
    ]
    const dividends = dividendHistoryOf(years, 0.02)
    expect(dividends.payoutRatio).toBeNull()
    expect(dividends.years[1]?.growth).toBeNull()
    // Two years apart: the compound rate spans both.
    expect(dividends.cagr?.value).toBeCloseTo(Math.sqrt(1.2) - 1)
  })

  it('calls a company that paid nothing in its latest year a non-payer, keeping the years it paid', () => {
    const years = [
      year(2022, { dividendsPaid: 80, netIncome: 200, sharesOutstanding: 10 }),
      year(2023, { dividendsPaid: 0, netIncome: 100, sharesOutstanding: 10 }),
    ]
    const dividends = dividendHistoryOf(years, 0)
    expect(dividends.status).toBe('non_payer')
    expect(dividends.yield).toBe(0)
    expect(dividends.payoutRatio).toBeNull()
    expect(dividends.years).toHaveLength(2)
    expect(dividends.years[1]?.growth).toBe(-1)
    expect(dividends.cagr).toBeNull()
  })

  it('has no history for a company that paid nothing in any year shown', () => {
    const years = [2022, 2023, 2024].map((fy) => year(fy, { dividendsPaid: 0, netIncome: 100 }))
    const dividends = dividendHistoryOf(years, 0)
    expect(dividends.status).toBe('non_payer')
    expect(dividends.years).toEqual([])
  })

  it('says the data holds no payment rather than inventing a zero when no year reports dividends', () => {
    const dividends = dividendHistoryOf(
      [year(2023, { netIncome: 100 }), year(2024, { netIncome: 120 })],
      null,
    )
    expect(dividends.status).toBe('not_reported')
    expect(dividends.yield).toBeNull()
    expect(dividends.years).toEqual([])
    expect(dividends.cagr).toBeNull()
    expect(dividends.fiscalYear).toBe(2024)
  })

  it('uses only the fiscal years the diagnosis used', () => {
    const dividends = dividendsOfDiagnosis(payer, {
      data: { fiscalYears: [2021, 2022, 2023] } as never,
      ratios: { dividendYield: 0.015 } as never,
    })
    expect(dividends.years.map((y) => y.fiscalYear)).toEqual([2021, 2022, 2023])
    expect(dividends.fiscalYear).toBe(2023)
    expect(dividends.yield).toBe(0.015)
  })
})

describe('compoundAnnualGrowth', () => {
  it('is the constant yearly rate from the first to the last value', () => {
    expect(compoundAnnualGrowth(100, 121, 2)).toBeCloseTo(0.1)
    expect(compoundAnnualGrowth(0, 121, 2)).toBeNull()
    expect(compoundAnnualGrowth(100, 121, 0)).toBeNull()
  })
})
