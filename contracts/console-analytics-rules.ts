/**
 * Readers' analytics in the console (issue 14; ADR 0016), the zod-free half the pages import: which tables the
 * dashboard shows, how long a range may be, and the answer shapes of `/api/console/analytics*`. Requests are parsed
 * by contracts/console-analytics.ts.
 *
 * Days are the firm's calendar days (LIMITS_TIME_ZONE, `ConsoleMe.timeZone`); `to` is included. A region is a
 * site (en, hant, hk, kr, jp): it filters what readers did on that site's pages (views, searches); sign-ups,
 * logins, diagnoses and chat questions are counted for all sites together (the tables they come from do not
 * know the site).
 */
import type { ConsoleRole } from './console-rules.ts'
import type { Region } from './regions.ts'

/** Roles that read the dashboard (admin passes all). */
export const analyticsRoles = ['editor'] as const satisfies readonly ConsoleRole[]

/** The dashboard's ranked tables, in the order they are shown; each is also a CSV export. */
export const analyticsRankings = [
  'articles',
  'topics',
  'referers',
  'landings',
  'searches-found',
  'searches-missed',
  'devices',
  'browsers',
] as const
export type AnalyticsRanking = (typeof analyticsRankings)[number]

/** The CSV exports: every ranked table, plus the days (views and use per day). */
export const analyticsTables = ['days', ...analyticsRankings] as const
export type AnalyticsTable = (typeof analyticsTables)[number]

/** Rows a ranked table shows on the dashboard; its CSV has up to analyticsExportRowsMax. */
export const analyticsRankedRowsShown = 20
export const analyticsExportRowsMax = 10_000
/** The longest range one request may cover, in days. */
export const analyticsRangeDaysMax = 366
/** The range shown when none is asked for: the last 30 days, today included. */
export const analyticsRangeDaysDefault = 30

/** One day of the range (every day is listed, zeros included). */
export interface AnalyticsDay {
  day: string
  /** Article page views. */
  views: number
  /** Of those, by logged-in readers. */
  loggedInViews: number
  signups: number
  logins: number
  /** Diagnoses opened (a reader's first look at a company's diagnosis that day). */
  diagnoses: number
  /** Questions asked in the AI chat. */
  chatQuestions: number
}

/**
 * One row of a ranked table. `key` is what the table groups by (an article id, a topic slug, a referring host,
 * a landing path, a keyword, a device, a browser); `label` is what a person reads (a title, a topic's name; the
 * key itself otherwise). An empty key is "none": a visit without an external referrer, or without a landing page.
 */
export interface AnalyticsRankedRow {
  key: string
  label: string
  count: number
}

export interface AnalyticsTotals {
  views: number
  loggedInViews: number
  /** Keyword searches, with and without results. */
  searches: number
  signups: number
  logins: number
  diagnoses: number
  chatQuestions: number
}

/** `GET /api/console/analytics` */
export interface AnalyticsDashboard {
  from: string
  to: string
  region: Region | null
  /** The firm's time zone the days are counted in. */
  timeZone: string
  days: AnalyticsDay[]
  totals: AnalyticsTotals
  rankings: Record<AnalyticsRanking, AnalyticsRankedRow[]>
}
