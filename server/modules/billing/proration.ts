/**
 * The demo provider's proration of an upgrade, the way Stripe prorates: the unused part of the paid period is
 * credited at the old price and charged at the new one, to the second — (new − old) × remaining ÷ period, rounded
 * half up to the currency's minor unit. Amounts are already in minor units (cents; yen and won for JPY and KRW,
 * which have no decimals), so the one rounding is to a whole minor unit in every currency. BigInt keeps it exact: a
 * year in seconds times a price in won is beyond 2^53.
 */
export interface ProrationInput {
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
  const period = BigInt(periodSeconds)
  const amount = (difference * BigInt(remainingSeconds) * 2n + period) / (2n * period)
  return { prorationMinor: Number(amount), remainingSeconds, periodSeconds }
}
