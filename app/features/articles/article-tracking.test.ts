import { describe, expect, it } from 'vitest'
import { describeClient } from './article-read-event.ts'
import { isArticlePath, searchOutcomeOf } from './article-tracking.tsx'

describe('reading events', () => {
  it('fire on article paths only', () => {
    expect(isArticlePath('/articles/nvidia-data-center-cycle')).toBe(true)
    expect(isArticlePath('/articles')).toBe(false)
    expect(isArticlePath('/search/articles')).toBe(false)
  })

  it("tell a keyword search's first page that found articles from one that found none", () => {
    const search = (keyword: string, total: number, page = 1) => ({
      listing: { kind: 'search', keyword },
      page,
      answer: { total },
    })
    expect(searchOutcomeOf(search('nvidia', 3))).toBe('found')
    expect(searchOutcomeOf(search('nothing', 0))).toBe('missed')
    // Not a new search: a next page, a tag alone, a list, a refused (rate-limited) search.
    expect(searchOutcomeOf(search('nvidia', 3, 2))).toBeUndefined()
    expect(searchOutcomeOf(search('', 3))).toBeUndefined()
    expect(searchOutcomeOf({ listing: { kind: 'analysis' }, page: 1, answer: { total: 3 } })).toBeUndefined()
    expect(searchOutcomeOf({ ...search('nvidia', 0), answer: null })).toBeUndefined()
  })

  it('describe the client coarsely from its user agent', () => {
    expect(
      describeClient('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36', 1920),
    ).toEqual({
      deviceType: 'desktop',
      osName: 'Linux',
      browser: 'Chrome',
    })
    expect(
      describeClient(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1',
        390,
      ),
    ).toEqual({ deviceType: 'mobile', osName: 'iOS', browser: 'Safari' })
    expect(
      describeClient(
        'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/156.0 Safari/537.36',
        1200,
      ),
    ).toMatchObject({
      deviceType: 'tablet',
      osName: 'Android',
    })
  })
})
