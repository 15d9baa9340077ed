import { describe, expect, it } from 'vitest'
import {
  checkoutReturnOf,
  isChoiceOnlyChange,
  planChoiceOf,
  subscribeHrefOf,
  withoutCheckoutReturn,
} from './billing-choice.ts'

const checkoutId = '5b0e4f1c-0d7e-4b8e-9a35-4f2c8a8d9e10'
const url = (search: string, path = '/subscribe') => new URL(`http://en.localhost${path}${search}`)

describe('the plan a reader is choosing', () => {
  it('comes from the address, so a visitor sent to log in comes back to the same choice', () => {
    const href = subscribeHrefOf({ tier: 'plus', period: 'quarter' })
    expect(href).toBe('/subscribe?tier=plus&period=quarter')
    expect(planChoiceOf(new URL(href, 'http://en.localhost').searchParams, null)).toEqual({
      tier: 'plus',
      period: 'quarter',
    })
    expect(subscribeHrefOf({ period: 'year' })).toBe('/subscribe?period=year')
  })

  it('starts the period switch on the reader’s own plan’s period, else on a month', () => {
    expect(planChoiceOf(new URLSearchParams(''), null)).toEqual({ tier: null, period: 'month' })
    expect(planChoiceOf(new URLSearchParams(''), 'year')).toEqual({ tier: null, period: 'year' })
    expect(planChoiceOf(new URLSearchParams('period=quarter'), 'year').period).toBe('quarter')
  })

  it('reads an unknown tier or period as none', () => {
    expect(planChoiceOf(new URLSearchParams('tier=gold&period=week'), null)).toEqual({
      tier: null,
      period: 'month',
    })
  })
})

describe('the way back from checkout', () => {
  it('names the checkout, and whether the reader gave up at the provider', () => {
    expect(checkoutReturnOf(new URLSearchParams(`period=quarter&checkout=${checkoutId}`))).toEqual({
      checkoutId,
      isCancelled: false,
    })
    expect(checkoutReturnOf(new URLSearchParams(`checkout=${checkoutId}&outcome=cancelled`))).toEqual({
      checkoutId,
      isCancelled: true,
    })
    expect(checkoutReturnOf(new URLSearchParams('checkout=not-a-checkout'))).toBeNull()
    expect(checkoutReturnOf(new URLSearchParams('period=year'))).toBeNull()
  })

  it('leaves the address once told, keeping the rest of the choice', () => {
    expect(withoutCheckoutReturn(`?period=quarter&checkout=${checkoutId}&outcome=cancelled`)).toBe(
      '?period=quarter',
    )
    expect(withoutCheckoutReturn(`?checkout=${checkoutId}`)).toBe('')
  })
})

describe('when /subscribe reads its data again', () => {
  it('does not for a new period or tier, or for leaving the way back from checkout', () => {
    expect(isChoiceOnlyChange(url('?period=month'), url('?period=year'))).toBe(true)
    expect(isChoiceOnlyChange(url(''), url('?tier=plus&period=quarter'))).toBe(true)
    expect(isChoiceOnlyChange(url(`?period=quarter&checkout=${checkoutId}`), url('?period=quarter'))).toBe(
      true,
    )
  })

  it('does when the page itself asks again, on arriving from a checkout, or on anything else', () => {
    expect(isChoiceOnlyChange(url('?period=year'), url('?period=year'))).toBe(false)
    expect(isChoiceOnlyChange(url('?period=year'), url(`?period=year&checkout=${checkoutId}`))).toBe(false)
    expect(isChoiceOnlyChange(url('?period=year'), url('?period=year&ref=mail'))).toBe(false)
    expect(isChoiceOnlyChange(url('?period=year'), url('?period=year', '/member/account'))).toBe(false)
  })
})
