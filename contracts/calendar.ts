/**
 * Wire shapes of the calendar (issue 28, `/calendar`): results dates and dividends of one week.
 *
 *   GET /calendar/list  CalendarQuery → CalendarAnswer
 *
 * The week is an ISO week (`2026-W49`) read in the region's time zone (the site's host decides it); without one, the
 * week holding today there. A results date with a known release time is placed on the reader's day of that instant;
 * a date without one, and every dividend's ex-date and pay date, are the exchange's calendar days. `stocks` narrows
 * to a list of `market:code` keys (a visitor's device list; a member's watchlists are the page's, through the
 * watchlists service). The conventions of every stocks answer hold (contracts/stocks.ts): amounts per share in the
 * dividend's currency, texts in the caller's language, `isDemo`/`asOf` stamp the data.
 */
import { z } from 'zod'
import { CalendarErrorCode, calendarStocksMax, mondayOfWeek } from './calendar-rules.ts'
import { type Market, markets } from './regions.ts'
import { StockErrorCode } from './stock-rules.ts'
import { StockMarket } from './stocks.ts'

const isMarket = (value: string): value is Market => (markets as readonly string[]).includes(value)

/** `us:AAPL,hk:0700` → keys; null when any token is not `market:code`. */
export function parseStockKeys(text: string): Array<{ market: Market; code: string }> | null {
  const keys: Array<{ market: Market; code: string }> = []
  for (const token of text.split(',')) {
    const trimmed = token.trim()
    if (!trimmed) continue
    const colon = trimmed.indexOf(':')
    const market = trimmed.slice(0, colon).toLowerCase()
    const code = trimmed
      .slice(colon + 1)
      .trim()
      .toUpperCase()
    if (colon <= 0 || !isMarket(market) || !/^[A-Z0-9.-]{1,12}$/.test(code)) return null
    keys.push({ market, code })
  }
  return keys
}

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value

export const CalendarQuery = z.object({
  week: z.preprocess(
    blankToUndefined,
    z
      .string({ error: CalendarErrorCode.weekInvalid })
      .transform((value) => value.trim().toUpperCase())
      .refine((value) => mondayOfWeek(value) !== null, { error: CalendarErrorCode.weekInvalid })
      .optional(),
  ),
  market: z.preprocess((value) => {
    const blank = blankToUndefined(value)
    return typeof blank === 'string' ? blank.trim().toLowerCase() : blank
  }, z.enum(StockMarket.options, { error: StockErrorCode.marketInvalid }).optional()),
  stocks: z.preprocess(
    blankToUndefined,
    z
      .string({ error: CalendarErrorCode.stocksInvalid })
      .max(calendarStocksMax * 20, { error: CalendarErrorCode.stocksInvalid })
      .transform((value, ctx) => {
        const keys = parseStockKeys(value)
        if (!keys || keys.length > calendarStocksMax) {
          ctx.addIssue({ code: 'custom', message: CalendarErrorCode.stocksInvalid })
          return z.NEVER
        }
        return keys
      })
      .optional(),
  ),
})
export type CalendarQuery = z.infer<typeof CalendarQuery>

/** The stock an event is about, as the calendar's row names and links it. */
export interface CalendarStock {
  market: Market
  code: string
  /** The name in the caller's language, and the other. */
  name: string
  otherName: string
}

export interface CalendarEarnings {
  stock: CalendarStock
  /** The reader's day of the release (`at` in the region's time zone), else the exchange's day. */
  day: string
  /** The release instant when the source gives one. */
  at: string | null
  /** The last day of the quarter or half reported on. */
  periodEnd: string | null
  /** False: a date the source only projects. */
  confirmed: boolean
  isDemo: boolean
}

export interface CalendarDividend {
  stock: CalendarStock
  /** The exchange's days: buy before `exDate` to receive it; paid on `payDate`. */
  exDate: string
  payDate: string | null
  /** Per share, in `currency`, as declared. */
  amount: number
  currency: string
  isDemo: boolean
}

export interface CalendarDay {
  date: string
  earnings: CalendarEarnings[]
  dividends: CalendarDividend[]
}

export interface CalendarAnswer {
  /** True when any row shown comes from demo data. */
  isDemo: boolean
  /** The latest session any market's stored data reaches (what "projected" and "declared" are as of). */
  asOf: string | null
  week: string
  previousWeek: string
  nextWeek: string
  /** The week holding today in the region's time zone. */
  currentWeek: string
  timeZone: string
  market: Market | null
  /** Whether a `stocks` filter narrowed the week (an empty list shows nothing). */
  filtered: boolean
  /** Monday to Sunday. */
  days: CalendarDay[]
  /** Where the dates come from: demo, yahoo or csv. */
  sources: string[]
}
