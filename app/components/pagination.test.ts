import { describe, expect, it } from 'vitest'
import { visiblePages } from './pagination.tsx'

describe('visiblePages', () => {
  it('shows every page of a short list', () => {
    expect(visiblePages(1, 1)).toEqual([1])
    expect(visiblePages(2, 4)).toEqual([1, 2, 3, 4])
  })

  it('shows the ends and the neighbours of the current page, with gaps between', () => {
    expect(visiblePages(10, 40)).toEqual([1, 'gap', 9, 10, 11, 'gap', 40])
    expect(visiblePages(1, 40)).toEqual([1, 2, 'gap', 40])
    expect(visiblePages(40, 40)).toEqual([1, 'gap', 39, 40])
  })

  it('fills a gap of one page with the page itself', () => {
    expect(visiblePages(4, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8])
  })
})
