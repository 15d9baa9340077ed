import { describe, expect, it } from 'vitest'
import {
  compareCountProblem,
  compareTokensHref,
  compareTokensOf,
  parseCompareToken,
  uniqueStocks,
} from './compare-rules.ts'

describe('the compare address', () => {
  it('reads market:code, bare codes, several fields and the add box, in order', () => {
    const params = new URLSearchParams('codes=us:AAPL,%20HK:0700&codes=Apple&add=%20&add=騰訊')
    expect(compareTokensOf(params)).toEqual([
      { text: 'us:AAPL', code: 'AAPL', market: 'us' },
      { text: 'HK:0700', code: '0700', market: 'hk' },
      { text: 'Apple', code: 'Apple', market: null },
      { text: '騰訊', code: '騰訊', market: null },
    ])
    expect(parseCompareToken('xx:AAPL')).toEqual({ text: 'xx:AAPL', code: 'xx:AAPL', market: null })
    expect(parseCompareToken('us:')).toEqual({ text: 'us:', code: 'us:', market: null })
  })

  it('lists the stocks without repeats, and writes unknown texts escaped', () => {
    const keys = [
      { market: 'us' as const, code: 'AAPL' },
      { market: 'hk' as const, code: '0700' },
      { market: 'us' as const, code: 'aapl' },
    ]
    expect(uniqueStocks(keys)).toEqual(keys.slice(0, 2))
    expect(compareTokensHref(['us:AAPL', 'a,b', 'us:BRK B'])).toBe('/compare?codes=us:AAPL,a%2Cb,us:BRK%20B')
    expect(compareTokensHref([])).toBe('/compare')
  })

  it('holds two to four stocks', () => {
    expect(compareCountProblem(0)).toBe('COMPARE_TOO_FEW')
    expect(compareCountProblem(1)).toBe('COMPARE_TOO_FEW')
    expect(compareCountProblem(2)).toBeNull()
    expect(compareCountProblem(4)).toBeNull()
    expect(compareCountProblem(5)).toBe('COMPARE_TOO_MANY')
  })
})
