/**
 * Each market's sessions as the refresh and the monthly picks count them: the exchange whose calendar and close
 * time a market follows, when its next refresh is due (a session's close plus a delay), and the session a month's
 * picks are computed on. Pure; the calendars themselves are the market-data provider's (exchange-calendar.ts).
 */
import type { Market } from '#contracts/regions.ts'
import {
  addDays,
  exchangeSchedules,
  isTradingDay,
  localDateTime,
  previousTradingDay,
  sessionCloseInstant,
} from '#server/providers/market-data/exchange-calendar.ts'
import type { Exchange } from '#server/providers/market-data/market-data.ts'

/** The exchange whose calendar and close time schedule each market's refresh (KOSDAQ and NASDAQ share them). */
export const marketExchange: Record<Market, Exchange> = { us: 'NYSE', hk: 'HKEX', jp: 'TSE', kr: 'KRX' }

/** The instant the market's next refresh is due after `after`: a session's regular close plus the delay. */
export function nextRefreshAt(market: Market, after: Date, delayMinutes: number): Date {
  const exchange = marketExchange[market]
  let day = localDateTime(after, exchangeSchedules[exchange].timeZone).date
  for (let i = 0; i < 30; i++) {
    if (isTradingDay(exchange, day)) {
      const due = new Date(sessionCloseInstant(exchange, day).getTime() + delayMinutes * 60_000)
      if (due.getTime() > after.getTime()) return due
    }
    day = addDays(day, 1)
  }
  throw new RangeError(`no trading day within 30 days after ${after.toISOString()} for ${market}`)
}

/** The first day of the month `offset` months from `month` (YYYY-MM). */
export function shiftMonth(month: string, offset: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const index = year * 12 + (m - 1) + offset
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The session a month's picks are computed on: each market's last session before the month's first day. */
export function pickAsOf(market: Market, month: string): string {
  return previousTradingDay(marketExchange[market], `${month}-01`)
}
