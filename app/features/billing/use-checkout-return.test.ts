import { describe, expect, it } from 'vitest'
import { checkoutOutcomeOf } from './use-checkout-return.ts'

describe('a checkout the reader came back from', () => {
  it('is a success only when paid, and a failure when it failed, expired or was given up', () => {
    expect(checkoutOutcomeOf('paid', false)).toBe('paid')
    expect(checkoutOutcomeOf('failed', false)).toBe('failed')
    expect(checkoutOutcomeOf('expired', false)).toBe('failed')
    expect(checkoutOutcomeOf('open', true)).toBe('failed')
  })

  it('is still open while the provider has not confirmed it', () => {
    expect(checkoutOutcomeOf('open', false)).toBe('open')
  })
})
