import { describe, expect, it } from 'vitest'
import { compareFirstOf, compareHref } from './compare-href.ts'
import { compareMax, compareMin, compareTokensHref, compareTokensOf } from './compare-rules.ts'

const keys = [
  { market: 'us' as const, code: 'AAPL' },
  { market: 'hk' as const, code: '0700' },
  { market: 'us' as const, code: 'aapl' },
  { market: 'us' as const, code: 'BRK B' },
  { market: 'jp' as const, code: '7203' },
  { market: 'kr' as const, code: '005930' },
]

describe('links to the compare page', () => {
  it('writes one address per comparison, which the compare page reads back', () => {
    expect(compareHref(keys.slice(0, 4))).toBe('/compare?codes=us:AAPL,hk:0700,us:BRK%20B')
    expect(compareHref([])).toBe('/compare')
    expect(compareHref(keys.slice(0, 4))).toBe(compareTokensHref(['us:AAPL', 'hk:0700', 'us:BRK B']))
    const back = compareTokensOf(new URL(`http://x${compareHref(keys.slice(0, 4))}`).searchParams)
    expect(back.map((token) => `${token.market}:${token.code}`)).toEqual(['us:AAPL', 'hk:0700', 'us:BRK B'])
  })

  it('compares the first two to four stocks of a list, and nothing for fewer than two', () => {
    expect(compareFirstOf(keys)).toEqual({
      href: '/compare?codes=us:AAPL,hk:0700,us:BRK%20B,jp:7203',
      count: 4,
    })
    expect(compareFirstOf(keys.slice(0, 2))?.count).toBe(2)
    expect(compareFirstOf(keys.slice(0, 1))).toBeNull()
    // The links' own bounds are the page's.
    expect(compareFirstOf(keys.slice(0, compareMin - 1))).toBeNull()
    expect(compareFirstOf(keys.slice(0, compareMin))).not.toBeNull()
    expect(compareFirstOf(keys)?.href.split(',')).toHaveLength(compareMax)
  })
})
