/**
 * Readers' analytics (issue 14; ADR 0016): what readers did on the sites, per firm day, for the console's dashboard
 * and its CSV exports. Decides the rollup (what has been recorded up to a minute ago is added once to the daily
 * tables, under one mark, in one transaction), the range and region a question covers, and how rows are labelled
 * (titles and topic names in the console's language, keywords decoded). Leaves recording to the modules that
 * record (tracking, accounts, stocks, chat) and access to the console's guard.
 */

import type {
  AnalyticsDashboard,
  AnalyticsDay,
  AnalyticsRankedRow,
  AnalyticsRanking,
  AnalyticsTable,
} from '#contracts/console-analytics-rules.ts'
import {
  analyticsExportRowsMax,
  analyticsRangeDaysDefault,
  analyticsRankedRowsShown,
  analyticsRankings,
} from '#contracts/console-analytics-rules.ts'
import type { Locale, Region } from '#contracts/regions.ts'
import { type Clock, calendarOf } from '#server/clock.ts'
import type { Db } from '#server/db/database.ts'
import { instantOfFirmTime, nextDay } from '#server/kernel/firm-time.ts'
import {
  type AnalyticsSpan,
  addActivityToDaily,
  addEventsToDailyCounts,
  allowRollupMemory,
  analyzeDailyTables,
  type Dimension,
  lockRolledUntil,
  selectActivityPerDay,
  selectArticleTitles,
  selectFirstEventAt,
  selectRanked,
  selectRolledUntil,
  selectSearchCount,
  selectTopTopics,
  selectViewsPerDay,
  updateRolledUntil,
} from './analytics.repo.ts'

/**
 * The rollup stops this long before now: an event is stamped by its process before its insert commits, so the
 * newest moments may still be arriving. They stay readable where they were recorded until the next run.
 */
export const rollupLagMillis = 60_000
const dayMillis = 24 * 60 * 60 * 1000

const dimensionOfRanking: Record<Exclude<AnalyticsRanking, 'topics'>, Dimension> = {
  articles: 'article',
  referers: 'referer',
  landings: 'landing',
  'searches-found': 'search_found',
  'searches-missed': 'search_missed',
  devices: 'device',
  browsers: 'browser',
}

export interface AnalyticsRange {
  from?: string | undefined
  to?: string | undefined
  region?: Region | undefined
}

function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + count)
  return date.toISOString().slice(0, 10)
}

function decodedKeyword(key: string): string {
  try {
    return decodeURIComponent(key).toLowerCase()
  } catch {
    return key
  }
}

/** A CSV cell: quoted when needed; a leading formula character is neutralised (cells hold readers' input). */
function csvCell(value: string | number): string {
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

function csvOf(header: string[], rows: (string | number)[][]): string {
  // A byte-order mark, so spreadsheet programs read the Chinese titles as UTF-8.
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`
}

export function createAnalyticsService({ db, clock, timeZone }: { db: Db; clock: Clock; timeZone: string }) {
  /**
   * Adds everything recorded since the last run, up to a minute ago, to the daily tables and moves the mark, in
   * one transaction: running it again adds nothing twice. Answers the new mark.
   */
  async function rollUp(): Promise<{ rolledUntil: Date | null }> {
    return db.transaction(async (tx) => {
      const tdb = tx as unknown as Db
      const after = await lockRolledUntil(tdb)
      const before = new Date(clock.now().getTime() - rollupLagMillis)
      if (after && before <= after) return { rolledUntil: after }
      await allowRollupMemory(tdb)
      // A firm day at a time: each statement reads one day's block range and groups a day's keys in memory, so
      // a first run over a long history costs the same per day as the ordinary five-minute runs.
      let start = after ?? (await selectFirstEventAt(tdb))
      while (start && start < before) {
        const nextMidnight = instantOfFirmTime(nextDay(calendarOf(start, timeZone).day), timeZone) as Date
        const end = nextMidnight < before ? nextMidnight : before
        await addEventsToDailyCounts(tdb, { after: start, before: end, timeZone })
        start = end
      }
      await addActivityToDaily(tdb, { after, before, timeZone })
      await updateRolledUntil(tdb, before)
      if (!after || before.getTime() - after.getTime() > dayMillis) await analyzeDailyTables(tdb)
      return { rolledUntil: before }
    })
  }

  /** The days and instants a query covers (default: the last 30 firm days, today included). */
  async function spanOf(range: AnalyticsRange): Promise<AnalyticsSpan> {
    const today = calendarOf(clock.now(), timeZone).day
    const to = range.to ?? (range.from ? addDays(range.from, analyticsRangeDaysDefault - 1) : today)
    const from = range.from ?? addDays(to, -(analyticsRangeDaysDefault - 1))
    return {
      from,
      to,
      startsAt: instantOfFirmTime(from, timeZone) as Date,
      endsAt: instantOfFirmTime(nextDay(to), timeZone) as Date,
      timeZone,
      region: range.region ?? null,
      rolledUntil: await selectRolledUntil(db),
    }
  }

  /** Every day of the span with its views and activity (zeros where nothing happened). */
  async function listDays(span: AnalyticsSpan): Promise<AnalyticsDay[]> {
    const [views, activity] = await Promise.all([selectViewsPerDay(db, span), selectActivityPerDay(db, span)])
    const byDay = new Map<string, AnalyticsDay>()
    for (let day = span.from; day <= span.to; day = nextDay(day)) {
      byDay.set(day, {
        day,
        views: 0,
        loggedInViews: 0,
        signups: 0,
        logins: 0,
        diagnoses: 0,
        chatQuestions: 0,
      })
    }
    for (const row of views) {
      const day = byDay.get(row.day)
      if (day) Object.assign(day, { views: row.views, loggedInViews: row.loggedInViews })
    }
    const field = {
      signup: 'signups',
      login: 'logins',
      diagnosis: 'diagnoses',
      chat: 'chatQuestions',
    } as const
    for (const row of activity) {
      const day = byDay.get(row.day)
      if (day) day[field[row.activity]] = row.count
    }
    return [...byDay.values()]
  }

  /** One ranked table, most first, labelled in `locale`. */
  async function rank(
    ranking: AnalyticsRanking,
    span: AnalyticsSpan,
    locale: Locale,
    limit: number,
  ): Promise<AnalyticsRankedRow[]> {
    if (ranking === 'topics') {
      const rows = await selectTopTopics(db, span, limit)
      return rows.map((row) => ({ key: row.key, label: row.names?.[locale] || row.key, count: row.count }))
    }
    const rows = await selectRanked(db, dimensionOfRanking[ranking], span, limit)
    if (ranking === 'articles') {
      const titles = await selectArticleTitles(
        db,
        rows.map((row) => Number(row.key)),
      )
      const labelOf = (id: string) => {
        const versions = titles.filter((title) => String(title.articleId) === id)
        const title =
          versions.find((version) => version.locale === locale)?.title ??
          versions.find((version) => version.title)?.title
        return title ?? versions[0]?.key ?? `#${id}`
      }
      return rows.map((row) => ({ key: row.key, label: labelOf(row.key), count: row.count }))
    }
    if (ranking === 'searches-found' || ranking === 'searches-missed') {
      // The same words may have been written in the address in more than one way: counted once decoded.
      const merged = new Map<string, number>()
      for (const row of rows) {
        const keyword = decodedKeyword(row.key)
        merged.set(keyword, (merged.get(keyword) ?? 0) + row.count)
      }
      return [...merged]
        .map(([keyword, count]) => ({ key: keyword, label: keyword, count }))
        .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
    }
    return rows.map((row) => ({ key: row.key, label: row.key, count: row.count }))
  }

  async function readDashboard(range: AnalyticsRange, locale: Locale): Promise<AnalyticsDashboard> {
    const span = await spanOf(range)
    const [days, searches, ranked] = await Promise.all([
      listDays(span),
      selectSearchCount(db, span),
      Promise.all(analyticsRankings.map((ranking) => rank(ranking, span, locale, analyticsRankedRowsShown))),
    ])
    const rankings = Object.fromEntries(
      analyticsRankings.map((ranking, index) => [ranking, ranked[index] ?? []]),
    ) as Record<AnalyticsRanking, AnalyticsRankedRow[]>
    const sum = (pick: (day: AnalyticsDay) => number) => days.reduce((total, day) => total + pick(day), 0)
    return {
      from: span.from,
      to: span.to,
      region: (span.region as Region | null) ?? null,
      timeZone,
      days,
      totals: {
        views: sum((day) => day.views),
        loggedInViews: sum((day) => day.loggedInViews),
        searches,
        signups: sum((day) => day.signups),
        logins: sum((day) => day.logins),
        diagnoses: sum((day) => day.diagnoses),
        chatQuestions: sum((day) => day.chatQuestions),
      },
      rankings,
    }
  }

  /** One table as CSV (every row up to analyticsExportRowsMax) and the file name it is offered under. */
  async function exportTable(
    table: AnalyticsTable,
    range: AnalyticsRange,
    locale: Locale,
  ): Promise<{ fileName: string; csv: string }> {
    const span = await spanOf(range)
    const fileName = `analytics-${table}-${span.from}-${span.to}${span.region ? `-${span.region}` : ''}.csv`
    if (table === 'days') {
      const days = await listDays(span)
      return {
        fileName,
        csv: csvOf(
          ['day', 'views', 'logged_in_views', 'signups', 'logins', 'diagnoses', 'chat_questions'],
          days.map((day) => [
            day.day,
            day.views,
            day.loggedInViews,
            day.signups,
            day.logins,
            day.diagnoses,
            day.chatQuestions,
          ]),
        ),
      }
    }
    const rows = await rank(table, span, locale, analyticsExportRowsMax)
    return {
      fileName,
      csv: csvOf(
        ['key', 'label', 'count'],
        rows.map((row) => [row.key, row.label, row.count]),
      ),
    }
  }

  /** The search total alone (the bench times each of the dashboard's questions). */
  function countSearches(span: AnalyticsSpan): Promise<number> {
    return selectSearchCount(db, span)
  }

  /** Everything recorded before this instant is counted in the daily tables (null: nothing rolled up yet). */
  function rolledUntil(): Promise<Date | null> {
    return selectRolledUntil(db)
  }

  return { rollUp, rolledUntil, spanOf, listDays, rank, countSearches, readDashboard, exportTable }
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>
