import { describe, expect, it } from 'vitest'
import { retryAfterSecondsOf, retryWaitOf } from './retry-wait.ts'

describe('the wait a rate-limited reader is told', () => {
  it('is in seconds under a minute, minutes under two hours, hours beyond, never shorter than the real wait', () => {
    expect(retryWaitOf(1)).toEqual({ unit: 'seconds', count: 1 })
    expect(retryWaitOf(59)).toEqual({ unit: 'seconds', count: 59 })
    expect(retryWaitOf(60)).toEqual({ unit: 'minutes', count: 1 })
    expect(retryWaitOf(61)).toEqual({ unit: 'minutes', count: 2 })
    expect(retryWaitOf(38 * 60)).toEqual({ unit: 'minutes', count: 38 })
    expect(retryWaitOf(2 * 3600 - 1)).toEqual({ unit: 'minutes', count: 120 })
    expect(retryWaitOf(2 * 3600)).toEqual({ unit: 'hours', count: 2 })
    expect(retryWaitOf(5 * 3600 + 1)).toEqual({ unit: 'hours', count: 6 })
  })

  it('is nothing when there is no wait to tell', () => {
    for (const seconds of [null, undefined, 0, -5, Number.NaN]) expect(retryWaitOf(seconds)).toBeNull()
  })

  it('reads retry-after as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-10T09:00:00Z')
    expect(retryAfterSecondsOf('38', now)).toBe(38)
    expect(retryAfterSecondsOf(120, now)).toBe(120)
    expect(retryAfterSecondsOf(['7'], now)).toBe(7)
    expect(retryAfterSecondsOf('Tue, 10 Nov 2026 09:02:00 GMT', now)).toBe(120)
    for (const value of [null, undefined, '', 'soon', '-3'])
      expect(retryAfterSecondsOf(value, now)).toBeNull()
  })
})
