import { describe, expect, it } from 'vitest'
import { calendarOf } from './clock.ts'

describe('calendarOf', () => {
  it('names the day and month of an instant in the given time zone, across a month boundary', () => {
    const instant = new Date('2026-11-30T20:30:00Z')
    expect(calendarOf(instant, 'UTC')).toEqual({ day: '2026-11-30', month: '2026-11' })
    expect(calendarOf(instant, 'Asia/Hong_Kong')).toEqual({ day: '2026-12-01', month: '2026-12' })
    expect(calendarOf(instant, 'America/New_York')).toEqual({ day: '2026-11-30', month: '2026-11' })
  })

  it('gives the same answer when asked again in another zone and back', () => {
    const instant = new Date('2027-01-01T02:00:00Z')
    const first = calendarOf(instant, 'America/Los_Angeles')
    calendarOf(instant, 'Asia/Tokyo')
    expect(calendarOf(instant, 'America/Los_Angeles')).toEqual(first)
    expect(first).toEqual({ day: '2026-12-31', month: '2026-12' })
  })
})
