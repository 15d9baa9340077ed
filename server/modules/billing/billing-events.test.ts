import { describe, expect, it } from 'vitest'
import { startOfPaidSubscription } from './billing-events.ts'

describe('when a paid subscription (and its refund window) starts', () => {
  const opened = new Date('2026-11-01T10:00:00Z')
  const now = new Date('2026-11-04T10:00:00Z')

  it('is the payment’s own time, not when the provider’s word arrived', () => {
    const paidAt = new Date('2026-11-01T10:05:00Z')
    expect(startOfPaidSubscription(paidAt, opened, now)).toEqual(paidAt)
  })

  it('is now when the provider names no time, or a time ahead of ours', () => {
    expect(startOfPaidSubscription(null, opened, now)).toEqual(now)
    expect(startOfPaidSubscription(new Date('2026-11-04T10:00:30Z'), opened, now)).toEqual(now)
  })

  it('is never before the checkout was opened (a missing stamp read as 1970)', () => {
    expect(startOfPaidSubscription(new Date(0), opened, now)).toEqual(opened)
  })
})
