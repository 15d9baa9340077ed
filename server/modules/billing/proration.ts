/**
 * The demo provider's proration of an upgrade, the way Stripe prorates: the unused part of the paid period is
 * credited at the old price and charged at the new one, to the second — (new − old) × remaining ÷ period, rounded
 * half up to the currency's charge unit: a cent of US and Hong Kong dollars, a whole New Taiwan dollar (NT$12,800,
 * never NT$12,799.99), a yen, a won. The one rounding is exact (BigInt, in billing-rules.ts).
 */
import { type Currency, roundToChargeUnit } from '#contracts/billing-rules.ts'

export interface ProrationInput {
  currency: Currency
  oldPriceMinor: number
  newPriceMinor: number
  periodStart: Date
  periodEnd: Date
  now: Date
}

export interface Proration {
  /** Charged now; never negative (a "higher" tier priced lower credits nothing). */
  prorationMinor: number
  remainingSeconds: number
  periodSeconds: number
}

export function prorateUpgrade(input: ProrationInput): Proration {
  const periodSeconds = Math.max(
    1,
    Math.floor((input.periodEnd.getTime() - input.periodStart.getTime()) / 1000),
  )
  const remainingSeconds = Math.min(
    periodSeconds,
    Math.max(0, Math.floor((input.periodEnd.getTime() - input.now.getTime()) / 1000)),
  )
  const difference = BigInt(input.newPriceMinor - input.oldPriceMinor)
  if (difference <= 0n || remainingSeconds === 0)
    return { prorationMinor: 0, remainingSeconds, periodSeconds }
  const prorationMinor = roundToChargeUnit(
    difference * BigInt(remainingSeconds),
    BigInt(periodSeconds),
    input.currency,
  )
  return { prorationMinor, remainingSeconds, periodSeconds }
}
