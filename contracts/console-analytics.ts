/**
 * Wire shapes of the readers' analytics calls (issue 14; ADR 0016). Answer shapes are in console-analytics-rules.ts
 * (zod-free, for the pages). Under /api/console, behind the console's guard (contracts/console.ts):
 *
 *   GET /analytics          editor   AnalyticsQuery → AnalyticsDashboard
 *   GET /analytics/export   editor   AnalyticsExportQuery → text/csv (an attachment; one table, every row up to
 *                                    analyticsExportRowsMax)
 *
 * `from` and `to` are days of the firm's calendar (both included; default: the last 30 days, today included);
 * `to` before `from`, or a range over analyticsRangeDaysMax days, is 400 VALIDATION_FAILED.
 */
import { z } from 'zod'
import { analyticsRangeDaysMax, analyticsTables } from './console-analytics-rules.ts'
import { Region } from './regions.ts'

export * from './console-analytics-rules.ts'

const blankAsAbsent = (value: unknown) =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value

/** A day of the calendar that exists (not 30 February). */
const Day = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
  // Zod runs a refinement even when the pattern failed: an unparseable text must not reach toISOString (it throws).
  .refine((day) => {
    const instant = Date.parse(`${day}T00:00:00Z`)
    return !Number.isNaN(instant) && new Date(instant).toISOString().startsWith(day)
  }, 'not a day of the calendar')

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000

const rangeFields = {
  from: z.preprocess(blankAsAbsent, Day.optional()),
  to: z.preprocess(blankAsAbsent, Day.optional()),
  region: z.preprocess(blankAsAbsent, Region.optional()),
}

function checkRange(query: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (!query.from || !query.to) return
  const length = dayNumber(query.to) - dayNumber(query.from) + 1
  if (length < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' })
  else if (length > analyticsRangeDaysMax)
    context.addIssue({ code: 'custom', path: ['from'], message: 'the range is too long' })
}

export const AnalyticsQuery = z.object(rangeFields).superRefine(checkRange)
export type AnalyticsQuery = z.infer<typeof AnalyticsQuery>

export const AnalyticsExportQuery = z
  .object({ ...rangeFields, table: z.enum(analyticsTables) })
  .superRefine(checkRange)
export type AnalyticsExportQuery = z.infer<typeof AnalyticsExportQuery>
