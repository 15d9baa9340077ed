import { describe, expect, it } from 'vitest'
import { nextRefreshAt, pickAsOf, shiftMonth } from './market-sessions.ts'

describe('the schedule', () => {
  it('is due after each exchange’s close plus the delay, on trading days only', () => {
    // Friday 20 November 2026, 15:00 in New York: due at 16:30 the same day (EST, UTC−5).
    expect(nextRefreshAt('us', new Date('2026-11-20T20:00:00Z'), 30).toISOString()).toBe(
      '2026-11-20T21:30:00.000Z',
    )
    // After Friday's run: Monday 23 November.
    expect(nextRefreshAt('us', new Date('2026-11-20T21:30:00Z'), 30).toISOString()).toBe(
      '2026-11-23T21:30:00.000Z',
    )
    // Thanksgiving (26 November) is not a session.
    expect(nextRefreshAt('us', new Date('2026-11-25T22:00:00Z'), 30).toISOString()).toBe(
      '2026-11-27T21:30:00.000Z',
    )
    // Hong Kong closes at 16:00 HKT (08:00 UTC); Tokyo at 15:30 JST (06:30 UTC); Seoul at 15:30 KST.
    expect(nextRefreshAt('hk', new Date('2026-11-20T00:00:00Z'), 30).toISOString()).toBe(
      '2026-11-20T08:30:00.000Z',
    )
    expect(nextRefreshAt('jp', new Date('2026-11-20T00:00:00Z'), 0).toISOString()).toBe(
      '2026-11-20T06:30:00.000Z',
    )
    expect(nextRefreshAt('kr', new Date('2026-11-20T07:00:00Z'), 30).toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    )
    // Daylight saving: in July New York is UTC−4.
    expect(nextRefreshAt('us', new Date('2026-07-07T12:00:00Z'), 30).toISOString()).toBe(
      '2026-07-07T20:30:00.000Z',
    )
  })

  it('computes month picks on the last session before the month, per market', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-11', 2)).toBe('2027-01')
    expect(pickAsOf('us', '2026-11')).toBe('2026-10-30')
    expect(pickAsOf('jp', '2026-06')).toBe('2026-05-29')
    // 1 January is a holiday everywhere; the last session of 2025 in Korea is 30 December.
    expect(pickAsOf('kr', '2026-01')).toBe('2025-12-30')
  })
})
