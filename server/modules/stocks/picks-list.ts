/**
 * The monthly picks as readers see them (spec §3, GET /home/listGains): the latest months' picks with each pick's
 * track record, each month's average return and win rate, and the record over the completed months. Decides how
 * many of the current month's picks a reader sees (contracts/benefits.ts by tier; the rest are counted as locked)
 * and how the rule is worded; choosing picks and measuring them is the refresh's (picks-refresh.ts).
 */
import { benefitReaderOf, benefitsOf } from '#contracts/benefits.ts'
import {
  type MonthlyPick,
  type MonthlyPicksAnswer,
  type MonthlyPicksMonth,
  MonthlyPicksQuery,
  type PickSuggestion,
  type StockType,
} from '#contracts/monthly-picks.ts'
import type { Locale } from '#contracts/regions.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import type { Reader } from '#server/kernel/reader.ts'
import { selectPickMonths, selectPicks } from './monthly-picks.repo.ts'
import {
  PICK_MIN_DOWNSIDE_MARGIN,
  PICK_MIN_SCORE,
  PICKS_PER_MARKET_MAX,
  PICKS_PER_MONTH,
} from './monthly-picks.ts'
import { type AnswerCache, type DataStamps, parseInput } from './stock-answers.ts'
import { nameIn } from './stock-wire.ts'
import { selectStockRows } from './stocks.repo.ts'

const pickRuleText: Record<Locale, string> = {
  en: `At the start of each month the AI engine diagnoses every stock with the data known on the last trading day before it. Stocks scoring at least ${PICK_MIN_SCORE} out of 100, priced at least ${Math.round(PICK_MIN_DOWNSIDE_MARGIN * 100)}% below their fair value and not in financial distress are ranked by score; the top ${PICKS_PER_MONTH} are picked, at most ${PICKS_PER_MARKET_MAX} from one market. Returns are measured from the last close before the recommendation.`,
  'zh-Hant': `每月初，AI 引擎以前一個交易日已公開的資料診斷每一檔股票。綜合評分至少 ${PICK_MIN_SCORE} 分、股價低於合理價至少 ${Math.round(PICK_MIN_DOWNSIDE_MARGIN * 100)}%、且財務體質不在危險區的股票依評分排序，選出前 ${PICKS_PER_MONTH} 檔，單一市場最多 ${PICKS_PER_MARKET_MAX} 檔。報酬以推薦前最後一個收盤價起算。`,
}

export function createPicksList({
  db,
  clock,
  stamps,
  cached,
}: {
  db: Db
  clock: Clock
  stamps: DataStamps
  cached: AnswerCache
}) {
  /** Monthly picks of the current month the reader sees (contracts/benefits.ts: 5 / 10 / every one; others none). */
  function visiblePicksFor(reader: Reader): number {
    return benefitsOf(benefitReaderOf(reader)).monthlyPicks ?? Number.POSITIVE_INFINITY
  }

  async function listMonthlyPicks(
    query: MonthlyPicksQuery,
    reader: Reader,
    locale: Locale,
  ): Promise<MonthlyPicksAnswer> {
    const input = parseInput(MonthlyPicksQuery, query)
    const all = await cached(`picks:${JSON.stringify(input)}`, async () => {
      const months = (await selectPickMonths(db)).slice(0, input.months)
      const [rows, stampRows] = await Promise.all([
        selectPicks(db, months, input.market),
        selectStockRows(db, { market: input.market, withSnapshot: true }),
      ])
      return { months, rows, stamp: stamps.stampOf(stampRows) }
    })
    const currentMonth = calendarOf(clock.now(), 'UTC').month
    const visibleNow = visiblePicksFor(reader)
    const mean = (values: number[]) =>
      values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length
    const share = (values: number[]) =>
      values.length === 0 ? null : values.filter((v) => v > 0).length / values.length
    const months: MonthlyPicksMonth[] = all.months.map((month) => {
      const rows = all.rows.filter((r) => r.month === month)
      const picks: MonthlyPick[] = rows.map((r) => ({
        month: r.month,
        rank: r.rank,
        code: r.code,
        market: r.market,
        name: nameIn(locale, r),
        nameEn: r.nameEn,
        nameZh: r.nameZh,
        currency: r.currency,
        suggestion: r.suggestion as PickSuggestion,
        stockType: r.stockType as StockType,
        recommendedPrice: r.recommendedPrice,
        analystEstimatedPrice: r.analystEstimatedPrice,
        analystEstimatedPriceSource:
          r.analystEstimatedPriceSource as MonthlyPick['analystEstimatedPriceSource'],
        estimatedReturn: r.estimatedReturn,
        estimatedMaxDrawdown: r.estimatedMaxDrawdown,
        recommendedAt: r.recommendedAt,
        dataAsOf: r.dataAsOf,
        score: r.totalScore,
        fairValue: r.fairValue,
        downsideMargin: r.downsideMargin,
        latestPrice: r.latestPrice,
        latestPriceDate: r.latestPriceDate,
        actualReturn: r.actualReturn,
        actualMaxDrawdown: r.actualMaxDrawdown,
        isDemo: r.isDemo,
      }))
      const returns = rows.map((r) => r.actualReturn).filter((v): v is number => v !== null)
      const shown = month >= currentMonth ? picks.slice(0, visibleNow) : picks
      return {
        month,
        recommendedAt: `${month}-01`,
        picks: shown,
        lockedCount: picks.length - shown.length,
        averageReturn: mean(returns),
        winRate: share(returns),
      }
    })
    const completed = all.rows
      .filter((r) => r.month < currentMonth)
      .map((r) => r.actualReturn)
      .filter((v): v is number => v !== null)
    return {
      ...all.stamp,
      isDemo: all.stamp.isDemo || all.rows.some((r) => r.isDemo),
      market: input.market ?? null,
      months,
      trackRecord: { picks: completed.length, averageReturn: mean(completed), winRate: share(completed) },
      rule: pickRuleText[locale],
    }
  }

  return { listMonthlyPicks }
}
