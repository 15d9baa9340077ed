import { describe, expect, it } from 'vitest'
import type { Writer } from './answer-writer.ts'
import { otherListings, writeOtherListings } from './other-listings.ts'

describe('a company listed twice', () => {
  it('names the other line and the one answered, in both languages', () => {
    expect(otherListings('hk', '9988').map((c) => c.code)).toEqual(['BABA'])
    expect(otherListings('us', 'BABA').map((c) => c.code)).toEqual(['9988'])
    expect(otherListings('hk', '0700')).toEqual([])
    const en: Writer = { zh: false, locale: 'en', lines: [], asOf: new Set(), isDemo: false }
    writeOtherListings(en, 'hk', '9988')
    expect(en.lines).toEqual(['This company is also listed as BABA (US stocks); this answer is for 9988.HK.'])
    const zh: Writer = { zh: true, locale: 'zh-Hant', lines: [], asOf: new Set(), isDemo: false }
    writeOtherListings(zh, 'us', 'BABA')
    expect(zh.lines).toEqual(['這家公司亦以 9988.HK (港股) 上市；以上回答針對 BABA。'])
  })
})
