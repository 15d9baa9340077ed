import { describe, expect, it } from 'vitest'
import { attemptsLeftOf, quotaActionOf, stateOfErrorCode, statusOfState } from './diagnosis-state.ts'

describe('diagnosis page states', () => {
  it('reads each quota code as its own limited state', () => {
    for (const code of [
      'DIAGNOSIS_LIMIT_VISITOR',
      'DIAGNOSIS_LIMIT_MEMBER',
      'DIAGNOSIS_LIMIT_SUBSCRIBER',
      'DIAGNOSIS_LIMIT_DAILY',
      'DIAGNOSIS_LIMIT_DAILY_MEMBER',
      'DIAGNOSIS_LIMIT_DAILY_SUBSCRIBER',
      'DIAGNOSIS_LIMIT_NETWORK',
    ]) {
      expect(stateOfErrorCode(code)).toEqual({ kind: 'limited', code })
    }
  })

  it('reads input codes as invalid, not found as no results, and anything else as a failure', () => {
    expect(stateOfErrorCode('STOCK_QUERY_EMPTY')).toEqual({ kind: 'invalid', code: 'STOCK_QUERY_EMPTY' })
    expect(stateOfErrorCode('STOCK_MARKET_INVALID')).toEqual({
      kind: 'invalid',
      code: 'STOCK_MARKET_INVALID',
    })
    expect(stateOfErrorCode('STOCK_NOT_FOUND')).toEqual({ kind: 'not-found' })
    expect(stateOfErrorCode('DIAGNOSIS_FAILED')).toEqual({ kind: 'failed', code: 'DIAGNOSIS_FAILED' })
    expect(stateOfErrorCode('STOCK_DATA_NOT_READY')).toEqual({ kind: 'failed', code: 'DIAGNOSIS_FAILED' })
    expect(stateOfErrorCode('')).toEqual({ kind: 'failed', code: 'DIAGNOSIS_FAILED' })
  })

  it('answers each state with the status a reader’s request deserves', () => {
    expect(statusOfState({ kind: 'idle' })).toBe(200)
    expect(statusOfState({ kind: 'preparing' })).toBe(200)
    expect(statusOfState({ kind: 'invalid', code: 'STOCK_QUERY_EMPTY' })).toBe(400)
    expect(statusOfState({ kind: 'not-found' })).toBe(404)
    expect(statusOfState({ kind: 'limited', code: 'DIAGNOSIS_LIMIT_DAILY' })).toBe(429)
    expect(statusOfState({ kind: 'failed', code: 'DIAGNOSIS_FAILED' })).toBe(503)
  })

  it('sends a visitor to log in and back to the same diagnosis', () => {
    expect(
      quotaActionOf('DIAGNOSIS_LIMIT_VISITOR', {
        pathname: '/ai-stock-diagnosis',
        search: '?code=AAPL&market=us',
      }),
    ).toEqual({
      href: '/member/login?redirect=%2Fai-stock-diagnosis%3Fcode%3DAAPL%26market%3Dus',
      labelKey: 'quota.login',
    })
  })

  it('sends a member to subscribe and a subscriber to upgrade, also at a daily limit a plan lifts', () => {
    const here = { pathname: '/ai-stock-diagnosis', search: '' }
    expect(quotaActionOf('DIAGNOSIS_LIMIT_MEMBER', here)).toEqual({
      href: '/subscribe',
      labelKey: 'quota.subscribe',
    })
    expect(quotaActionOf('DIAGNOSIS_LIMIT_SUBSCRIBER', here)).toEqual({
      href: '/subscribe',
      labelKey: 'quota.upgrade',
    })
    expect(quotaActionOf('DIAGNOSIS_LIMIT_DAILY_MEMBER', here)).toEqual({
      href: '/subscribe',
      labelKey: 'quota.subscribe',
    })
    expect(quotaActionOf('DIAGNOSIS_LIMIT_DAILY_SUBSCRIBER', here)).toEqual({
      href: '/subscribe',
      labelKey: 'quota.upgrade',
    })
    // The top plan's day: no plan allows more, only tomorrow helps.
    expect(quotaActionOf('DIAGNOSIS_LIMIT_DAILY', here)).toBeNull()
  })

  it('tells whether the month or the day limits the attempts left', () => {
    expect(
      attemptsLeftOf({ remaining: 2, monthlyRemaining: 2, dailyRemaining: 10, limitedBy: null }),
    ).toEqual({ count: 2, period: 'month' })
    expect(
      attemptsLeftOf({ remaining: 1, monthlyRemaining: 40, dailyRemaining: 1, limitedBy: null }),
    ).toEqual({ count: 1, period: 'day' })
    expect(
      attemptsLeftOf({ remaining: 5, monthlyRemaining: null, dailyRemaining: 5, limitedBy: null }),
    ).toEqual({ count: 5, period: 'day' })
    expect(attemptsLeftOf(null)).toBeNull()
  })

  it('tells a visitor whose own attempts are left that their network’s allowance is the limit', () => {
    expect(
      attemptsLeftOf({ remaining: 0, monthlyRemaining: 4, dailyRemaining: 2, limitedBy: 'network' }),
    ).toEqual({ count: 0, period: 'network' })
  })

  it('sends a visitor stopped by their network’s allowance to log in and back', () => {
    expect(
      quotaActionOf('DIAGNOSIS_LIMIT_NETWORK', { pathname: '/ai-stock-diagnosis', search: '?code=AAPL' }),
    ).toEqual({ href: '/member/login?redirect=%2Fai-stock-diagnosis%3Fcode%3DAAPL', labelKey: 'quota.login' })
  })
})

describe('service errors on the diagnosis page', () => {
  it('reads the code of an AppError from any copy of the class', async () => {
    const { errorCodeOf } = await import('./diagnosis-page.server.ts')
    const { AppError } = await import('#server/http/app-error.ts')
    expect(errorCodeOf(new AppError('not_found', 'STOCK_NOT_FOUND'))).toBe('STOCK_NOT_FOUND')
    class AppErrorCopy extends Error {
      override name = 'AppError'
      readonly kind = 'limited'
      readonly code = 'DIAGNOSIS_LIMIT_VISITOR'
    }
    expect(errorCodeOf(new AppErrorCopy('x'))).toBe('DIAGNOSIS_LIMIT_VISITOR')
    expect(errorCodeOf(new Error('boom'))).toBe('')
    expect(errorCodeOf('STOCK_NOT_FOUND')).toBe('')
  })
})
