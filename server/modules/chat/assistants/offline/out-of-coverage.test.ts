import { describe, expect, it } from 'vitest'
import { findCompany, universe } from '#server/providers/market-data/universe.ts'
import { indexIn, isOutOfScope, notStockIn, uncoveredCompanies, uncoveredIn } from './out-of-coverage.ts'

describe('what a question names that we do not cover', () => {
  it('lists only companies outside the universe, with peers that are in it', () => {
    const names = new Set(
      universe.flatMap((c) => [c.nameEn, c.nameZh, ...c.aliases].map((n) => n.toLowerCase())),
    )
    for (const company of uncoveredCompanies) {
      for (const name of company.names) expect(names.has(name.toLowerCase()), name).toBe(false)
      for (const peer of company.peers) expect(findCompany(peer.market, peer.code), peer.code).toBeDefined()
    }
  })

  it('names the uncovered company in either language, as a word', () => {
    expect(uncoveredIn('Compare Apple and Palantir').map((c) => c.label.en)).toEqual(['Palantir'])
    expect(uncoveredIn('蔚來的市盈率').map((c) => c.label.en)).toEqual(['NIO'])
    expect(uncoveredIn('What is the harm in waiting?')).toEqual([])
    expect(uncoveredIn('Is GM cheap?').map((c) => c.label.en)).toEqual(['General Motors'])
    expect(uncoveredIn('gm')).toEqual([])
  })

  it('tells crypto, currencies and commodities apart from stocks', () => {
    expect(notStockIn('Should I buy Bitcoin?')).toBe('crypto')
    expect(notStockIn('美元兌日圓匯率')).toBe('currency')
    expect(notStockIn('今天金價多少')).toBe('commodity')
    expect(notStockIn('什麼是黃金交叉？')).toBeNull()
    expect(notStockIn('Is Goldman Sachs undervalued?')).toBeNull()
  })

  it('reads an index as an index, but not a question about its market’s stocks', () => {
    expect(indexIn('How did the Hang Seng Index do?')?.market).toBe('hk')
    expect(indexIn('恒生指數今日表現')?.market).toBe('hk')
    expect(indexIn('Most undervalued Hang Seng stocks')).toBeNull()
  })

  it('knows a poem from a stock question', () => {
    expect(isOutOfScope('Write me a poem about the market')).toBe(true)
    expect(isOutOfScope('Is Tencent undervalued?')).toBe(false)
  })
})
