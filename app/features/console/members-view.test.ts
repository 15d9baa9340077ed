import { describe, expect, it } from 'vitest'
import { newsletterExportHref, newsletterFiltersOf, newsletterSearchOf } from './members-view.ts'

describe('newsletter filters in the address', () => {
  it('reads text, days and page, ignoring what the API would refuse', () => {
    expect(newsletterFiltersOf(new URLSearchParams('q=+chan+&from=2026-11-01&to=yesterday&page=3'))).toEqual({
      q: 'chan',
      from: '2026-11-01',
      to: '',
      page: 3,
    })
    expect(newsletterFiltersOf(new URLSearchParams('page=-2')).page).toBe(1)
  })

  it('writes them back without empty values and the first page', () => {
    expect(newsletterSearchOf({ q: '陳', from: '', to: '2026-11-30', page: 1 })).toBe(
      '?q=%E9%99%B3&to=2026-11-30',
    )
    expect(newsletterSearchOf({ q: '', from: '', to: '', page: 1 })).toBe('')
  })

  it('exports what the filters match, on every page', () => {
    expect(newsletterExportHref({ q: 'gmail', from: '2026-11-01', to: '', page: 4 })).toBe(
      '/api/console/newsletter/export.csv?q=gmail&from=2026-11-01',
    )
  })
})
