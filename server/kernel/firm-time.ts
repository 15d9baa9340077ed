/**
 * The firm's wall-clock time: editors type a publishing time ("2026-11-20T09:30") and read the audit log by day in
 * the firm's time zone (LIMITS_TIME_ZONE, the zone its calendar days are already counted in), whatever zone their
 * device is in. Decides only the conversion; daylight-saving gaps move a time forward, as a wall clock does.
 */

const formats = new Map<string, Intl.DateTimeFormat>()

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(timeZone, format)
  }
  return format
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatOf(timeZone).formatToParts(new Date(instant))
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wall - Math.floor(instant / 1000) * 1000
}

/** `YYYY-MM-DDTHH:mm` (or `YYYY-MM-DD`, midnight) on the zone's wall clock → the instant. Undefined when malformed. */
export function instantOfFirmTime(local: string, timeZone: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/.exec(local)
  if (!match) return undefined
  const [year, month, day, hour = '0', minute = '0'] = match.slice(1).map((value) => value ?? '0')
  const wall = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute))
  const check = new Date(wall)
  if (check.getUTCMonth() !== Number(month) - 1 || check.getUTCDate() !== Number(day) || Number(hour) > 23)
    return undefined
  const first = wall - offsetAt(wall, timeZone)
  const second = wall - offsetAt(first, timeZone)
  if (second === first || wall - offsetAt(second, timeZone) === second) return new Date(second)
  // Neither reads as the wall time: it falls in a gap (clocks sprang forward); the later instant is the time moved on.
  return new Date(Math.max(first, second))
}

/** The day after `YYYY-MM-DD`. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}
