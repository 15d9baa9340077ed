import { describe, expect, it } from 'vitest'
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
      oldPriceMinor: 1999,
      newPriceMinor: 3999,
      ...november,
      now: at(november.periodEnd, 10 * 86_400),
    })
    expect(result.prorationMinor).toBe(667)
  })

  it('charges whole yen: ¥3,000 × 1,000,000 s ÷ 2,592,000 s = ¥1,157 (JPY has no decimals)', () => {
    const result = prorateUpgrade({
      oldPriceMinor: 2980,
      newPriceMinor: 5980,
      ...november,
      now: at(november.periodEnd, 1_000_000),
    })
    expect(result.prorationMinor).toBe(1157)
  })

  it('charges whole won: ₩52,000 × 1,000,000 s ÷ 2,592,000 s = ₩20,062 (KRW has no decimals)', () => {
    const result = prorateUpgrade({
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
        oldPriceMinor: 15_800,
        newPriceMinor: 31_800,
        ...quarter,
        now: at(quarter.periodEnd, 3_974_400),
      }).prorationMinor,
    ).toBe(8000)
    expect(
      prorateUpgrade({
        oldPriceMinor: 15_800,
        newPriceMinor: 31_800,
        ...quarter,
        now: at(quarter.periodEnd, 1),
      }).prorationMinor,
    ).toBe(0)
  })

  it('prorates TWD cents over an odd fraction: NT$2,550.00 × 1,234,567 s ÷ 30 days = 121,456 cents', () => {
    const result = prorateUpgrade({
      oldPriceMinor: 64_000,
      newPriceMinor: 319_000,
      ...november,
      now: at(november.periodEnd, 1_234_567),
    })
    expect(result.prorationMinor).toBe(121_456)
  })

  it('rounds exactly half a minor unit up', () => {
    const start = new Date('2026-11-01T00:00:00Z')
    const end = new Date(start.getTime() + 2000)
    expect(
      prorateUpgrade({
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
      oldPriceMinor: 1,
      newPriceMinor: 1_000_000_000,
      ...year,
      now: at(year.periodEnd, 31_535_999),
    })
    expect(result.prorationMinor).toBe(999_999_967)
  })

  it('charges nothing when no time is left, or when the higher tier is priced lower', () => {
    expect(
      prorateUpgrade({ oldPriceMinor: 1999, newPriceMinor: 3999, ...november, now: november.periodEnd })
        .prorationMinor,
    ).toBe(0)
    expect(
      prorateUpgrade({
        oldPriceMinor: 1999,
        newPriceMinor: 3999,
        ...november,
        now: new Date(november.periodEnd.getTime() + day),
      }).prorationMinor,
    ).toBe(0)
    expect(
      prorateUpgrade({ oldPriceMinor: 3999, newPriceMinor: 1999, ...november, now: november.periodStart })
        .prorationMinor,
    ).toBe(0)
  })
})
