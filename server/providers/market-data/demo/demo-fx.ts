/**
 * The demo provider's exchange rates: fixed reference rates (units per US dollar, round figures near their levels
 * of 2024–2026), dated the last weekday on or before the provider's end of history. Synthetic like every demo
 * figure: the provider's `isDemo` makes every screen that shows them say DEMO. Cross rates go through the dollar.
 */
import type { FxRate } from '../market-data.ts'
import { MarketDataError } from '../market-data-error.ts'

export const demoUnitsPerUsd: Readonly<Record<string, number>> = {
  USD: 1,
  HKD: 7.8,
  JPY: 150,
  KRW: 1380,
  TWD: 32,
}

/** The last weekday on or before the instant's UTC day. */
export function lastWeekday(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()))
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1)
  return day.toISOString().slice(0, 10)
}

export function demoFxRate(from: string, to: string, asOf: string): FxRate {
  const fromPerUsd = demoUnitsPerUsd[from]
  const toPerUsd = demoUnitsPerUsd[to]
  if (fromPerUsd === undefined || toPerUsd === undefined) {
    throw new MarketDataError('SYMBOL_NOT_FOUND', `no demo exchange rate for ${from}${to}`)
  }
  return { from, to, rate: toPerUsd / fromPerUsd, asOf }
}
