import { describe, expect, it } from 'vitest'
import { attributionFor, searchKeywordOf } from './attribution.ts'

const siteHostnames = ['en.tickerwise.com', 'hant.tickerwise.com', 'tickerwise.com']

describe('visit attribution', () => {
  it('reads the search keyword of the common search engines', () => {
    expect(searchKeywordOf(new URL('https://www.google.com/search?q=nvidia+earnings'))).toBe(
      'nvidia earnings',
    )
    expect(searchKeywordOf(new URL('https://www.baidu.com/s?wd=%E9%A8%B0%E8%A8%8A'))).toBe('騰訊')
    expect(searchKeywordOf(new URL('https://search.yahoo.co.jp/search?p=toyota'))).toBe('toyota')
    expect(searchKeywordOf(new URL('https://news.example.com/story'))).toBeUndefined()
  })

  it('records the landing page once and the external referrer with its keyword', () => {
    const first = attributionFor(
      {
        url: new URL('https://en.tickerwise.com/articles/x?utm=a'),
        referer: 'https://www.google.com/search?q=tsmc',
        siteHostnames,
      },
      {},
    )
    expect(first).toEqual({
      landing: '/articles/x?utm=a',
      referer: 'https://www.google.com/search?q=tsmc',
      searchKey: 'tsmc',
    })
    const later = attributionFor(
      {
        url: new URL('https://en.tickerwise.com/about-us'),
        referer: 'https://en.tickerwise.com/articles/x',
        siteHostnames,
      },
      { landing: '/articles/x?utm=a' },
    )
    expect(later).toEqual({})
  })

  it('keeps the first external referrer and keyword of a visit, and fills one in for a visit that had none', () => {
    const elsewhere = {
      url: new URL('https://en.tickerwise.com/about-us'),
      referer: 'https://www.bing.com/search?q=nvidia',
      siteHostnames,
    }
    expect(
      attributionFor(elsewhere, { landing: '/', referer: 'https://www.google.com/search?q=tsmc' }),
    ).toEqual({})
    expect(attributionFor(elsewhere, { landing: '/' })).toEqual({
      referer: 'https://www.bing.com/search?q=nvidia',
      searchKey: 'nvidia',
    })
  })

  it('ignores a referrer header that is not a URL', () => {
    expect(
      attributionFor(
        { url: new URL('https://en.tickerwise.com/'), referer: 'not a url', siteHostnames },
        { landing: '/' },
      ),
    ).toEqual({})
  })
})
