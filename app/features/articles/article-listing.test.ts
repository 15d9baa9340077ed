import { describe, expect, it } from 'vitest'
import { filterOfListing, listingOfPath, pageHref, pageOfSearchParams } from './article-listing.ts'

const none = new URLSearchParams()

describe('listingOfPath', () => {
  it('knows every list screen of the specification', () => {
    expect(listingOfPath('/articles', none)).toEqual({ kind: 'all' })
    expect(listingOfPath('/analysis', none)).toEqual({ kind: 'analysis' })
    expect(listingOfPath('/recommendations.data', none)).toEqual({ kind: 'recommendations' })
    expect(listingOfPath('/market-hk', none)).toEqual({ kind: 'market', market: 'hk' })
    expect(listingOfPath('/topics/ev-autos', none)).toEqual({ kind: 'topic', slug: 'ev-autos' })
  })

  it('refuses unknown markets and malformed topic slugs', () => {
    expect(listingOfPath('/market-cn', none)).toBeUndefined()
    expect(listingOfPath('/topics/Not%20a%20slug', none)).toBeUndefined()
  })

  it('reads the search keyword from the path and the tag from the query', () => {
    expect(listingOfPath('/search/%E7%87%9F%E6%94%B6', new URLSearchParams('tag=TSMC'))).toEqual({
      kind: 'search',
      keyword: '營收',
      tag: 'tsmc',
      isTooLong: false,
    })
    expect(listingOfPath('/search', none)).toMatchObject({ keyword: '' })
    expect(listingOfPath(`/search/${'a'.repeat(101)}`, none)).toMatchObject({ isTooLong: true })
    expect(listingOfPath('/search/x', new URLSearchParams('tag=<script>'))).toMatchObject({ tag: undefined })
  })
})

describe('filterOfListing', () => {
  it('lists a tag for a search that came from a tag suggestion', () => {
    expect(filterOfListing({ kind: 'search', keyword: 'nvid', tag: 'nvidia', isTooLong: false }, 2)).toEqual({
      page: 2,
      pageSize: 12,
      tag: 'nvidia',
    })
  })

  it('has nothing to load for an empty or too long search', () => {
    expect(
      filterOfListing({ kind: 'search', keyword: '', tag: undefined, isTooLong: false }, 1),
    ).toBeUndefined()
    expect(
      filterOfListing({ kind: 'search', keyword: 'x', tag: undefined, isTooLong: true }, 1),
    ).toBeUndefined()
  })
})

describe('paging', () => {
  it('reads anything but a page number as the first page', () => {
    expect(pageOfSearchParams(new URLSearchParams('page=3'))).toBe(3)
    for (const value of ['0', '-2', 'abc', '1.5'])
      expect(pageOfSearchParams(new URLSearchParams(`page=${value}`))).toBe(1)
    expect(pageOfSearchParams(new URLSearchParams('page=100000'))).toBe(500)
  })

  it('keeps the tag when moving between pages', () => {
    expect(pageHref('/search/ai', new URLSearchParams('tag=ai'), 2)).toBe('/search/ai?tag=ai&page=2')
    expect(pageHref('/articles', new URLSearchParams('page=2'), 1)).toBe('/articles')
  })
})
