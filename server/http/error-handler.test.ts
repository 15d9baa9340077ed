import { describe, expect, it } from 'vitest'
import { translateErrorCode } from './error-handler.ts'

describe('an error message in the caller’s language', () => {
  it('writes a plan’s limit as numbers are written (2,500), as the page does', () => {
    expect(translateErrorCode('PORTFOLIO_FULL', 'en', { max: 2500 })).toContain('up to 2,500 transactions')
    expect(translateErrorCode('PORTFOLIO_FULL', 'zh-Hant', { max: 2500 })).toContain('2,500 筆交易')
  })

  it('chooses the plural form by the count', () => {
    expect(translateErrorCode('RATE_LIMITED_SECONDS', 'en', { count: 1 })).toContain('in 1 second.')
    expect(translateErrorCode('RATE_LIMITED_SECONDS', 'en', { count: 30 })).toContain('in 30 seconds.')
  })
})
