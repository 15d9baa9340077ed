import { describe, expect, it } from 'vitest'
import { billingPeriods, type Currency, chargeUnitMinorOf, currencies } from '#contracts/billing-rules.ts'
import { prorateUpgrade } from './proration.ts'

const day = 24 * 60 * 60 * 1000
const november = {
  periodStart: new Date('2026-11-01T00:00:00Z'),
  periodEnd: new Date('2026-12-01T00:00:00Z'),
}

function at(periodEnd: Date, secondsLeft: number): Date {
  return new Date(periodEnd.getTime() - secondsLeft * 1000)
}

describe('prorating an upgrade (minor units, to the second, half up)', () => {
  it('charges half the difference with half the period left (USD, cents)', () => {
    expect(
      prorateUpgrade({
        currency: 'USD',
        oldPriceMinor: 1999,
        newPriceMinor: 3999,
        ...november,
        now: new Date('2026-11-16T00:00:00Z'),
      }),
    ).toEqual({
      prorationMinor: 1000,
      remainingSeconds: 15 * 86_400,
      periodSeconds: 30 * 86_400,
    })
  })

  it('rounds a third of US$20.00 up to 667 cents', () => {
    const result = prorateUpgrade({
      currency: 'USD',
      oldPriceMinor: 1999,
      newPriceMinor: 3999,
      ...november,
      now: at(november.periodEnd, 10 * 86_400),
    })
    expect(result.prorationMinor).toBe(667)
  })

  it('charges whole yen: ¥3,000 × 1,000,000 s ÷ 2,592,000 s = ¥1,157 (JPY has no decimals)', () => {
    const result = prorateUpgrade({
      currency: 'JPY',
      oldPriceMinor: 2980,
      newPriceMinor: 5980,
      ...november,
      now: at(november.periodEnd, 1_000_000),
    })
    expect(result.prorationMinor).toBe(1157)
  })

  it('charges whole won: ₩52,000 × 1,000,000 s ÷ 2,592,000 s = ₩20,062 (KRW has no decimals)', () => {
    const result = prorateUpgrade({
      currency: 'KRW',
      oldPriceMinor: 52_000,
      newPriceMinor: 104_000,
      ...november,
      now: at(november.periodEnd, 1_000_000),
    })
    expect(result.prorationMinor).toBe(20_062)
  })

  it('prorates a quarter in HKD cents: half of HK$160.00 is HK$80.00, one second is nothing', () => {
    const quarter = {
      periodStart: new Date('2026-11-01T00:00:00Z'),
      periodEnd: new Date('2027-02-01T00:00:00Z'),
    }
    expect(
      prorateUpgrade({
        currency: 'HKD',
        oldPriceMinor: 15_800,
        newPriceMinor: 31_800,
        ...quarter,
        now: at(quarter.periodEnd, 3_974_400),
      }).prorationMinor,
    ).toBe(8000)
    expect(
      prorateUpgrade({
        currency: 'HKD',
        oldPriceMinor: 15_800,
        newPriceMinor: 31_800,
        ...quarter,
        now: at(quarter.periodEnd, 1),
      }).prorationMinor,
    ).toBe(0)
  })

  it('charges whole NT dollars: NT$2,550 × 1,234,567 s ÷ 30 days = NT$1,214.56, charged NT$1,215', () => {
    const result = prorateUpgrade({
      currency: 'TWD',
      oldPriceMinor: 64_000,
      newPriceMinor: 319_000,
      ...november,
      now: at(november.periodEnd, 1_234_567),
    })
    expect(result.prorationMinor).toBe(121_500)
  })

  it('rounds exactly half a minor unit up', () => {
    const start = new Date('2026-11-01T00:00:00Z')
    const end = new Date(start.getTime() + 2000)
    expect(
      prorateUpgrade({
        currency: 'USD',
        oldPriceMinor: 100,
        newPriceMinor: 101,
        periodStart: start,
        periodEnd: end,
        now: new Date(start.getTime() + 1000),
      }).prorationMinor,
    ).toBe(1)
  })

  it('stays exact beyond 2^53 (a year of a billion won)', () => {
    const year = {
      periodStart: new Date('2026-01-01T00:00:00Z'),
      periodEnd: new Date('2027-01-01T00:00:00Z'),
    }
    const result = prorateUpgrade({
      currency: 'KRW',
      oldPriceMinor: 1,
      newPriceMinor: 1_000_000_000,
      ...year,
      now: at(year.periodEnd, 31_535_999),
    })
    expect(result.prorationMinor).toBe(999_999_967)
  })

  it('charges nothing when no time is left, or when the higher tier is priced lower', () => {
    expect(
      prorateUpgrade({
        currency: 'USD',
        oldPriceMinor: 1999,
        newPriceMinor: 3999,
        ...november,
        now: november.periodEnd,
      }).prorationMinor,
    ).toBe(0)
    expect(
      prorateUpgrade({
        currency: 'USD',
        oldPriceMinor: 1999,
        newPriceMinor: 3999,
        ...november,
        now: new Date(november.periodEnd.getTime() + day),
      }).prorationMinor,
    ).toBe(0)
    expect(
      prorateUpgrade({
        currency: 'USD',
        oldPriceMinor: 3999,
        newPriceMinor: 1999,
        ...november,
        now: november.periodStart,
      }).prorationMinor,
    ).toBe(0)
  })
})

describe('prorating an upgrade in every currency and period', () => {
  const periods = {
    month: { periodStart: new Date('2026-11-01T00:00:00Z'), periodEnd: new Date('2026-12-01T00:00:00Z') },
    quarter: { periodStart: new Date('2026-11-01T00:00:00Z'), periodEnd: new Date('2027-02-01T00:00:00Z') },
    year: { periodStart: new Date('2026-11-01T00:00:00Z'), periodEnd: new Date('2027-11-01T00:00:00Z') },
  } as const
  /** A Base and a Premium price of each currency's usual size (month, quarter, year), in minor units. */
  const seeded: Record<Currency, Record<keyof typeof periods, [number, number]>> = {
    USD: { month: [1999, 7999], quarter: [5399, 21599], year: [19990, 79990] },
    HKD: { month: [15800, 62800], quarter: [42800, 169800], year: [158000, 628000] },
    TWD: { month: [64000, 256000], quarter: [172800, 691200], year: [640000, 2560000] },
    JPY: { month: [2980, 11980], quarter: [8000, 32300], year: [29800, 119800] },
    KRW: { month: [26000, 104000], quarter: [70000, 280000], year: [260000, 1040000] },
  }

  for (const currency of currencies) {
    for (const period of billingPeriods) {
      it(`charges ${currency} ${period} in whole ${currency === 'TWD' ? 'dollars' : 'minor units'}, within half a unit of the exact share`, () => {
        const [oldPriceMinor, newPriceMinor] = seeded[currency][period]
        const { periodStart, periodEnd } = periods[period]
        const unit = chargeUnitMinorOf(currency)
        // 17 moments through the period, none on a whole second of a round fraction.
        for (let step = 1; step < 18; step += 1) {
          const now = new Date(
            periodStart.getTime() + ((periodEnd.getTime() - periodStart.getTime()) * step) / 18 + 1234,
          )
          const result = prorateUpgrade({
            currency,
            oldPriceMinor,
            newPriceMinor,
            periodStart,
            periodEnd,
            now,
          })
          const exact = ((newPriceMinor - oldPriceMinor) * result.remainingSeconds) / result.periodSeconds
          expect(Number.isInteger(result.prorationMinor)).toBe(true)
          expect(result.prorationMinor % unit).toBe(0)
          expect(Math.abs(result.prorationMinor - exact)).toBeLessThanOrEqual(unit / 2)
        }
      })
    }
  }

  it('never asks for NT dollars and cents, nor for US or Hong Kong dollars beyond the cent', () => {
    const twd = prorateUpgrade({
      currency: 'TWD',
      oldPriceMinor: 64_000,
      newPriceMinor: 256_000,
      ...periods.month,
      now: at(periods.month.periodEnd, 2_000_000),
    })
    expect(twd.prorationMinor).toBe(148_100) // NT$1,481.48 → NT$1,481
    const usd = prorateUpgrade({
      currency: 'USD',
      oldPriceMinor: 1999,
      newPriceMinor: 7999,
      ...periods.month,
      now: at(periods.month.periodEnd, 2_000_000),
    })
    expect(usd.prorationMinor).toBe(4630) // US$46.296 → US$46.30
  })
})
