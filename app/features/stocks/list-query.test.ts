import { describe, expect, it } from 'vitest'
import { choiceOf, listHref, marketOf, pageCountOf, pageOf } from './list-query.ts'

const params = (text: string) => new URLSearchParams(text)

describe('stock list filters in the URL', () => {
  it('reads a market in any case and falls back to the region’s market', () => {
    expect(marketOf(params('market=HK'), 'us')).toBe('hk')
    expect(marketOf(params(''), 'jp')).toBe('jp')
    expect(marketOf(params('market=xx'), 'kr')).toBe('kr')
  })

  it('reads “all” as every market only where a list allows it', () => {
    expect(marketOf(params('market=all'), 'us', { allowAll: true })).toBeNull()
    expect(marketOf(params('market=all'), 'us')).toBe('us')
  })

  it('reads a choice among known values only', () => {
    expect(choiceOf(params('kind=SELL'), 'kind', ['all', 'buy', 'sell'] as const, 'all')).toBe('sell')
    expect(choiceOf(params('kind=hold'), 'kind', ['all', 'buy', 'sell'] as const, 'all')).toBe('all')
  })

  it('reads a page number from 1 up to the limit', () => {
    expect(pageOf(params('page=3'))).toBe(3)
    expect(pageOf(params('page=0'))).toBe(1)
    expect(pageOf(params('page=abc'))).toBe(1)
    expect(pageOf(params('page=500'), 100)).toBe(100)
  })

  it('writes links without empty values', () => {
    expect(listHref('/executives-moves', { market: 'hk', kind: null, page: 2 })).toBe(
      '/executives-moves?market=hk&page=2',
    )
    expect(listHref('/stocks-hot', { market: undefined })).toBe('/stocks-hot')
  })

  it('counts pages, at least one', () => {
    expect(pageCountOf(41, 20)).toBe(3)
    expect(pageCountOf(0, 20)).toBe(1)
  })
})
