/**
 * The stock sections of the home page: the monthly picks' track record, a few hot stocks and the most undervalued
 * stocks of the region's market. A section whose data cannot be loaded is left out (logged), so the home page
 * never fails because of them and never shows numbers it does not have.
 */

import { homePicksShown } from '#app/features/home/home-picks.ts'
import type { HotStockCard } from '#app/features/stocks/hot-stocks-view.tsx'
import type { ValuationTableRow } from '#app/features/stocks/valuation-table.tsx'
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

/** The hot stocks as the home page has them: each row with only what its card draws. */
export type HomeHotStocks = Omit<HotStocksAnswer, 'rows'> & { rows: HotStockCard[] }
/** The most undervalued as the home page has them: each row with only what the table draws. */
export type HomeUndervalued = Omit<ValuationListAnswer, 'rows'> & { rows: ValuationTableRow[] }

export interface HomeStockSections {
  picks: HomePicks | null
  hot: HomeHotStocks | null
  undervalued: HomeUndervalued | null
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
  return {
    picks: picks && onlyShownPicks(picks),
    hot: hot && homeHotStocksOf(hot),
    undervalued: undervalued && homeUndervaluedOf(undervalued),
  }
}

/*
 * A list's row carries some thirty figures (ratings, technicals, flows, levels, market caps) for the lists' own pages;
 * the home page draws a dozen of them, and every uncached render encodes its hydration data, so the rest leave here
 * (home's uncached render: 7.0 → 6.0 ms of main-thread CPU, bench/render-cost.bench.ts).
 */
export function homeHotStocksOf(hot: HotStocksAnswer): HomeHotStocks {
  return { ...hot, rows: hot.rows.map(hotCardOf) }
}

export function homeUndervaluedOf(list: ValuationListAnswer): HomeUndervalued {
  return { ...list, rows: list.rows.map(valuationRowOf) }
}

function hotCardOf(row: HotStocksAnswer['rows'][number]): HotStockCard {
  const { market, code, name, nameEn, nameZh, rank, price, latestPrice, currency } = row
  const { latestChange, latestChangeRate, heat, interpretation, score } = row
  return {
    market,
    code,
    name,
    nameEn,
    nameZh,
    rank,
    price,
    latestPrice,
    currency,
    latestChange,
    latestChangeRate,
    heat,
    interpretation,
    score,
  }
}

function valuationRowOf(row: ValuationListAnswer['rows'][number]): ValuationTableRow {
  const { market, code, name, nameEn, nameZh, price, priceDate, currency, fairValue, downsideMargin, score } =
    row
  return { market, code, name, nameEn, nameZh, price, priceDate, currency, fairValue, downsideMargin, score }
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
