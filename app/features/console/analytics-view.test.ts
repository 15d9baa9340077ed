import { describe, expect, it } from 'vitest'
import { analyticsFiltersOf, analyticsSearchOf, loggedInShareOf } from './analytics-view.ts'
import { scaleMaxOf } from './daily-chart.tsx'

describe("readers' analytics filters", () => {
  it('read the days and the site from the address, ignoring what the API would refuse', () => {
    expect(analyticsFiltersOf(new URLSearchParams('from=2026-11-01&to=2026-11-20&region=hant'))).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      region: 'hant',
    })
    expect(analyticsFiltersOf(new URLSearchParams('from=yesterday&region=mars'))).toEqual({
      from: '',
      to: '',
      region: '',
    })
  })

  it('go back to the address without empty values', () => {
    expect(analyticsSearchOf({ from: '2026-11-01', to: '', region: 'jp' })).toBe('?from=2026-11-01&region=jp')
    expect(analyticsSearchOf({ from: '', to: '', region: '' })).toBe('')
  })

  it('give the logged-in share to a tenth of a percent, 0 without views', () => {
    expect(loggedInShareOf(3, 1)).toBe(33.3)
    expect(loggedInShareOf(0, 0)).toBe(0)
  })
})

describe('the daily chart scale', () => {
  it('rounds its top up to 1, 2 or 5 times a power of ten', () => {
    expect(scaleMaxOf(0)).toBe(4)
    expect(scaleMaxOf(7)).toBe(10)
    expect(scaleMaxOf(130)).toBe(200)
    expect(scaleMaxOf(4_100)).toBe(5_000)
    expect(scaleMaxOf(50_000)).toBe(50_000)
  })
})
