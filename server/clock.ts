/**
 * The time services read. Production uses the system clock; tests pass a clock they move by hand, so expiry
 * rules (login codes, sessions, quota months) are tested without waiting.
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock for tests: starts where it is told and moves only when `advance` is called. */
export function createManualClock(start: Date | string = '2026-11-02T09:00:00Z'): Clock & {
  advance(ms: number): void
  set(at: Date | string): void
} {
  let current = new Date(start).getTime()
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms
    },
    set(at) {
      current = new Date(at).getTime()
    },
  }
}

// Creating an Intl.DateTimeFormat costs far more than using one, and every metered request asks for its calendar.
const dayFormats = new Map<string, Intl.DateTimeFormat>()

function dayFormatOf(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormats.set(timeZone, format)
  }
  return format
}

/** The calendar day (YYYY-MM-DD) and month (YYYY-MM) of an instant in a time zone. */
export function calendarOf(instant: Date, timeZone: string): { day: string; month: string } {
  const parts = dayFormatOf(timeZone).formatToParts(instant)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const month = `${part('year')}-${part('month')}`
  return { day: `${month}-${part('day')}`, month }
}
