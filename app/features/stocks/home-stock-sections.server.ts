/**
 * The stock sections of the home page: the monthly picks' track record, a few hot stocks and the most undervalued
 * stocks of the region's market. A section whose data cannot be loaded is left out (logged), so the home page
 * never fails because of them and never shows numbers it does not have.
 */

import { homePicksShown } from '#app/features/home/home-picks.ts'
import type { RequestContext } from '#app/request-context.ts'
import { parseCookieHeader } from '#contracts/cookie-header.ts'
import type { MonthlyPicksAnswer } from '#contracts/monthly-picks.ts'
import { regionSettings } from '#contracts/regions.ts'
import type { HotStocksAnswer, ValuationListAnswer } from '#contracts/stock-lists.ts'

export const homeHotStocks = 4
export const homeUndervalued = 5
export const homePickMonths = 4

/** A month of picks as the home page has it: at most the picks it lists, and how many the month has. */
export type HomePicksMonth = MonthlyPicksAnswer['months'][number] & { pickCount: number }
export type HomePicks = Omit<MonthlyPicksAnswer, 'months'> & { months: HomePicksMonth[] }

export interface HomeStockSections {
  picks: HomePicks | null
  hot: HotStocksAnswer | null
  undervalued: ValuationListAnswer | null
}

export async function loadHomeStockSections(
  request: Request,
  { services, locale, region, log }: Pick<RequestContext, 'services' | 'locale' | 'region' | 'log'>,
): Promise<HomeStockSections> {
  const market = regionSettings[region].defaultMarket
  const orNull = <T>(promise: Promise<T>, section: string): Promise<T | null> =>
    promise.catch((error: unknown) => {
      log.error({ err: error, section }, 'home stock section failed')
      return null
    })
  const reader = await services.accounts.readerFromCookies(parseCookieHeader(request.headers.get('cookie')))
  const [picks, hot, undervalued] = await Promise.all([
    orNull(services.stocks.listMonthlyPicks({ months: homePickMonths }, reader, locale), 'picks'),
    orNull(services.stocks.listHotStocks({ market, limit: homeHotStocks }, locale), 'hot'),
    orNull(
      services.stocks.listValuation(
        { kind: 'undervalued', market, page: 1, pageSize: homeUndervalued },
        locale,
      ),
      'undervalued',
    ),
  ])
  return { picks: picks && onlyShownPicks(picks), hot, undervalued }
}

/**
 * The home page lists the first `listed` picks of one month (the latest with any the reader may see) and the track
 * record; the rest of that month's picks and the other months' would only weigh down the page's hydration data
 * (every uncached render encodes it: a month of 30 picks was a third of the home page's data), so they leave the
 * answer here. What the page says of them stays: each month's pick count, returns, win rate and locked count.
 */
export function onlyShownPicks(picks: MonthlyPicksAnswer, listed = homePicksShown): HomePicks {
  const shown = picks.months.find((month) => month.picks.length > 0)
  return {
    ...picks,
    months: picks.months.map((month) => ({
      ...month,
      picks: month === shown ? month.picks.slice(0, listed) : [],
      pickCount: month.picks.length,
    })),
  }
}
