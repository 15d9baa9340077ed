import { describe, expect, it } from 'vitest'
import { instantOfFirmTime, nextDay } from './firm-time.ts'

describe('the firm wall clock', () => {
  it('turns a local time into the instant it names in the zone', () => {
    expect(instantOfFirmTime('2026-11-26T18:30', 'Asia/Hong_Kong')?.toISOString()).toBe(
      '2026-11-26T10:30:00.000Z',
    )
    expect(instantOfFirmTime('2026-11-26', 'Asia/Tokyo')?.toISOString()).toBe('2026-11-25T15:00:00.000Z')
    expect(instantOfFirmTime('2026-07-01T09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-07-01T13:00:00.000Z',
    )
    expect(instantOfFirmTime('2026-12-01T09:00', 'America/New_York')?.toISOString()).toBe(
      '2026-12-01T14:00:00.000Z',
    )
  })

  it('moves a time in a daylight-saving gap forward, as a wall clock does', () => {
    // 02:30 does not exist in New York on 8 March 2026; it reads as 03:30 EDT.
    expect(instantOfFirmTime('2026-03-08T02:30', 'America/New_York')?.toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    )
  })

  it('refuses what names no time', () => {
    expect(instantOfFirmTime('2026-02-30T10:00', 'UTC')).toBeUndefined()
    expect(instantOfFirmTime('2026-11-26T25:00', 'UTC')).toBeUndefined()
    expect(instantOfFirmTime('tomorrow', 'UTC')).toBeUndefined()
  })

  it('counts days across months and years', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01')
    expect(nextDay('2028-02-28')).toBe('2028-02-29')
  })
})
