/**
 * How long a rate-limited reader is told to wait, from the `retry-after` header of a 429: the unit a person would
 * say (seconds under a minute, minutes under two hours, hours beyond) and the count, rounded up so the reader is
 * never sent back too early. The words themselves are i18next plural messages (`{{count}}`) in each catalogue;
 * the server's envelope and the pages pick them by the same keys.
 */

export type RetryWaitUnit = 'seconds' | 'minutes' | 'hours'

export interface RetryWait {
  unit: RetryWaitUnit
  count: number
}

/** The envelope's message code for a 429 whose wait is known (errors.json, plural forms `_one` / `_other`). */
export const rateLimitedMessageCode: Record<RetryWaitUnit, string> = {
  seconds: 'RATE_LIMITED_SECONDS',
  minutes: 'RATE_LIMITED_MINUTES',
  hours: 'RATE_LIMITED_HOURS',
}

/** Seconds to wait from a `retry-after` value (delay-seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterSecondsOf(
  value: string | number | readonly string[] | null | undefined,
  nowMs: number = Date.now(),
): number | null {
  const text = String(Array.isArray(value) ? value[0] : (value ?? '')).trim()
  if (text === '') return null
  if (/^\d+$/.test(text)) return Number(text)
  // An HTTP date (IMF-fixdate, `Tue, 10 Nov 2026 09:02:00 GMT`); Date.parse alone would take '-3' for a year.
  const at = /^[A-Za-z]{3}, /.test(text) ? Date.parse(text) : Number.NaN
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - nowMs) / 1000))
}

/** The wait to tell, or null when there is nothing useful to say (no header, or no wait left). */
export function retryWaitOf(seconds: number | null | undefined): RetryWait | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return null
  if (seconds < 60) return { unit: 'seconds', count: Math.ceil(seconds) }
  if (seconds < 2 * 60 * 60) return { unit: 'minutes', count: Math.ceil(seconds / 60) }
  return { unit: 'hours', count: Math.ceil(seconds / (60 * 60)) }
}
